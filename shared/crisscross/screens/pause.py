"""The in-game menu (hold B): resume, hint, undo, rules, save and quit, abandon."""

from crisscross import buttons, ui
from crisscross.screens.listmenu import ListMenu

RESUME = "Resume"
HINT = "Hint"
UNDO = "Undo"
RULES = "Rules"
HELP = "Controls"
QUIT = "Save & quit"
ABANDON = "Abandon game"
ASK_ABANDON = ("Abandon game?", "A: yes  B: no")


class Pause(ListMenu):
    """`under`: the screen the menu was opened from (the play screen, a hand-over
    screen), shown again as it was on Resume; None: the screen the session needs."""

    title = "MENU"

    def __init__(self, app, under=None):
        items = [RESUME]
        can_hint = getattr(under, "can_hint", None)
        if can_hint is not None and can_hint():
            items.append(HINT)
        if app.session.can_undo():
            items.append(UNDO)
        items += [RULES, HELP, QUIT, ABANDON]
        ListMenu.__init__(self, app, items)
        self.under = under
        self.asking = False  # "Abandon game?" is up: A abandons, any other key not

    def back(self):
        if self.under is not None:
            self.app.go(self.under)
            return
        from crisscross.dice.play import open_session

        open_session(self.app)

    def key(self, b, kind):
        if self.asking:
            self.asking = False
            if b == buttons.A:
                self.app.leave_game(False)
            return
        ListMenu.key(self, b, kind)

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == RESUME:
            self.back()
        elif item == HINT:
            self.back()
            self.under.hint()
        elif item == UNDO:
            app.session.undo()
            from crisscross.dice.play import save

            save(app)
            self.back()
        elif item == RULES:
            from crisscross import texts
            from crisscross.screens.textview import TextView

            fam = app.session.game.FAMILY
            text = getattr(texts, fam.upper())
            app.go(TextView(app, "RULES", text, Pause(app, self.under)))
        elif item == HELP:
            from crisscross import texts
            from crisscross.screens.textview import TextView

            app.go(TextView(app, "CONTROLS", texts.CONTROLS, Pause(app, self.under)))
        elif item == QUIT:
            app.leave_game(True)
        elif item == ABANDON:
            self.asking = True

    def draw(self, c):
        if self.asking:  # the question alone: no menu row cut by its frame
            ui.bar(c, self.title)
            ui.box(c, ASK_ABANDON)
            return
        ListMenu.draw(self, c)
