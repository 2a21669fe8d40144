"""The game run from a ROMFS image inside real MicroPython (WebAssembly): its
modules find their data files in /rom and read them in place.

The image is the one a board gets (host/board/romfs.py: host/board/mpy_build.py's .mpy
files and data files, by mpremote's ROMFS writer), mounted at /rom with
MicroPython's own VfsRom; the same build is also mounted as plain files at /lib
(what littlefs gives), for the heap a file costs. tests/emu/test_emu_data_in_place.py
does the same on the emulated Pico's ROMFS firmware.
"""

import json
import os

import pytest

from mpy import ROOT, run_micropython

from host.board import mpy_build, romfs

from crisscross.dice import ai
from crisscross.dice.digits import DigitsGame
from crisscross.dice.symbols import SymbolsGame

DICE = os.path.join(ROOT, "shared", "crisscross", "dice")
SCRIPT = r"""
import gc, json, sys, vfs
with open('/img/rom.bin', 'rb') as f:
    vfs.mount(vfs.VfsRom(f.read()), '/rom')
sys.path[:] = [ROOT]
out = {}
from crisscross.words import dictopen
from crisscross.words.dictionary import Dictionary
out['file'] = dictopen.__file__
out['path'] = dictopen.default_path()
# Bytes allocated (WebAssembly collects only between calls from JavaScript:
# garbage included, the same for both).
a = gc.mem_alloc()
d = Dictionary(cache=1)
out['dictionary'] = gc.mem_alloc() - a
out['in_place'] = isinstance(d._src, memoryview)
out['words'] = [d.contains(w) for w in ('house', 'houze', 'zygote', 'at', 'qq')]
out['prefix'] = d.has_prefix('counterrev')
d.close()
from crisscross.dice import ai, ai_symbols, ai_digits
from crisscross.dice.symbols import SymbolsGame
from crisscross.dice.digits import DigitsGame
a = gc.mem_alloc()
model = ai_symbols.model(True)
out['symbols'] = gc.mem_alloc() - a
a = gc.mem_alloc()
ai_digits.table()
out['digits'] = gc.mem_alloc() - a
out['tables'] = [type(t).__name__ for t in (model.values, model.ranks, ai_digits.table())]
hints = []
for g in (SymbolsGame(3, 1, True), DigitsGame(4, 1)):
    for _ in range(3):
        move = ai.hint(g)
        hints.append([list(move[0]) if isinstance(move[0], tuple) else move[0], move[1]])
        g.place(move[0])
out['hints'] = hints
print('RESULT', json.dumps(out))
"""


@pytest.fixture(scope="module")
def image_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("romfs")
    files = mpy_build.compiled(mpy_build.GAME)
    mpy_build.write_tree(files, str(folder / "rom"))
    os.makedirs(str(folder / "img"))
    with open(str(folder / "img" / "rom.bin"), "wb") as f:
        f.write(romfs.image(files))
    return folder


def run(image_dir, root):
    proc = run_micropython(
        ["--exec", SCRIPT.replace("ROOT", repr(root))],
        mounts=((str(image_dir / "img"), "/img"), (str(image_dir / "rom"), "/lib")),
        paths=(),
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT ") :])


def cpython_hints():
    hints = []
    for g in (SymbolsGame(3, 1, True), DigitsGame(4, 1)):
        for _ in range(3):
            move, value = ai.hint(g)
            hints.append([list(move) if isinstance(move, tuple) else move, value])
            g.place(move)
    return hints


def test_from_rom_the_data_is_found_in_rom_and_read_in_place(image_dir):
    rom = run(image_dir, "/rom")
    assert rom["file"] == "/rom/crisscross/words/dictopen.mpy"
    assert rom["path"] == "/rom/crisscross/words/words.bin"
    assert rom["in_place"]
    assert rom["words"] == [True, False, True, True, False]
    assert rom["prefix"]
    # The tables are views of the image, and the hints are CPython's.
    assert rom["tables"] == ["memoryview"] * 3
    assert rom["hints"] == cpython_hints()
    # The same build as files (littlefs on a board): read from the files.
    lib = run(image_dir, "/lib")
    assert lib["path"] == "/lib/crisscross/words/words.bin"
    assert not lib["in_place"]
    assert lib["words"] == rom["words"]
    # From files the tables are read in pieces: the digits' hints are the same;
    # the symbols' device look-ahead narrows (tests/portable/test_datafile.py).
    assert lib["hints"][3:] == rom["hints"][3:]
    assert lib["tables"] == ["Pieces"] * 3
    for k in ("dictionary", "symbols", "digits"):
        print("%s: allocated %d B from /rom, %d B from /lib" % (k, rom[k], lib[k]))
    # In place the dictionary makes its decoded block and copies nothing of
    # the file (from a file: its pair table, sampled index and read buffers).
    assert rom["dictionary"] + 900 < lib["dictionary"]
    # The tables are not copied: in place a view, from a file a block at a
    # time (a Pieces), never the file's bytes.
    symbols = os.path.getsize(os.path.join(DICE, "ai_symbols_advanced.bin"))
    digits = os.path.getsize(os.path.join(DICE, "ai_digits.bin"))
    assert rom["symbols"] < 1024 and rom["digits"] < 512
    assert lib["symbols"] < symbols // 8 and lib["digits"] < digits // 8
