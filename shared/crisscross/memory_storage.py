"""Storages in RAM, for tests and for hosts with nowhere to save (see
crisscross.storage for the contract): `MemoryStorage`, files in a dict, and
`FaultyStorage`, which loses power part-way through a save. Boards never import
this module: they save in files (storage.FolderStorage).
"""

from crisscross.storage import _check_name


def joined(data):
    """The bytes of a write: bytes-like (the store's buffer, used again by the
    next save: copied) or a tuple of them (MicroPython's bytes.join takes
    bytes only)."""
    if not isinstance(data, tuple):
        return bytes(data)
    out = bytearray()
    for part in data:
        out += part
    return bytes(out)


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
        self.files[name] = joined(data)

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
    `atomic=True` is littlefs: a write cut part-way leaves an existing file as it
    was (a new one empty: littlefs creates it at open), and the storage says so
    (the store then writes its files in place).
    After the power goes off every changing call raises PowerLoss; reads still
    work, so a test can inspect what the flash holds.
    """

    def __init__(
        self,
        inner,
        fail_after_bytes=None,
        fail_at_op=None,
        rename_replaces=True,
        atomic=False,
    ):
        self.inner = inner
        self.atomic = atomic
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
        data = joined(data)
        limit = self.fail_after_bytes
        if limit is not None and self.bytes_written + len(data) > limit:
            kept = limit - self.bytes_written
            if not self.atomic:
                self.inner.write(name, data[:kept])
            elif self.inner.read(name) is None:
                self.inner.write(name, b"")
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
