"""One module per screen. A screen has key(button, kind), tick(now), draw(canvas)."""

from crisscross import buttons

LONG_B = 1 << buttons.B  # long_keys of a screen where only B has a long meaning
LONG_AB = LONG_B | 1 << buttons.A


class Screen:
    """Defaults: no timers; subclasses draw and handle keys.

    long_keys: bits (1 << button) of the buttons with a long meaning here. App
    gives key() their PRESS on release (unless held to LONG), and their LONG at
    the threshold; other buttons' PRESS on the edge and never a LONG.
    key() never sees RELEASE."""

    long_keys = 0

    def __init__(self, app):
        self.app = app

    def key(self, button, kind):
        pass

    def tick(self, now):
        pass

    def tick_in(self, now):
        """Milliseconds until tick() has work (0: at once), None: no timer. A
        screen that has a tick() says here when it is due (App.next_tick)."""
        return None

    def draw(self, c):
        pass
