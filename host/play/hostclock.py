"""Millisecond clocks for the hosts: the wall clock, and a fake one for replays.

Both count from 0 when made, like `time.ticks_ms()` after boot, so the game sees
the same kind of numbers on every host (buttons.diff handles the 30-bit wrap).
"""

import time


class WallClock:
    """Milliseconds since this clock was made."""

    def __init__(self):
        self._start = time.monotonic_ns()

    def now(self):
        return (time.monotonic_ns() - self._start) // 1000000


class FakeClock:
    """Time that moves only when told to: replays give the same frames every run."""

    def __init__(self, start=0):
        self._now = start

    def now(self):
        return self._now

    def advance(self, ms):
        if ms < 0:
            raise ValueError("time cannot go back (%d ms)" % ms)
        self._now += ms
        return self._now
