"""The word game's pending play: the cards a player has picked from the hand and
where they land, before OK lays them. The play screen (words/ui/play.py) is a
PendingPlay and adds the cursor, the keys and the drawing to it.

A pending play is lines: those picked before (`lines`, each (start, direction,
picks), for a Square Effect over several rows or columns) and the line being
picked (`start`, `dir`, `picks`), each pick [hand index, letter]. Cards go on the
next free places along the line: cards on the table are skipped and join the
word. `sel` and `left` are the hand strip's selection and scroll while picking.
"""

from crisscross.compat import const
from crisscross.screens import Screen
from crisscross.words import deck
from crisscross.words.board import ACROSS, DOWN, OFFSET

CURSOR = const(0)  # the play screen's modes: moving the cursor,
PICK = const(1)  # ...or picking cards for the line at the cursor
OK = -1  # the strip item that lays the cards
WILD_DEFAULT = const(4)  # a wild card starts as E, the commonest letter


def step(direction):
    """(dr, dc) of one step along ACROSS or DOWN."""
    return (0, 1) if direction == ACROSS else (1, 0)


class PendingPlay(Screen):
    """The pending play of a screen with `game`, `session`, `cursor`, `dir`
    and `mode` (the play screen)."""

    def _reset(self):
        """No pending play at all."""
        self.lines = []  # (start, direction, picks) of lines already picked
        self._clear()

    def _clear(self):
        """A fresh line from the cursor (lines picked before stay)."""
        self.start = self.cursor
        self.picks = []  # [hand index, letter] in the order laid
        self.sel = 0
        self.left = 0  # first strip item shown
        self._changed()

    def add_line(self):
        """Keep the cards picked and start another line (a Square Effect may lay
        cards in several rows or columns at once): back to the cursor."""
        self.lines.append((self.start, self.dir, self.picks))
        self.mode = CURSOR
        self._clear()

    def hand(self):
        return self.game.hand()

    def items(self):
        """The strip while picking: the cards not laid yet (hand indices), then OK."""
        out = [i for i in range(len(self.hand())) if self._free(i)]
        out.append(OK)
        return out

    def _free(self, i):
        """Whether card i of the hand is not in the pending play."""
        for picked, _ in self.picks:
            if picked == i:
                return False
        for _, _, picks in self.lines:
            for picked, _ in picks:
                if picked == i:
                    return False
        return True

    def _count(self):
        """len(self.items()), without building the list."""
        n = 1
        for i in range(len(self.hand())):
            if self._free(i):
                n += 1
        return n

    def _item(self, k):
        """self.items()[k], without building the list."""
        for i in range(len(self.hand())):
            if self._free(i):
                if not k:
                    return i
                k -= 1
        return OK

    def _step(self):
        return step(self.dir)

    def next_cell(self):
        """(r, c) where the next card goes: after the picks, skipping cards."""
        self.cells()
        return self._next

    def _taken(self, r, c, out):
        if self.game.board.filled(r, c):
            return True
        for cell in out:
            if cell[0] == r and cell[1] == c:
                return True
        return False

    def _walk(self, start, direction, picks, out):
        """Lay `picks` from `start` into `out`, skipping taken places; returns
        the place after them."""
        hand = self.hand()
        dr, dc = step(direction)
        r, c = start
        for i, letter in picks:
            while self._taken(r, c, out):
                r, c = r + dr, c + dc
            out.append((r, c, letter, hand[i] == deck.WILD))
            r, c = r + dr, c + dc
        while self._taken(r, c, out):
            r, c = r + dr, c + dc
        return r, c

    def cells(self):
        """The pending play as the engine takes it: (r, c, letter, wild)."""
        if self._cells is None:
            out = []
            for start, direction, picks in self.lines:
                self._walk(start, direction, picks, out)
            self._next = self._walk(self.start, self.dir, self.picks, out)
            self._cells = out
            self._res = self.session.preview(out) if out else None
        return self._cells

    def preview(self):
        self.cells()
        return self._res

    def _changed(self):
        self._cells = None
        self._res = None

    def _lay(self, i):
        r, c = self.next_cell()
        if not (-OFFSET <= r < OFFSET and -OFFSET <= c < OFFSET):
            self.app.toast("The edge of the table")
            return
        card = self.hand()[i]
        self.picks.append([i, WILD_DEFAULT if card == deck.WILD else card])
        self.sel = min(self.sel, self._count() - 1)
        self._changed()

    def _turn_wild(self, step):
        if not self.picks or self.hand()[self.picks[-1][0]] != deck.WILD:
            if deck.WILD in self.hand():
                self.app.toast("Up/down: the letter of a wild card just laid")
            return
        last = self.picks[-1]
        last[1] = (last[1] + step) % 26
        self._changed()

    def show_hint(self, found):
        """Lay the AI's play out as the pending play, ready for OK."""
        app = self.app
        if found is None:
            app.toast("No play found: hold B to draw cards")
            return
        cells, res = found
        cells = sorted(cells)
        board = self.game.board
        r, c, _, _ = cells[0]
        if all(row == r for row, _, _, _ in cells) and len(cells) > 1:
            direction = ACROSS
        elif all(col == c for _, col, _, _ in cells) and len(cells) > 1:
            direction = DOWN
        elif len(cells) == 1:
            beside = board.filled(r, c - 1) or board.filled(r, c + 1)
            direction = ACROSS if beside else DOWN
        else:
            app.toast("Try: " + " ".join(res.words))
            return
        hand = self.hand()
        picks = []
        used = []
        for _, _, letter, wild in cells:
            want = deck.WILD if wild else letter
            for i in range(len(hand)):
                if hand[i] == want and i not in used:
                    used.append(i)
                    picks.append([i, letter])
                    break
        self.dir = direction
        self.cursor = (r, c)
        self.mode = PICK
        self._reset()
        self.picks = picks
        self.sel = self._count() - 1  # on OK
        self._changed()
