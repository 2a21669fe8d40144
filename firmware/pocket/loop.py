"""The main loop: pins -> button events -> app -> display, one frame at a time.

Everything comes in as arguments (the clock and sleep too), so tests run the real
loop inside MicroPython with a fake clock and a recording bus.
"""

import gc

from micropython import const

from crisscross.buttons import diff
from pocket.idle import BLANK

FRAME_MS = const(33)  # ~30 frames a second: plenty for a board game
BLANK_FRAME_MS = const(100)  # asleep: scan buttons ten times a second, nothing else
LOW_HEAP = const(16384)  # collect early rather than fragment a small heap


def run(app, display, keys, buttons, idle, clock, sleep_ms, frames=-1):
    """Run until `frames` frames have passed (-1: forever)."""
    screen = None
    next_frame = clock()
    while frames:
        frames -= 1
        now = clock()
        keys.scan(now)
        buttons.poll(now)
        event = buttons.get()
        while event is not None:
            if idle.event(event[0], event[1], now):
                app.feed(event[0], event[1], now)
            event = buttons.get()
        app.tick(now)
        if app.render():
            display.show()
        # Between screens is when memory can be given back: a game family just left.
        current = getattr(app, "screen", None)
        if current is not screen:
            screen = current
            gc.collect()
        elif gc.mem_free() < LOW_HEAP:
            gc.collect()
        period = BLANK_FRAME_MS if idle.update(now) == BLANK else FRAME_MS
        next_frame += period
        wait = diff(next_frame, clock())
        if wait > 0:
            sleep_ms(wait)
        else:
            next_frame = clock()  # late (a slow AI move): don't try to catch up
