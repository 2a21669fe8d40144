"""Between players in pass-and-play, in every family: the next player sees only
their own sheet, cards or hand once they have taken the handheld."""

from crisscross import buttons, ui
from crisscross.screens import LONG_B, Screen


class Handover(Screen):
    long_keys = LONG_B  # hold B: the menu

    def key(self, b, kind):
        app = self.app
        if kind == buttons.PRESS and b == buttons.A:
            app.session.proceed()
            app.save()
            app.open_session()
        elif kind == buttons.LONG and b == buttons.B:
            app.show(app.session.MENU, self)

    def draw(self, c):
        s = self.app.session
        ui.bar(c, "NEXT PLAYER")
        ui.center(c, "Player %d" % (s.game.turn + 1), 18)
        ui.center(c, "Pass the", 32)
        ui.center(c, "handheld", 41)
        ui.center(c, "A: I'm ready", 55)


SCREEN = Handover
RESIDENT = ()
