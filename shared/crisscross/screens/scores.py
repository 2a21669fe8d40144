"""High scores and statistics per game and rule set.

Left/right: the rule set (first the one played last). Up/down: high scores,
statistics, the last 20 games as a bar chart. B: back.
"""

from crisscross import buttons, records, ui
from crisscross.screens import Screen
from crisscross.games import RULESETS, ruleset

# One title per crisscross.games.RULESETS entry, in its order.
TITLES = (
    "SYMBOLS BASIC",
    "SYMBOLS ADV.",
    "DIGITS",
    "DIGITS C&C",
    "DIGITS VERSUS",
    "CARDS",
    "CARDS JOKER",
    "CARDS STRICT",
    "WORDS",
    "WORDS TOURN.",
    "WORDS BIG DRAW",
    "CARDS J+STRICT",
)
PAGES = 3
_FAMILIES = ("symbols", "digits", "cards", "words")
# The rule sets as left/right go through them: each game's together, in RULESETS'
# order (it only ever grows at its end: a share code carries an index into it).
# The key is whole: MicroPython's sort is not stable.
ORDER = tuple(
    sorted(
        range(len(RULESETS)),
        key=lambda i: _FAMILIES.index(ruleset(RULESETS[i])[0]) * len(RULESETS) + i,
    )
)


class Scores(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.set = 0
        if app.store is not None:
            latest = records.latest(app.store)
            if latest in RULESETS:
                self.set = ORDER.index(RULESETS.index(latest))
        self.page = 0

    def key(self, b, kind):
        if kind == buttons.LONG:
            return
        if b == buttons.LEFT:
            self.set = (self.set - 1) % len(ORDER)
        elif b == buttons.RIGHT:
            self.set = (self.set + 1) % len(ORDER)
        elif b == buttons.UP:
            self.page = (self.page - 1) % PAGES
        elif b == buttons.DOWN:
            self.page = (self.page + 1) % PAGES
        elif b == buttons.B or b == buttons.A:
            self.app.show("title", "High scores")

    def draw(self, c):
        ui.bar(c, "<" + TITLES[ORDER[self.set]] + ">")
        store = self.app.store
        if store is None:
            ui.center(c, "No storage", 30)
            return
        key = RULESETS[ORDER[self.set]]
        if self.page == 0:
            self._high(c, records.high_scores(store, key))
        elif self.page == 1:
            self._stats(c, records.stats(store, key), key.startswith("symbols"))
        else:
            self._chart(c, records.stats(store, key)["last"])
        c.text("%d/%d" % (self.page + 1, PAGES), 104, 56)

    def _high(self, c, high):
        if not high:
            ui.center(c, "No games yet", 28)
            return
        from crisscross import sharecode

        for k in range(len(high)):
            h = high[k]
            y = 11 + k * 9
            c.text("%d %3d" % (k + 1, h["score"]), 0, y)
            # The day (MM-DD) where the board has a clock, else the share code as
            # the results show it.
            when = h["date"][5:] or h["code"] and sharecode.pretty(h["code"])
            c.text(when, 56, y)

    def _stats(self, c, st, symbols):
        c.text("Played %d" % st["played"], 0, 11)
        if st["played"]:
            m = st["mean10"]
            sign = "-" if m < 0 else ""
            m = abs(m)
            c.text("Mean %s%d.%d" % (sign, m // 10, m % 10), 0, 20)
            c.text("Best %d" % st["best"], 0, 29)
        if symbols and st["played"]:
            c.text("Ranks, best..", 0, 38)
            c.text(" ".join(str(n) for n in st["ranks"])[:13], 0, 47)

    def _chart(self, c, last):
        c.text("Last %d" % len(last), 0, 11)
        if not last:
            return
        top = max(1, max(last))
        low = min(0, min(last))
        span = top - low
        base = 62 + low * 40 // span  # y of zero
        for k in range(len(last)):
            v = last[k]
            x = 4 + k * 6
            y = 62 - (v - low) * 40 // span
            if v >= 0:
                c.fill_rect(x, y, 5, base - y + 1, 1)
            else:
                c.fill_rect(x, base, 5, y - base + 1, 1)
        ui.right(c, str(top), 127, 11)


SCREEN = Scores
