"""The real MicroPython firmware on the emulated Pico (host/emu, docs/emulator.md).

Every test here needs a MicroPython .uf2 for the Pico ($MICROPYTHON_UF2, default
build/micropython-pico.uf2): without one they are skipped with the one line that
says how to get it; with one, none is skipped.

The game is flashed once per session (`flashed`): a blank board is flashed over
its pseudo-terminal with `python3 -m host flash`, twice, and the flash image is
kept; each test gets its own copy of it (`board`).
"""

import os
import shutil
import subprocess
import sys
import time

import pytest

from host.emu.board import Board, missing_firmware

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOT_MS = 2500  # emulated ms for the flashed game to boot and draw its title
FLASH_TIMEOUT_S = 600


@pytest.fixture(autouse=True, scope="session")
def _firmware():
    problem = missing_firmware()
    if problem:
        pytest.skip(problem)


def host_flash(port):
    """`python3 -m host flash --port PORT` as a user runs it: (status, output)."""
    t = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "host", "flash", "--port", port],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=FLASH_TIMEOUT_S,
    )
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - t


@pytest.fixture(scope="session")
def flashed(tmp_path_factory):
    """A blank board flashed with the game, then flashed again: the flash image
    and what both runs printed."""
    folder = tmp_path_factory.mktemp("emu")
    image = str(folder / "flashed.bin")
    board = Board(flash_path=image, pty=True)
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
        "blank": blank,
        "first": first,
        "second": second,
        "stats": stats,
    }


@pytest.fixture
def board(flashed, tmp_path):
    """A Board whose flash is a copy of the flashed image (the ELF from env)."""
    path = str(tmp_path / "flash.bin")
    shutil.copyfile(flashed["image"], path)
    b = Board(flash_path=path, pty=True)
    yield b
    b.close()
