"""The game in the Pico's ROMFS, on the emulated Pico with the ROMFS firmware
($MICROPYTHON_UF2; CI's is the ROMFS build): deployed by `host flash`, played
from /rom after a power cycle, not deployed again when nothing changed,
redeployed when something did, an old littlefs copy removed, saves kept
through a deploy and through backup + firmware change + restore, and the one
file of `make uf2` booting a Pico with erased flash. See conftest.py."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import BOOT_MS, ROOT, host_flash
from test_emu_powercut import SAVE_DIR, start_files, write_files

from golden import frame as golden
from host.screen import render
from host.board import flash_plan, fresh_uf2, littlefs_image, mpy_build, uf2
from host.bench.pico_play import has_text
from host.emu.board import Board, firmware_drives
from host.emu.firmware import stock_uf2_path, uf2_path

MODULES_FROM = (
    "import sys\n"
    "for _n in ('crisscross.app', 'pocket.start', 'pocket.loop'):\n"
    "    _m = sys.modules.get(_n)\n"
    "    print(_n, _m and _m.__file__)\n"
)


pytestmark = pytest.mark.usefixtures("romfs_firmware")


def loaded_from(board):
    """{module: its __file__} of the game's modules the running game loaded."""
    out = board.exec(MODULES_FROM)
    return dict(line.split(" ", 1) for line in out.strip().splitlines())


def ours_on_littlefs(files):
    return sorted(p for p in files if not p.startswith(SAVE_DIR + "/"))


def copy_image(flashed, tmp_path, name="flash.bin"):
    path = str(tmp_path / name)
    shutil.copyfile(flashed["image"], path)
    return path


def test_after_a_deploy_and_a_power_cycle_the_game_plays_from_rom(board):
    board.power_on()
    board.run_ms(BOOT_MS)
    assert render.diff_frames(golden("title"), board.frame()) == 0
    board.tap("a")  # New game
    board.run_ms(300)
    assert render.diff_frames(golden("new-game"), board.frame()) == 0
    files = loaded_from(board)
    assert files == {
        "crisscross.app": "/rom/crisscross/app.mpy",
        "pocket.start": "/rom/pocket/start.mpy",
        "pocket.loop": "/rom/pocket/loop.mpy",
    }, files
    # On littlefs: the start-up files and the manifest only.
    board.power_off()
    assert ours_on_littlefs(board.littlefs()) == [
        flash_plan.MANIFEST,
        "boot.py",
        "main.py",
    ]


def changed_source(tmp_path):
    """A copy of the game's source with one change to the engine."""
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("shared", "firmware"):
        shutil.copytree(os.path.join(ROOT, folder), src / folder, ignore=ignore)
    with open(src / "shared" / "crisscross" / "__init__.py", "a") as f:
        f.write("\nCHANGED = 25\n")
    return str(src)


def test_a_change_redeploys_the_image_and_the_saves_and_own_files_stay(
    flashed, tmp_path
):
    path = copy_image(flashed, tmp_path)
    b = Board(uf2=flashed["uf2"], flash_path=path, pty=True)
    try:
        write_files(b, start_files(25))  # a game in progress and high scores
        b.power_on()
        b.run_ms(1000)
        b.exec("with open('mine.txt', 'w') as f:\n    f.write('my own file')")
        before = b.littlefs()
        assert "saves/game.sav" in before and "mine.txt" in before
        src = changed_source(tmp_path)
        with b.running():
            status, out, _ = host_flash(b.port, "--source", src)
        assert status == 0, out
        assert "deploying the ROMFS image" in out and "deployed and verified" in out
        assert "copying" not in out  # boot.py and main.py did not change
        b.power_off()
        after = b.littlefs()
        kept = dict((p, d) for p, d in before.items() if p != flash_plan.MANIFEST)
        assert dict((p, after.get(p)) for p in kept) == kept
        b.power_on()
        b.run_ms(BOOT_MS)
        assert has_text(b.frame(), "Continue")  # the saved game is offered
        assert b.exec("import crisscross\nprint(crisscross.CHANGED)").strip() == "25"
    finally:
        b.close()


