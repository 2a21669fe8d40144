"""Pick which game's rules to read."""

from crisscross.screens.listmenu import ListMenu

GAMES = (
    ("Symbols", "SYMBOLS"),
    ("Digits", "DIGITS"),
    ("Cards", "CARDS"),
    ("Words", "WORDS"),
)


class RulesMenu(ListMenu):
    title = "RULES"

    def __init__(self, app, back=None):
        ListMenu.__init__(self, app, [g[0] for g in GAMES])
        self.under = back

    def back(self):
        if self.under is not None:
            self.app.go(self.under)
        else:  # the title's cursor on Rules, as every item of its leaves it
            self.app.show("title", "Rules")

    def choose(self, i):
        from crisscross import texts

        name, attr = GAMES[i]
        self.app.show("textview", name.upper(), getattr(texts, attr), self)


SCREEN = RulesMenu
