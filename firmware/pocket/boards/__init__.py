"""Board profiles: which pins and bus each supported board uses.

A profile is a small module in this package holding only constants (see pico.py).
Adding a board is adding a profile and, if it can be recognised, a line to DETECT.
A file `board.txt` at the root of the board's filesystem holding a profile name
overrides detection (for a custom build on a known chip).
"""

import sys

# (text found in sys.implementation._machine, profile); the first match wins, so the more
# specific names come first. The machine string is MicroPython's board name, " with ",
# the chip: "Raspberry Pi Pico W with RP2040", "Raspberry Pi Pico2 with RP2350",
# "Raspberry Pi Pico 2 W with RP2350", "Generic ESP32S3 module with ESP32S3",
# "ESP32C3 module with ESP32C3", "Generic ESP32 module with ESP32" (ports/rp2 and
# ports/esp32: mpconfigboard.h's MICROPY_HW_BOARD_NAME and MICROPY_HW_MCU_NAME).
DETECT = (
    ("Pico W", "pico_w"),
    ("RP2350", "pico2"),  # Pico 2 and Pico 2 W (RP2350-RISCV too)
    ("Pico", "pico"),
    ("ESP32S3", "esp32s3"),
    ("ESP32-S3", "esp32s3"),
    ("ESP32C3", "esp32c3"),
    ("ESP32-C3", "esp32c3"),
    ("ESP32", "esp32"),
)
# Fallback on sys.platform when the machine name is not known.
BY_PLATFORM = (("rp2", "pico"), ("esp32", "esp32"))
OVERRIDE_FILE = "board.txt"


def detect(machine, platform, override=None):
    """The profile name: the override, else from the machine string, else the platform."""
    if override:
        return override
    for text, name in DETECT:
        if text in machine:
            return name
    for plat, name in BY_PLATFORM:
        if plat == platform:
            return name
    raise ValueError(
        "unknown board %r: put a profile name in %s" % (machine, OVERRIDE_FILE)
    )


def _override():
    try:
        with open(OVERRIDE_FILE) as f:
            return f.read().strip()
    except OSError:
        return None


def load(name=None):
    """Import and return the profile module for this board (or the one named)."""
    if name is None:
        machine = getattr(sys.implementation, "_machine", "")
        name = detect(machine, sys.platform, _override())
    return __import__("pocket.boards." + name, None, None, ("NAME",))