def test_an_old_littlefs_copy_of_the_game_is_removed(tmp_path):
    """A board that had the game on littlefs (as the official firmware's path
    leaves it, manifest and all) gets the ROMFS firmware and `make flash`."""
    firmware = uf2_path()
    drives = firmware_drives(firmware)
    local = mpy_build.board_files()
    files = dict(local)
    files[flash_plan.MANIFEST] = flash_plan.manifest_bytes(
        dict((p, flash_plan.sha(d)) for p, d in local.items())
    )
    saves = start_files(27)  # a game in progress and high scores
    for name in saves.names():
        files["%s/%s" % (SAVE_DIR, name)] = saves.read(name)
    fs_at, fs_size = drives[uf2.LITTLEFS]
    image = bytearray(b"\xff" * uf2.FLASH_SIZE)
    image[fs_at : fs_at + fs_size] = littlefs_image.image(files, fs_size)
    path = tmp_path / "flash.bin"
    path.write_bytes(image)
    b = Board(flash_path=str(path), pty=True)
    try:
        b.power_on()
        b.run_ms(BOOT_MS)
        assert has_text(b.frame(), "Continue")  # the old copy runs
        assert not loaded_from(b)["crisscross.app"].startswith("/rom")
        with b.running():
            status, out, _ = host_flash(b.port)
        assert status == 0, out
        assert "path: ROMFS" in out and "deploying the ROMFS image" in out
        assert "removing crisscross/app.mpy" in out
        assert "removing pocket/start.mpy" in out
        b.power_off()
        left = b.littlefs()
        assert ours_on_littlefs(left) == [flash_plan.MANIFEST, "boot.py", "main.py"]
        for name in saves.names():
            path = "%s/%s" % (SAVE_DIR, name)
            assert left[path] == files[path], path
        b.power_on()
        b.run_ms(BOOT_MS)
        assert has_text(b.frame(), "Continue")
        assert loaded_from(b)["crisscross.app"] == "/rom/crisscross/app.mpy"
    finally:
        b.close()


def saves_command(port, what, folder):
    proc = subprocess.run(
        [sys.executable, "-m", "host", "saves", what, "--port", port, "--dir", folder],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_saves_survive_backup_firmware_change_and_restore(flashed_stock, tmp_path):
    path = copy_image(flashed_stock, tmp_path)
    folder = str(tmp_path / "backup")
    stock = Board(uf2=stock_uf2_path(), flash_path=path, pty=True)
    try:
        write_files(stock, start_files(26))
        stock.power_on()
        stock.run_ms(BOOT_MS)
        assert has_text(stock.frame(), "Continue")
        saves = dict(
            (p, d) for p, d in stock.littlefs().items() if p.startswith(SAVE_DIR)
        )
        assert "saves/game.sav" in saves and "saves/records.sav" in saves
        with stock.running():
            said = saves_command(stock.port, "backup", folder)
        assert "backed up %d files" % len(saves) in said
    finally:
        stock.close()
    # The ROMFS firmware on the same flash: its littlefs starts elsewhere, so
    # the board formats an empty one; the game goes on, the saves come back.
    b = Board(flash_path=path, pty=True)
    try:
        b.power_on()
        b.run_ms(1000)
        assert b.at_repl() and not b.littlefs().get("saves/game.sav")
        with b.running():
            status, out, _ = host_flash(b.port)
            assert status == 0, out
            said = saves_command(b.port, "restore", folder)
        assert "restored %d files" % len(saves) in said
        b.power_off()
        assert dict((p, b.littlefs().get(p)) for p in saves) == saves
        b.power_on()
        b.run_ms(BOOT_MS)
        assert has_text(b.frame(), "Continue")
    finally:
        b.close()


def test_the_fresh_uf2_boots_on_erased_flash_and_plays(tmp_path):
    out = str(tmp_path / "criss-cross-pocket.uf2")
    fresh_uf2.build(out, uf2_path(), say=lambda s: None)
    path = str(tmp_path / "flash.bin")  # no file yet: erased flash
    b = Board(uf2=out, flash_path=path, elf="")
    try:
        b.power_on()
        b.run_ms(BOOT_MS)
        assert render.diff_frames(golden("title"), b.frame()) == 0
        b.tap("a")  # New game
        b.run_ms(500)
        b.tap("up")  # up from the first row wraps to Start
        b.run_ms(300)
        assert has_text(b.frame(), "> Start game")
        b.tap("a")
        b.run_ms(2000)
        assert has_text(b.frame(), "A:put")
        b.tap("a")  # the first placement, saved
        b.run_ms(1500)
        b.power_off()
        files = b.littlefs()
        assert "saves/game.sav" in files
        assert loaded_from_files(files)
    finally:
        b.close()
    # Booted again with the ROMFS firmware alone (the file is dropped once): the
    # game in flash, its saves and the start-up files all kept.
    again = Board(flash_path=path, pty=True)
    try:
        again.power_on()
        again.run_ms(BOOT_MS)
        assert has_text(again.frame(), "Continue")
        with again.running():
            status, said, _ = host_flash(again.port)
        assert status == 0, said
        assert "nothing to deploy" in said and "0 to copy" in said
    finally:
        again.close()


def loaded_from_files(files):
    """The littlefs of the fresh board holds only what make uf2 put there and
    the game's saves."""
    return ours_on_littlefs(files) == [flash_plan.MANIFEST, "boot.py", "main.py"]
