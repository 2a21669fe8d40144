"""The word game's play screen: the layout in a scrolling view, the hand as a strip.

CURSOR  arrows move the cursor over the table (the view follows), B turns the
        direction (across / down), A starts a word at the cursor.
PICK    left/right choose a card in the hand strip, A lays it on the next free
        cell (cards on the table are skipped: they join the word), up/down change
        the letter a wild card just laid stands for, B takes the last card back
        (none left: back to CURSOR). The top line shows the words formed and their
        score; A on "OK" lays them.
Another line (menu): keep the cards picked and pick a line elsewhere, for a Square
Effect over several rows or columns; B with no card in the line goes back into it.
Hold A for a hint (the AI's play, laid out ready to confirm); hold B for the menu.
AI seats and the hint think on words/ui/think.py, which does not need this module
(the app unloads it meanwhile); the table, top line and hand are drawn by words/ui/draw.py,
and the pending play, the cards picked and where they land, is words/ui/pending.py.
"""

from crisscross import buttons, ui
from crisscross.compat import const
from crisscross.screens import LONG_AB
from crisscross.words import deck
from crisscross.words import session as ws
from crisscross.words.board import ACROSS, LETTER_MASK, WILD_BIT
from crisscross.words.ui import draw as wd
from crisscross.words.ui.draw import BX, BY, CELL, STATE, STRIP_Y, VIEW_COLS, VIEW_ROWS
from crisscross.words.ui.pending import CURSOR, OK, PICK, PendingPlay

MARGIN = const(1)  # cells kept between the cursor and the view's edge
LIMIT = const(480)  # cursor range: the board holds -512..511, a word fits beside


def after_turn(app):
    """Save after a move, show what happened, go where the session is now."""
    s = app.session
    scr = app.screen
    if isinstance(scr, WordsPlay) and (s.phase == ws.PLAY or s.phase == ws.AI_TURN):
        # The play screen again (the same human, or an AI thinks next: the
        # screen hands over to the thinking screen on the next tick, so the key
        # that laid a word loads no code): set this one up for the turn rather
        # than build and collect another. turn() tells the news when this human
        # plays on; before an AI's turn they wait, to be told with its move (a
        # word refused must not flash by under "P2 thinking").
        app.save()
        scr.turn()
        app.dirty = True
    else:
        wd.go_on(app)


