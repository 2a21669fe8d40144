"""One module per screen. A screen has key(button, kind), tick(now), draw(canvas)."""


class Screen:
    """Defaults: no timers; subclasses draw and handle keys."""

    def __init__(self, app):
        self.app = app

    def key(self, button, kind):
        pass

    def tick(self, now):
        pass

    def draw(self, c):
        pass
