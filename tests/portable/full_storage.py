"""A storage that refuses writes like a flash that filled up, for tests."""

from crisscross.memory_storage import MemoryStorage


class FullStorage(MemoryStorage):
    """Refuses every write of a file whose name begins with `refused` ("": every
    file) while `full` is set, with the OSError a full flash gives."""

    full = True

    def __init__(self, refused=""):
        MemoryStorage.__init__(self)
        self.refused = refused

    def write(self, name, data):
        if self.full and name.startswith(self.refused):
            raise OSError(28, "no space")
        MemoryStorage.write(self, name, data)
