"""The board's calendar: today's date by its clock, once a PC has set it.

MicroPython starts a board's clock at a fixed date at every reset (the rp2
port's 2021-01-01, others' 2000-01-01) and no board here keeps it through a
power cut; `host flash` sets it from the PC's (mpremote can: `mpremote rtc
--set`). Until then the game has no date: Daily says so, high scores show
share codes instead of days.
"""

import time

from micropython import const

_SET_FROM = const(2025)  # a clock a person set reads this year or later


def today():
    """(year, month, day), or None while the clock is not set."""
    t = time.localtime()
    return t[:3] if t[0] >= _SET_FROM else None
