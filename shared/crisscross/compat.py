"""The few names that differ between MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import sys

if sys.implementation.name == "micropython":
    from gc import collect as gc_collect
else:  # CPython frees by reference counting; a full collection only costs time

    def gc_collect():
        pass
