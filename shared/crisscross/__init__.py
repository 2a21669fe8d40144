"""Criss Cross Pocket: the hardware-independent engine and UI.

Runs unchanged on MicroPython 1.29 and CPython 3.11. Nothing here imports hardware:
a board (firmware/, host/, or a test) injects the canvas, buttons, clock and storage.
"""

VERSION = "0.1.0"
