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
        self._back = back

    def back(self):
        if self._back is not None:
            self.app.go(self._back)
        else:
            ListMenu.back(self)

    def choose(self, i):
        from crisscross import texts
        from crisscross.screens.textview import TextView

        name, attr = GAMES[i]
        self.app.go(TextView(self.app, name.upper(), getattr(texts, attr), self))
