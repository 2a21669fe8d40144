"""The ROMFS path of `host flash`, decided without a board: the image (mpremote's
own format), when it is deployed, what leaves the filesystem, and the flash
counted as littlefs counts it. On the emulated Pico: tests/emu/test_emu_romfs.py."""

import contextlib
import io

import pytest

from host.board import flash, flash_plan, littlefs_image, mpy_build, romfs
from host.board.board_link import BoardError


def rom_board(manifest=None, sizes=None, free=900000, rom_sha=None, size=524288):
    return {
        "manifest": manifest or {},
        "sizes": sizes or {},
        "free": free,
        "block": 4096,
        "listed": [],
        "rom": {"size": size, "used": 0, "sha": rom_sha},
    }


def test_the_image_is_mpremotes_own_build_of_the_game(tmp_path):
    from mpremote.romfs import make_romfs

    local = flash.local_files()
    in_rom, on_fs = flash_plan.split(local)
    assert sorted(on_fs) == ["boot.py", "main.py"]
    assert "crisscross/words/words.bin" in in_rom  # data beside its modules
    image = romfs.image(in_rom)
    mpy_build.write_tree(in_rom, str(tmp_path))
    with contextlib.redirect_stdout(io.StringIO()):
        assert image == make_romfs(str(tmp_path), mpy_cross=False)
    assert romfs.image_length(image[:12]) == len(image)
    assert romfs.image_length(b"\xff" * 12) == 0
    assert len(image) <= romfs.PICO_PARTITION


def test_a_board_with_an_old_littlefs_copy_gets_the_image_and_loses_the_copy():
    local = flash.local_files()
    old = {p: flash_plan.sha(b"old") for p in local}  # the littlefs install
    sizes = {p: 3 for p in local}
    sizes["saves/settings.sav"] = 40  # never ours
    plan = flash_plan.romfs_plan(local, rom_board(old, sizes))
    assert plan["deploy"]
    assert plan["copy"] == ["boot.py", "main.py"]
    assert plan["remove"] == sorted(p for p in local if p not in plan["files"])
    assert not any(p.startswith("saves/") for p in plan["remove"])
    assert plan["need"] < 0  # the filesystem gets its room back
    # The same image on the board: nothing to deploy.
    same = romfs.sha(plan["image"])
    again = flash_plan.romfs_plan(local, rom_board(rom_sha=same))
    assert not again["deploy"] and again["image"] == plan["image"]
    text = flash_plan.format_romfs_plan(again, rom_board(rom_sha=same))
    assert "keep   ROMFS image" in text and "this very image" in text
    assert "the image takes" in text and "of the partition's 512 KB" in text


def test_a_partition_too_small_for_the_game_is_one_clear_line():
    local = flash.local_files()
    with pytest.raises(BoardError) as e:
        flash_plan.romfs_plan(local, rom_board(size=64 * 1024))
    text = str(e.value)
    assert "the board's ROMFS partition holds 65536 B" in text
    assert "docs/flashing.md" in text and "\n" not in text


def test_files_of_someone_else_in_our_package_folders_are_found():
    local = flash.local_files()
    board = rom_board({"crisscross/app.mpy": "x"})
    board["listed"] = [
        "crisscross/app.mpy",  # ours (manifest): removed
        "crisscross/words",  # our folder
        "crisscross/mine.py",  # not ours: keeps crisscross/ on the filesystem
    ]
    plan = flash_plan.romfs_plan(local, board)
    assert plan["hidden_by"] == ["crisscross/mine.py"]


def test_the_filesystem_is_counted_in_littlefs_blocks_as_the_board_counts_them():
    block = littlefs_image.BLOCK
    assert flash_plan.filesystem_bytes({}) == 0
    # Up to 512 bytes a file lives in its folder's metadata: no block of its own.
    assert flash_plan.filesystem_bytes({"boot.py": 300}) == 0
    assert flash_plan.filesystem_bytes({"main.py": 900}) == block
    # A folder: its two metadata blocks, which os.statvfs counts twice.
    assert flash_plan.filesystem_bytes({"d/x": 1}) == 4 * block
    assert flash_plan.filesystem_bytes({"a/x": 5000, "a/b/y": 1}) == 10 * block
    # Another filesystem's blocks: each file rounded up.
    assert flash_plan.filesystem_bytes({"a": 5000, "b": 1}, 512) == 5120 + 512


def test_a_littlefs_image_is_read_back_whole():
    files = {"boot.py": b"print(1)\n", "saves/a.sav": bytes(range(256)) * 30}
    data = littlefs_image.image(files, 64 * 4096)
    assert len(data) == 64 * 4096
    assert littlefs_image.files(data) == files
    assert littlefs_image.files(b"\xff" * (16 * 4096)) == {}


def test_a_pico_without_romfs_is_told_how_to_move_and_keep_its_saves():
    pico = {"machine": "Raspberry Pi Pico with RP2040", "rom": None}
    text = flash_plan.romfs_advice(pico, "/dev/ttyACM0")
    assert "saves backup --port /dev/ttyACM0" in text
    assert "saves restore --port /dev/ttyACM0" in text and "make flash" in text
    with_romfs = dict(pico, rom={"size": 524288, "sha": None})
    assert flash_plan.romfs_advice(with_romfs, "x") is None
    assert flash_plan.romfs_advice({"machine": "Generic ESP32 module"}, "x") is None


def test_the_pico_partition_is_the_board_definitions():
    import os
    import re

    path = os.path.join(flash.ROOT, "firmware", "micropython-board", "RPI_PICO_ROMFS")
    with open(os.path.join(path, "mpconfigboard.cmake")) as f:
        text = f.read()
    found = re.search(r"set\(MICROPY_HW_ROMFS_BYTES (\d+)\)", text)
    assert found and int(found.group(1)) == romfs.PICO_PARTITION
