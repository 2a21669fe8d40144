"""The dice AI's table files, indexed like bytes without a copy in RAM where a
board allows it.

    data = open_table(path)     # data[i]: byte i of the file; len(data)
    close_table(data)           # when the search lets go of it

open_table is the one place the tables are opened: a memoryview of the file where
its filesystem gives one (ROMFS: the bytes stay in flash, read in place), the
whole file read on a host (CPython), and otherwise, on a board's littlefs, the
file read a block at a time as it is indexed (Pieces), so a table larger than
the heap can be used at all.
"""

import sys

_BLOCK = 64  # bytes a Pieces reads at once (a table lookup reads 2 neighbours)


class Pieces:
    """A file's bytes read on demand, one aligned block at a time (kept until
    an index outside it). Slower than memory: each new block is a seek and a
    read of the file."""

    def __init__(self, f):
        self.f = f
        f.seek(0, 2)
        self.size = f.tell()
        self.buf = bytearray(_BLOCK)
        self.at = -1  # the offset of the block in buf

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        at = i & -_BLOCK
        if at != self.at:
            self.f.seek(at)
            self.f.readinto(self.buf)
            self.at = at
        return self.buf[i - at]

    def close(self):
        self.f.close()


def open_table(path):
    """File `path`'s bytes as an object indexed like bytes (see the module)."""
    f = open(path, "rb")
    try:
        data = memoryview(f)  # ROMFS: the file's bytes where they lie in flash
    except TypeError:
        if sys.implementation.name != "micropython":
            try:
                return f.read()
            finally:
                f.close()
        return Pieces(f)
    f.close()  # (a ROMFS file's memoryview outlives it: the flash stays)
    return data


def close_table(data):
    """Let go of what open_table opened (a Pieces keeps its file open)."""
    if isinstance(data, Pieces):
        data.close()
