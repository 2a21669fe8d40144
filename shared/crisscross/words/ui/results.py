"""The word game's results: solo, the score against the 6000 target; with several
players, the ranking and the winner. A or B goes back to the title.

A solo result goes into the high scores in whole points (the tenths of a Square
Effect dropped), under "words", "words-tournament" or "words-optional".
"""

from crisscross import buttons, ui
from crisscross.screens import Screen
from crisscross.words import deck, exact


def _record(app):
    """Solo results go into the high scores and statistics, once; any other game
    is only cleared from the store. Returns the high-score place or None."""
    s = app.session
    points = s.game.players[0].score // 10
    return app.record_result(s.solo(), s.rules_key(), points)


def ranking(game):
    """[(place, seat)] best first; equal scores share a place unless the
    tie-break found the winner."""
    ps = game.players
    order = sorted(range(len(ps)), key=lambda i: (-ps[i].score, -ps[i].rest, i))
    if game.winner is not None and game.winner in order:
        order.remove(game.winner)
        order.insert(0, game.winner)
    out = []
    for k in range(len(order)):
        seat = order[k]
        place = k + 1
        p, q = ps[seat], ps[order[k - 1]]
        if k and p.score == q.score and p.rest == q.rest:
            if not (k == 1 and game.winner is not None):
                place = out[-1][0]
        out.append((place, seat))
    return out


class WordsResults(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.session = app.session
        self.game = app.session.game
        self.place = _record(app)

    def key(self, b, kind):
        if kind == buttons.PRESS and (b == buttons.A or b == buttons.B):
            self.app.session = None
            self.app.show("title")

    def draw(self, c):
        if self.session.solo():
            self._solo(c)
        else:
            self._ranking(c)

    def _solo(self, c):
        game = self.game
        score = game.players[0].score
        target = game.options.target
        ui.bar(c, "GAME OVER")
        ui.center(c, "%s points" % deck.tenths(score), 12)
        if target:
            if score >= target * 10:
                ui.center(c, "%d reached!" % target, 22)
            else:
                ui.center(c, "Short of %d" % target, 22)
        if self.place == 0:
            ui.center(c, "New best score!", 32)
        elif self.place is not None:
            ui.center(c, "High score #%d" % (self.place + 1), 32)
        self._code(c, 44)
        ui.center(c, "A: done", 55)

    def _code(self, c, y):
        from crisscross import sharecode

        s = self.session
        ui.center(c, sharecode.deal_label(s.code, s.daily), y)

    def _ranking(self, c):
        game = self.game
        s = self.session
        ui.bar(c, "RESULTS")
        rows = ranking(game)
        for k in range(len(rows)):
            place, seat = rows[k]
            y = 11 + k * 9
            who = "P%d" % (seat + 1)
            if not s.is_human(seat):
                who += " AI"
            c.text("%d %s" % (place, who), 0, y)
            p = game.players[seat]  # exact (rule 6.1), as many decimals as fit
            ui.right(c, exact.points(p.score, p.rest, 3), 128, y)
        if game.winner is not None:
            text = "P%d wins!" % (game.winner + 1)
        else:
            text = "A tie"
        ui.center(c, text, 47)
        self._code(c, 56)


SCREEN = WordsResults
