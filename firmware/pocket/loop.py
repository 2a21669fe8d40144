"""The main loop: pins -> button events -> app -> display, then sleep until needed.

The loop runs once per button edge or timer, never on a fixed frame: while nothing
is held and the app has no timer, it sleeps until the next edge (a pin interrupt
wakes it) or until the idle timer dims the screen. While a button is held it wakes
every HELD_MS for the long press and auto-repeat, unless the screen is blank (a
button held in a bag: only its release, an edge, matters then). Memory is collected
between screens (a game family was just left); otherwise `gc.threshold` (set at
start-up) decides, so no frame scans the heap.

Everything comes in as arguments (the clock and the wait too), so tests run the real
loop inside MicroPython with a fake clock and a recording bus.
"""

import gc

from micropython import const

from pocket.idle import BLANK

HELD_MS = const(20)  # a button is down: its long press and repeats are due soon
_DEBOUNCE_RESCAN_MS = const(12)  # a change was ignored as bounce: look again after it


def next_wait(app, keys, idle, now):
    """Milliseconds until the loop must run again; None: only an edge wakes it."""
    if keys.unsettled():
        return _DEBOUNCE_RESCAN_MS
    ms = app.next_tick(now)
    if keys.held() and idle.state != BLANK:  # its long press and repeats are due
        return HELD_MS if ms is None or ms > HELD_MS else ms
    quiet = idle.next_in(now)
    if quiet is not None and (ms is None or quiet < ms):
        ms = quiet
    return ms


def run(app, display, keys, buttons, idle, clock, wait, frames=-1):
    """Run until `frames` passes have run (-1: forever)."""
    # The screen shown last, by id(): a reference would keep the old screen,
    # and through its class the code of a module the app has unloaded, alive
    # through the collection App.render makes at a change of screen (New game's
    # code when it hands over to a game).
    screen = None
    while frames:
        frames -= 1
        now = clock()
        keys.arm()  # an edge from here on wakes the next wait at once
        keys.scan(now)
        buttons.poll(now)
        event = buttons.get()
        while event is not None:
            if idle.event(event[0], event[1], now):
                app.feed(event[0], event[1], now)
            event = buttons.get()
        # A pin that just changed is settling (~_DEBOUNCE_RESCAN_MS): its edge
        # comes first, the app's timers after it (a hint's search step would
        # make a tap's release wait for it).
        if not keys.unsettled():
            app.tick(now)
        if app.render():
            display.show()
        # Between screens is when memory can be given back: a game family just left.
        current = id(getattr(app, "screen", None))
        if current != screen:
            screen = current
            gc.collect()
        blank = idle.update(now) == BLANK
        ms = next_wait(app, keys, idle, clock())
        if ms is None or ms > 0:
            wait(ms, blank)
