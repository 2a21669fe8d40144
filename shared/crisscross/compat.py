"""The few names that differ between MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


try:
    from gc import collect as gc_collect
except ImportError:  # pragma: no cover - every Python has gc

    def gc_collect():
        pass
