"""Card game results: the ranking (each seat with its colour's mark and name, so
that "Mountain four!" says whose line it was), why the game ended, a new best
score of a game the human won (or the share code), and the keys; A shows the
final table (the last lines that scored inverted), B goes back to the title.

One human against AI foes: the score goes into the high scores ('cards',
'cards-joker', 'cards-strict', 'cards-joker-strict'); with several humans the save
is only cleared.
"""

from crisscross import buttons, ui
from crisscross.compat import const
from crisscross.screens import Screen
from crisscross.cards.ui import draw as cd
from crisscross.cards import deck
from crisscross.cards.game import END_BLOCKED, END_COLOUR, PASS
from crisscross.cards.session import HUMAN

SUMMARY = const(0)
_TABLE = const(1)
_ROW_Y = const(11)  # first ranking row
_KEYS_Y = const(56)  # the keys' line at the bottom
PX = const(64)


def _record(app):
    """Solo results go into the high scores, once; returns the place or None."""
    s = app.session
    score = s.game.scores[s.seats.index(HUMAN)]  # a game has at least one human
    return app.record_result(s.humans == 1, s.rules_key(), score)


def ranking(game):
    """(place, seat) best first; equal scores share a place, seats in order."""
    order = []
    for s in range(game.seats):
        order.append((-game.scores[s], s))
    order.sort()
    out = []
    for score, s in order:
        place = 1
        for t in range(game.seats):
            if game.scores[t] > -score:
                place += 1
        out.append((place, s))
    return out


def end_text(game):
    """Why the game ended, in one line of at most 16 characters."""
    if game.end_reason == END_COLOUR:
        seat = game.history[-1][0]
        return "%s four!" % deck.COLOUR_NAMES[game.colours[seat]]
    if game.end_reason == END_BLOCKED:
        return "No one can play"
    return "All cards played"


class CardsResults(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.session = app.session
        self.game = app.session.game
        self.page = SUMMARY
        self.place = _record(app)
        self.order = ranking(self.game)
        b = self.game.table.bounds() or (3, 3, 3, 3)
        self.vx = cd.centred(b[0], b[2])
        self.vy = cd.centred(b[1], b[3])

    def key(self, b, kind):
        if kind != buttons.PRESS:
            return
        if self.page == _TABLE:
            if b == buttons.A or b == buttons.B:
                self.page = SUMMARY
        elif b == buttons.A:
            self.page = _TABLE
        elif b == buttons.B:
            self.app.session = None
            self.app.show("title")

    def draw(self, c):
        if self.page == SUMMARY:
            self._summary(c)
        else:
            self._table(c)

    def _summary(self, c):
        game = self.game
        s = self.session
        ui.bar(c, "GAME OVER")
        for k in range(game.seats):
            place, seat = self.order[k]
            y = _ROW_Y + k * 9
            colour = game.colours[seat]
            human = s.is_human(seat)
            c.text("%d %s" % (place, "P%d" % (seat + 1) if human else "AI"), 2, y)
            cd.mark(c, colour, 37, y + 1)
            c.text(deck.COLOUR_NAMES[colour], 46, y)
            ui.right(c, str(game.scores[seat]), 126, y)
        # Under the ranking, above the keys: why it ended, then the record or
        # the code (four seats leave room for one of them: the record first).
        code = self._code()
        record = self._record_text(code)
        room = (_KEYS_Y - _ROW_Y - game.seats * 9) // 9
        if room >= 3 and record != code:  # a new best: its code too
            lines = (end_text(game), record, code)
        elif room >= 2:
            lines = (end_text(game), record)
        else:
            lines = (record or end_text(game),)
        y = _KEYS_Y - 9 * len(lines)
        for text in lines:
            if text:
                ui.center(c, text, y)
            y += 9
        ui.center(c, "A:table B:title", _KEYS_Y)

    def _record_text(self, code):
        """A new best or a high score of a game the human won; else `code`."""
        s = self.session
        won = False
        for place, seat in self.order:
            if place == 1 and s.is_human(seat):
                won = True
        if won and self.place == 0:
            return "New best score!"
        if won and self.place is not None:
            return "High score #%d" % (self.place + 1)
        return code

    def _code(self):
        from crisscross import sharecode

        s = self.session
        return sharecode.deal_label(s.code, s.daily)

    def _table(self, c):
        """The final table, the last move's lines inverted."""
        from crisscross.cards.table import EMPTY

        game = self.game
        t = game.table
        cd.grid(c, 0, 1, cd.VIEW, cd.VIEW)
        last = game.history[-1] if game.history else None
        lines = last[4] if last is not None and last[1] != PASS else ()
        for row in range(cd.VIEW):
            for col in range(cd.VIEW):
                x = self.vx + col
                y = self.vy + row
                top = t.at(x, y)
                if top == EMPTY:
                    continue
                inv = False
                for ln in lines:
                    if (x, y) in ln.cells:
                        inv = True
                px, py = cd.cell_xy(col, row, 0, 1)
                cd.card(c, top, px, py, inv, t.height(x, y))
        c.text("Final", PX, 0)
        c.text("table", PX, 9)
        text = end_text(game)
        words = ui.wrap(text, 8)
        for k in range(min(2, len(words))):
            c.text(words[k], PX, 27 + k * 9)
        c.text("B:back", PX, 56)


SCREEN = CardsResults
