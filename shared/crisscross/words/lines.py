"""The rows and columns a word search walks (crisscross.words.ai), worked out once
per search.

Line i: the rows top-1..bottom+1 across, then the columns left-1..right+1 down.
Its position j is table position `lo + j`: a hand's length (`reach`) of free cells,
then its first card or anchor (a free cell with a card beside it across the line)
at j = reach, its last before j = `inner`, then a hand's length of free cells
again, to j = `size`, past which no word laid from the hand reaches.

Each line is worked out the first time the scan reaches it (`enter`), into one
bytearray made when the search starts: a byte per cell from its first card or
anchor to its last, at `data[base + j]`:
  0..25                 a card's letter;
  _FREE + d             a free cell d cells before the next card or anchor
                        (d = 1.._MAX_LEAD);
  _FREE                 a free cell no word of the hand reaches a card or anchor
                        from;
  _ANCHOR + i           the line's anchor number i;
  _SOLO                 an anchor past the last number (a line of more than 191
                        anchors, which no deck can lay): its cross-check is made
                        each time it is needed, not kept.
The cells before the first card or anchor are free, the first of them reach - j
cells from it; the cells after the last are past all of them.

Cross-checks are kept only for anchors: one mask each in `cross`, in the order
the scan first reaches them (line i's anchor number a at `cross[firsts[i] + a]`).
A free cell with nothing beside it (most of them) takes any letter and costs
nothing. Per start from `smin` (_MARGIN cells before a line's first card or
anchor) on, a byte of `skips` at `skips[sbase + j]`, which the search writes:
1 + the lookups of a walk from there that never laid as many cards as its
limit, 0 for none.

An empty table is one line: row 0 from column 0, with no cards (an opening).
"""

from array import array

from crisscross.compat import const
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK, OFFSET, SPAN, key

_UNKNOWN = const(0x4000000)  # an anchor's cross-check not made yet
_FREE = const(26)
_MAX_LEAD = const(37)
_ANCHOR = const(64)
_SOLO = const(255)
_MARGIN = const(8)  # starts this far before a line's first card or anchor may skip
_FAR = const(30000)  # further than any line reaches
_MAX_WORD = const(31)  # longer than any word in the list (crisscross.words.ai)


