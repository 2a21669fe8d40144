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
        y = s.HANDOVER_Y  # each family's layout as its players know it
        ui.bar(c, "NEXT PLAYER")
        ui.center(c, "Player %d" % (s.game.turn + 1), y)
        ui.center(c, "Pass the", y + 14)
        ui.center(c, "handheld", y + 23)
        ui.center(c, "A: I'm ready", 55)


SCREEN = Handover
