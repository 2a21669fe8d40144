"""The heap at its largest, read from the emulator's copy of SRAM
(host/bench/heapwalk.py): its total is the firmware's own count, and what the
game holds at the title is what the board layer and the app leave there. On the
official firmware ($MICROPYTHON_STOCK_UF2), where the modules' code and names are
in the heap for the walk to tell apart; on the ROMFS firmware their names are
strings in flash, which the walk reads from the board's flash file."""

import shutil

import pytest

from host.bench.heapwalk import HeapWalk
from host.emu.board import Board

BOOT_MS = 3000


def _snapshot(flashed, tmp_path):
    path = str(tmp_path / "flash.bin")
    shutil.copyfile(flashed["image"], path)
    b = Board(uf2=flashed["uf2"], flash_path=path, heap_snapshot=True)
    if not b.heap_symbols:
        b.close()
        pytest.skip("needs the firmware's ELF")
    try:
        b.power_on()
        b.run_ms(BOOT_MS)
        snap = b.peak_snapshot()
        peak = b.stats()["heap_peak_live_after_gc"]
        elf = b.elf
    finally:
        b.close()
    return snap, peak, elf


@pytest.fixture
def snapshot(flashed_stock, tmp_path):
    return _snapshot(flashed_stock, tmp_path)


def test_the_walk_names_the_modules_run_in_place_from_the_flash_file(flashed, tmp_path):
    (sram, sp), peak, elf = _snapshot(flashed, tmp_path)
    blind = HeapWalk(sram, sp, elf)
    walk = HeapWalk(sram, sp, elf, flashed["image"])
    assert walk.used == blind.used == peak
    # On ROMFS a module's name is a string in the flash, not in the heap.
    modules = set(walk.modules.values())
    assert {"crisscross.app", "pocket.loop", "pocket.start"} <= modules
    assert "crisscross.app" not in set(blind.modules.values())
    assert "/rom/crisscross/app.mpy" in walk.names()


def test_the_walk_counts_what_the_collector_counted(snapshot):
    (sram, sp), peak, elf = snapshot
    walk = HeapWalk(sram, sp, elf)
    assert walk.used == peak
    own = walk.owners()
    # Every byte is a name, a module's code or data, and the data is all reached.
    assert sum(own.values()) + walk.data_bytes() == walk.used
    assert walk.unreached == 0
    assert own["names"] > 4000 and own["module crisscross.app"] > 1000


def test_the_title_holds_no_boot_only_module_and_one_name_per_file(snapshot):
    (sram, sp), peak, elf = snapshot
    walk = HeapWalk(sram, sp, elf)
    modules = set(walk.modules.values())
    assert {"crisscross.app", "pocket.loop", "pocket.start"} <= modules
    # Run once at start: the detection code and the profile, safe mode and the
    # port's rp2 go. (This largest moment is the collection as the game is
    # built, with pocket.setup and pocket.hw still loaded; they go next:
    # tests/firmware/test_start.py.)
    gone = {"pocket.boards", "pocket.boards.pico", "pocket.safemode", "rp2"}
    assert not gone & modules, str(sorted(modules))
    names = walk.names()
    assert "crisscross/app.mpy" in names  # its __file__, and its source name
    assert not [n for n in names if n and n.endswith(".py") and "/" in n]
