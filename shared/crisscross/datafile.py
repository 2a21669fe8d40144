"""The game's data files (the word list, the AI tables): found beside the module
that reads them, and read in place where the filesystem maps files into memory.

MicroPython's ROMFS (mounted at /rom on a board that has one) gives an open file's
bytes as a memoryview, in flash: open_data() then gives that view, and
read_data() slices of it, so nothing is read and nothing copied into RAM.
Elsewhere (littlefs, a PC folder, MicroPython WebAssembly) open_data() gives the
open file, and read_data() reads it.

A table looked up a few bytes at a time anywhere in it (the dice AI's) is opened
with open_indexed(): an object indexed like bytes, the same view in place, the
file's bytes on CPython, and on MicroPython from a file a Pieces, which reads
the block an index falls in, so a table larger than the heap costs one block.
"""

import sys

_BLOCK = 64  # bytes a Pieces reads at once


def beside(module_file, name):
    """The path of data file `name` in the folder of the module whose __file__ is
    `module_file`. MicroPython gives a module the path it was imported from: on a
    board "/rom/crisscross/words/dictopen.mpy" from ROMFS, or
    "crisscross/words/dictopen.mpy" from littlefs (relative to "/", where the
    game runs); CPython an absolute path ("\\" between folders on Windows)."""
    cut = max(module_file.rfind("/"), module_file.rfind("\\"))
    return module_file[: cut + 1] + name


def open_data(path):
    """Data file `path`, open for read_data(): a memoryview of its bytes in place
    where its filesystem gives one (ROMFS), else the open file."""
    f = open(path, "rb")
    try:
        view = memoryview(f)
    except TypeError:  # no buffer protocol: a file to read
        return f
    f.close()  # the view stays good: it is the flash
    return view


def read_data(src, at, n=-1, buf=None):
    """The n bytes from offset `at` of `src` (n < 0: to the end): an open file,
    or all of a file's bytes, as open_data() gives them (a memoryview; bytes
    are read alike). In place, a slice of the view: nothing read, nothing
    copied. From a file: read into `buf` when given (a buffer of n bytes or
    more, reused: returned, filled from `at` as far as the file goes), else a
    new bytes object."""
    if not hasattr(src, "readinto"):  # in place
        return src[at:] if n < 0 else src[at : at + n]
    src.seek(at)
    if buf is None:
        return src.read(n)
    src.readinto(buf)
    return buf


def close_data(src):
    """Done with `src` (read_data's): a file is closed; a view and its slices
    stay good."""
    if hasattr(src, "readinto"):
        src.close()


class Pieces:
    """An open file's bytes indexed like bytes, read one aligned block at a time
    as they are indexed (the block kept until an index outside it)."""

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
            read_data(self.f, at, _BLOCK, self.buf)
            self.at = at
        return self.buf[i - at]

    def close(self):
        self.f.close()


def open_indexed(path):
    """Data file `path`'s bytes as an object indexed like bytes (len() and
    [i]): open_data()'s view in place; else the file's bytes on CPython, a
    Pieces of the open file on MicroPython."""
    src = open_data(path)
    if not hasattr(src, "readinto"):
        return src
    if sys.implementation.name != "micropython":
        try:
            return read_data(src, 0)
        finally:
            close_data(src)
    return Pieces(src)


def close_indexed(data):
    """Done with what open_indexed() gave (a Pieces closes its file)."""
    if isinstance(data, Pieces):
        data.close()
