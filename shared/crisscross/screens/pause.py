"""The in-game menu (hold B) of every family: resume, hint, the family's own
items, undo, rules, controls, save and quit, abandon (asked once more).

A family with items of its own (the word game: draw, pass, scores...) subclasses
Pause in its package and names that screen in its session's MENU."""

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
        if self.can_hint(app, under):
            items.append(HINT)
        if app.session.can_undo():
            items.append(UNDO)
        items += self.family_items(app, under)
        items += [RULES, HELP, QUIT, ABANDON]
        ListMenu.__init__(self, app, items)
        self.under = under
        self.asking = False  # "Abandon game?" is up: A abandons, any other key not

    def can_hint(self, app, under):
        can_hint = getattr(under, "can_hint", None)
        return can_hint is not None and can_hint()

    def family_items(self, app, under):
        """The items a family adds before Rules."""
        return []

    def back(self):
        if self.under is not None:
            self.app.go(self.under)
        else:
            self.app.open_session()

    def key(self, b, kind):
        if self.asking:
            self.asking = False
            if b == buttons.A:
                leave_game(self.app, False)
            return
        ListMenu.key(self, b, kind)

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == RESUME:
            self.back()
        elif item == HINT:
            self.hint()
        elif item == UNDO:
            app.session.undo()
            app.save()
            self.back()
        elif item == RULES or item == HELP:
            from crisscross import texts

            family = app.session.game.FAMILY.upper()
            text = getattr(texts, family if item == RULES else family + "_KEYS")
            app.show("textview", item.upper(), text, self.again())
        elif item == QUIT:
            leave_game(app, True)
        elif item == ABANDON:
            self.asking = True
        else:
            self.choose_family(item)

    def hint(self):
        self.back()
        self.under.hint()

    def again(self):
        """This menu afresh, for a page opened from it to go back to."""
        return self.app.make("pause", self.under)

    def choose_family(self, item):
        pass

    def draw(self, c):
        if self.asking:  # the question alone: no menu row cut by its frame
            ui.bar(c, self.title)
            ui.box(c, ASK_ABANDON)
            return
        ListMenu.draw(self, c)


def leave_game(app, keep):
    """Back to the title: Save & quit (`keep`) or abandon (the save is cleared)."""
    if keep:
        app.save()
    elif app.store is not None:
        app.store.clear_game()
    app.session = None
    app.show("title")


SCREEN = Pause
