"""The word list's native block decoder on the real firmware (the rp2 port has
MicroPython's native emitter; CPython and the WebAssembly port use the bytecode
decoder): every block of words.bin decodes to the same bytes as CPython decodes
it, and a buffer too small for a block is grown as the bytecode decoder grows it.

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


def test_the_native_decoder_gives_every_block_as_cpython_does(board):
    d = Dictionary()
    crc = 0
    last = b""
    for b in range(d.blocks):
        last = decode_block(read_data(d._src, d._data + b * d.block_size, d.block_size))
        crc = binascii.crc32(last, crc)
    board.power_on(held=["a"])
    board.run_ms(800)
    board.up("a")
    board.run_ms(100)
    out = board.exec(BOARD_CODE, timeout_ms=600000).split()
    assert out[:2] == ["native", "True"], out
    assert out[2:4] == ["crc", str(crc)], out
    # The last block, into 40 bytes: the native decoder gives up, the bytecode
    # decoder grows the buffer and decodes it.
    assert out[4:] == ["small", str(len(last)), "True", str(binascii.crc32(last))]
