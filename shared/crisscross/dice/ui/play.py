"""The play screen: the sheet, the roll, the cursor that places it.

Symbols: the cursor is a pair of cells; arrows move it, B turns it (right, down,
left, up: the first die's symbol sits on the anchor, so turning also swaps the
order), A places. Digits: one cell; B opens the menu. Hold A for a hint, hold B
for the menu. After placing, A rolls on and B takes the placement back.
"""

from crisscross import buttons, glyphs, ui
from crisscross.dice.ui import draw as dd
from crisscross.dice.grid import lone_free, lone_made
from crisscross.screens import HintScreen
from crisscross.dice import session as sess

X0 = 0  # the sheet's top-left corner
Y0 = 4
PANEL = 60  # x of the panel on the right
DR = (0, 1, 0, -1)  # right, down, left, up
DC = (1, 0, -1, 0)
TRY_ORDER = (0, 1, 3, 2)  # when the chosen way does not fit: next, previous, opposite


def pair_at(anchor, d):
    r = anchor // 5 + DR[d]
    c = anchor % 5 + DC[d]
    if 0 <= r < 5 and 0 <= c < 5:
        return r * 5 + c
    return -1


class Play(HintScreen):
    """Hold A: hint (searched from the moment A goes down: HintScreen); hold B:
    the menu."""

    def __init__(self, app):
        HintScreen.__init__(self, app)
        self.session = app.session
        self.game = app.session.game
        self.symbols = self.game.FAMILY == "symbols"
        self.cursor = 12
        self.dir = 0
        self.asking = None  # a placement waiting for "leaves a lone cell" consent
        self._rnd = -1  # the round whose text _rnd_text holds
        self._rnd_text = ""
        self._snap()

    # ---- the cursor -------------------------------------------------------
    def move(self):
        """(move, legal) under the cursor; the pair turns itself to fit if it can."""
        game = self.game
        if not self.symbols:
            return self.cursor, game.is_legal(self.cursor)
        for k in TRY_ORDER:
            d = (self.dir + k) % 4
            other = pair_at(self.cursor, d)
            if other >= 0 and game.is_legal((self.cursor, other)):
                return (self.cursor, other), True
        return (self.cursor, pair_at(self.cursor, self.dir)), False

    def _snap(self):
        """Put the cursor on the nearest cell where something can be placed."""
        if self.session.phase != sess.PLACE or self.game.over:
            return
        start = self.cursor
        for k in range(25):
            self.cursor = (start + k) % 25
            if self.move()[1]:
                return
        self.cursor = start

    # ---- keys -------------------------------------------------------------
    def key(self, b, kind):
        s = self.session
        if kind != buttons.LONG or b != buttons.A:
            self.drop_search()  # a tap of A, or another key: no hint wanted
        if kind == buttons.LONG:
            if b == buttons.B:
                self.app.show("pause", self)
            elif b == buttons.A and s.phase == sess.PLACE:
                self.hint()
            return
        if s.phase == sess.PLACED:
            if kind != buttons.PRESS:
                return
            if b == buttons.A:
                self.proceed()
            elif b == buttons.B:
                s.undo()
                self.app.save()
            return
        if self.asking is not None:
            if kind == buttons.PRESS and b == buttons.A:
                self.place(self.asking)
            elif kind == buttons.PRESS:
                self.asking = None
            return
        if b < buttons.A:
            r, c = divmod(self.cursor, 5)
            if b == buttons.UP:
                r = (r - 1) % 5
            elif b == buttons.DOWN:
                r = (r + 1) % 5
            elif b == buttons.LEFT:
                c = (c - 1) % 5
            else:
                c = (c + 1) % 5
            self.cursor = r * 5 + c
        elif kind != buttons.PRESS:
            return
        elif b == buttons.B:
            if self.symbols:
                self.turn()
            else:
                self.app.show("pause", self)
        elif b == buttons.A:
            move, legal = self.move()
            if not legal:
                self.app.toast(
                    "Can't place here: the %s must be empty"
                    % ("cells" if self.symbols else "cell")
                )
            elif (
                self.symbols
                and lone_made(self.game.sheet(), move[0], move[1]) > 0
                and lone_free(self.game.sheet())
            ):
                self.asking = move
            else:
                self.place(move)

    def turn(self):
        """B: the next way round that fits at the anchor (right, down, left, up)."""
        move, legal = self.move()
        cur = self.dir
        if legal:
            for d in range(4):
                if pair_at(self.cursor, d) == move[1]:
                    cur = d
        for k in range(1, 5):
            d = (cur + k) % 4
            other = pair_at(self.cursor, d)
            if other >= 0 and self.game.is_legal((self.cursor, other)):
                self.dir = d
                return
        self.dir = (cur + 1) % 4

    def place(self, move):
        self.asking = None
        self.session.confirm(move)
        self.app.save()

    def proceed(self):
        app = self.app
        self.session.proceed()
        app.save()
        if self.session.phase != sess.PLACE:
            app.open_session()
        else:
            app.tidy()  # the AI seats' search, if they played: not kept
            self._snap()

    def can_hint(self):
        """Whether the menu offers a hint: a placement to choose."""
        return self.session.phase == sess.PLACE

    def hint(self):
        self.asking = None
        HintScreen.hint(self)

    def hint_steps(self, out):
        """The device level's hint (crisscross.dice.ai.hint_steps), whatever
        the AI seats' strength, imported by the search's first step
        (load_hint: the session's hint_modules())."""
        from crisscross.dice import ai

        yield from ai.hint_steps(self.game, ai.DEVICE, out)

    def hint_done(self):
        """What a search built and opened (its tables, the symbols' layout) is
        not kept between searches, though its module is (the session's
        resident())."""
        from crisscross.dice import ai

        ai.let_go()

    def tick(self, now):
        self.search_tick(now)

    def tick_in(self, now):
        return self.search_tick_in(now)

    def show_hint(self, result):
        move, expected = result
        if self.symbols:
            self.cursor = move[0]
            for d in range(4):
                if pair_at(move[0], d) == move[1]:
                    self.dir = d
        else:
            self.cursor = move
        if expected is not None:
            self.app.toast("Hint: about %d points at the end" % expected)

    # ---- drawing ----------------------------------------------------------
    def draw(self, c):
        # Runs after every key press: it avoids garbage (dice read once, no tuples
        # of tuples, the round's text kept), see docs/performance.md.
        s = self.session
        game = self.game
        player = s.last_human if s.phase == sess.PLACED else game.turn
        cells = game.sheet_of(player)
        fam = game.FAMILY
        advanced = self.symbols and game.advanced
        dd.sheet(c, fam, cells, X0, Y0, None, advanced)
        score = game.total(player)  # no Score object
        delta = None
        dice = None
        if s.phase == sess.PLACE:
            dice = game.dice()
            move, legal = self.move()
            self._preview(c, move, legal, dice)
            if legal:
                delta = self._delta(move, player, score, dice)
        self._panel(c, s, player, score, delta, dice)
        if self.asking is not None:
            ui.box(c, ("Leaves a lone", "empty cell!", "A:place B:no"))

    def _preview(self, c, move, legal, dice):
        if self.symbols:
            self._target(c, move[0], dice[0], legal)
            self._target(c, move[1], dice[1], legal)
        else:
            self._target(c, move, dice + 1, legal)

    def _target(self, c, i, v, legal):
        if i < 0:
            return
        if legal:
            dd.cell(c, self.game.FAMILY, v, i, X0, Y0, True)
        else:
            dd.hatch(c, i, X0, Y0)

    def _delta(self, move, player, score, dice):
        """What the score would be after this placement (the coach's number)."""
        game = self.game
        cells = game.sheet_of(player)
        if self.symbols:
            cells[move[0]] = dice[0]
            cells[move[1]] = dice[1]
            after = game.total(player)
            cells[move[0]] = cells[move[1]] = 0
        else:
            cells[move] = dice + 1
            after = game.total(player)
            cells[move] = 0
        return after - score

    def _round_text(self, s):
        """'3/12', remade only when the round shown changes."""
        n = min(s.shown_round() + 1, self.game.ROUNDS)
        if n != self._rnd:
            self._rnd = n
            self._rnd_text = "%d/%d" % (n, self.game.ROUNDS)
        return self._rnd_text

    def _panel(self, c, s, player, score, delta, dice):
        game = self.game
        x = PANEL + 2
        if game.players > 1:
            c.text("P%d" % (player + 1), x, 0)
        else:
            c.text("Rnd", x, 0)
        # To the screen's edge: "12/12" stays clear of "Rnd" (3 px between).
        ui.right(c, self._round_text(s), 128, 0)
        if s.phase == sess.PLACE:
            if self.symbols:
                for k in range(2):
                    bx = x + 4 + k * 16
                    c.rect(bx, 11, 12, 12, 1)
                    glyphs.symbol(c, dice[k], bx + 2, 13)
            else:
                c.rect(x + 4, 11, 12, 12, 1)
                c.text(str(dice), x + 6, 13)
                c.text("digit", x + 22, 13)
        else:
            c.text("placed", x, 13)
        c.text("Pts", x, 28)
        ui.right(c, str(score), 127, 28)
        if delta:
            ui.right(c, ("+%d" if delta > 0 else "%d") % delta, 127, 37)
        if s.phase == sess.PLACED:
            if game.over:  # the last placement: A shows the results
                c.text("A:end", x, 47)
            else:
                c.text("A:roll" if s.humans == 1 else "A:next", x, 47)
            c.text("B:undo", x, 56)
        elif not self.draw_mark(c, x, 47):
            c.text("A:put", x, 47)
            c.text("B:turn" if self.symbols else "B:menu", x, 56)


SCREEN = Play
