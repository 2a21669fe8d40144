"""The game's data files (the word list, the AI tables): found beside the module
that reads them, and read in place where the filesystem maps files into memory.

MicroPython's ROMFS (mounted at /rom on a board that has one) gives an open file's
bytes as a memoryview, in flash: `open_data` then reads nothing and copies nothing
into RAM, and every read() is a slice of that view. Elsewhere (littlefs, a PC
folder, MicroPython WebAssembly) the file has no such view, and read() reads it.
"""


def beside(module_file, name):
    """The path of data file `name` in the folder of the module whose __file__ is
    `module_file`. MicroPython gives a module the path it was imported from: on a
    board "/rom/crisscross/words/dictopen.mpy" from ROMFS, or
    "crisscross/words/dictopen.mpy" from littlefs (relative to "/", where the
    game runs); CPython an absolute path ("\\" between folders on Windows)."""
    cut = max(module_file.rfind("/"), module_file.rfind("\\"))
    return module_file[: cut + 1] + name


class DataFile:
    """A data file open for reads at any offset: `view`, a memoryview of all its
    bytes in place (ROMFS), or None and `f`, the open file (open_data)."""

    def __init__(self, view, f=None):
        self.view = view
        self._f = f

    def read(self, at, n=-1, buf=None):
        """The n bytes from offset `at` (n < 0: to the end). In place, a slice of
        the view (nothing read, nothing copied). From a file: read into `buf`
        when given (a buffer of exactly n bytes, reused: returned filled as far
        as the file goes), else a new bytes object."""
        view = self.view
        if view is not None:
            return view[at:] if n < 0 else view[at : at + n]
        f = self._f
        f.seek(at)
        if buf is None:
            return f.read(n)
        f.readinto(buf)
        return buf

    def close(self):
        """Close the file (slices of a view stay good: they are the flash)."""
        if self._f is not None:
            self._f.close()
            self._f = None


def open_data(path):
    """A DataFile of `path`: in place where its filesystem gives a memoryview of
    an open file (ROMFS), else reading the file."""
    f = open(path, "rb")
    try:
        view = memoryview(f)
    except TypeError:  # no buffer protocol: a file to read
        return DataFile(None, f)
    f.close()
    return DataFile(view)