class Lines:
    """The lines of `board` for a hand of `reach` cards; one line is current
    (`enter`), its geometry in the attributes the module's docstring names."""

    def __init__(self, board, reach):
        self.board = board
        self.reach = reach
        self.line = 0
        self.limit = 1  # the most cards a word from a start lays (next_start)
        self.passed = 0  # lookups of the starts next_start passed
        # The current line: its direction, its row (across) or column (down),
        # the table position of its position 0.
        self.dir, self.fixed, self.lo = ACROSS, 0, 0
        self.base = self.sbase = self.first = self.inner = 0
        self.smin = reach - min(reach, _MARGIN)  # the first start with a skip byte
        if board.is_empty():  # one line, no cards
            self.count = 1
            self.size = _MAX_WORD
            self.data = self.skips = self.cross = None
            return
        self._plan()
        self.cross = array("I")  # per anchor: its letters, or _UNKNOWN
        self.firsts = array("h", [-1] * self.count)  # per line: its first anchor
        self.enter(0)

    def _plan(self):
        """Where each line lies and its bytes go (a row's cards and anchors are
        where the rows around it have cards)."""
        b = self.board
        top, left = b.top, b.left
        rows = b.bottom - top + 3
        count = rows + b.right - left + 3
        self.rows = rows
        self.count = count
        # Per line: its first and last card or anchor, along the line.
        lo = array("h", [_FAR] * count)
        hi = array("h", [-_FAR] * count)
        for k in b._cells:
            r = k // SPAN - OFFSET - top + 1  # board.unkey, as line numbers
            c = k % SPAN - OFFSET - left + 1
            for i in range(r - 1, r + 2):  # the row and the rows beside it
                if c < lo[i]:
                    lo[i] = c
                if c > hi[i]:
                    hi[i] = c
            for i in range(rows + c - 1, rows + c + 2):  # the same for columns
                if r < lo[i]:
                    lo[i] = r
                if r > hi[i]:
                    hi[i] = r
        # Line i's cells in `data` start at offs[i], its skip bytes in `skips`
        # at offs[i] + i * (reach - smin).
        reach = self.reach
        offs = array("H", [0] * (count + 1))
        total = 0
        for i in range(count):
            if lo[i] <= hi[i]:
                total += hi[i] - lo[i] + 1
                lo[i] += (left if i < rows else top) - 1 - reach  # table position
            else:  # no card beside it (a table in two parts): no start there
                lo[i] = 0
            offs[i + 1] = total
        self._offs, self._los = offs, lo
        self.data = bytearray(total)
        self.skips = bytearray(total + count * (reach - self.smin))

    def enter(self, i):
        """Make line i current, working out its cells the first time."""
        self.line = i
        if i < self.rows:
            self.dir, self.fixed = ACROSS, self.board.top - 1 + i
        else:
            self.dir, self.fixed = DOWN, self.board.left - 1 + i - self.rows
        reach = self.reach
        self.lo = self._los[i]
        width = self._offs[i + 1] - self._offs[i]
        self.base = self._offs[i] - reach  # data[base + j]: position j
        self.inner = reach + width if width else 0
        self.size = 2 * reach + width if width else 0
        # skips[sbase + j]: position j, from smin on
        self.sbase = self._offs[i] + i * (reach - self.smin) - self.smin
        if self.firsts[i] < 0:
            self.firsts[i] = len(self.cross)
            self._fill()
        self.first = self.firsts[i]

    def _fill(self):
        """The current line's bytes: its cards and anchors, then how far each
        free cell is from the next one; room in `cross` for its anchors."""
        cells = self.board._cells
        data, reach = self.data, self.reach
        begin, end = self.base + reach, self.base + self.inner
        if self.dir == ACROSS:
            k, along, side = key(self.fixed, self.lo + reach), 1, SPAN
        else:
            k, along, side = key(self.lo + reach, self.fixed), SPAN, 1
        cross = self.cross
        anchors = 0
        for j in range(begin, end):
            v = cells.get(k, -1)
            if v >= 0:
                data[j] = v & LETTER_MASK
            elif (k - side) in cells or (k + side) in cells:
                data[j] = _ANCHOR + anchors if anchors < _SOLO - _ANCHOR else _SOLO
                anchors += 1
                cross.append(_UNKNOWN)
            else:
                data[j] = _FREE  # its distance to the next card or anchor follows
            k += along
        most = min(reach, _MAX_LEAD)
        lead = -1  # no card or anchor within reach after this cell
        for j in range(end - 1, begin - 1, -1):
            if data[j] != _FREE:
                lead = 0
            elif lead >= 0:
                lead += 1
                if lead > most:
                    lead = -1
                else:
                    data[j] = _FREE + lead

    def byte(self, j):
        """Position j's byte (_FREE outside the cards and anchors)."""
        if self.reach <= j < self.inner:
            return self.data[self.base + j]
        return _FREE

    def key(self, j):
        """The board key of position j of the current line."""
        if self.dir == ACROSS:
            return key(self.fixed, self.lo + j)
        return key(self.lo + j, self.fixed)

    def next_start(self, j, room):
        """The next position from j a walk starts at: in the current line, then
        the next lines, then all again with one card more (`limit`), its line
        made current; -1 past the last, with as many cards as the hand holds.
        A start is a card or an anchor, or a free cell at most `limit` cells
        before one, with no card just before it. One whose walk at the last
        limit never laid as many cards is passed, its lookups added to `passed`
        (counted, not asked: a deeper walk would ask the same questions and
        find no play), until they are more than `room` (then it returns)."""
        passed = 0
        limit, reach = self.limit, self.reach
        while True:
            data, base, inner = self.data, self.base, self.inner
            skips, sbase, smin = self.skips, self.sbase, self.smin
            top = _FREE + limit
            if j < reach - limit:  # before: too far from the first card or anchor
                j = reach - limit
            while j < inner:  # no word starts after the last card or anchor
                if j >= reach:
                    v = data[base + j]
                    if not (
                        v != _FREE
                        and (v <= top or v >= _ANCHOR)
                        and (j == reach or data[base + j - 1] >= _FREE)
                    ):
                        j += 1
                        continue
                v = skips[sbase + j] if j >= smin else 0
                if not v:
                    self.passed = passed
                    return j
                passed += v - 1
                if passed > room:
                    self.passed = passed
                    return j
                j += 1
            i = self.line + 1
            if i == self.count:
                i = 0
                limit += 1
                self.limit = limit
                if limit > reach:
                    self.passed = passed
                    return -1
            self.enter(i)
            j = 0

    def across(self, j, word):
        """The word across anchor position j of the current line, into the
        empty bytearray `word`, with an 'a' at j; returns the index of j in it."""
        cells = self.board._cells
        k = self.key(j)
        side = SPAN if self.dir == ACROSS else 1  # along the word across
        q = k - side
        while q in cells:
            q -= side
        # The cards before, a letter here, the cards after.
        q += side
        while q != k:
            word.append(97 + (cells[q] & LETTER_MASK))
            q += side
        here = len(word)
        word.append(97)
        q = k + side
        while q in cells:
            word.append(97 + (cells[q] & LETTER_MASK))
            q += side
        return here

    def keep(self, j, mask):
        """Keep anchor position j's cross-check (not an anchor past the last
        number); True when kept."""
        v = self.data[self.base + j]
        if v == _SOLO:
            return False
        self.cross[self.first + v - _ANCHOR] = mask
        return True
