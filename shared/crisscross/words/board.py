"""The layout: a sparse crossword of cards that may grow in any direction.

Cells live in a dict keyed by one small int per position, so no tuple is allocated per
card (small ints are free in MicroPython). A cell's value packs the letter shown
(0..25), whether a wild card stands there, and whether the card has already counted in
a Square Effect ("spent": the effect happens once per area).
Iterate `cells()` (sorted), never the dict itself: dict order differs between
MicroPython and CPython.
"""

from crisscross.compat import const

SPAN = const(1024)  # positions -512..511 on each axis
OFFSET = const(512)
LETTER_MASK = const(31)
WILD_BIT = const(32)
SPENT_BIT = const(64)

ACROSS = const(0)
DOWN = const(1)


def key(r, c):
    return (r + OFFSET) * SPAN + (c + OFFSET)


def unkey(k):
    return k // SPAN - OFFSET, k % SPAN - OFFSET


def step(direction):
    """(dr, dc) of one step along ACROSS or DOWN."""
    return (0, 1) if direction == ACROSS else (1, 0)


class Board:
    """Cards on the table; (row, col) with rows growing downward."""

    def __init__(self):
        self._cells = {}
        self.top = self.left = 0
        self.bottom = self.right = -1  # empty: bottom < top

    def __len__(self):
        return len(self._cells)

    def is_empty(self):
        return not self._cells

    def get(self, r, c):
        """The packed value at (r, c), or -1 when empty."""
        return self._cells.get(key(r, c), -1)

    def free_after(self, r, c, down):
        """The first empty cell after (r, c) down or across: where the next card
        of a run goes (a save's plays, crisscross.words.game.play_text)."""
        while True:
            if down:
                r += 1
            else:
                c += 1
            if key(r, c) not in self._cells:
                return r, c

    def at_key(self, k):
        """The packed value at a `key()`, or -1 when empty."""
        return self._cells.get(k, -1)

    def filled(self, r, c):
        return key(r, c) in self._cells

    def letter(self, r, c):
        """0..25, or -1 when empty."""
        v = self._cells.get(key(r, c), -1)
        return v if v < 0 else v & LETTER_MASK

    def put(self, r, c, letter, wild=False):
        if not -OFFSET <= r < OFFSET or not -OFFSET <= c < OFFSET:
            raise ValueError("position off the table")
        if not self._cells:
            self.top = self.bottom = r
            self.left = self.right = c
        self._cells[key(r, c)] = letter | (WILD_BIT if wild else 0)
        self.top = min(self.top, r)
        self.bottom = max(self.bottom, r)
        self.left = min(self.left, c)
        self.right = max(self.right, c)

    def spend(self, r, c):
        k = key(r, c)
        self._cells[k] = self._cells[k] | SPENT_BIT

    def cells(self):
        """Sorted list of (r, c, value): row by row, left to right."""
        out = []
        for k in sorted(self._cells):
            r, c = unkey(k)
            out.append((r, c, self._cells[k]))
        return out

    def copy(self):
        b = Board()
        b._cells = dict(self._cells)
        b.top, b.bottom, b.left, b.right = self.top, self.bottom, self.left, self.right
        return b

    def rows(self):
        """The layout as text lines ('.' empty, lowercase for a wild card)."""
        lines = []
        for r in range(self.top, self.bottom + 1):
            chars = []
            for c in range(self.left, self.right + 1):
                v = self.get(r, c)
                if v < 0:
                    chars.append(".")
                else:
                    ch = chr(65 + (v & LETTER_MASK))
                    chars.append(ch.lower() if v & WILD_BIT else ch)
            lines.append("".join(chars))
        return lines


def from_rows(lines, top=0, left=0):
    """A board from text lines as `Board.rows` writes them (for tests and notation)."""
    b = Board()
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if ch != "." and ch != " ":
                b.put(top + i, left + j, ord(ch.upper()) - 65, ch.islower())
    return b
