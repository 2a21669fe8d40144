"""The board layer: pins, display, buttons, idle and error log for the real device.

Thin on purpose: everything a player sees is in `crisscross`; this package only
moves bytes to the screen and turns pins into button events. Only `hw` imports
`machine`, so the rest runs (and is tested) inside any MicroPython.
"""