class WordsPlay(PendingPlay):
    """`at`: a `state()` to take up again, as the menu and the thinking screen
    give it back (this module is unloaded meanwhile); None: where the turn starts."""

    long_keys = LONG_AB  # hold A: hint; hold B: the menu

    def __init__(self, app, at=None):
        PendingPlay.__init__(self, app)
        self.turn()
        if at is not None:
            for name, value in zip(STATE, at):
                setattr(self, name, value)
            self._changed()

    def state(self):
        """Cursor, direction, view and the pending play, for WordsPlay(app, at):
        the fields named in crisscross.words.ui.draw.STATE, in its order."""
        return tuple([getattr(self, name) for name in STATE])

    def turn(self):
        """Set the screen up for the turn the session is at: the cursor on the
        last play, nothing pending, the news of the turns since this seat's."""
        app = self.app
        self.session = s = app.session
        self.game = s.game
        self.dir = ACROSS
        self.mode = CURSOR
        self.cursor = wd.home(s)
        self.view = wd.start_view(s)
        self._status_key = None  # what the top line's text was built for
        self._status_text = None
        self.think_from = app.now + wd.THINK_AFTER_MS
        self._reset()
        if s.phase == ws.PLAY:  # what happened since this player's last turn
            wd.tell(app, s.take_unseen())

    # ---- keys ---------------------------------------------------------------
    def key(self, b, kind):
        s = self.session
        if kind == buttons.LONG:
            if b == buttons.B:
                self.open_menu()
            elif b == buttons.A and s.phase == ws.PLAY:
                self.app.show("words.think", self.state())
            return
        if s.phase != ws.PLAY:
            return
        if self.mode == CURSOR:
            self._cursor_key(b, kind)
        else:
            self._pick_key(b, kind)

    def _cursor_key(self, b, kind):
        r, c = self.cursor
        if b == buttons.UP:
            r -= 1
        elif b == buttons.DOWN:
            r += 1
        elif b == buttons.LEFT:
            c -= 1
        elif b == buttons.RIGHT:
            c += 1
        elif kind != buttons.PRESS:
            return
        elif b == buttons.B:
            self.dir = 1 - self.dir
        elif b == buttons.A:
            self.mode = PICK
            self._clear()
        self.cursor = (min(max(r, -LIMIT), LIMIT), min(max(c, -LIMIT), LIMIT))

    def _pick_key(self, b, kind):
        if b == buttons.LEFT:
            self.sel = (self.sel - 1) % self._count()
        elif b == buttons.RIGHT:
            self.sel = (self.sel + 1) % self._count()
        elif b == buttons.UP or b == buttons.DOWN:
            self._turn_wild(1 if b == buttons.DOWN else -1)
        elif kind != buttons.PRESS:
            return
        elif b == buttons.B:
            if self.picks:
                self.picks.pop()
                self._changed()
            elif self.lines:  # back into the line picked before
                self.start, self.dir, self.picks = self.lines.pop()
                self.cursor = self.start
                self.sel = 0
                self._changed()
            else:
                self.mode = CURSOR
        elif b == buttons.A:
            item = self._item(self.sel)
            if item == OK:
                self.confirm()
            else:
                self._lay(item)

    def confirm(self, declared=False):
        """Lay the pending cards (declared: accepted by the players' vote)."""
        app = self.app
        cells = self.cells()
        if not cells:
            app.toast("Pick cards from your hand first")
            return
        res = self.session.play(cells, declared)
        if res.error:
            app.toast(res.error[:1].upper() + res.error[1:])
            return
        after_turn(app)  # sets the screen up afresh, or another screen

    def tick(self, now):
        """An AI seat moves next: hand over to the thinking screen. Its first
        slice runs on its own tick, once this screen's frame has returned and
        the change of screen's collection has let this module's code go: a
        search started here would run while this screen still holds it."""
        app = self.app
        if self.session.phase != ws.AI_TURN or app.screen is not self:
            return
        if buttons.diff(now, self.think_from) < 0:
            return
        app.show("words.think", None, 0)

    def tick_in(self, now):
        if self.session.phase != ws.AI_TURN:
            return None
        left = buttons.diff(self.think_from, now)
        return left if left > 0 else 0

    def open_menu(self):
        self.app.show("words.menu", None, self.state())

    # ---- drawing ------------------------------------------------------------
    def _focus(self):
        if self.mode == PICK:
            return self.next_cell()
        return self.cursor

    def _follow(self):
        """Scroll the view so the focus cell stays inside it."""
        r, c = self._focus()
        vr, vc = self.view
        if r < vr + MARGIN:
            vr = r - MARGIN
        elif r > vr + VIEW_ROWS - 1 - MARGIN:
            vr = r - VIEW_ROWS + 1 + MARGIN
        if c < vc + MARGIN:
            vc = c - MARGIN
        elif c > vc + VIEW_COLS - 1 - MARGIN:
            vc = c - VIEW_COLS + 1 + MARGIN
        if vr != self.view[0] or vc != self.view[1]:
            self.view = (vr, vc)

    def draw(self, c):
        self._follow()
        self._top(c)
        self._board(c)
        c.hline(0, STRIP_Y - 2, 128, 1)
        self._strip(c)

    def _top(self, c):
        if self.session.phase == ws.AI_TURN:  # until the thinking screen is up
            wd.draw_top(c, wd.thinking(self.game.turn), "...")
            return
        if self.mode == PICK or self.lines:
            left, right = self._preview_text()
        else:
            left, right = self._status()
        wd.draw_top(c, left, right)

    def _status(self):
        """(score, hand size and direction) of the top line: built again only
        when one of them changes, not at every cursor move."""
        game = self.game
        me = game.turn
        score = game.players[me].score
        n = len(self.hand())
        k = self._status_key
        if k is None or k[0] != me or k[1] != score or k[2] != n or k[3] != self.dir:
            left = deck.tenths(score)
            if len(game.players) > 1:
                left = "P%d %s" % (me + 1, left)
            arrow = "v" if self.dir else ">"  # DOWN is 1, ACROSS 0
            self._status_key = [me, score, n, self.dir]
            self._status_text = (left, "H%d %s" % (n, arrow))
        return self._status_text

    def _preview_text(self):
        res = self.preview()
        if res is None:
            return "Lay cards", "B:back"  # 16 characters: the whole line
        if res.error:
            return self._line_text(), "?"
        return " ".join(res.words), deck.tenths(res.score)

    def _line_text(self):
        """The letters in line through the pending cards (a word that cannot be
        laid there: the preview shows what it would read)."""
        pending = {}
        for r, c, letter, wild in self.cells():
            pending[(r, c)] = chr((97 if wild else 65) + letter)
        board = self.game.board
        dr, dc = self._step()

        def at(r, c):
            ch = pending.get((r, c))
            if ch is None:
                v = board.get(r, c)
                if v >= 0:
                    ch = chr(65 + (v & LETTER_MASK))
            return ch

        r, c = self.start
        while at(r - dr, c - dc):
            r, c = r - dr, c - dc
        out = []
        while at(r, c) and len(out) < ui.COLS:
            out.append(at(r, c))
            r, c = r + dr, c + dc
        return "".join(out)

    def _board(self, c):
        s = self.session
        board = self.game.board
        vr, vc = self.view
        pending = None
        if self.mode == PICK or self.lines:
            pending = {}
            for r, cc, letter, wild in self.cells():
                pending[(r, cc)] = chr((97 if wild else 65) + letter)
        wd.draw_table(c, board, self.view, s.last_cells, pending)
        if s.phase != ws.PLAY:
            return
        fr, fc = self._focus()
        x = BX + (fc - vc) * CELL
        y = BY + (fr - vr) * CELL
        v = board.get(fr, fc)
        if v >= 0:  # on a card: shown inverted (no pending card in CURSOR mode)
            c.fill_rect(x, y, CELL, CELL, 1)
            c.text(
                chr((97 if v & WILD_BIT else 65) + (v & LETTER_MASK)), x + 1, y + 1, 0
            )
        else:
            c.rect(x - 1, y - 1, CELL + 1, CELL + 1, 1)
        if self.mode == CURSOR:  # the way the word will go: dashes in 3 cells
            dr, dc = self._step()
            for k in range(1, 4):
                i, j = fr - vr + k * dr, fc - vc + k * dc
                if i >= VIEW_ROWS or j >= VIEW_COLS:
                    break
                if board.get(vr + i, vc + j) < 0:
                    x = BX + j * CELL
                    y = BY + i * CELL
                    c.fill_rect(x + 1, y + 1, 7, 7, 0)  # over a last play's arrow
                    if dc:
                        c.hline(x + 2, y + 4, 5, 1)
                    else:
                        c.vline(x + 4, y + 2, 5, 1)

    def _strip(self, c):
        s = self.session
        seat = self.game.turn if s.phase == ws.PLAY else s.last_human
        if seat < 0 or not s.is_human(seat):
            return
        hand = self.game.hand(seat)
        sel = -1
        if self.mode == PICK and s.phase == ws.PLAY:
            items = self.items()
            n = len(items)
            sel = self.sel
        elif self.lines and s.phase == ws.PLAY:
            items = self.items()
            n = len(items) - 1  # the cards not picked yet, no OK
        else:
            wd.draw_hand(c, hand)  # the whole hand in order
            return
        if sel >= 0:  # scroll so the selection is shown
            if sel < self.left:
                self.left = sel
            while self._fits(items, self.left, sel) is False:
                self.left += 1
        left = self.left if sel >= 0 else 0
        x = 8 if left > 0 else 0
        i = left
        while i < n:
            item = items[i]
            w = 16 if item == OK else 8
            last = i == n - 1
            if x + w > (128 if last else 120):
                c.text(">", 120, STRIP_Y, 1)
                break
            text = "OK" if item == OK else deck.char(hand[item])
            if i == sel:
                c.fill_rect(x, STRIP_Y - 1, w, CELL, 1)
                c.text(text, x, STRIP_Y, 0)
            else:
                c.text(text, x, STRIP_Y, 1)
            x += w
            i += 1
        if left > 0:
            c.text("<", 0, STRIP_Y, 1)

    def _fits(self, items, left, sel):
        """True when item `sel` is drawn with `left` as the first item shown."""
        x = 8 if left > 0 else 0
        for i in range(left, sel + 1):
            w = 16 if items[i] == OK else 8
            last = i == len(items) - 1
            if x + w > (128 if last else 120):
                return False
            x += w
        return True


SCREEN = WordsPlay
