"""Between players in pass-and-play: the next player sees only their own sheet."""

from crisscross import buttons, ui
from crisscross.screens import LONG_B, Screen


class Handover(Screen):
    long_keys = LONG_B  # hold B: the menu

    def key(self, b, kind):
        if kind == buttons.PRESS and b == buttons.A:
            from crisscross.dice.play import open_session, save

            self.app.session.proceed()
            save(self.app)
            open_session(self.app)
        elif kind == buttons.LONG and b == buttons.B:
            from crisscross.screens.pause import Pause

            self.app.go(Pause(self.app, self))

    def draw(self, c):
        s = self.app.session
        ui.bar(c, "NEXT PLAYER")
        ui.center(c, "Player %d" % (s.game.turn + 1), 18)
        ui.center(c, "Pass the", 32)
        ui.center(c, "handheld", 41)
        ui.center(c, "A: I'm ready", 55)
