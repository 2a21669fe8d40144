"""Data files beside their modules, read from a file or in place (crisscross.datafile).

In place is what MicroPython's ROMFS gives (a memoryview of an open file's bytes,
in flash); here the same view is made of the file's bytes in RAM, so the readers'
in-place path runs under CPython and MicroPython alike. tests/host/test_data_in_place.py
runs them from a real ROMFS image in MicroPython, tests/emu/test_emu_data_in_place.py
on the board.
"""

import sys

from crisscross.datafile import (
    Pieces,
    beside,
    close_data,
    close_indexed,
    open_data,
    open_indexed,
    read_data,
)
from crisscross.dice import ai
from crisscross.dice import ai_digits, ai_symbols
from crisscross.dice.digits import DigitsGame
from crisscross.dice.symbols import SymbolsGame
from crisscross.words import dictopen
from crisscross.words.dictionary import Dictionary


# What ROMFS gives is a memoryview; CPython's does not order against bytes (the
# dictionary's index search needs it), so under CPython the file's bytes stand
# in for it (read_data reads both alike).
VIEW = memoryview if sys.implementation.name == "micropython" else bytes


def in_place(path):
    """`path` open as ROMFS gives it: a view of its bytes (here in RAM)."""
    with open(path, "rb") as f:
        return VIEW(f.read())


def test_a_data_file_is_beside_the_path_its_module_was_imported_from():
    assert beside("/rom/crisscross/words/dictopen.mpy", "words.bin") == (
        "/rom/crisscross/words/words.bin"
    )
    assert beside("crisscross/words/dictopen.mpy", "w.bin") == "crisscross/words/w.bin"
    assert beside("/lib/crisscross/dice/ai.py", "t.bin") == "/lib/crisscross/dice/t.bin"
    assert beside("C:\\game\\dictopen.py", "w.bin") == "C:\\game\\w.bin"
    assert beside("dictopen.mpy", "w.bin") == "w.bin"
    # The real module's __file__, wherever this runs (CPython, WebAssembly).
    with open(dictopen.default_path(), "rb") as f:
        assert f.read(4) == dictopen.MAGIC


def test_a_file_without_a_view_is_read():
    path = dictopen.default_path()
    with open(path, "rb") as f:
        data = f.read()
    src = open_data(path)
    try:
        assert hasattr(src, "readinto")  # a file: a PC's, WebAssembly's
        assert read_data(src, 0, 4) == b"CCWD"
        assert read_data(src, 1000, 7) == data[1000:1007]
        assert read_data(src, len(data) - 3) == data[-3:]  # to the end
        buf = bytearray(5)
        assert read_data(src, 200, 5, buf) is buf and buf == data[200:205]
        buf = bytearray(8)  # longer than asked: filled as far as the file goes
        assert read_data(src, len(data) - 2, 2, buf) is buf and buf[:2] == data[-2:]
    finally:
        close_data(src)


def test_in_place_reads_are_slices_of_the_view_and_copy_nothing():
    data = bytes(range(256)) * 4
    src = memoryview(data)
    buf = bytearray(5)
    got = read_data(src, 200, 5, buf)
    assert isinstance(got, memoryview) and got == data[200:205]
    assert buf == bytearray(5)  # a buffer is for files: left as it was
    assert read_data(src, 1020) == data[1020:] and len(read_data(src, 0)) == 1024
    close_data(src)
    assert read_data(src, 3, 2) == data[3:5]  # the view outlives its file


