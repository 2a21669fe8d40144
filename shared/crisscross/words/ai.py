"""The word game's AI: finds a good play within a budget of dictionary lookups.

The search walks every row and column near the cards, starting words at each free
cell and extending them letter by letter from the hand (Appel & Jacobson's idea,
without their DAWG: `has_prefix` on the flash dictionary prunes instead). A free cell
with cards above/below it (for a row) only takes letters that make a word across it,
which is how plays that complete a 2x2 square - the Square Effect - are found.
The search deepens one card at a time (all 1-card plays everywhere, then all 2-card
plays...), so a small budget still sees short plays on every line.

The budget counts dictionary lookups (of 3 letters or more), so the result depends
only on the position: the same on every interpreter. An optional clock deadline makes
it stop sooner (then results depend on speed).

The search runs a slice at a time: `step(lookups)` searches about that many lookups
and returns, and the handheld calls it once per tick to stay responsive (a whole
search is seconds on a microcontroller). `best()` runs it to the end in one call.
Slicing never changes the lookups' order, so both find the same play.

Between slices the search must hold little heap. A recursive generator would keep
one frame per letter of the word, and MicroPython allocates generator frames on the
heap (about 210 bytes a level). So the extension is an iterative depth-first walk
with an explicit stack: per depth n (the word's n-th letter, at line position
start + n) a byte for the next letter to try, a byte of flags (a card on the table,
a wild card laid, the word touches the cards) and the letters the cell may take, in
arrays made once per search; the cards laid are the depths without a table card.
Where the walk stands (limit, line, start, depth, phase) lives on the search, so
`step` can return in the middle of a word and resume exactly there.

Each line (a row or column near the cards) is worked out once, the first time the
scan reaches it, into one bytearray made when the search starts: a byte per cell
from its first card or anchor (a free cell with a card beside it across the line)
to its last: the card's letter, or the anchor's number in the line, or how many
free cells lie between it and the next card or anchor (see _FREE; the hand's
length of free cells before and after follows from the hand). The iterative
deepening then walks the same lines again for each number of cards without
working them out again, and a walk from a start that never laid as many cards as
its limit is not walked again at the next limits: it would ask the same questions
(each still counted) and find no play. Cross-checks are kept only for anchors: one
4-byte mask each in an array, in the order the scan first reaches them. A free
cell with nothing beside it (most of them) takes any letter and costs nothing. A
play that lays no card beside the cards across forms one word and no square: it
is valued from its letters; the others are scored by the rules. The best play so
far is kept as its cells only, scored again at the end.

What the search asks of the word list is the flash dictionary's API
(crisscross.words.dictionary; any other list through crisscross.words.wordset's
Tables): the letters that may begin a word, follow its first letter or its first
two as bit masks of its tables (FIRSTS, `after`, `after2`): a letter the tables
refuse at the first or second place is never tried (such a question was never
counted), and a 3-letter beginning, counted like any lookup, is a bit of the mask
read once per pair; longer beginnings with `begins`, a cross-check's words with
`across` (each letter counted).

This module is what the handheld loads while the AI thinks, so it holds only the
search: whole AI turns, `choose` and the tie-break's word score, which host tools,
tests and self-play use, are in `crisscross.words.autoplay`.
"""

from array import array

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK, OFFSET, SPAN, WILD_BIT
from crisscross.words.board import key
from crisscross.words.rules import EMPTY_BONUS

DEFAULT_BUDGET = const(4000)
_MAX_WORD = const(31)  # longer than any word in the list
_ALL_LETTERS = const(0x3FFFFFF)  # a mask of the 26 letters
_UNKNOWN = const(0x4000000)  # an anchor's cross-check not made yet
_OFFER_WORK = const(20)  # a candidate scored costs about 20 extension steps
_WORK_PER_LOOKUP = const(4)  # work allowed per lookup of a slice
_WILD = const(26)  # deck.WILD

