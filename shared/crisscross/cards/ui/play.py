"""The card game's play screen: the table, the hand, the scores, whose turn.

Left, the 4x4 window of the table that all cards must fit in; while the cards
span less than 4 squares the window follows the cursor, and its dotted edges
show the sides where the table can still grow. Right, one slot per seat (its
kingdom mark and points; the seat moving is inverted), then the hand.

Keys: left/right choose a card in the hand, A picks it up; then the arrows jump
between the squares where it may go (a dot on an empty square; the number
inverted on a card it may stack on), A plays it and B puts it back. Hold A for the hard AI's hint, hold B
for the game menu. A player who cannot play passes with A.
Each move is saved at once. Lines that score are shown inverted for FLASH_MS;
each AI move is shown for _AI_MS. The AI moves one move per tick, so the screen
never stops answering; A or B skips what is being shown. A human's move that
hands the turn to an AI is saved and shown first and the AI moves from the next
tick on, so the key press does not also pay for the AI's thinking; the AI's
move has its own save (docs/performance.md).
"""

from crisscross import buttons, glyphs
from crisscross.compat import const
from crisscross.screens import HintScreen
from crisscross.cards.ui import draw as cd
from crisscross.cards import deck, scoring
from crisscross.cards import session as cs
from crisscross.cards.game import PASS
from crisscross.cards.table import CENTRE, EMPTY, SIZE

_HAND = const(0)  # choosing a card
TARGET = const(1)  # choosing its square
X0 = const(0)  # the table grid's top-left corner
Y0 = const(1)
PX = const(64)  # left edge of the panel
_SLOT = const(16)  # width of one seat's score slot
_HAND_Y = const(20)  # top line of the hand's grid
_LINE1 = const(38)
_LINE2 = const(47)
_LINE3 = const(56)
_AI_MS = const(900)
FLASH_MS = const(1200)
_HANDOFF_MS = const(1)  # a move handing over to the AI: shown until the next tick
_STEP = ((0, -1), (0, 1), (-1, 0), (1, 0))  # up, down, left, right as (dx, dy)


def card_name(card):
    """'3 Shield': what the hand's chosen card is, in at most 8 characters."""
    return "%d %s" % (deck.number(card), deck.ITEM_NAMES[deck.item(card)])


def points_by_seat(lines, seats):
    pts = [0] * seats
    for ln in lines:
        pts[ln.seat] += ln.points
    return pts