def test_the_dictionary_answers_alike_from_the_file_and_in_place():
    path = dictopen.default_path()
    file, view = Dictionary(path, cache=1), Dictionary(in_place(path), cache=1)
    # In place, nothing of the file is copied: the tables and the whole index
    # are views, and there are no read buffers.
    assert isinstance(view._pairs, VIEW) and isinstance(view._sample, VIEW)
    assert len(view._sample) == view.blocks * view.key_size
    assert view._keys is None and view._raw_block is None and view._tri_buf is None
    words = []
    for b in list(range(0, file.blocks, 97)) + [file.blocks - 1]:
        entry = file._block(b)  # the first and last words of blocks, the last one's
        words += [bytes(entry[3]), bytes(entry[4])]
    words += [b"house", b"zygote", b"at", b"ice"]
    for w in words:
        for probe in (w, w + b"s", w[:-1], w[:3], w[:2], w + b"qx"):
            assert view.contains(probe) == file.contains(probe), probe
            assert view.has_prefix(probe) == file.has_prefix(probe), probe
    assert view.contains(words[-5]) and not view.contains(b"zzzz")  # the last word
    for a in range(26):
        assert view.after(a) == file.after(a)
        for b in range(0, 26, 5):
            assert view.after2(a, b) == file.after2(a, b)
    w = bytearray(b"hoxse")
    assert view.across(w, 2, 0x3FFFFFF) == file.across(w, 2, 0x3FFFFFF) != 0
    assert view.reads > 0
    file.close()
    view.close()


def _hints(games, level=ai.DEVICE):
    out = []
    for g in games:
        while not g.over and len(out) < 40:
            move = ai.hint(g, level)
            out.append(move)
            ai.let_go()
            g.place(move[0])
    return out


def _games():
    return [SymbolsGame(3, 1, False), SymbolsGame(5, 1, True), DigitsGame(4, 1)]


def test_a_table_opened_indexed_reads_like_its_bytes():
    path = beside(ai_symbols.__file__, "ai_symbols_ranks.bin")
    with open(path, "rb") as f:
        data = f.read()
    got = open_indexed(path)
    try:
        # A host reads the file, MicroPython reads it in pieces off a file
        # system without views (its ROMFS gives a view: test_data_in_place).
        if sys.implementation.name == "micropython":
            assert isinstance(got, Pieces)
        else:
            assert isinstance(got, bytes)
        assert len(got) == len(data)
        for i in (0, 1, 63, 64, 65, 1000, len(data) // 2, len(data) - 1, 5, 70):
            assert got[i] == data[i], i
    finally:
        close_indexed(got)
    pieces = Pieces(open(path, "rb"))
    try:
        assert len(pieces) == len(data)
        for i in list(range(0, len(data), 997)) + [127, 128, 64, 63, len(data) - 1]:
            assert pieces[i] == data[i], i
    finally:
        close_indexed(pieces)


def _with_tables(opener, level=ai.DEVICE):
    """The hints of _games() at `level` with the AI's tables opened by `opener`."""
    ai_symbols.open_indexed = ai_digits.open_indexed = opener
    ai_symbols.drop_tables()
    ai_digits.drop_table()
    try:
        got = _hints(_games(), level)
        tables = [ai_digits.table(), ai_symbols.model(True).values]
        return got, tables + [ai_symbols.model(True).ranks]
    finally:
        ai_symbols.open_indexed = ai_digits.open_indexed = open_indexed
        ai_symbols.drop_tables()
        ai_digits.drop_table()


def _whole(path):
    with open(path, "rb") as f:
        return f.read()


def _pieces(path):
    return Pieces(open(path, "rb"))


def test_the_ai_tables_give_the_same_hints_in_place_and_in_pieces():
    whole = _with_tables(_whole)[0]
    opened = []

    def open_in_place(path):
        opened.append(path)
        return in_place(path)

    hints, tables = _with_tables(open_in_place)
    assert hints == whole
    assert all(isinstance(t, VIEW) for t in tables)
    for name in ("ai_digits.bin", "ai_symbols_advanced.bin", "ai_symbols_ranks.bin"):
        assert [p for p in opened if p.endswith(name)], name
    # Read in pieces, a lookup costs more: the device level's symbol look-ahead
    # narrows (ai_symbols.device_width), so the learned values alone are
    # compared, and the digits' look-ahead.
    hints, tables = _with_tables(_pieces, ai.CASUAL)
    assert hints == _with_tables(_whole, ai.CASUAL)[0]
    assert all(isinstance(t, Pieces) for t in tables)
    assert [type(m[0]) for m in whole[-16:]] == [int] * 16  # the digits game's
    assert _with_tables(_pieces)[0][-16:] == whole[-16:]
