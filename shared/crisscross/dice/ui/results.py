"""Results: the total and rank (solo) or the ranking (several players), then
each sheet with its line scores, browsed line by line with up/down."""

from crisscross import buttons, glyphs, ui
from crisscross.dice.ui import draw as dd
from crisscross.screens import Screen

SX = 9  # the results sheet sits right of the bottom-left diagonal corner
SY = 0
SUMMARY = 0
SHEET = 1


def _record(app):
    """Solo results go into the high scores and statistics, once."""
    from crisscross.dice.session import rules_key

    s = app.session
    game = s.game
    total = game.score(0).total
    rank = None
    if game.FAMILY == "symbols":
        from crisscross.dice.symbols import rank_index

        rank = rank_index(total)
    solo = s.humans == 1 and s.seats[0] == 0
    return app.record_result(solo, rules_key(game), total, rank)


def line_cells(k):
    """Line k of the browse order: rows 0-4, columns 5-9, the diagonal 10."""
    from crisscross.dice.grid import COLS, DIAG, ROWS

    if k < 5:
        return ROWS[k]
    if k < 10:
        return COLS[k - 5]
    return DIAG


class Results(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.session = app.session
        self.game = app.session.game
        self.page = SUMMARY
        self.player = 0
        self.line = -1  # -1: no line selected
        self.place = _record(app)
        self.order = self.game.ranking()
        self.selected = 0  # in the ranking list

    def key(self, b, kind):
        if kind == buttons.LONG:
            return
        n = 11 if self._advanced() else 10
        if self.page == SUMMARY:
            if b == buttons.UP and self.game.players > 1:
                self.selected = (self.selected - 1) % self.game.players
            elif b == buttons.DOWN and self.game.players > 1:
                self.selected = (self.selected + 1) % self.game.players
            elif kind != buttons.PRESS:
                return
            elif b == buttons.A or b == buttons.RIGHT:
                self.page = SHEET
                self.player = self.order[self.selected][1]
                self.line = -1
            elif b == buttons.B:
                self._leave()
        else:
            if b == buttons.DOWN:
                self.line = (self.line + 1) % n
            elif b == buttons.UP:
                self.line = (self.line - 1) % n if self.line >= 0 else n - 1
            elif kind != buttons.PRESS:
                return
            elif b == buttons.LEFT and self.game.players > 1:
                self.selected = (self.selected - 1) % self.game.players
                self.player = self.order[self.selected][1]
            elif b == buttons.RIGHT and self.game.players > 1:
                self.selected = (self.selected + 1) % self.game.players
                self.player = self.order[self.selected][1]
            elif b == buttons.B or b == buttons.A:
                self.page = SUMMARY

    def _advanced(self):
        return self.game.FAMILY == "symbols" and self.game.advanced

    def _leave(self):
        self.app.session = None
        self.app.show("title")

    # ---- drawing ----------------------------------------------------------
    def draw(self, c):
        if self.page == SUMMARY:
            if self.game.players == 1:
                self._solo(c)
            else:
                self._ranking(c)
        else:
            self._sheet(c)

    def _solo(self, c):
        game = self.game
        total = game.score(0).total
        ui.bar(c, "GAME OVER")
        ui.center(c, "%d points" % total, 14)
        if game.FAMILY == "symbols":
            from crisscross.dice.symbols import rank_title

            title = rank_title(total)
            ui.center(c, title, 25)
        if self.place == 0:
            ui.center(c, "New best score!", 35)
        elif self.place is not None:
            ui.center(c, "High score #%d" % (self.place + 1), 35)
        self._code(c, 45)
        ui.center(c, "A:sheet B:title", 56)

    def _code(self, c, y):
        from crisscross import sharecode

        s = self.session
        ui.center(c, sharecode.deal_label(s.code, s.daily), y)

    def _ranking(self, c):
        game = self.game
        ui.bar(c, "RESULTS")
        first = self.selected - 3 if self.selected > 3 else 0
        for k in range(min(4, game.players - first)):
            i = first + k
            place, p = self.order[i]
            y = 11 + k * 9
            fg = 1
            if i == self.selected:
                c.fill_rect(0, y - 1, 128, 9, 1)
                fg = 0
            who = "P%d" % (p + 1)
            if self.session.seats[p]:
                who += " AI"
            c.text("%d %s" % (place, who), 2, y, fg)
            ui.right(c, str(game.score(p).total), 126, y, fg)
        if self._tie_broken():
            cc = game.FAMILY == "digits" and game.variant == "cc"
            c.text("tie: top total" if cc else "tie: best line", 0, 47)
        else:
            ui.center(c, "A:sheet B:title", 47)
        self._code(c, 56)

    def _tie_broken(self):
        """True when equal totals were split by the tie-break."""
        game = self.game
        totals = [game.score(p).total for _, p in self.order]
        places = [pl for pl, _ in self.order]
        for k in range(1, len(totals)):
            if totals[k] == totals[k - 1] and places[k] != places[k - 1]:
                return True
        return False

    def _sheet(self, c):
        game = self.game
        p = self.player
        score = game.score(p)
        hl = line_cells(self.line) if self.line >= 0 else None
        dd.sheet(c, game.FAMILY, game.sheet_of(p), SX, SY, hl, self._advanced())
        for r in range(5):  # row scores to the right of the sheet
            glyphs.mini_text(c, str(score.rows[r]), SX + 58, SY + 3 + r * dd.PITCH)
        for k in range(5):  # column scores below
            text = str(score.cols[k])
            x = SX + 1 + k * dd.PITCH + (dd.PITCH - 1 - glyphs.mini_width(text)) // 2
            glyphs.mini_text(c, text, x, 58)
        if score.diag is not None:  # the diagonal's corner, as on the paper sheet
            glyphs.mini_text(c, str(score.diag), 0, 58)
            glyphs.mini_text(c, str(score.diag), SX + 58, 58)
        x = 78
        if game.players > 1:
            c.text("P%d" % (p + 1), x, 0)
        c.text("Total", x, 10)
        ui.right(c, str(score.total), 127, 19)
        if self.line >= 0:
            k = self.line
            if k < 5:
                name, value = "Row %d" % (k + 1), score.rows[k]
            elif k < 10:
                name, value = "Col %d" % (k - 4), score.cols[k - 5]
            else:
                name, value = "Diag", score.diag
            c.text(name, x, 34)
            ui.right(c, ("%dx2" if k == 10 else "%d") % value, 127, 43)
        else:
            c.text("up/dn", x, 38)
            c.text("lines", x, 47)
        if game.FAMILY == "digits" and game.variant in ("cc", "versus"):
            c.text("R%d C%d" % (score.rows_total, score.cols_total), x, 56)


SCREEN = Results
