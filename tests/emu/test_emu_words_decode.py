"""The word list's native code on the real firmware (the rp2 port has
MicroPython's native emitter; CPython and the WebAssembly port use bytecode and
bytes.find): every block of words.bin decodes to the same bytes as CPython
decodes it, and a buffer too small for a block is grown as the bytecode decoder
grows it; the binary search in a decoded block answers as bytes.find does.

The board is powered on with A held (safe mode: the REPL is free)."""

import binascii

from crisscross.datafile import read_data
from crisscross.words.decode import decode_block
from crisscross.words.dictionary import Dictionary

BOARD_CODE = """
import binascii
from crisscross.words import dictionary as D
d = D.Dictionary()
print("native", D._decode is not None)
out = bytearray(640)
crc = 0
for b in range(d.blocks):  # as the dictionary reads them: in place or not
    raw = d._read(d._data + b * d.block_size, d.block_size + 1, d._raw_block)
    n = D.decode_fast(raw, d.block_size * 8, out)
    crc = binascii.crc32(memoryview(out)[:n], crc)
print("crc", crc)
small = bytearray(40)
n = D.decode_fast(raw, d.block_size * 8, small)
print("small", n, len(small) >= n, binascii.crc32(memoryview(small)[:n]))
"""


def _run_in_safe_mode(board, code):
    """`code`'s printed words, run at the REPL of a board powered on in safe mode."""
    board.power_on_safe()
    return board.exec(code, timeout_ms=600000).split()


def test_the_native_decoder_gives_every_block_as_cpython_does(board):
    d = Dictionary()
    crc = 0
    last = b""
    for b in range(d.blocks):
        last = decode_block(read_data(d._src, d._data + b * d.block_size, d.block_size))
        crc = binascii.crc32(last, crc)
    out = _run_in_safe_mode(board, BOARD_CODE)
    assert out[:2] == ["native", "True"], out
    assert out[2:4] == ["crc", str(crc)], out
    # The last block, into 40 bytes: the native decoder gives up, the bytecode
    # decoder grows the buffer and decodes it.
    assert out[4:] == ["small", str(len(last)), "True", str(binascii.crc32(last))]


SEARCH_CODE = """
from crisscross.words import dictionary as D
d = D.Dictionary()
print("native", D._in_block is not D._find_in)
found = asked = wrong = 0
for b in range(0, d.blocks, 23):
    e = d._block(b)
    flat = bytes(e[1][: e[2]])
    end = len(flat)
    words = flat.split(b"\\n")[1:-1]
    qs = [b"a", b"zzzzz", words[0][:-1], words[-1] + b"a"]
    for w in words:
        qs += [w, w[: len(w) // 2 + 1], w[:-1] + b"z", w + b"s"]
    for q in qs:
        for exact in (0, 1):
            got = D._in_block(flat, end, q, len(q), exact)
            want = D._find_in(flat, end, q, len(q), exact)
            asked += 1
            found += bool(want)
            wrong += bool(got) != bool(want)
print("asked", asked, "found", found, "wrong", wrong)
"""


def test_the_native_searches_answer_as_bytes_find(board):
    out = _run_in_safe_mode(board, SEARCH_CODE)
    assert out[:2] == ["native", "True"], out
    asked, found, wrong = int(out[3]), int(out[5]), int(out[7])
    assert asked > 5000 and asked // 4 < found < asked * 3 // 4, out
    assert wrong == 0, out
