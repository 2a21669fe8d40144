"""On the emulated Pico's ROMFS firmware, with the game in /rom as `host flash`
deploys it: the word list and the AI tables are found in /rom and read in place,
in flash ($MICROPYTHON_UF2, CI's ROMFS build; skipped with the reason on the
official build). The board starts in safe mode (A held: the REPL is free);
littlefs holds no copy of the game, so the board's own sys.path finds it in
/rom."""

import json

import pytest

from crisscross.dice import ai
from crisscross.dice.symbols import SymbolsGame

SCRIPT = r"""
import gc, json, os, uctypes, vfs
rom = memoryview(vfs.rom_ioctl(2, 0))
lo = uctypes.addressof(rom)
hi = lo + len(rom)
def in_flash(view):
    return lo <= uctypes.addressof(view) < hi
out = {}
from crisscross.words import dictopen
from crisscross.words.dictionary import Dictionary
gc.collect()
free = gc.mem_free()
d = Dictionary(cache=1)
gc.collect()
out['dictionary_heap'] = free - gc.mem_free()
out['dictionary_size'] = os.stat(dictopen.default_path())[6]
out['file'] = dictopen.__file__
out['read_from_flash'] = in_flash(d._src)
out['words'] = [d.contains(w) for w in ('house', 'houze', 'zygote', 'at', 'qq')]
out['prefix'] = d.has_prefix('counterrev')
from crisscross.dice import ai, ai_symbols, ai_digits
from crisscross.dice.symbols import SymbolsGame
gc.collect()
free = gc.mem_free()
model = ai_symbols.model(True)
views = [model.values, model.ranks]
table = ai_digits.table()
gc.collect()
out['tables_heap'] = free - gc.mem_free()
out['tables_size'] = sum(len(v) for v in views) + len(table)
out['tables_in_flash'] = all(in_flash(v) for v in views) and in_flash(table)
views = table = model = None
move, value = ai.hint(SymbolsGame(3, 1, True))
out['hint'] = [list(move), value]
print('RESULT', json.dumps(out))
"""


pytestmark = pytest.mark.usefixtures("romfs_firmware")


def test_the_word_list_and_the_ai_tables_are_read_in_place_from_rom(board):
    board.power_on_safe()
    out = board.exec(SCRIPT, timeout_ms=60000)
    got = json.loads(out.split("RESULT ", 1)[1])
    print(got)
    assert got["file"] == "/rom/crisscross/words/dictopen.mpy"
    # The dictionary answers, reading a view of the flash's ROMFS; the heap
    # holds its decoded block and small objects, not the 200 KB file.
    assert got["words"] == [True, False, True, True, False] and got["prefix"]
    assert got["read_from_flash"]
    assert got["dictionary_heap"] < 2048 < 100 * 1024 < got["dictionary_size"]
    # The symbols AI's values and ranks and the digits table: views of
    # the flash; the heap holds the Model and the views, not their bytes.
    assert got["tables_in_flash"]
    assert got["tables_heap"] < 1024 < got["tables_size"] // 4
    move, value = ai.hint(SymbolsGame(3, 1, True))
    assert got["hint"] == [list(move), value]  # the tables read right
