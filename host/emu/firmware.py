"""Where the emulator's firmware and tools are, and one line saying how to get
what is missing (the tests skip with it; `make emu` prints it).

The default firmware is $MICROPYTHON_UF2 (with $MICROPYTHON_ELF), else the ROMFS
build in build/, else the official one there; the official firmware for the stock
path's tests and benchmarks is $MICROPYTHON_STOCK_UF2 (with
$MICROPYTHON_STOCK_ELF). CI takes both from ../shared/firmware (.ci/run).
"""

import os
import shutil

from host import ROOT, shown

# The firmware without $MICROPYTHON_UF2: the ROMFS build (docs/flashing.md), else
# the official RPI_PICO .uf2 (hardware/wokwi.toml names the same file in hardware/).
DEFAULT_UF2 = os.path.join("build", "micropython-pico-romfs.uf2")
OFFICIAL_UF2 = os.path.join("build", "micropython-pico.uf2")
DOWNLOAD = "https://micropython.org/download/RPI_PICO/"


def _resolve(path):
    return path if os.path.isabs(path) else os.path.join(ROOT, path)


def uf2_path():
    """The firmware file: $MICROPYTHON_UF2, else build/micropython-pico-romfs.uf2
    if it is there, else build/micropython-pico.uf2."""
    path = os.environ.get("MICROPYTHON_UF2")
    if path:
        return os.path.abspath(path)
    romfs = _resolve(DEFAULT_UF2)
    return romfs if os.path.isfile(romfs) else _resolve(OFFICIAL_UF2)


def elf_path():
    """$MICROPYTHON_ELF (the same build with symbols), or None."""
    path = os.environ.get("MICROPYTHON_ELF")
    return os.path.abspath(path) if path else None


def stock_uf2_path():
    """The official firmware (no ROMFS) for the tests of that path:
    $MICROPYTHON_STOCK_UF2, or None."""
    path = os.environ.get("MICROPYTHON_STOCK_UF2")
    return os.path.abspath(path) if path else None


def stock_elf_path():
    """$MICROPYTHON_STOCK_ELF (the official build with symbols), or None."""
    path = os.environ.get("MICROPYTHON_STOCK_ELF")
    return os.path.abspath(path) if path else None


def elf_for(uf2):
    """The ELF of the firmware `uf2` from the environment: $MICROPYTHON_ELF for
    $MICROPYTHON_UF2 (or the default firmware), $MICROPYTHON_STOCK_ELF for
    $MICROPYTHON_STOCK_UF2; None for any other."""
    if uf2 == uf2_path():
        return elf_path()
    if uf2 == stock_uf2_path():
        return stock_elf_path()
    return None


def missing_stock_firmware():
    """One line when there is no official firmware to test its path on, or None."""
    path = stock_uf2_path()
    if not path:
        return (
            "no official firmware for the stock path: set MICROPYTHON_STOCK_UF2 "
            "(and MICROPYTHON_STOCK_ELF) to the RPI_PICO build from %s" % DOWNLOAD
        )
    return missing_firmware(path)


def missing_firmware(path=None):
    """One line saying how to get firmware, or None when the file is there."""
    path = path or uf2_path()
    if os.path.isfile(path):
        return None
    return (
        "no MicroPython firmware at %s: build the ROMFS firmware as %s "
        "(docs/flashing.md), or save the RPI_PICO .uf2 from %s as %s, or set "
        "MICROPYTHON_UF2 to a firmware's path"
        % (shown(path), DEFAULT_UF2, DOWNLOAD, OFFICIAL_UF2)
    )


def node_missing():
    node = shutil.which(os.environ.get("NODE", "node"))
    if not node:
        return "the emulator needs Node.js 18+ (node not found on PATH)"
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        return "the emulator needs rp2040js: run `make deps` (npm ci) first"
    return None
