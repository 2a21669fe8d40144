"""What `host flash` will do, decided from what the board reported (pure
functions, tested without a board): whether its MicroPython can run our .mpy,
which path (ROMFS or littlefs), what to copy, deploy, remove and keep aside,
and the flash each takes.
"""

import hashlib
import json

from host.board import littlefs_image, mpy_build, romfs
from host.board.board_link import BoardError

MANIFEST = ".crisscross-manifest.json"  # on the board, at the root
MIN_VERSION = (1, 29)  # the MicroPython the game is tested on
KEEP_AS_SOURCE = mpy_build.KEEP_AS_SOURCE  # MicroPython runs only these, as source
SPACE_RESERVE = 8192  # leave room for saves and the error log
PENDING = ""  # manifest hash of a file being written


def sha(data):
    return hashlib.sha256(data).hexdigest()


def version_text(version):
    """A board's sys.implementation.version as MicroPython names its release:
    (1, 29, 0, 'preview') is 1.29.0-preview, (1, 29, 0, '') is 1.29.0."""
    text = ".".join(str(v) for v in version[:3])
    return text + "-" + version[3] if len(version) > 3 and version[3] else text


def check_versions(board, cross):
    """An error message when the board cannot run what mpy-cross emits, else None."""
    version = tuple(board["version"][:3])
    shown = version_text(board["version"])
    cross_version, cross_major, cross_minor = cross
    if board.get("mpy") is None:
        return (
            "the board's MicroPython %s cannot load .mpy files; install MicroPython "
            "%d.%d from https://micropython.org/download/" % ((shown,) + MIN_VERSION)
        )
    major = board["mpy"] & 0xFF
    if major != cross_major:
        return (
            "the board's MicroPython %s loads .mpy v%d, but mpy-cross %s emits v%d.%d: "
            "install MicroPython %d.%d on the board (https://micropython.org/download/)"
            % (
                (
                    shown,
                    major,
                    ".".join(str(v) for v in cross_version),
                    cross_major,
                    cross_minor,
                )
                + MIN_VERSION
            )
        )
    if version[:2] < MIN_VERSION:
        return (
            "the board runs MicroPython %s; the game needs %d.%d or newer: update it "
            "from https://micropython.org/download/" % ((shown,) + MIN_VERSION)
        )
    return None


def _blocks(size, block):
    return (size + block - 1) // block * block if size > 0 else 0


def filesystem_bytes(sizes, block=littlefs_image.BLOCK):
    """Bytes of the board's filesystem that files of {path: size} take: in
    littlefs's blocks as littlefs (and os.statvfs on the board) counts them, its
    folders' blocks included and the root folder's own left out; on a
    filesystem of other blocks, each file rounded up to whole blocks."""
    if block != littlefs_image.BLOCK:
        return sum(_blocks(n, block) for n in sizes.values())
    used = littlefs_image.used_blocks(sizes) - littlefs_image.EMPTY_BLOCKS
    return used * littlefs_image.BLOCK


def manifest_bytes(files, image=None):
    """The manifest as written on the board: our files on the filesystem and
    their hashes, and the ROMFS image's when the game is in the ROMFS."""
    data = {"format": 1, "files": files}
    if image is not None:
        data["romfs"] = {"sha256": romfs.sha(image), "bytes": len(image)}
    return json.dumps(data, sort_keys=True).encode()


def make_plan(local, board, image=None):
    """What to copy to the filesystem, remove and back up; raises BoardError if
    it cannot fit. `image`: the ROMFS image that holds the rest of the game."""
    sizes = board["sizes"]
    owned = board["manifest"]
    copy = []
    for path in sorted(local):
        if owned.get(path) != sha(local[path]) or sizes.get(path, -1) != len(
            local[path]
        ):
            copy.append(path)
    remove = sorted(p for p in owned if p not in local)
    # A boot.py / main.py we did not install is the user's: keep it under another name.
    backup = [p for p in KEEP_AS_SOURCE if p not in owned and sizes.get(p, -1) >= 0]
    before = dict((p, sizes.get(p, -1)) for p in list(owned) + [MANIFEST])
    before = dict((p, n) for p, n in before.items() if n >= 0)
    after = dict((p, len(local[p])) for p in local)
    after[MANIFEST] = len(
        manifest_bytes(dict((p, sha(local[p])) for p in local), image)
    )
    used = filesystem_bytes(after, board["block"])
    need = used - filesystem_bytes(before, board["block"])
    if need > board["free"] - SPACE_RESERVE:
        raise BoardError(
            "the board is full: the game needs %d more bytes, %d are free; delete some "
            "of your own files (mpremote fs ls / fs rm) and try again"
            % (need, max(0, board["free"] - SPACE_RESERVE))
        )
    return {
        "copy": copy,
        "remove": remove,
        "backup": backup,
        "need": need,
        "used": used,
    }


