"""The play field: cards on a table with no fixed edges that must fit a 4x4 grid.

The first card goes to the centre of a 7x7 frame. Every later card must keep all
cards inside some 4x4 window, so none can ever be more than 3 cells from the first:
the frame never has to shift. Coordinates are (x, y) with x the column and y the
row, both 0..6; cell index = y * 7 + x. Each cell keeps its top card and how many
cards are stacked there.
"""

from crisscross.compat import const

SIZE = const(7)
CELLS = const(49)
CENTRE = const(3)
_WINDOW = const(4)  # all cards must fit in a _WINDOW x _WINDOW grid
EMPTY = const(255)


class Table:
    def __init__(self):
        self.top = bytearray(b"\xff" * CELLS)
        self.depth = bytearray(CELLS)
        self.last = -1  # cell index of the card played last, -1 before the first
        self.cards = 0  # cards played so far (stacked ones included)
        # Bounding box of the occupied cells, inclusive; meaningful once cards > 0.
        self.x0 = self.x1 = self.y0 = self.y1 = CENTRE

    def copy(self):
        t = Table()
        t.top[:] = self.top
        t.depth[:] = self.depth
        t.last = self.last
        t.cards = self.cards
        t.x0, t.x1, t.y0, t.y1 = self.x0, self.x1, self.y0, self.y1
        return t

    def at(self, x, y):
        """The top card at (x, y), or EMPTY (also for cells off the frame)."""
        if 0 <= x < SIZE and 0 <= y < SIZE:
            return self.top[y * SIZE + x]
        return EMPTY

    def height(self, x, y):
        """How many cards lie at (x, y)."""
        return self.depth[y * SIZE + x]

    def bounds(self):
        """(x0, y0, x1, y1) of the occupied cells, inclusive; None if the table is bare."""
        if not self.cards:
            return None
        return (self.x0, self.y0, self.x1, self.y1)

    def fits(self, x, y):
        """Would a card at empty (x, y) keep every card inside a 4x4 window?"""
        if not self.cards:
            return x == CENTRE and y == CENTRE
        w = max(self.x1, x) - min(self.x0, x)
        h = max(self.y1, y) - min(self.y0, y)
        return w < _WINDOW and h < _WINDOW

    def can_place(self, card, x, y):
        """The placement rules: an empty cell that fits, or a stack whose top card has
        the same number, unless that top card is the one played last."""
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return False
        i = y * SIZE + x
        t = self.top[i]
        if t == EMPTY:
            return self.fits(x, y)
        return i != self.last and (t & 3) == (card & 3)

    def spots(self, card):
        """Every (x, y) where `card` may go, row by row."""
        out = []
        for y in range(SIZE):
            for x in range(SIZE):
                if self.can_place(card, x, y):
                    out.append((x, y))
        return out

    def place(self, card, x, y):
        """Put `card` on (x, y); the caller has checked `can_place`."""
        i = y * SIZE + x
        self.top[i] = card
        self.depth[i] += 1
        self.last = i
        if self.cards:
            self.x0 = min(self.x0, x)
            self.x1 = max(self.x1, x)
            self.y0 = min(self.y0, y)
            self.y1 = max(self.y1, y)
        else:
            self.x0 = self.x1 = x
            self.y0 = self.y1 = y
        self.cards += 1

    def mark(self):
        """What `take_back` needs to undo the next `place` (for AI look-ahead)."""
        return (self.last, self.cards, self.x0, self.x1, self.y0, self.y1)

    def take_back(self, x, y, below, mark):
        """Undo the last `place` at (x, y); `below` was the top card there before."""
        i = y * SIZE + x
        self.top[i] = below
        self.depth[i] -= 1
        self.last, self.cards, self.x0, self.x1, self.y0, self.y1 = mark
