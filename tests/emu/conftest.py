"""The real MicroPython firmware on the emulated Pico (host/emu, docs/emulator.md).

Every test here needs a MicroPython .uf2 for the Pico ($MICROPYTHON_UF2, default
build/micropython-pico-romfs.uf2, else build/micropython-pico.uf2): without one
they are skipped with the one line that says how to get it. CI runs them on the
ROMFS build; the official build ($MICROPYTHON_STOCK_UF2, with
$MICROPYTHON_STOCK_ELF) covers the stock path (`stock` fixtures: skipped with
one line where it is not set).

The game is flashed once per session and firmware (`flashed`, `flashed_stock`):
a blank board is flashed over its pseudo-terminal with `python3 -m host flash`,
twice, and the flash image is kept; each test gets its own copy of it (`board`,
`stock_board`).
"""

import os
import shutil
import subprocess
import sys
import time

import pytest

from host.board import uf2
from host.emu.board import Board, firmware_drives
from host.emu.firmware import (
    missing_firmware,
    missing_stock_firmware,
    stock_uf2_path,
    uf2_path,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOT_MS = 2500  # emulated ms for the flashed game to boot and draw its title
FLASH_TIMEOUT_S = 900


@pytest.fixture(autouse=True, scope="session")
def _firmware():
    problem = missing_firmware()
    if problem:
        pytest.skip(problem)


@pytest.fixture(scope="session")
def romfs_firmware():
    """Skips, with the line that says why, unless the default firmware has a
    ROMFS partition (`pytestmark = pytest.mark.usefixtures("romfs_firmware")`)."""
    if uf2.ROMFS not in firmware_drives(uf2_path()):
        pytest.skip(
            "MICROPYTHON_UF2 is not a ROMFS build: these tests need the ROMFS "
            "firmware (docs/flashing.md)"
        )


def host_flash(port, *args, cwd=ROOT):
    """`python3 -m host flash --port PORT` as a user runs it: (status, output,
    wall seconds)."""
    t = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "host", "flash", "--port", port] + list(args),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=FLASH_TIMEOUT_S,
    )
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - t


def flash_blank(image, uf2=None):
    """A blank board with firmware `uf2` (default: the default firmware) flashed
    with the game, then flashed again: what both runs printed; the flash in
    `image`."""
    board = Board(uf2=uf2, flash_path=image, pty=True)
    try:
        board.power_on()
        board.run_ms(1000)
        blank = not board.display_updates and board.at_repl()
        with board.running():
            first = host_flash(board.port)
            second = host_flash(board.port)
        board.run_ms(BOOT_MS)
        board.power_off()
        stats = board.stats()
    finally:
        board.close()
    return {
        "image": image,
        "uf2": board.uf2,
        "blank": blank,
        "first": first,
        "second": second,
        "stats": stats,
    }


@pytest.fixture(scope="session")
def flashed(tmp_path_factory):
    """The default firmware (the ROMFS build in CI) flashed with the game."""
    return flash_blank(str(tmp_path_factory.mktemp("emu") / "flashed.bin"))


@pytest.fixture(scope="session")
def flashed_stock(tmp_path_factory):
    """The official firmware (no ROMFS: the littlefs path) flashed with the game."""
    problem = missing_stock_firmware()
    if problem:
        pytest.skip(problem)
    image = str(tmp_path_factory.mktemp("emu-stock") / "flashed.bin")
    return flash_blank(image, stock_uf2_path())


def _copy_board(flashed, tmp_path):
    path = str(tmp_path / "flash.bin")
    shutil.copyfile(flashed["image"], path)
    return Board(uf2=flashed["uf2"], flash_path=path, pty=True)


@pytest.fixture
def board(flashed, tmp_path):
    """A Board whose flash is a copy of the flashed image (the ELF from env)."""
    b = _copy_board(flashed, tmp_path)
    yield b
    b.close()


@pytest.fixture
def stock_board(flashed_stock, tmp_path):
    """The same on the official firmware (its ELF: $MICROPYTHON_STOCK_ELF)."""
    b = _copy_board(flashed_stock, tmp_path)
    yield b
    b.close()
