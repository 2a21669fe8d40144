"""The storage contract every host injects, and the one boards use.

A storage holds small named files in one flat folder:

    read(name)        -> bytes, or None when the file is missing or cannot be opened
    write(name, data)    plain write (not atomic: a power loss may leave a prefix);
                         data is bytes-like (a memoryview of the store's buffer,
                         which the next save writes over: keep a copy, never
                         it), or a tuple of them written in order
    rename(old, new)     replaces `new` if it exists
    remove(name)         no error if the file is missing
    names()           -> sorted list of the file names present
    atomic               (optional, default False) True when write() over an
                         existing file replaces it whole: after a power cut it
                         holds the old data or the new, never a mix (littlefs
                         commits a file on close)

`store.Store` builds atomic saves on top of these five calls (on an `atomic`
storage, one write in place instead of a write and two renames).

- `FolderStorage(root)`: files in a folder through the `os` module; the same class
  runs on a board's flash filesystem (littlefs or FAT) and on CPython.
- crisscross.memory_storage holds two more, for tests and hosts (never loaded on
  a board): `MemoryStorage()`, files in a dict, and `FaultyStorage(inner, ...)`,
  which cuts the power at a chosen byte or operation, to prove that saves survive.
"""

import os

_DIR_MODE = 0x4000  # S_IFDIR in os.stat()[0]


def _check_name(name):
    # Flat names only: a slash or '..' could write outside the save folder.
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        raise ValueError("bad storage name: %r" % (name,))
    if name in (".", ".."):
        raise ValueError("bad storage name: %r" % (name,))


_PATH_CACHE = 16  # full paths remembered (each kind's NAME, .tmp, .bak, .bad)


class FolderStorage:
    """Files in a folder, through `os` only (MicroPython has no os.path).
    `atomic`: the folder is on a filesystem that replaces a file whole when it
    is written over (the board says so: pocket.setup.atomic_files)."""

    def __init__(self, root, atomic=False):
        root = root.rstrip("/") or "/"
        self.root = root
        self.atomic = atomic
        self._prefix = "/" if root == "/" else root + "/"
        self._paths = {}  # name -> full path: a save names the same few files
        _makedirs(root)

    def _path(self, name):
        path = self._paths.get(name)
        if path is None:
            _check_name(name)
            path = self._prefix + name
            if len(self._paths) < _PATH_CACHE:
                self._paths[name] = path
        return path

    def read(self, name):
        path = self._path(name)
        # Any OSError on open means missing: ENOENT is 2 on boards but 44 in
        # MicroPython-WebAssembly, and a file we cannot open is no use either.
        try:
            f = open(path, "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def write(self, name, data):
        f = open(self._path(name), "wb")
        try:
            if isinstance(data, tuple):
                for part in data:
                    f.write(part)
            else:
                f.write(data)
        finally:
            # littlefs commits the file on close; until then the old one stands.
            f.close()

    def rename(self, old, new):
        src = self._path(old)
        dst = self._path(new)
        try:
            os.rename(src, dst)
        except OSError as e:
            # FAT (and Windows) refuse to rename onto an existing file (EEXIST).
            # Callers keep a backup copy, so the moment between remove and rename
            # is safe; any other refusal leaves `new` as it was.
            if e.args[0] != 17 or not _exists(src):  # 17: errno.EEXIST, every port
                raise
            os.remove(dst)
            os.rename(src, dst)

    def remove(self, name):
        try:
            os.remove(self._path(name))
        except OSError:
            pass

    def names(self):
        found = []
        for name in os.listdir(self.root):
            if not _is_dir(self._path(name)):
                found.append(name)
        found.sort()
        return found


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _is_dir(path):
    try:
        return bool(os.stat(path)[0] & _DIR_MODE)
    except OSError:
        return False


def _makedirs(root):
    """Create `root` and its parents (MicroPython has no os.makedirs)."""
    path = "/" if root.startswith("/") else ""
    for part in root.split("/"):
        if not part:
            continue
        path = path + part if path in ("", "/") else path + "/" + part
        if not _is_dir(path):
            os.mkdir(path)
