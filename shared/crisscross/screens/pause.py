"""The in-game menu (hold B): resume, hint, undo, rules, save and quit."""

from crisscross.screens.listmenu import ListMenu

RESUME = "Resume"
UNDO = "Undo"
RULES = "Rules"
HELP = "Controls"
QUIT = "Save & quit"
ABANDON = "Abandon game"


class Pause(ListMenu):
    title = "MENU"

    def __init__(self, app):
        items = [RESUME]
        if app.session.can_undo():
            items.append(UNDO)
        items += [RULES, HELP, QUIT, ABANDON]
        ListMenu.__init__(self, app, items)
        self.armed = False  # abandon asks twice

    def back(self):
        from crisscross.screens.play import open_session

        open_session(self.app)

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == RESUME:
            self.back()
        elif item == UNDO:
            app.session.undo()
            from crisscross.screens.play import save

            save(app)
            self.back()
        elif item == RULES:
            from crisscross import texts
            from crisscross.screens.textview import TextView

            fam = app.session.game.FAMILY
            app.go(TextView(app, "RULES", getattr(texts, fam.upper()), Pause(app)))
        elif item == HELP:
            from crisscross import texts
            from crisscross.screens.textview import TextView

            app.go(TextView(app, "CONTROLS", texts.CONTROLS, Pause(app)))
        elif item == QUIT:
            app.leave_game(True)
        elif item == ABANDON:
            if not self.armed:
                self.armed = True
                app.toast("Press A again to abandon this game")
                return
            app.leave_game(False)
