"""The title screen and main menu."""

from crisscross import ui
from crisscross.screens.listmenu import ListMenu

CONTINUE = "Continue"
NEW = "New game"
SCORES = "High scores"
RULES = "Rules"
HELP = "Controls"
ABOUT = "About"


class Title(ListMenu):
    title = "CRISS CROSS"

    def __init__(self, app, item=None):
        items = []
        store = app.store
        if store is not None and store.load_game():
            items.append(CONTINUE)
        items += [NEW, SCORES, RULES, HELP, ABOUT]
        selected = items.index(item) if item in items else 0
        ListMenu.__init__(self, app, items, selected)

    def back(self):
        pass  # the title is the root

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == CONTINUE:
            self._continue()
        elif item == NEW:
            app.show("newgame")
        elif item == SCORES:
            app.show("scores")
        elif item == RULES:
            app.show("rulesmenu")
        else:
            from crisscross import texts

            text = texts.CONTROLS if item == HELP else texts.ABOUT
            app.show("textview", item, text, app.make("title", item))

    def _continue(self):
        from crisscross.games import restore

        app = self.app
        try:
            app.session = restore(app.store.load_game())
        except ImportError:  # flashed without this game: the save waits for it
            app.toast("This game is not installed. Your game is kept.")
            return
        except OSError as e:  # a file the game needs (the word list): kept too
            e = str(e)
            app.toast("%s%s. Your game is kept." % (e[:1].upper(), e[1:]))
            return
        except ValueError as e:
            app.store.clear_game()
            app.show("title")
            app.toast("Saved game unreadable: " + str(e))
            return
        app.open_session()

    def draw(self, c):
        ListMenu.draw(self, c)
        if len(self.items) < 6:
            ui.center(c, "A:choose", 56)


SCREEN = Title
