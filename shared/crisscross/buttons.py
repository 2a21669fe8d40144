"""Button events: what every host turns its input into.

A host reports raw edges (`down(button, now)`, `up(button, now)`) and calls
`poll(now)` once per frame; `Buttons` turns them into events in a small ring queue:
PRESS on the edge, LONG once when held past LONG_MS, REPEAT every REPEAT_MS for held
directions, RELEASE on the way up. Edges are queued, so a press shorter than a frame
is never lost. Nothing here reads hardware, and nothing makes an event without
an edge: scripted players press through crisscross.presses (down at t, up at t').
What a screen does with PRESS, LONG and RELEASE of a button that has a long
meaning there is App.feed's business (short meaning on release).
"""

from crisscross.compat import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
COUNT = const(6)
NAMES = ("up", "down", "left", "right", "a", "b")

PRESS = const(0)
RELEASE = const(1)
LONG = const(2)
REPEAT = const(3)
KINDS = ("press", "release", "long", "repeat")

LONG_MS = const(600)
REPEAT_DELAY_MS = const(350)
REPEAT_MS = const(110)
QUEUE_SIZE = const(32)


def is_direction(button):
    return button < A


def diff(a, b):
    """ticks_diff for host clocks that wrap like MicroPython's (30-bit)."""
    d = (a - b) & 0x3FFFFFFF
    # Two small-int steps: 0x40000000 itself would be a big int on a board.
    return d - 0x20000000 - 0x20000000 if d & 0x20000000 else d


class Buttons:
    """Edge-to-event translator with a fixed-size queue (no allocation per event)."""

    def __init__(self):
        self._queue = bytearray(QUEUE_SIZE)  # each entry: button << 2 | kind
        self._head = 0
        self._len = 0
        self._since = [0] * COUNT  # when each held button went down
        self._next = [0] * COUNT  # next LONG or REPEAT deadline
        self._held = 0  # bit mask
        self._long_sent = 0  # bit mask
        self.dropped = 0

    def _push(self, button, kind):
        if self._len >= QUEUE_SIZE:
            self.dropped += 1  # a mashed button: oldest events win, nothing crashes
            return
        self._queue[(self._head + self._len) % QUEUE_SIZE] = button << 2 | kind
        self._len += 1

    def held(self, button):
        return bool(self._held & (1 << button))

    def down(self, button, now):
        bit = 1 << button
        if self._held & bit:
            return
        self._held |= bit
        self._long_sent &= ~bit
        self._since[button] = now
        self._next[button] = now + (
            REPEAT_DELAY_MS if is_direction(button) else LONG_MS
        )
        self._push(button, PRESS)

    def up(self, button, now):
        bit = 1 << button
        if not self._held & bit:
            return
        self._held &= ~bit
        self._push(button, RELEASE)

    def poll(self, now):
        """Emit LONG / REPEAT for buttons held long enough; call once per frame."""
        held = self._held
        if not held:
            return
        for b in range(COUNT):
            bit = 1 << b
            if held & bit and diff(now, self._next[b]) >= 0:
                if is_direction(b):
                    self._push(b, REPEAT)
                    self._next[b] = now + REPEAT_MS
                elif not self._long_sent & bit:
                    self._long_sent |= bit
                    self._push(b, LONG)

    def get(self):
        """The next event as (button, kind), or None when the queue is empty."""
        if not self._len:
            return None
        v = self._queue[self._head]
        self._head = (self._head + 1) % QUEUE_SIZE
        self._len -= 1
        return v >> 2, v & 3

    def __len__(self):
        return self._len
