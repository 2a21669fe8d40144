"""MicroPython and CPython agree: the same daily seeds and share codes, and save
files written by one are read by the other (runs the real WebAssembly MicroPython)."""

import binascii

from mpy import run_micropython

from crisscross import sharecode
from crisscross.memory_storage import MemoryStorage
from crisscross.savefile import crc32_slow
from crisscross import records
from crisscross.store import Store

# Every day of 1999..2032 plus the calendar's corners, run in one interpreter.
DAILY_CODE = """
from crisscross.sharecode import daily_seed, encode, _days_in_month
for y in list(range(1999, 2033)) + [1, 1600, 1900, 2100, 2400, 9999]:
    for m in range(1, 13):
        for d in range(1, _days_in_month(y, m) + 1):
            s = daily_seed(y, m, d)
            print(y, m, d, s, encode(s, y % 52))
"""

SHARE_CODE = """
from crisscross.rng import Rng
from crisscross.sharecode import encode, decode_variant, SEEDS, VARIANTS
rng = Rng(99)
for i in range(2000):
    seed, variant = rng.below(SEEDS), rng.below(VARIANTS)
    code = encode(seed, variant)
    print(seed, variant, code, decode_variant(code.lower()))
"""


def _cpython_daily():
    lines = []
    for y in list(range(1999, 2033)) + [1, 1600, 1900, 2100, 2400, 9999]:
        for m in range(1, 13):
            for d in range(1, sharecode._days_in_month(y, m) + 1):
                s = sharecode.daily_seed(y, m, d)
                lines.append(
                    "%d %d %d %d %s" % (y, m, d, s, sharecode.encode(s, y % 52))
                )
    return lines


def _run(code):
    out = run_micropython(["--exec", code])
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_daily_seeds_and_codes_identical_under_micropython_and_cpython():
    expected = _cpython_daily()
    got = _run(DAILY_CODE)
    assert len(got) == len(expected) > 12000
    assert got == expected


def test_share_codes_identical_under_micropython_and_cpython():
    from crisscross.rng import Rng

    rng = Rng(99)
    expected = []
    for _ in range(2000):
        seed, variant = rng.below(sharecode.SEEDS), rng.below(sharecode.VARIANTS)
        code = sharecode.encode(seed, variant)
        expected.append(
            "%d %d %s %s"
            % (seed, variant, code, sharecode.decode_variant(code.lower()))
        )
    assert _run(SHARE_CODE) == expected


WRITE_ON_MPY = """
import binascii
from crisscross.storage import FolderStorage
from crisscross.savefile import crc32_slow
from crisscross import records
from crisscross.store import Store
st = FolderStorage("/tmp/parity/saves")
store = Store(st)
store.save_game("SYM|a|77|1 2 3")
store.save_game("SYM|a|77|1 2 3 4 \\u00e9")
records.finish_game(store, "symbols-advanced", 48, 3, "2026-11-22", "KD7MQ2X")
records.record_result(store, "digits-cc", -3, None, "", "")
records.save_settings(store, {"contrast": 120, "last": ["digits", "cc"], "name": "Zo\\u00eb"})
for name in st.names():
    print(name, binascii.hexlify(st.read(name)).decode())
print("crc", crc32_slow(b"criss cross"))
"""


def test_files_written_by_micropython_are_read_by_cpython():
    files = {}
    crc_line = None
    for line in _run(WRITE_ON_MPY):
        name, value = line.split(" ")
        if name == "crc":
            crc_line = int(value)
        else:
            files[name] = binascii.unhexlify(value)
    assert crc_line == crc32_slow(b"criss cross") == binascii.crc32(b"criss cross")
    assert sorted(files) == [
        "game.sav",
        "game.sav.bak",
        "records.sav",
        "records.sav.bak",
        "settings.sav",
    ]
    store = Store(MemoryStorage(files))
    assert store.warnings == []
    assert store.load_game() is None  # finished and cleared
    assert records.high_scores(store, "symbols-advanced")[0] == {
        "score": 48,
        "rank": 3,
        "date": "2026-11-22",
        "code": "KD7MQ2X",
    }
    assert records.stats(store, "digits-cc")["last"] == [-3]
    assert records.settings(store) == {
        "contrast": 120,
        "last": ["digits", "cc"],
        "name": "Zo\u00eb",
    }


READ_ON_MPY = """
import binascii
from crisscross.memory_storage import MemoryStorage
from crisscross import records
from crisscross.store import Store
files = {}
for name, hexdata in FILES:
    files[name] = binascii.unhexlify(hexdata)
store = Store(MemoryStorage(files))
print(repr(store.warnings))
print(store.load_game())
print(records.stats(store, "digits")["played"], records.stats(store, "digits")["best"], records.stats(store, "digits")["mean10"])
print(records.high_scores(store, "digits")[0]["code"])
print(records.settings(store)["name"])
"""


def test_files_written_by_cpython_are_read_by_micropython():
    storage = MemoryStorage()
    store = Store(storage)
    store.save_game("DIG|cc|5|")
    store.save_game("DIG|cc|5|4 4 \u00e9")
    for score in (30, 41, 12):
        records.record_result(store, "digits", score, 1, "2026-11-22", "C%d" % score)
    records.save_settings(store, {"name": "Zo\u00eb"})
    files = [
        (name, binascii.hexlify(storage.read(name)).decode())
        for name in storage.names()
    ]
    got = _run("FILES = %r\n" % (files,) + READ_ON_MPY)
    assert got == ["[]", "DIG|cc|5|4 4 \u00e9", "3 41 277", "C41", "Zo\u00eb"]