class CardsPlay(HintScreen):
    """Hold A: hint (searched from the moment A goes down: HintScreen); hold B:
    the menu."""

    def __init__(self, app):
        HintScreen.__init__(self, app)
        self.session = app.session
        self.game = app.session.game
        self.mode = _HAND
        self.sel = 0  # index in the hand
        self.cx = CENTRE  # the target cursor on the table frame
        self.cy = CENTRE
        b = self.game.table.bounds() or (CENTRE, CENTRE, CENTRE, CENTRE)
        self.vx = cd.centred(b[0], b[2])  # the window's top-left square
        self.vy = cd.centred(b[1], b[3])
        self.show = None  # the history entry being shown, or None
        self.until = 0
        self.note = ""  # a word for the player, e.g. after a hint
        self._can = (-1, False)  # (moves played, whether the seat to move can play)

    # ---- flow ---------------------------------------------------------------
    def tick(self, now):
        if self.search is not None:
            self.search_tick(now)
            return
        if self.show is not None:
            if buttons.diff(now, self.until) < 0:
                return
            self.show = None
            self.app.dirty = True
        s = self.session
        if s.phase == cs.AI_TURN:
            entry = s.ai_step()
            if s.phase != cs.AI_TURN:
                self.app.tidy()  # a human moves next: the AI's code not kept
            self.app.save()
            self._show(entry, _AI_MS)
        elif s.phase != cs.PLAY:
            self.app.open_session()

    def tick_in(self, now):
        if self.search is not None:
            return self.search_tick_in(now)
        if self.show is not None:
            left = buttons.diff(self.until, now)
            return left if left > 0 else 0
        return None if self.session.phase == cs.PLAY else 0

    def _show(self, entry, ms):
        """Show a move for `ms` (longer when it scored)."""
        self.show = entry
        self.until = self.app.now + (FLASH_MS if entry[4] else ms)
        self.mode = _HAND
        self.app.dirty = True

    def can_play(self):
        """Whether the seat to move has a legal move (kept until the next move)."""
        n = len(self.game.history)
        if self._can[0] != n:
            self._can = (n, bool(self.game.legal_moves()))
        return self._can[1]

    def hand(self):
        return self.game.hands[self.game.turn]

    def picked(self):
        hand = self.hand()
        if not hand:
            return None
        if self.sel >= len(hand):
            self.sel = len(hand) - 1
        return hand[self.sel]

    # ---- keys ---------------------------------------------------------------
    def key(self, b, kind):
        app = self.app
        if kind != buttons.LONG or b != buttons.A:
            self.drop_search()  # a tap of A, or another key: no hint wanted
        if kind == buttons.LONG and b == buttons.B:
            app.show("pause", self)
            return
        if self.show is not None:
            if kind == buttons.PRESS and (b == buttons.A or b == buttons.B):
                self.until = app.now  # skip: the next tick goes on
            return
        if self.session.phase != cs.PLAY:
            return
        self.note = ""
        if kind == buttons.LONG:
            if b == buttons.A:
                self.hint()
            return
        if not self.can_play():
            if b == buttons.A and kind == buttons.PRESS:
                self.session.pass_turn()
                self._moved(None)
            return
        if self.mode == _HAND:
            if b == buttons.LEFT or b == buttons.RIGHT:
                n = len(self.hand())
                self.sel = (self.sel + (1 if b == buttons.RIGHT else -1)) % n
            elif kind == buttons.PRESS and b == buttons.A:
                self._pick()
        elif b < buttons.A:
            self._step(_STEP[b])
        elif kind != buttons.PRESS:
            return
        elif b == buttons.A:
            self._put()
        elif b == buttons.B:
            self.mode = _HAND

    def _pick(self):
        """Pick up the chosen card: the cursor goes to its nearest square."""
        spots = self.game.table.spots(self.picked())
        if not spots:
            self.app.toast("No square for this card")
            return
        best = None
        for x, y in spots:
            d = (x - self.cx) * (x - self.cx) + (y - self.cy) * (y - self.cy)
            if best is None or d < best[0]:
                best = (d, x, y)
        self.cx, self.cy = best[1], best[2]
        self.mode = TARGET

    def _step(self, step):
        """Jump to the nearest square for the card in the direction pressed."""
        dx, dy = step
        best = None
        for x, y in self.game.table.spots(self.picked()):
            along = (x - self.cx) * dx + (y - self.cy) * dy
            if along <= 0:
                continue
            cost = along + 2 * abs((x - self.cx) * dy - (y - self.cy) * dx)
            if best is None or cost < best[0]:
                best = (cost, x, y)
        if best is not None:
            self.cx, self.cy = best[1], best[2]

    def _put(self):
        card = self.picked()
        if not self.game.table.can_place(card, self.cx, self.cy):
            self.app.toast("Not there")  # the cursor only stops on legal squares
            return
        lines = self.session.play(card, self.cx, self.cy)
        self.mode = _HAND
        self._moved(lines)

    def _moved(self, lines):
        """After a human's move (`lines` it scored; None for a pass): saved now,
        then drawn; when an AI moves next, it moves from the next tick (its move
        has its own save), so the card is on the glass before it thinks."""
        self.app.save()
        if self.session.phase != cs.AI_TURN:
            if lines:
                self._show(self.game.history[-1], FLASH_MS)
        else:
            self._show(self.game.history[-1], _HANDOFF_MS)  # FLASH_MS if it scored

    def can_hint(self):
        """Whether the menu offers a hint: a human's move, none on show."""
        return self.show is None and self.session.phase == cs.PLAY

    def hint(self):
        self.note = ""
        HintScreen.hint(self)

    def hint_steps(self, out):
        return self.session.hint_steps(out)

    def show_hint(self, move):
        if move is None:
            self.note = "pass"
            return
        card, x, y = move
        self.sel = self.hand().index(card)
        self.cx, self.cy = x, y
        self.mode = TARGET
        self.note = "hint"

    # ---- drawing --------------------------------------------------------------
    def draw(self, c):
        show = self.show
        targeting = show is None and self.mode == TARGET
        if show is not None and show[1] != PASS:
            self._table(c, show[2], show[3], show[4], None)
        elif targeting:
            self._table(c, self.cx, self.cy, (), self.picked())
        else:
            self._table(c, -1, -1, (), None)
        seat = show[0] if show is not None else self.game.turn
        self._scores(c, seat)
        self._who(c, seat)
        if show is not None:
            self._shown(c, show)
        else:
            self._hand(c, targeting)

    def _table(self, c, hx, hy, lines, picked):
        """The window; (hx, hy) is inverted (a move shown, or the cursor with the
        picked card on it), so are the cells of `lines`; with `picked`, the
        squares it may go to are marked."""
        t = self.game.table
        b = t.bounds()
        if b is None:
            b = (CENTRE, CENTRE, CENTRE, CENTRE)
        cur = picked is not None
        self.vx = cd.window(b[0], b[2], hx if cur else -1, self.vx)
        self.vy = cd.window(b[1], b[3], hy if cur else -1, self.vy)
        vx = self.vx
        vy = self.vy
        side = cd.VIEW * cd.PITCH
        cd.grid(c, X0, Y0, cd.VIEW, cd.VIEW)
        if t.cards:  # dotted edges where a card could still go beyond the window
            reach = cd.VIEW - 1
            if vx - 1 >= max(b[2] - reach, 0):
                cd.dotted_edge(c, X0, Y0, side, True)
            if vx + cd.VIEW <= min(b[0] + reach, SIZE - 1):
                cd.dotted_edge(c, X0 + side, Y0, side, True)
            if vy - 1 >= max(b[3] - reach, 0):
                cd.dotted_edge(c, X0, Y0, side, False)
            if vy + cd.VIEW <= min(b[1] + reach, SIZE - 1):
                cd.dotted_edge(c, X0, Y0 + side, side, False)
        for row in range(cd.VIEW):
            y = vy + row
            py = Y0 + 1 + row * cd.PITCH  # as cd.cell_xy, without a tuple per cell
            for col in range(cd.VIEW):
                x = vx + col
                px = X0 + 1 + col * cd.PITCH
                top = t.at(x, y)
                here = x == hx and y == hy
                if here and cur:
                    cd.card(c, picked, px, py, True, t.height(x, y) + 1)
                    continue
                if top == EMPTY:
                    if cur and t.fits(x, y):
                        cd.spot_dot(c, px, py)
                    continue
                inv = here
                for ln in lines:
                    if (x, y) in ln.cells:
                        inv = True
                cd.card(
                    c,
                    top,
                    px,
                    py,
                    inv,
                    t.height(x, y),
                    cur and t.can_place(picked, x, y),
                    y * SIZE + x == t.last and not inv,
                )

    def _scores(self, c, seat):
        game = self.game
        for s in range(game.seats):
            sx = PX + s * _SLOT
            fg = 1
            if s == seat:
                c.fill_rect(sx, 0, _SLOT, 9, 1)
                fg = 0
            cd.mark(c, game.colours[s], sx + 2, 2, fg == 0)
            glyphs.mini_text(c, str(game.scores[s]), sx + 9, 2, fg)

    def _who(self, c, seat):
        s = self.session
        c.text("P%d" % (seat + 1), PX, 11)
        cd.mark(c, self.game.colours[seat], PX + 19, 12)
        if not s.is_human(seat):
            c.text("AI", PX + 28, 11)
        elif s.humans == 1:
            c.text("you", PX + 28, 11)

    def _hand(self, c, targeting):
        game = self.game
        hand = self.hand()
        cd.grid(c, PX, _HAND_Y, 4, 1)
        can = self.can_play()
        for k in range(len(hand)):  # cells as cd.cell_xy(k, 0, PX, _HAND_Y)
            cd.card(
                c, hand[k], PX + 1 + k * cd.PITCH, _HAND_Y + 1, can and k == self.sel
            )
        if not can:
            c.text("No move", PX, _LINE1)
            c.text("A:pass", PX, _LINE3)
            return
        card = self.picked()
        c.text(card_name(card), PX, _LINE1)
        if targeting:
            awarded = game.preview(card, self.cx, self.cy)
            g, ends = scoring.gains(awarded, game.seats)
            c.text("+%d" % g[game.turn], PX, _LINE2)
            if ends:
                c.text("end", PX + 24, _LINE2)
            elif self.note:
                c.text(self.note, PX + 24, _LINE2)
            if not self.draw_mark(c, PX, _LINE3):
                c.text("A:put", PX, _LINE3)
        else:
            jokers = game.jokers()
            if jokers is not None:
                c.text("Joker", PX, _LINE2)
                cd.item(c, jokers[game.turn], PX + 45, _LINE2)
            else:
                c.text("Pile %d" % len(game.piles[game.turn]), PX, _LINE2)
            if not self.draw_mark(c, PX, _LINE3):
                c.text("A:pick", PX, _LINE3)

    def _shown(self, c, entry):
        """The panel under a move being shown: the card, the points it made."""
        seat, card, _, _, lines = entry
        if card == PASS:
            c.text("passes", PX, _HAND_Y + 4)
            return
        cd.grid(c, PX, _HAND_Y, 1, 1)
        x, y = cd.cell_xy(0, 0, PX, _HAND_Y)
        cd.card(c, card, x, y)
        c.text("plays", PX + 20, _HAND_Y + 4)
        if not lines:
            return
        pts = points_by_seat(lines, self.game.seats)
        c.text("+%d P%d" % (pts[seat], seat + 1), PX, _LINE1)
        line = _LINE2
        for ln in lines:
            if ln.kind == scoring.COLOUR:
                c.text("Own four", PX, line)
                line = _LINE3
                break
        for s in range(self.game.seats):
            if s != seat and pts[s] and line <= _LINE3:
                c.text("+%d P%d" % (pts[s], s + 1), PX, line)
                line += _LINE3 - _LINE2


SCREEN = CardsPlay