# A line's byte per cell (_line_byte):
_FREE = const(26)  # a free cell no word of the hand reaches a card or anchor from
# 0..25: a card's letter; _FREE + d (d = 1.._MAX_LEAD): a free cell d cells
# before the next card or anchor; _ANCHOR + i: the line's anchor number i; _SOLO:
# an anchor past the last number (a line of more than 191 anchors, which no
# deck can lay), whose cross-check is made each time it is needed.
_MAX_LEAD = const(37)
_MARGIN = const(8)  # starts this far before a line's first card or anchor may skip
_FAR = const(30000)  # further than any line reaches
_ANCHOR = const(64)
_SOLO = const(255)

# Where the walk resumes (Search._at).
_START = const(0)  # nothing done yet
_IDLE = const(1)  # between walks: find the next start
_ENTER = const(2)  # entering depth n: count the work, maybe pause
_BODY = const(3)  # at depth n: take the table's card, or end a word here
_CROSS = const(4)  # at depth n, a free cell: its cross-check
_NEXT = const(5)  # at depth n: find the next letter to try
_TRY = const(6)  # at depth n: try letter _tries[n]
_BACK = const(7)  # depth n is done: back to n - 1

# Search._flags[n]
_TOUCHED = const(1)  # the word before depth n uses or lies beside a card on the table
_BOARD = const(2)  # depth n is a card on the table (not laid from the hand)
_NEAR = const(4)  # depth n is an anchor: a card beside it across the line
_WILDLY = const(8)  # the card laid at depth n is a wild card


def _lowest():
    """Per byte value, the number of its lowest bit set (0 for 0)."""
    out = bytearray(256)
    for v in range(1, 256):
        while not v >> out[v] & 1:
            out[v] += 1
    return bytes(out)


_LOWEST = _lowest()
del _lowest  # run once: its code not kept while the AI thinks


class _OutOfBudget(Exception):
    pass


