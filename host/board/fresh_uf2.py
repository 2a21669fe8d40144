"""`python3 -m host uf2` (`make uf2`): one file for a fresh Pico.

build/criss-cross-pocket.uf2 holds everything a Pico needs, written where the
ROMFS firmware expects each part (host/board/uf2.py reads where from the firmware's
own declaration of its drives):

- the ROMFS firmware (MicroPython built from firmware/micropython-board/
  RPI_PICO_ROMFS, docs/flashing.md);
- the game's ROMFS image (host/board/romfs.py, what `make flash` deploys) at the
  start of the ROMFS partition;
- a whole littlefs (host/board/littlefs_image.py, made as the rp2 port makes its own,
  so the firmware mounts it and does not format it) holding boot.py, main.py
  and the manifest `make flash` reads: a later `make flash` finds the board up
  to date, and updates it keeping its saves.

Dropped on a Pico in BOOTSEL mode it replaces what the board holds, saves
included: updates use `make flash`.

    python3 -m host uf2 [--firmware FILE] [--out FILE]
"""

import os

from host import ROOT, shown
from host.board import littlefs_image, romfs, uf2
from host.board.flash import local_files
from host.board.flash_plan import manifest_bytes, sha, split, MANIFEST
from host.board.board_link import BoardError, command
from host.emu.firmware import DEFAULT_UF2

OUT = os.path.join(ROOT, "build", "criss-cross-pocket.uf2")
FIRMWARE = os.path.join(ROOT, DEFAULT_UF2)  # the ROMFS build, where emu looks too


class FreshError(BoardError):
    """The file cannot be made; one line."""


def firmware_path():
    """The ROMFS firmware: $MICROPYTHON_UF2, else build/micropython-pico-romfs.uf2."""
    return os.path.abspath(os.environ.get("MICROPYTHON_UF2") or FIRMWARE)


def pieces(firmware, root=ROOT):
    """[(flash offset, bytes)] of the whole board: the firmware's blocks, the
    game's ROMFS image, the littlefs with the start-up files; and a summary."""
    if not os.path.isfile(firmware):
        raise FreshError(
            "no ROMFS firmware at %s: build it (docs/flashing.md) and save it "
            "there, or give --firmware FILE" % shown(firmware)
        )
    try:
        blocks = uf2.read(firmware)
    except uf2.Uf2Error as e:
        raise FreshError(str(e)) from None
    code = uf2.flatten(blocks)
    drives = uf2.drives(code)
    if uf2.ROMFS not in drives or uf2.LITTLEFS not in drives:
        raise FreshError(
            "%s has no ROMFS partition: make uf2 needs the ROMFS firmware "
            "(docs/flashing.md)" % shown(firmware)
        )
    rom_at, rom_size = drives[uf2.ROMFS]
    fs_at, fs_size = drives[uf2.LITTLEFS]
    if len(code) > rom_at:
        raise FreshError(
            "%s holds more than the firmware (a make uf2 file?): give the ROMFS "
            "firmware's own .uf2" % shown(firmware)
        )
    in_rom, on_fs = split(local_files(root))
    image = romfs.image(in_rom)
    if len(image) > rom_size:
        raise FreshError(
            "the game's ROMFS image is %d B, but the firmware's ROMFS partition "
            "holds %d B" % (len(image), rom_size)
        )
    files = dict(on_fs)
    files[MANIFEST] = manifest_bytes(dict((p, sha(d)) for p, d in on_fs.items()), image)
    fs = littlefs_image.image(files, fs_size)
    summary = {
        "firmware": len(code),
        "romfs": (rom_at, len(image), rom_size),
        "littlefs": (fs_at, sorted(files), fs_size),
    }
    return [(0, bytes(code)), (rom_at, image), (fs_at, fs)], summary


def build(out=OUT, firmware=None, root=ROOT, say=print):
    firmware = firmware or firmware_path()
    if os.path.isdir(out):
        raise FreshError("%s is a folder: --out names the .uf2 to write" % shown(out))
    if (
        os.path.isfile(firmware)
        and os.path.exists(out)
        and os.path.samefile(out, firmware)
    ):
        raise FreshError(
            "--out %s is the firmware itself: name another file to write" % shown(out)
        )
    parts, summary = pieces(firmware, root)
    try:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        uf2.write(out, parts)
    except OSError as e:
        raise FreshError(
            "cannot write %s: %s" % (shown(out), e.strerror or e)
        ) from None
    rom_at, image, rom_size = summary["romfs"]
    fs_at, names, fs_size = summary["littlefs"]
    say("firmware      %s: %d B at 0x0" % (shown(firmware), summary["firmware"]))
    say(
        "ROMFS image   %d B of the %d B partition at 0x%X (the game: /rom)"
        % (image, rom_size, rom_at)
    )
    say("littlefs      %d B at 0x%X: %s" % (fs_size, fs_at, ", ".join(names)))
    say(
        "wrote %s (%d B): drop it on a Pico in BOOTSEL mode; it replaces what the "
        "board holds, saves included (updates: make flash, which keeps them)"
        % (shown(out), os.path.getsize(out))
    )
    return out


def main(argv=None):
    def arguments(ap):
        ap.add_argument(
            "--firmware",
            metavar="FILE",
            help="the ROMFS firmware's .uf2 (default $MICROPYTHON_UF2, else "
            "build/micropython-pico-romfs.uf2)",
        )
        ap.add_argument(
            "--out", metavar="FILE", default=OUT, help="default %(default)s"
        )

    def run(args):
        build(args.out, args.firmware and os.path.abspath(args.firmware))

    return command(
        argv,
        "python3 -m host uf2",
        "One .uf2 for a fresh Pico: the ROMFS firmware, the game in its ROMFS "
        "partition and the start-up files on littlefs.",
        arguments,
        run,
    )