def format_plan(plan, local, board):
    lines = []
    for p in plan["backup"]:
        lines.append("  keep   %-36s as %s.orig (not ours)" % (p, p))
    for p in plan["copy"]:
        lines.append("  copy   %-36s %7d B" % (p, len(local[p])))
    for p in plan["remove"]:
        lines.append("  remove %-36s %7d B" % (p, max(0, board["sizes"].get(p, 0))))
    unchanged = len(local) - len(plan["copy"])
    lines.append(
        "%d to copy (%d B), %d to remove, %d unchanged; %d B free on the board"
        % (
            len(plan["copy"]),
            sum(len(local[p]) for p in plan["copy"]),
            len(plan["remove"]),
            unchanged,
            board["free"],
        )
    )
    return "\n".join(lines)


def filesystem_line(plan, board):
    """What ours take of the filesystem after this run, and what is left."""
    after = board["free"] - plan["need"]
    return "filesystem: ours take %s of it after this (with the manifest), %s free" % (
        kb(plan["used"]),
        kb(after) if after >= 0 else "not enough",
    )


def kb(n):
    return "%.1f KB" % (n / 1024.0) if n % 1024 else "%d KB" % (n // 1024)


# ---- the ROMFS path ----


def split(local):
    """(ROMFS files, filesystem files) of everything we install: boot.py and
    main.py stay on the filesystem, where MicroPython runs them from."""
    on_fs = dict((p, local[p]) for p in KEEP_AS_SOURCE if p in local)
    return dict((p, d) for p, d in local.items() if p not in on_fs), on_fs


def romfs_plan(local, board):
    """The ROMFS path's plan: the image, whether to deploy it, and the
    filesystem's plan (make_plan: the start-up files, the old copy removed)."""
    in_rom, on_fs = split(local)
    image = romfs.image(in_rom)
    rom = board["rom"]
    if len(image) > rom["size"]:
        raise BoardError(
            "the game's ROMFS image is %d B, but the board's ROMFS partition holds "
            "%d B: install the ROMFS firmware of docs/flashing.md (a 512 KiB "
            "partition), or MicroPython without ROMFS" % (len(image), rom["size"])
        )
    plan = make_plan(on_fs, board, image)
    plan["image"] = image
    plan["files"] = on_fs
    plan["deploy"] = rom.get("sha") != romfs.sha(image)
    plan["hidden_by"] = hiding(in_rom, board)
    return plan


def hiding(in_rom, board):
    """Files in our packages' folders on the filesystem that flash did not put
    there: they keep the folder, which MicroPython imports instead of /rom's."""
    owned = board["manifest"]
    ours = set(parents(in_rom))
    return [p for p in board.get("listed", ()) if p not in owned and p not in ours]


def format_romfs_plan(plan, board):
    rom = board["rom"]
    image = plan["image"]
    lines = []
    if plan["deploy"]:
        had = "another image" if rom.get("sha") else "no image"
        lines.append(
            "  deploy %-36s %7d B (the board holds %s)"
            % ("ROMFS image", len(image), had)
        )
    else:
        lines.append(
            "  keep   %-36s %7d B (the board holds this very image)"
            % ("ROMFS image", len(image))
        )
    lines.append(format_plan(plan, plan["files"], board))
    lines.append(
        "ROMFS: the image takes %s of the partition's %s (%d%%)"
        % (kb(len(image)), kb(rom["size"]), 100 * len(image) // rom["size"])
    )
    lines.append(filesystem_line(plan, board))
    return "\n".join(lines)


def shadowing(local, board):
    """Files in our folders we did not install that MicroPython imports before ours.

    (A .py next to our .mpy, e.g. from `mip install`, wins the import.) They are
    not ours, so they are only reported."""
    owned = board["manifest"]
    found = []
    for path in board.get("listed", ()):
        if path in local or path in owned or not path.endswith(".py"):
            continue
        if path[:-3] + ".mpy" in local:
            found.append(path)
    return found


def parents(paths):
    dirs = set()
    for p in paths:
        parts = p.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return sorted(dirs, key=lambda d: (d.count("/"), d))


def romfs_advice(board, port):
    """For a Pico (RP2040) without ROMFS: how to move to the ROMFS firmware
    without losing its saves; None for other boards."""
    if board.get("rom") or "RP2040" not in (board.get("machine") or ""):
        return None
    return (
        "note: this Pico's MicroPython has no ROMFS, so the game's code is loaded "
        "into RAM; the ROMFS firmware runs it from flash with more memory free "
        "(docs/flashing.md). Changing firmware moves the filesystem, which the "
        "board then formats: keep your saves with `python3 -m host saves backup "
        "--port %s`, install the ROMFS firmware, `make flash`, then `python3 -m "
        "host saves restore --port %s`" % (port, port)
    )
