"""Idle power: dim the display, then blank it and sleep; any button wakes it.

The game keeps its state while blank (the panel keeps its RAM too), so waking shows
exactly where the player was. A button held down (in a bag) does not keep it
awake: only presses and releases are input. The press that wakes a blank screen is
only a wake-up: it and the rest of that press (long, repeat, release) never reach
the game.
"""

from micropython import const

from crisscross.buttons import PRESS, RELEASE, REPEAT, diff

DIM_MS = const(60000)  # a minute without input: dim
BLANK_MS = const(180000)  # three minutes: blank and sleep
BRIGHT = const(255)
DIM = const(8)

ACTIVE = const(0)
DIMMED = const(1)
BLANK = const(2)


class Idle:
    def __init__(self, display, now, dim_ms=DIM_MS, blank_ms=BLANK_MS):
        self.display = display
        self.dim_ms = dim_ms
        self.blank_ms = blank_ms
        self.state = ACTIVE
        self.last = now  # time of the last input
        self._swallow = 0  # buttons whose current press only woke the screen

    def event(self, button, kind, now):
        """Note an input; True if the game should get it. A held direction's
        repeats are not input: one held down in a bag lets the screen dim and
        blank, and they do not wake it."""
        if kind == REPEAT and self.state != ACTIVE:
            return False
        if kind != REPEAT:
            self.last = now
        bit = 1 << button
        if self._swallow & bit:
            if kind == RELEASE:
                self._swallow &= ~bit
            return False
        if self.state == ACTIVE:
            return True
        woke_from_blank = self.state == BLANK
        self.wake()
        if woke_from_blank and kind == PRESS:
            self._swallow |= bit
            return False
        return True

    def wake(self):
        if self.state == BLANK:
            self.display.poweron()
        self.display.contrast(BRIGHT)
        self.state = ACTIVE

    def next_in(self, now):
        """Milliseconds until the screen dims or blanks; None once it is blank."""
        if self.state == BLANK:
            return None
        due = self.dim_ms if self.state == ACTIVE else self.blank_ms
        left = due - diff(now, self.last)
        return left if left > 0 else 0

    def update(self, now):
        """Dim or blank when it is time; returns the state."""
        quiet = diff(now, self.last)
        if self.state == ACTIVE and quiet >= self.dim_ms:
            self.display.contrast(DIM)
            self.state = DIMMED
        if self.state == DIMMED and quiet >= self.blank_ms:
            self.display.poweroff()
            self.state = BLANK
        return self.state
