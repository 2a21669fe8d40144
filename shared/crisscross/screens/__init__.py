"""One module per screen. A screen has key(button, kind), tick(now), draw(canvas).

Screens are reached by name through App.show ("pause", "cards.play"): a name
without a dot is a module here, "family.name" the module crisscross.family.name.
Each screen module names its class SCREEN and the engine modules it needs
resident while it is up, RESIDENT (the app unloads every other game module at
a change of screen; docs/architecture.md)."""

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
    resident = ()  # set by App.make: its module's RESIDENT and the module itself
    under = None  # a screen this one goes back to as it was (kept resident too)

    def __init__(self, app):
        self.app = app

    def needs(self):
        """The module names this screen needs resident (App.unload)."""
        if self.under is None:
            return self.resident
        return self.resident + self.under.needs()

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
