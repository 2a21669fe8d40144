"""Put the game on a board: `python3 -m host flash --port auto` (or `make flash`).

Checks that the board's MicroPython loads what our mpy-cross emits, compiles
`shared/` and `firmware/` to .mpy (boot.py and main.py stay source), and takes
one of two paths, by what the board's MicroPython has:

- ROMFS (a ROMFS partition 0: `vfs.rom_ioctl` answers, as in the Pico's ROMFS
  firmware): the game's .mpy and data files go into one ROMFS image
  (host/board/romfs.py), deployed with `mpremote romfs deploy` unless the board already
  holds that very image; MicroPython runs the game from it in place, in flash.
  Any copy of the game on the board's filesystem is removed (sys.path puts the
  filesystem before /rom: it would be imported instead); boot.py and main.py go
  on the filesystem.
- littlefs (official MicroPython, ESP32): every file is copied to the
  filesystem, only what changed.

A manifest on the board (MANIFEST) records which files on the filesystem are ours
and their hashes: files of ours that are no longer needed there are removed,
everything else (saves, logs, the user's own files) is never touched. A changed
file is marked pending in the manifest before it is written, so a run cut short
(cable pulled, board full) is finished by running the same command again.
`--dry-run` prints the plan: the path, and the flash each part takes, the
filesystem's share counted in its blocks as littlefs counts them
(host/board/littlefs_image.py).

Also `repl` (mpremote's REPL on the same port) and `logs` (the board's error log).
"""

import os
import re
import subprocess
import sys
import time

from host import ROOT
from host.board import littlefs_image, mpy_build, romfs
from host.board.board_files import (
    adopt_pending,
    board_rom,
    make_dirs,
    query,
    remove,
    verify,
    write_manifest,
)
from host.board.board_link import (
    BoardError,
    Link,
    add_port,
    command,
    resolve_port,
    stopped,
)
from host.board.flash_plan import (
    MIN_VERSION,
    PENDING,
    SPACE_RESERVE,
    check_versions,
    filesystem_line,
    format_plan,
    format_romfs_plan,
    kb,
    make_plan,
    parents,
    romfs_advice,
    romfs_plan,
    sha,
    shadowing,
    version_text,
)

BUILD = os.path.join(ROOT, "build")  # the ROMFS image deployed is kept here
ERROR_LOG = "error.log"  # written by firmware/pocket/errorlog.py

_SET_CLOCK = """
try:
    import machine
    machine.RTC().datetime(%r)
    print('set')
except Exception:  # no machine.RTC, or one that cannot be set: no date there
    print('none')
"""


# ---- what goes on the board ----


