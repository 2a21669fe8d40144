"""An emulated Pico on MicroPython's ROMFS firmware with the game's build in /rom.

The firmware is $MICROPYTHON_ROMFS_UF2, or $MICROPYTHON_UF2 when that names a
ROMFS build (CI: ../shared/firmware/micropython-rp2-pico-romfs.uf2); its ELF for
heap figures is $MICROPYTHON_ROMFS_ELF. The game's image (tests/host/romfs_image.py:
stock `mpremote romfs build`) is written into the board's flash file at the
partition the firmware reports (`vfs.rom_ioctl(2, 0)`): what `mpremote romfs
deploy` leaves in flash, without its minute of emulated USB transfer.
"""

import os
import struct

from host.emu.board import Board
from romfs_image import build_image  # noqa: F401 (tests/host/romfs_image.py)

XIP_BASE = 0x10000000
# Text only a ROMFS build holds: the folder it adds to sys.path.
ROMFS_MARK = b"/rom/lib"


def _uf2_payload(path):
    with open(path, "rb") as f:
        data = f.read()
    out = bytearray()
    for off in range(0, len(data) - 511, 512):
        size = struct.unpack_from("<I", data, off + 16)[0]
        out += data[off + 32 : off + 32 + min(size, 476)]
    return bytes(out)


def romfs_uf2():
    """The ROMFS firmware's path, or None."""
    path = os.environ.get("MICROPYTHON_ROMFS_UF2")
    if path:
        return os.path.abspath(path) if os.path.isfile(path) else None
    path = os.environ.get("MICROPYTHON_UF2")
    if path and os.path.isfile(path) and ROMFS_MARK in _uf2_payload(path):
        return os.path.abspath(path)
    return None


def missing():
    """Why the ROMFS tests cannot run here, or None."""
    if romfs_uf2() is None:
        return (
            "no ROMFS firmware: set MICROPYTHON_ROMFS_UF2 to a MicroPython .uf2 for "
            "the Pico built with a ROMFS partition (../shared/firmware/"
            "micropython-rp2-pico-romfs.uf2, see its BUILD.md)"
        )
    return None


def romfs_elf():
    path = os.environ.get("MICROPYTHON_ROMFS_ELF")
    return os.path.abspath(path) if path and os.path.isfile(path) else ""


def write_image(flash_path, image, uf2):
    """Make `flash_path` a flash file holding `image` in the ROMFS partition (and
    an empty littlefs)."""
    if os.path.exists(flash_path):
        os.unlink(flash_path)
    b = Board(uf2=uf2, flash_path=flash_path, elf="")
    try:
        b.power_on()
        b.run_ms(1500)
        out = b.exec(
            "import vfs, uctypes\n"
            "m = memoryview(vfs.rom_ioctl(2, 0))\n"
            "print(uctypes.addressof(m), len(m))\n"
        )
        b.power_off()
    finally:
        b.close()
    address, size = (int(x) for x in out.split())
    if len(image) > size:
        raise ValueError("ROMFS image of %d bytes, partition %d" % (len(image), size))
    with open(flash_path, "r+b") as f:
        f.seek(address - XIP_BASE)
        f.write(image)


def board(flash_path, **kw):
    """A Board on the ROMFS firmware reading `flash_path`."""
    kw.setdefault("elf", romfs_elf())
    return Board(uf2=romfs_uf2(), flash_path=flash_path, **kw)
