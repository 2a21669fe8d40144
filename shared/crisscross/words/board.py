"""The layout: a sparse crossword of cards that may grow in any direction.

Cells live in a dict keyed by one small int per position, so no tuple is allocated per
card (small ints are free in MicroPython). A cell's value packs the letter shown
(0..25), whether a wild card stands there, and whether the card has already counted in
a Square Effect ("spent": the effect happens once per area).
Never iterate the dict itself for an order: dict order differs between
MicroPython and CPython. As text: crisscross.words.notation.
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