class Search:
    """One move search: `step(lookups)` until it returns True, then `found` is
    (cells, Result) or None; or `best()`, which returns that in one call."""

    def __init__(self, board, hand, lookup, options, budget=DEFAULT_BUDGET, **kw):
        self.board = board
        self.lookup = lookup
        self.options = options
        self.budget = budget
        self.clock = kw.get("clock")  # () -> ms, with `deadline` in the same units
        self.deadline = kw.get("deadline")
        # The bonus for emptying the hand, in tenths (`empties`: times this player
        # emptied it before); bonus=False leaves it out.
        self._bonus = 0
        if kw.get("bonus", True):
            self._bonus = EMPTY_BONUS * (kw.get("empties", 0) + 1) * 10
        self.counts = [0] * deck.KINDS
        for card in hand:
            self.counts[card] += 1
        self.hand_size = len(hand)
        # Bit k: the hand holds letter k (wild cards aside), kept by the walk.
        self._hand = 0
        for k in range(26):
            if self.counts[k]:
                self._hand |= 1 << k
        self.nodes = 0
        self.candidates = 0
        self.best_value = -1
        self.best_cells = None  # scored by the rules when the search ends
        self._buf = bytearray(_MAX_WORD + 1)
        self.done = False
        self.found = None  # (cells, Result) or None when there is no play
        self._sliced = True  # False: best() runs the search in one go
        self._pause = 0
        self._pause_reads = 0
        # Extension steps, and _OFFER_WORK per candidate scored: a slice's work.
        self._work = 0
        self._pause_work = 0
        # An opening's shortest word (the tie-break values words of 3 letters).
        self._min_len = kw.get("min_len", rules.OPENING_MIN)
        # ...and its longest: 5 cards ("5 cards at once") unless long openings are on.
        self._max_len = kw.get(
            "max_len", _MAX_WORD if options.long_opening else rules.OPENING_MIN
        )
        # The walk's stack, one entry per depth (see the module's docstring).
        self._tries = bytearray(_MAX_WORD + 2)  # the next letter to try
        self._flags = bytearray(_MAX_WORD + 2)  # _TOUCHED, _BOARD, _NEAR, _WILDLY
        self._masks = [0] * (_MAX_WORD + 2)  # the letters depth n may take
        self.laid = 0  # cards laid from the hand in the word so far
        self._counts_reads = hasattr(lookup, "reads")
        # What the search asks: the dictionary's tables as bit masks (FIRSTS,
        # after, after2), begins and across; any other word list through
        # crisscross.words.wordset.Tables.
        if not hasattr(lookup, "after2"):
            from crisscross.words.wordset import Tables

            lookup = Tables(lookup)
        self._tables = lookup
        self._at = _START
        self._n = 0  # depth: letters in the word so far
        self._wfrom = 0  # nodes when this walk began, less its cross-checks'
        self._full = False  # this walk reached its limit of cards laid
        self._t3 = -1  # the after2 mask of the word's first two letters, -1: not read
        self._opening = False  # an empty table: words from the hand alone

    # --- running -----------------------------------------------------------------
    def step(self, lookups, reads=None):
        """Search about `lookups` more dictionary lookups, or `reads` more block
        decodes, whichever comes first (one cell's cross-check, at most 26 lookups,
        may run over); True when the search has finished."""
        if self.done:
            return True
        self._pause = self.nodes + lookups
        self._pause_reads = self._reads() + (lookups if reads is None else reads)
        self._pause_work = self._work + _WORK_PER_LOOKUP * lookups
        try:
            if self._at == _START:
                self._begin()
            if not self._walk():
                return False
        except _OutOfBudget:
            pass
        self.done = True
        self.found = self._result()
        return True

    def best(self):
        """The whole search in one call: (cells, Result) or None."""
        self._sliced = False
        while not self.step(0):
            pass
        return self.found

    def _reads(self):
        return self.lookup.reads if self._counts_reads else 0

    def _near_due(self):
        """True when a cross-check of 26 lookups would overrun this slice."""
        return self._sliced and (
            self.nodes + 26 >= self._pause or self._reads() + 26 >= self._pause_reads
        )

    def _result(self):
        # Scored again rather than kept while the search runs: a Result holds
        # lists and words, and the rules give the same one for the same cells.
        if self.best_cells is None:
            return None
        res = rules.evaluate(
            self.board, self.best_cells, None, self.options, check_words=False
        )
        return self.best_cells, res

    def _begin(self):
        """Set up the first walk (an opening) or the scan of the lines."""
        b = self.board
        self._opening = b.is_empty()
        self._line = 0
        if self._opening:
            # One walk from the hand alone along an empty row 0 from column 0, up
            # to the whole hand: every word of _min_len letters or more is valued
            # (_offer), with no cross-checks.
            self._data = self._skips = None
            self._dir, self._fixed, self._lo = ACROSS, 0, 0
            self._base = self._sbase = self._first = self._lead = self._inner = 0
            self._smin = 0
            self._size = _MAX_WORD
            self._limit = min(self.hand_size, self._max_len)
            self._start = 0
            self._flags[0] = 0
            self._at = _ENTER
            return
        self._plan(b)
        self._cross = array("I")  # per anchor: its letters, or _UNKNOWN
        self._firsts = array("h", [-1] * self._lines)  # per line: its first anchor
        # Iterative deepening on the number of cards laid: every line gets its short
        # plays before any line gets long ones, so a small budget still sees them all.
        self._limit = 1
        self._start = -1
        self._enter_line(0)
        self._at = _IDLE

    # --- the lines -------------------------------------------------------------------
    # Line i: rows top-1..bottom+1 across, then columns left-1..right+1 down. Its
    # position j is table position _los[i] + j: a hand's length (`reach`) of free
    # cells, from its first card or anchor (at j = reach) to its last (before
    # j = _inner), then a hand's length of free cells again (to j = _size), after
    # which no word laid from the hand reaches. Only the cells from the first card
    # or anchor to the last are kept, in _data from _offs[i] (the cells before are
    # reach - j from the first, the cells after are past all of them), and per
    # start from _MARGIN cells before the first card or anchor, its _skips byte.

    def _plan(self, b):
        """Where each line lies and its bytes go (a row's cards and anchors are
        where the rows around it have cards)."""
        top, left = b.top, b.left
        rows = b.bottom - top + 3
        lines = rows + b.right - left + 3
        self._rows = rows
        self._lines = lines
        # Per line: its first and last card or anchor, along the line.
        lo = array("h", [_FAR] * lines)
        hi = array("h", [-_FAR] * lines)
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
        reach = self.hand_size
        margin = min(reach, _MARGIN)
        offs = array("H", [0] * (lines + 1))
        soffs = array("H", [0] * (lines + 1))
        total = stotal = 0
        for i in range(lines):
            if lo[i] <= hi[i]:
                total += hi[i] - lo[i] + 1
                stotal += hi[i] - lo[i] + 1 + margin
                lo[i] += (left if i < rows else top) - 1 - reach  # table position
            else:  # no card beside it: nothing starts there (cannot happen)
                lo[i] = 0
            offs[i + 1] = total
            soffs[i + 1] = stotal
        self._offs, self._soffs, self._los = offs, soffs, lo
        self._data = bytearray(total)
        # Per start: 1 + the lookups of a walk from it that never laid as many
        # cards as its limit (0: none such). Deeper limits would ask the same
        # questions again and find no play: they are counted, not asked (_walk).
        self._skips = bytearray(stotal)

    def _enter_line(self, i):
        """Make line i current, working out its cells the first time."""
        self._line = i
        if i < self._rows:
            self._dir, self._fixed = ACROSS, self.board.top - 1 + i
        else:
            self._dir, self._fixed = DOWN, self.board.left - 1 + i - self._rows
        reach = self.hand_size
        self._lo = self._los[i]
        self._lead = reach
        width = self._offs[i + 1] - self._offs[i]
        self._base = self._offs[i] - reach  # data[_base + j]: position j
        self._inner = reach + width if width else 0
        self._size = 2 * reach + width if width else 0
        self._smin = reach - min(reach, _MARGIN)  # the first start with a skip byte
        self._sbase = self._soffs[i] - self._smin  # skips[_sbase + j]: position j
        if self._firsts[i] < 0:
            self._firsts[i] = len(self._cross)
            self._fill()
        self._first = self._firsts[i]

    def _fill(self):
        """The current line's bytes (see _FREE): its cards and anchors, then how
        far each free cell is from the next one; room in _cross for its anchors."""
        cells = self.board._cells
        data, reach = self._data, self._lead
        begin, end = self._base + reach, self._base + self._inner
        if self._dir == ACROSS:
            k, along, side = key(self._fixed, self._lo + reach), 1, SPAN
        else:
            k, along, side = key(self._lo + reach, self._fixed), SPAN, 1
        cross = self._cross
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

    def _anchor(self, j):
        """Whether line position j is an anchor."""
        return self._lead <= j < self._inner and self._data[self._base + j] >= _ANCHOR

    # --- budget-counted dictionary access ----------------------------------------
    def _tick(self):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget()
        if self.deadline is not None and self.clock() >= self.deadline:
            raise _OutOfBudget()

    # Words of 1-2 letters come from a table in RAM: not counted.
    def _word(self, w):
        if len(w) > 2:
            self._tick()
        return self.lookup.contains(w)

    # --- candidates ---------------------------------------------------------------
    def _value_bonus(self, laid):
        """The bonus for emptying the hand with `laid` cards, in tenths."""
        return self._bonus if laid == self.hand_size else 0

    def _cells(self, n):
        """The cards laid in the word of n letters: [(r, c, letter, wild)]."""
        word, flags = self._buf, self._flags
        fixed, pos = self._fixed, self._lo + self._start
        out = []
        for i in range(n):
            f = flags[i]
            if not f & _BOARD:
                wild = f & _WILDLY != 0
                if self._dir == ACROSS:
                    out.append((fixed, pos + i, word[i] - 97, wild))
                else:
                    out.append((pos + i, fixed, word[i] - 97, wild))
        return out

    def _offer(self, n, counted=True):
        """The word of n letters ends here: the play's value, if it has one (an
        opening's is not counted among the candidates)."""
        if counted:
            self.candidates += 1
        value = self._plain_value(n)
        if value == -2:  # a card laid beside the cards across: ask the rules
            cells = self._cells(n)
            res = rules.evaluate(
                self.board, cells, None, self.options, check_words=False
            )
            if res.error or res.exchange:
                return
            value = res.score + self._value_bonus(len(cells))
        if value > self.best_value:
            self.best_value = value
            self.best_cells = self._cells(n)

    def _plain_value(self, n):
        """The value of the word of n letters as a plain play, the rules' score
        (rules._plain: one word, (sum of SV) x letters) and the bonus: a play
        that lays no card beside the cards across the line forms no other word
        and no square. -1: no play (2 letters; rule 6.2's exchange), -2: a card
        laid beside the cards across (the rules must look at it)."""
        word, flags = self._buf, self._flags
        start = self._start
        cells = self.board._cells
        k = key(self._fixed, self._lo + self._start)
        along = 1
        if self._dir != ACROSS:
            k = key(self._lo + self._start, self._fixed)
            along = SPAN
        points = laid = 0
        wild = junk = False
        for i in range(n):
            letter = word[i] - 97
            if flags[i] & _BOARD:
                if not cells[k] & WILD_BIT:
                    points += deck.SV[letter]
            elif self._anchor(start + i):
                return -2
            else:
                laid += 1
                if flags[i] & _WILDLY:
                    wild = True
                else:
                    points += deck.SV[letter]
                if deck.ALPHABET[letter] in deck.JUNK:
                    junk = True
            k += along
        if n < rules.MIN_WORD or (wild and junk and self.options.junk_ban):
            return -1
        return points * n * 10 + self._value_bonus(laid)

    def _check(self, j):
        """Bit mask of the letters (of those the hand holds) that make a word
        across position j of the current line, an anchor; kept in _cross."""
        cells = self.board._cells
        pos = self._lo + j
        if self._dir == ACROSS:
            k, side = key(self._fixed, pos), SPAN  # side: along the word across
        else:
            k, side = key(pos, self._fixed), 1
        q = k - side
        while q in cells:
            q -= side
        # The word across: the cards before, a letter here, the cards after.
        across = bytearray()
        q += side
        while q != k:
            across.append(97 + (cells[q] & LETTER_MASK))
            q += side
        here = len(across)
        across.append(97)
        q = k + side
        while q in cells:
            across.append(97 + (cells[q] & LETTER_MASK))
            q += side
        counts = self.counts
        wild = counts[_WILD]
        letters = 0
        for c in range(26):
            if counts[c] or wild:
                letters |= 1 << c
        counted = len(across) > 2  # words of 1-2 letters: a table in RAM
        if counted:  # each letter's lookup counted, all asked at once
            for c in range(26):
                if letters >> c & 1:
                    self._tick()
        mask = self._tables.across(across, here, letters)
        v = self._data[self._base + j]
        if v != _SOLO:
            self._cross[self._first + v - _ANCHOR] = mask
        return mask

    # --- the walk: words grown letter by letter from each start ---------------------
    def _walk(self):
        """Grow words from each start in turn, depth first, resuming where the last
        slice stopped: True when the search is over, False when the slice is used
        up. Depth n is line position start + n: one letter, from the table or laid.
        The phases come in the order that lets the busiest steps fall through:
        NEXT (a letter tried) -> ENTER -> BODY -> CROSS."""
        word = self._buf
        tries, flags, masks = self._tries, self._flags, self._masks
        counts, hand, laid = self.counts, self._hand, self.laid
        limit, opening = self._limit, self._opening
        firsts, after = self._tables.FIRSTS, self._tables.after
        lookup = self.lookup
        nodes, work = self.nodes, self._work
        # Is this slice used up? Asked before every counted lookup and at every
        # letter entered (inlined): counted lookups, blocks decoded from flash or
        # other work. The slice's ends are fixed for this call.
        sliced = self._sliced
        reads = self._counts_reads
        pause, pause_reads, pause_work = (
            self._pause,
            self._pause_reads,
            self._pause_work,
        )
        data, base, start = self._data, self._base, self._start
        lead, inner, size = self._lead, self._inner, self._size
        skips, sbase, smin = self._skips, self._sbase, self._smin
        wfrom, full = self._wfrom, self._full
        n, at = self._n, self._at
        mask = None  # at _CROSS: the cell's letters, None while its check is due
        while True:
            if at == _NEXT or at == _TRY:  # try the next letter allowed here
                k = tries[n]
                if at == _NEXT:  # skip to one the hand can lay (_TRY: paused at k)
                    m = masks[n] >> k
                    if not m:
                        at = _BACK
                    else:
                        while not m & 255:
                            m >>= 8
                            k += 8
                        k += _LOWEST[m & 255]
                        if (
                            n >= 2
                            and sliced
                            and (
                                nodes >= pause
                                or work >= pause_work
                                or (reads and lookup.reads >= pause_reads)
                            )
                        ):
                            tries[n] = k
                            at = _TRY
                            break
                if at != _BACK:
                    tries[n] = k + 1
                    word[n] = 97 + k
                    if n >= 2:  # a counted lookup
                        self.nodes = nodes
                        ok = self._ask(n, k)
                        nodes = self.nodes
                        if not ok:
                            at = _NEXT
                            continue
                    f = flags[n]
                    if counts[k]:
                        counts[k] -= 1
                        if not counts[k]:
                            hand &= ~(1 << k)
                    else:
                        counts[_WILD] -= 1
                        flags[n] = f | _WILDLY
                    laid += 1
                    n += 1
                    flags[n] = _TOUCHED if f & (_TOUCHED | _NEAR) else 0
                    at = _ENTER
            if at == _ENTER:
                work += 1
                at = _BODY
                if sliced and (
                    nodes >= pause
                    or work >= pause_work
                    or (reads and lookup.reads >= pause_reads)
                ):
                    break
            if at == _BODY:
                j = start + n
                v = data[base + j] if lead <= j < inner else _FREE
                if n == 2:
                    self._t3 = -1  # a new pair of first letters
                if v < _FREE:  # a card on the table
                    word[n] = 97 + v
                    flags[n] = _BOARD
                    if n >= 2:  # a counted lookup
                        self.nodes = nodes
                        ok = self._ask(n, v)
                        nodes = self.nodes
                    else:  # 1- and 2-letter beginnings: tables, not counted
                        ok = (after(word[0] - 97) if n else firsts) >> v & 1
                    if ok:
                        n += 1
                        flags[n] = _TOUCHED
                        at = _ENTER
                    else:
                        at = _BACK
                    continue
                # A free cell (or the end of the line): the word may end here.
                if laid >= limit:
                    full = True
                if opening or (laid == limit and flags[n] & _TOUCHED and n >= 2):
                    self.nodes = nodes
                    work += self._ends(n)
                    nodes = self.nodes
                if j >= size or laid >= limit or n >= _MAX_WORD:
                    at = _BACK
                    continue
                at = _CROSS
                mask = _ALL_LETTERS  # nothing beside the cell: no cross-check
                if v >= _ANCHOR:  # a card beside it across
                    mask = None
                    if v != _SOLO:
                        mask = self._cross[self._first + v - _ANCHOR]
                        if mask == _UNKNOWN:
                            mask = None
                    if mask is None:
                        self.nodes = nodes
                        if self._near_due():
                            break  # a new cross-check (up to 26 lookups): a fresh slice
            if at == _CROSS:
                f = flags[n] & _TOUCHED
                if mask is None:  # a cross-check to make (maybe resumed here)
                    self.nodes = nodes
                    mask = self._check(start + n)
                    if data[base + start + n] != _SOLO:  # kept: not asked again
                        wfrom += self.nodes - nodes
                    nodes = self.nodes
                if mask != _ALL_LETTERS:
                    f |= _NEAR
                flags[n] = f
                if not counts[_WILD]:
                    mask &= hand
                if n < 2:  # the letters that begin a word here: tables, not counted
                    mask &= after(word[0] - 97) if n else firsts
                masks[n] = mask
                tries[n] = 0
                at = _NEXT
                continue
            # _BACK: depth n is done; take back the card laid to reach it.
            if n:
                n -= 1
                f = flags[n]
                if not f & _BOARD:
                    k = word[n] - 97
                    if f & _WILDLY:
                        counts[_WILD] += 1
                        flags[n] = f & ~_WILDLY
                    else:
                        counts[k] += 1
                        hand |= 1 << k
                    laid -= 1
                    at = _NEXT
                continue
            # The walk from this start is over: on to the next start.
            if opening:
                break
            if at == _BACK and not full and nodes - wfrom < 255 and start >= smin:
                skips[sbase + start] = nodes - wfrom + 1
            self.nodes = nodes
            start = self._next_start(start + 1)
            nodes, limit = self.nodes, self._limit
            base, lead, inner = self._base, self._lead, self._inner
            size, sbase, smin = self._size, self._sbase, self._smin
            if start < 0:  # every line at every number of cards: the end
                at = _IDLE
                break
            flags[0] = 0
            wfrom = nodes
            full = False
            at = _ENTER
        self.nodes, self._work = nodes, work
        self._wfrom, self._full = wfrom, full
        self._n, self._at, self._hand, self.laid = n, at, hand, laid
        return at == _IDLE or (opening and at == _BACK)

    def _ask(self, n, k):
        """Whether some word begins with the word's first n + 1 letters (n >= 2;
        the last, letter k): a counted lookup. The letters that may follow the
        first two are read once per pair (_t3)."""
        self.nodes += 1
        if self.nodes > self.budget or (
            self.deadline is not None and self.clock() >= self.deadline
        ):
            raise _OutOfBudget()
        word = self._buf
        if n > 2:
            return self._tables.begins(bytes(word[: n + 1]))
        if self._t3 < 0:
            self._t3 = self._tables.after2(word[0] - 97, word[1] - 97)
        return self._t3 >> k & 1

    def _ends(self, n):
        """The word of n letters ends at a free cell: a candidate if it is a word
        (an opening's, of _min_len letters or more, valued but not counted among
        the candidates). The work it counts for the slice."""
        if self._opening:
            if n >= self._min_len and self._word(bytes(self._buf[:n])):
                self._offer(n, False)
            return 0
        if self._word(bytes(self._buf[:n])):
            self._offer(n)
            return _OFFER_WORK
        return 0

    def _next_start(self, j):
        """The next cell from position j of the current line (then the next lines,
        then again with one card more) a word may start at, made current; -1 when
        there is none left. A start whose walk never reached its limit is counted,
        not walked (its lookups added to `nodes`)."""
        limit = self._limit
        skips, timed = self._skips, self.deadline is not None
        while True:
            data, base, lead, inner = self._data, self._base, self._lead, self._inner
            sbase, smin = self._sbase, self._smin
            top = _FREE + limit
            if j < lead - limit:  # before: too far from the first card or anchor
                j = lead - limit
            while j < inner:  # no word starts after the last one
                if j >= lead:
                    v = data[base + j]
                    if not (
                        v != _FREE
                        and (v <= top or v >= _ANCHOR)
                        and (j == lead or data[base + j - 1] >= _FREE)
                    ):
                        j += 1
                        continue
                v = skips[sbase + j] if j >= smin else 0
                if not v or timed:
                    self._start = j
                    self._limit = limit
                    return j
                # The walk from here never reached its limit: a deeper one asks
                # the same questions and finds no play.
                self.nodes += v - 1
                if self.nodes > self.budget:
                    self.nodes = self.budget + 1
                    raise _OutOfBudget()
                j += 1
            i = self._line + 1
            if i == self._lines:
                i = 0
                limit += 1
                if limit > self.hand_size:
                    self._limit = limit
                    return -1
            self._enter_line(i)
            j = 0


def stepper(game, budget=DEFAULT_BUDGET, clock=None, deadline=None):
    """A search for the seat to move in `game` (run it with `step` or `best`)."""
    p = game.players[game.turn]
    return Search(
        game.board,
        p.hand,
        game.lookup,
        game.options,
        budget,
        clock=clock,
        deadline=deadline,
        empties=p.empties,
    )


def wants_draw(game):
    """With no play: draw while below the hand limit, even at the risk of losing two
    turns (passing loses one for sure and three rounds of passing end the game)."""
    return bool(game.deck) and len(game.hand()) < game.options.hand_limit
