"""The few names that differ between MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import sys


if sys.implementation.name == "micropython":
    from gc import collect as gc_collect

    def forget(names):
        """Unload modules until they are imported again: a board's heap gets back
        their code and tables at the next collection."""
        # MicroPython's dicts keep a deleted entry's value in the freed slot until
        # the slot is reused: set it to None first, or the module stays reachable.
        for name in names:
            if name in sys.modules:
                sys.modules[name] = None
                del sys.modules[name]
                package, _, attr = name.rpartition(".")
                parent = sys.modules.get(package)
                if parent is not None and hasattr(parent, attr):
                    setattr(parent, attr, None)  # `from package import x` set it
                    delattr(parent, attr)

else:  # CPython frees by reference counting; a full collection only costs time

    def gc_collect():
        pass

    def forget(names):
        pass  # memory is plenty: keep modules (and their caches) loaded