def mpy_cross_version():
    """(MicroPython version tuple, .mpy major, .mpy minor) of the installed mpy-cross."""
    out = mpy_build.cross_version()
    m = re.search(r"v(\d+)\.(\d+)\.(\d+).*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise BoardError("cannot read the mpy-cross version from %r" % out)
    n = [int(x) for x in m.groups()]
    return (n[0], n[1], n[2]), n[3], n[4]


def local_files(root=ROOT, flags=mpy_build.FLAGS):
    """{board path: bytes} of everything we install, .py compiled to .mpy (the
    board's build, mpy_build.FLAGS, unless `flags` says otherwise): the one build
    of host/board/mpy_build.py, from its cache, the same bytes the benchmarks run."""
    try:
        return mpy_build.board_files(root, flags)
    except mpy_build.CompileError as e:
        raise BoardError(str(e)) from None


def offline_plan(local, cross, out, why):
    """--dry-run with no board: both paths, for a board with nothing of ours yet."""
    version = ".".join(str(v) for v in cross[0])
    out(
        "%s, so this is the plan for a board with nothing of ours yet (MicroPython"
        " %d.%d, .mpy v%d as mpy-cross %s emits):"
        % ((why,) + MIN_VERSION + (cross[1], version))
    )
    board = {
        "sizes": {},
        "manifest": {},
        "free": 1 << 30,
        "block": littlefs_image.BLOCK,
        "rom": {"size": romfs.PICO_PARTITION, "sha": None},
    }
    rom = romfs_plan(local, board)
    out(
        "on a board with a ROMFS partition (the Pico's ROMFS firmware, "
        "docs/flashing.md):"
    )
    out(format_romfs_plan(rom, board).splitlines()[0])
    for p in sorted(rom["files"]):
        out("  copy   %-36s %7d B" % (p, len(rom["files"][p])))
    out(
        "ROMFS: the image takes %s of the Pico's %s partition; filesystem: %s"
        % (kb(len(rom["image"])), kb(romfs.PICO_PARTITION), kb(rom["used"]))
    )
    out("on a board without ROMFS (official MicroPython, ESP32):")
    plan = make_plan(local, board)
    lines = format_plan(plan, local, board).splitlines()
    lines[-1] = (
        "%d files, %d B in all; filesystem: %s, plus %d B kept free for saves and "
        "the error log"
        % (
            len(local),
            sum(len(v) for v in local.values()),
            kb(plan["used"]),
            SPACE_RESERVE,
        )
    )
    out("\n".join(lines))
    out("dry run: nothing changed (no board was touched)")
    return 0


def flash(port, dry_run=False, root=ROOT, out=print, keep_lines=False):
    try:
        port = resolve_port(port)
    except BoardError as e:
        if not dry_run or not str(e).startswith("no board found"):
            raise
        port = None
        why = str(e).split(":")[0]
    flags = mpy_build.LINE_FLAGS if keep_lines else mpy_build.FLAGS
    local = local_files(root, flags)
    cross = mpy_cross_version()
    if port is None:
        return offline_plan(local, cross, out, why)
    return stopped(port, lambda link: _flash(link, local, cross, dry_run, out))


def _flash(link, local, cross, dry_run, out):
    """The flash itself, on a board stopped in its raw REPL (restarted after)."""
    board = query(link, local)
    problem = check_versions(board, cross)
    if problem:
        raise BoardError(problem)
    out(
        "board: MicroPython %s (%s, .mpy v%d) on %s"
        % (
            version_text(board["version"]),
            board["machine"] or board["platform"],
            board["mpy"] & 0xFF,
            link.port,
        )
    )
    if board.get("rom"):
        return _flash_romfs(link, local, board, dry_run, out)
    out("path: littlefs: every file on the board's filesystem (no ROMFS partition)")
    advice = romfs_advice(board, link.port)
    if advice:
        out(advice)
    adopt_pending(link, local, board)
    plan = make_plan(local, board)
    for path in shadowing(local, board):
        out(
            "note: %s is not ours (left alone) but is imported instead of our %s.mpy;"
            " remove it with: mpremote fs rm :%s" % (path, path[:-3], path)
        )
    if dry_run:
        out(format_plan(plan, local, board))
        out(filesystem_line(plan, board))
        out("dry run: nothing changed")
        return 0
    out(format_plan(plan, local, board).splitlines()[-1])
    changed = _apply(link, plan, local, board, out)
    set_clock(link, out)
    if changed:
        out("verified %d copied files; restarting the board" % len(plan["copy"]))
    else:
        out("the board is up to date; restarting it")
    return 0


def set_clock(link, out):
    """Set the board's clock to the PC's local time, which a soft reset keeps:
    the game's Daily and its high scores' dates (crisscross.app's `today`) until
    the board's power goes."""
    t = time.localtime()
    fields = t[:3] + (t.tm_wday,) + t[3:6] + (0,)  # machine.RTC.datetime's order
    done = link.run(_SET_CLOCK % (fields,), "setting the board's clock").strip()
    if done == "set":
        out(
            "the board's clock set to %04d-%02d-%02d %02d:%02d, for Daily (it keeps "
            "it until its power goes)" % t[:5]
        )
    else:
        out("the board has no clock flash can set (machine.RTC): no Daily there")


def _apply(link, plan, local, board, out, image=None):
    """Carry out a filesystem plan: keep the user's start-up files aside, copy
    (marked pending in the manifest first), remove, verify, write the final
    manifest. True when anything was copied or removed."""
    owned = dict(board["manifest"])
    for p in plan["backup"]:
        out("  keeping your %s as %s.orig" % (p, p))
        link.run(
            "import os\nos.rename(%r, %r)" % (p, p + ".orig"),
            "keeping the user's " + p,
        )
    if plan["copy"]:
        for p in plan["copy"]:
            owned[p] = PENDING
        write_manifest(link, owned, image)
        make_dirs(link, parents(plan["copy"]))
        link.write_files(
            [(p, local[p]) for p in plan["copy"]],
            lambda p: out("  copying %s (%d B)" % (p, len(local[p]))),
        )
    if plan["remove"]:
        for p in plan["remove"]:
            out("  removing %s" % p)
        gone = parents(plan["remove"])
        remove(link, plan["remove"], gone[::-1])
    verify(link, dict((p, local[p]) for p in plan["copy"]))
    final = dict((p, sha(local[p])) for p in local)
    if final != board["manifest"] or plan.get("deploy"):
        write_manifest(link, final, image)
    return bool(plan["copy"] or plan["remove"])


def _flash_romfs(link, local, board, dry_run, out):
    """The ROMFS path: deploy the image if the board's differs, then the
    filesystem's part (the start-up files; any old copy of the game removed)."""
    out(
        "path: ROMFS: the game in the board's ROMFS partition (/rom), run from "
        "flash; boot.py and main.py on its filesystem"
    )
    plan = romfs_plan(local, board)
    if plan["hidden_by"]:
        folders = sorted(set(p.split("/")[0] for p in plan["hidden_by"]))
        raise BoardError(
            "the board's filesystem has %s, which flash did not install (%s): "
            "MicroPython would import it instead of the game in /rom; remove it "
            "(mpremote rm -r %s) and run the same command again"
            % (
                " and ".join(f + "/" for f in folders),
                ", ".join(plan["hidden_by"][:3]),
                " ".join(":" + f for f in folders),
            )
        )
    if dry_run:
        out(format_romfs_plan(plan, board))
        out("dry run: nothing changed")
        return 0
    image = plan["image"]
    if plan["deploy"]:
        out("deploying the ROMFS image (%d B) with mpremote romfs deploy" % len(image))
        _deploy(link, image)
        rom = board_rom(link)
        if (rom or {}).get("sha") != romfs.sha(image):
            raise BoardError(
                "the ROMFS image on the board is not the one deployed: run the same "
                "command again"
            )
        out("  deployed and verified: %s in the ROMFS partition" % kb(len(image)))
    else:
        out("the board's ROMFS holds this very image: nothing to deploy")
    out(format_plan(plan, plan["files"], board).splitlines()[-1])
    changed = _apply(link, plan, plan["files"], board, out, image)
    out(filesystem_line(plan, board))
    set_clock(link, out)
    if changed or plan["deploy"]:
        out("restarting the board: the game starts from /rom")
    else:
        out("the board is up to date; restarting it")
    return 0


def _deploy(link, image):
    """mpremote romfs deploy on the link's port: the link lets go of the port
    meanwhile and takes the board back into its raw REPL after."""
    link.close()
    problem = None
    try:
        romfs.deploy(link.port, image, BUILD)
    except romfs.RomfsError as e:
        problem = e
    try:
        link.reopen()
        link.interrupt()
    except BoardError:
        if problem:
            raise BoardError(str(problem)) from None
        raise
    if problem:
        raise BoardError(str(problem))


def logs(port, out=print):
    def work(link):
        data = link.read_file(ERROR_LOG)
        if data is None:
            out("no %s on the board: no errors so far" % ERROR_LOG)
        else:
            out(data.decode("utf-8", "replace").rstrip())
        return 0

    return stopped(resolve_port(port), work)


def repl(port):
    dev = resolve_port(port)
    Link(dev).close()  # a port that cannot be opened: why, as for flash and logs
    cmd = [sys.executable, "-m", "mpremote", "connect", dev, "repl"]
    return subprocess.call(cmd)


SUBCOMMANDS = (
    (
        "flash",
        "Compile and copy the game to the board. `flash repl` opens the board's "
        "REPL, `flash logs` prints its error log.",
    ),
    ("repl", "open the board's REPL (mpremote)"),
    ("logs", "print the board's error log"),
)


def main(argv=None):
    """`python3 -m host flash [flash|repl|logs] [--port P] [--dry-run]`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    name = "flash"
    if argv and argv[0] in dict(SUBCOMMANDS):
        name = argv.pop(0)

    def arguments(ap):
        add_port(ap)
        if name == "flash":
            ap.add_argument(
                "--dry-run", action="store_true", help="print the plan, change nothing"
            )
            ap.add_argument(
                "--source", default=ROOT, help="the checkout to install from"
            )
            ap.add_argument(
                "--keep-lines",
                action="store_true",
                help="keep line numbers in tracebacks (error.log); uses more RAM and flash",
            )

    def run(args):
        if name == "flash":
            source = os.path.abspath(args.source)
            problem = mpy_build.checkout_problem(source, args.source)
            if problem:
                print(
                    "flash: %s: give --source the folder with the Makefile" % problem,
                    file=sys.stderr,
                )
                return 2
            return flash(args.port, args.dry_run, source, keep_lines=args.keep_lines)
        if name == "logs":
            return logs(args.port)
        return repl(args.port)

    return command(
        argv,
        "python3 -m host flash" + ("" if name == "flash" else " " + name),
        dict(SUBCOMMANDS)[name],
        arguments,
        run,
    )


if __name__ == "__main__":
    sys.exit(main())
