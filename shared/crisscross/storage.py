"""The storage contract every host injects, and three implementations of it.

A storage holds small named files in one flat folder:

    read(name)        -> bytes, or None when the file is missing or cannot be opened
    write(name, data)    plain write (not atomic: a power loss may leave a prefix)
    rename(old, new)     replaces `new` if it exists
    remove(name)         no error if the file is missing
    names()           -> sorted list of the file names present

`store.Store` builds atomic saves on top of these five calls.

- `FolderStorage(root)`: files in a folder through the `os` module; the same class
  runs on a board's flash filesystem (littlefs or FAT) and on CPython.
- `MemoryStorage()`: a dict, for tests and for hosts with nowhere to save.
- `FaultyStorage(inner, ...)`: wraps a storage and cuts the power at a chosen byte
  or operation, to prove that saves survive it.
"""

import os

_DIR_MODE = 0x4000  # S_IFDIR in os.stat()[0]


def _check_name(name):
    # Flat names only: a slash or '..' could write outside the save folder.
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        raise ValueError("bad storage name: %r" % (name,))
    if name in (".", ".."):
        raise ValueError("bad storage name: %r" % (name,))


class MemoryStorage:
    """Files in a dict: name -> bytes. Renames replace, like littlefs and POSIX."""

    def __init__(self, files=None):
        self.files = {}
        if files:
            for name in files:
                self.files[name] = bytes(files[name])

    def read(self, name):
        _check_name(name)
        return self.files.get(name)

    def write(self, name, data):
        _check_name(name)
        self.files[name] = bytes(data)

    def rename(self, old, new):
        _check_name(old)
        _check_name(new)
        if old not in self.files:
            raise OSError(2, "no such file: " + old)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        _check_name(name)
        if name in self.files:
            del self.files[name]

    def names(self):
        return sorted(self.files)

    def snapshot(self):
        """A copy of every file, to restore with `MemoryStorage(snapshot)`."""
        return dict(self.files)


PATH_CACHE = 16  # full paths remembered (each kind's NAME, .tmp, .bak, .bad)


class FolderStorage:
    """Files in a folder, through `os` only (MicroPython has no os.path)."""

    def __init__(self, root):
        root = root.rstrip("/") or "/"
        self.root = root
        self._prefix = "/" if root == "/" else root + "/"
        self._paths = {}  # name -> full path: a save names the same few files
        _makedirs(root)

    def _path(self, name):
        path = self._paths.get(name)
        if path is None:
            _check_name(name)
            path = self._prefix + name
            if len(self._paths) < PATH_CACHE:
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
            f.write(data)
        finally:
            # littlefs commits the file on close; until then the old one stands.
            f.close()

    def rename(self, old, new):
        src = self._path(old)
        dst = self._path(new)
        try:
            os.rename(src, dst)
        except OSError:
            # FAT (and Windows) refuse to rename onto an existing file. Callers
            # keep a backup copy, so the moment between remove and rename is safe.
            if not (_exists(src) and _exists(dst)):
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


class PowerLoss(Exception):
    """Raised by FaultyStorage at the moment the power goes off."""


class FaultyStorage:
    """A storage that loses power part-way through, for tests.

    `fail_after_bytes=n`: the write that would take the total written past n bytes
    stores only its first bytes up to n, then the power goes off.
    `fail_at_op=k`: the k-th changing operation (write, rename or remove, counted
    from 0) does not happen; the power goes off just before it.
    `rename_replaces=False` makes a rename onto an existing file two steps, remove
    then rename, that a power loss can separate (as FolderStorage does on FAT).
    After the power goes off every changing call raises PowerLoss; reads still
    work, so a test can inspect what the flash holds.
    """

    def __init__(
        self, inner, fail_after_bytes=None, fail_at_op=None, rename_replaces=True
    ):
        self.inner = inner
        self.fail_after_bytes = fail_after_bytes
        self.fail_at_op = fail_at_op
        self.rename_replaces = rename_replaces
        self.ops = 0
        self.bytes_written = 0
        self.dead = False

    def _step(self):
        if self.dead or (self.fail_at_op is not None and self.ops >= self.fail_at_op):
            self.dead = True
            raise PowerLoss("power lost before operation %d" % self.ops)
        self.ops += 1

    def read(self, name):
        return self.inner.read(name)

    def names(self):
        return self.inner.names()

    def write(self, name, data):
        self._step()
        limit = self.fail_after_bytes
        if limit is not None and self.bytes_written + len(data) > limit:
            kept = limit - self.bytes_written
            self.inner.write(name, data[:kept])
            self.bytes_written = limit
            self.dead = True
            raise PowerLoss("power lost after %d bytes of %s" % (kept, name))
        self.inner.write(name, data)
        self.bytes_written += len(data)

    def rename(self, old, new):
        if not self.rename_replaces and self.inner.read(new) is not None:
            self._step()
            self.inner.remove(new)
        self._step()
        self.inner.rename(old, new)

    def remove(self, name):
        self._step()
        self.inner.remove(name)
