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
search is seconds on a microcontroller, about 200 Python lines per lookup). `best()`
runs it to the end in one call. Slicing never changes the lookups' order, so both
find the same play.

Between slices the search must hold little heap. A recursive generator would keep
one frame per letter of the word, and MicroPython allocates generator frames on the
heap (about 210 bytes a level). So the extension is an iterative depth-first walk
with an explicit stack: per depth n (the word's n-th letter, at line position
start + n) a byte for the next letter to try, a byte of flags (a card on the table;
the word touches the cards), and the cross-check mask, in arrays made once per
search. Where the walk stands (limit, line, start, depth, phase) lives on the
search, so `step` can return in the middle of a word and resume exactly there. Only
the current line's letters and leads are kept, recomputed when the scan reaches it.
Cross-checks are kept only for anchors (free cells with a card beside them across
the line): one 4-byte mask each in an array, line by line in the order the scan
first reaches them. A free cell with nothing beside it (most of them) takes any
letter and costs nothing. The best play so far is kept as its cells only, scored
again at the end.

This module is what the handheld loads while the AI thinks, so it holds only the
search: whole AI turns, `choose` and the tie-break's word score, which host tools,
tests and self-play use, are in `crisscross.words.autoplay`.
"""

from array import array

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK, SPAN, key
from crisscross.words.rules import EMPTY_BONUS

DEFAULT_BUDGET = const(4000)
_NONE = const(255)  # no letter / no anchor in reach
_MAX_WORD = const(31)  # longer than any word in the list
_ALL_LETTERS = const(0x3FFFFFF)  # a mask of the 26 letters
_UNKNOWN = const(0x4000000)  # an anchor's cross-check not made yet
_OFFER_WORK = const(20)  # a candidate scored costs about 20 extension steps
_WORK_PER_LOOKUP = const(4)  # work allowed per lookup of a slice

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
_TOUCHED = const(1)  # the word so far uses or lies beside a card on the table
_BOARD = const(2)  # depth n is a card on the table (not laid from the hand)


def _lowest():
    """Per byte value, the number of its lowest bit set (0 for 0)."""
    out = bytearray(256)
    for v in range(1, 256):
        while not v >> out[v] & 1:
            out[v] += 1
    return bytes(out)


_LOWEST = _lowest()


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
        self._work = 0  # extension steps, and candidates scored (_OFFER_WORK each)
        self._pause_work = 0
        # An opening's shortest word (the tie-break values words of 3 letters).
        self._min_len = kw.get("min_len", rules.OPENING_MIN)
        # ...and its longest: 5 cards ("5 cards at once") unless long openings are on.
        self._max_len = kw.get(
            "max_len", _MAX_WORD if options.long_opening else rules.OPENING_MIN
        )
        # The walk's stack, one entry per depth (see the module's docstring).
        self._tries = bytearray(_MAX_WORD + 2)  # the next letter to try
        self._flags = bytearray(_MAX_WORD + 2)  # _TOUCHED, _BOARD
        self._masks = [0] * (_MAX_WORD + 2)  # letters allowed by the cross-check
        self._placed = []  # (r, c, letter, wild) of the cards laid so far
        self._counts_reads = hasattr(lookup, "reads")
        # A word list that says every letter begins a word (the dictionary's
        # EVERY_LETTER) is not asked about 1-letter beginnings: the same answer,
        # without a call and a bytes made per letter tried.
        self._any_first = getattr(lookup, "EVERY_LETTER", False)
        # ...and 2-letter beginnings asked by letter (0..25), from a table in RAM.
        self._two = getattr(lookup, "starts2", None)
        self._at = _START
        self._n = 0  # depth: letters in the word so far
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
        self._pause_work = (
            self._work + _OFFER_WORK * self.candidates + _WORK_PER_LOOKUP * lookups
        )
        try:
            if not self._search():
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

    def _search(self):
        """Go on until the search ends (True) or the slice is used up (False)."""
        if self._at == _START:
            self._begin()
        while True:
            if self._at != _IDLE:
                if not self._walk():
                    return False
                if self._opening:
                    return True
            if not self._next_start():
                return True
            self._n = 0
            self._flags[0] = 0
            self._at = _ENTER

    def _begin(self):
        """Set up the first walk (an opening) or the scan of the lines."""
        b = self.board
        self._opening = b.is_empty()
        if self._opening:
            # One walk from the hand alone along an empty row 0 from column 0, up
            # to the whole hand: every word of _min_len letters or more is valued
            # (_offer_opening), with no cross-checks.
            self._dir, self._fixed, self._lo = ACROSS, 0, 0
            # No cards, so no anchors: every cell takes any letter.
            self._letters = self._leads = bytes((_NONE,)) * _MAX_WORD
            self._size = _MAX_WORD
            self._limit = min(self.hand_size, self._max_len)
            self._start = 0
            self._flags[0] = 0
            self._at = _ENTER
            return
        reach = self.hand_size
        size = max(b.right - b.left, b.bottom - b.top) + 1 + 2 * reach
        self._letters = bytearray(size)  # the current line's, see _load
        self._leads = bytearray(size)
        self._ranks = bytearray(size)  # an anchor's number in the line
        self._cross = array("I")  # per anchor: its letters, or _UNKNOWN
        self._firsts = array("H")  # per line scanned: its first anchor in _cross
        self._first = 0  # the current line's
        self._lines = (b.bottom - b.top + 3) + (b.right - b.left + 3)
        self._line = -1
        self._size = 0
        self._start = -1
        # Iterative deepening on the number of cards laid: every line gets its short
        # plays before any line gets long ones, so a small budget still sees them all.
        self._limit = 1
        self._at = _IDLE

    # --- budget-counted dictionary access ----------------------------------------
    def _tick(self):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget()
        if self.deadline is not None and self.clock() >= self.deadline:
            raise _OutOfBudget()

    # Beginnings and words of 1-2 letters come from a table in RAM: not counted.
    def _prefix(self, w):
        if len(w) > 2:
            self._tick()
        return self.lookup.has_prefix(w)

    def _word(self, w):
        if len(w) > 2:
            self._tick()
        return self.lookup.contains(w)

    # --- candidates ---------------------------------------------------------------
    def _value_bonus(self, laid):
        """The bonus for emptying the hand with `laid` cards, in tenths."""
        return self._bonus if laid == self.hand_size else 0

    def _offer(self, cells):
        self.candidates += 1
        res = rules.evaluate(self.board, cells, None, self.options, check_words=False)
        if res.error or res.exchange:
            return
        value = res.score + self._value_bonus(len(cells))
        if value > self.best_value:
            self.best_value = value
            self.best_cells = list(cells)

    def _offer_opening(self, cells):
        """An opening word: valued here, scored by the rules only once chosen."""
        points = 0
        wild = junk = False
        for cell in cells:
            if cell[3]:
                wild = True
            else:
                points += deck.SV[cell[2]]
            if deck.ALPHABET[cell[2]] in deck.JUNK:
                junk = True
        if wild and junk and self.options.junk_ban:
            return  # rule 6.2 would exchange the wild card: no play
        n = len(cells)
        value = points * n * 10 + self._value_bonus(n)
        if value > self.best_value:
            self.best_value = value
            self.best_cells = list(cells)

    # --- a layout: lines, starts -----------------------------------------------------
    def _next_start(self):
        """Move to the next cell a word may start at (limit, line, position):
        False when there is none left."""
        j = self._start + 1
        while self._limit <= self.hand_size:
            limit, size = self._limit, self._size
            letters, leads = self._letters, self._leads
            while j < size:
                if leads[j] <= limit and (j == 0 or letters[j - 1] == _NONE):
                    self._start = j
                    return True
                j += 1
            j = 0
            i = self._line + 1
            if i == self._lines:
                i = 0
                self._limit += 1
            self._load(i)
        return False

    def _load(self, i):
        """Make line i current: rows top-1..bottom+1 across, then columns
        left-1..right+1 down, each reaching a hand's length past the cards. Per
        position: the letter on the table (or _NONE) and how many free cells come
        before the first card or anchor (a free cell with a neighbour across), and
        the anchors' places in _cross: the first scan of the line (the lines are
        first scanned in order) makes room there for its anchors."""
        b = self.board
        reach = self.hand_size
        rows = b.bottom - b.top + 3
        if i < rows:
            d, fixed, lo, hi = ACROSS, b.top - 1 + i, b.left - reach, b.right + reach
        else:
            d, fixed = DOWN, b.left - 1 + i - rows
            lo, hi = b.top - reach, b.bottom + reach
        self._line, self._dir, self._fixed, self._lo = i, d, fixed, lo
        self._size = size = hi - lo + 1
        letters, ranks = self._letters, self._ranks
        leads = self._leads  # anchors first, then leads
        anchors = 0
        # Straight from the board's cells by key: along the line a key steps by
        # `along`, to the neighbours across by `side` (Board.letter, Board.filled).
        cells = b._cells
        if d == ACROSS:
            k, along, side = key(fixed, lo), 1, SPAN
        else:
            k, along, side = key(lo, fixed), SPAN, 1
        for j in range(size):
            v = cells.get(k, -1)
            if v >= 0:
                letters[j] = v & LETTER_MASK
                leads[j] = 1
            else:
                letters[j] = _NONE
                if (k - side) in cells or (k + side) in cells:
                    leads[j] = 1
                    ranks[j] = anchors
                    anchors += 1
                else:
                    leads[j] = 0
            k += along
        cross, firsts = self._cross, self._firsts
        if i == len(firsts):
            firsts.append(len(cross))
            for _ in range(anchors):
                cross.append(_UNKNOWN)
        self._first = firsts[i]
        lead = _NONE
        for j in range(size - 1, -1, -1):
            if leads[j]:
                lead = 0
            elif lead != _NONE:
                lead += 1
            leads[j] = lead if lead <= reach else _NONE

    def _check(self, j):
        """Bit mask of the letters (of those the hand holds) that make a word
        across position j of the current line, an anchor; kept in _cross."""
        fixed, pos = self._fixed, self._lo + j
        if self._dir == ACROSS:
            r, c, dr, dc = fixed, pos, 1, 0  # dr, dc: the other direction
        else:
            r, c, dr, dc = pos, fixed, 0, 1
        b = self.board
        rr, cc = r - dr, c - dc
        while b.filled(rr, cc):
            rr, cc = rr - dr, cc - dc
        # The word across: the cards before, a letter here, the cards after.
        across = bytearray()
        rr, cc = rr + dr, cc + dc
        while rr != r or cc != c:
            across.append(97 + b.letter(rr, cc))
            rr, cc = rr + dr, cc + dc
        here = len(across)
        across.append(97)
        rr, cc = r + dr, c + dc
        while b.filled(rr, cc):
            across.append(97 + b.letter(rr, cc))
            rr, cc = rr + dr, cc + dc
        mask = 0
        wild = self.counts[deck.WILD]
        for k in range(26):
            if self.counts[k] or wild:
                across[here] = 97 + k
                if self._word(bytes(across)):
                    mask |= 1 << k
        self._cross[self._first + self._ranks[j]] = mask
        return mask

    # --- the walk: a word grown letter by letter from one start ---------------------
    def _walk(self):
        """Grow words from the current start, depth first, resuming where the last
        slice stopped: True when the walk is over, False when the slice is used up.
        Depth n is line position start + n: one letter, from the table or laid.
        The phases come in the order that lets the busiest steps fall through:
        NEXT (a letter tried) -> ENTER -> BODY -> CROSS."""
        word = self._buf
        letters, leads, size = self._letters, self._leads, self._size
        tries, flags, masks = self._tries, self._flags, self._masks
        counts, placed = self.counts, self._placed
        limit, opening = self._limit, self._opening
        any_first, two, hand = self._any_first, self._two, self._hand
        # Is this slice used up? Asked at every letter, so inlined below: counted
        # lookups, blocks decoded from flash or other work (2-letter beginnings
        # come from RAM uncounted; scoring a candidate costs a few hundred lines).
        # The slice's ends are fixed for this call.
        sliced, lookup = self._sliced, self.lookup
        reads = self._counts_reads
        pause, pause_reads, pause_work = (
            self._pause,
            self._pause_reads,
            self._pause_work,
        )
        d, fixed, start = self._dir, self._fixed, self._start
        pos0 = self._lo + start  # the table position of depth 0
        n, at = self._n, self._at
        mask = None  # at _CROSS: the cell's letters, None while its check is due
        while True:
            if at == _NEXT or at == _TRY:  # try the next letter allowed here
                k = tries[n]
                if at == _NEXT:  # skip to one the hand can lay (_TRY: paused at k)
                    mask = masks[n]
                    m = (mask if counts[deck.WILD] else mask & hand) >> k
                    if not m:
                        at = _BACK
                        continue
                    while not m & 255:
                        m >>= 8
                        k += 8
                    k += _LOWEST[m & 255]
                    if sliced and (
                        self.nodes >= pause
                        or (reads and lookup.reads >= pause_reads)
                        or self._work + _OFFER_WORK * self.candidates >= pause_work
                    ):
                        tries[n] = k
                        at = _TRY
                        break
                tries[n] = k + 1
                word[n] = 97 + k
                if n == 1 and two is not None:
                    ok = two(word[0] - 97, k)
                else:
                    ok = (not n and any_first) or self._prefix(bytes(word[: n + 1]))
                if not ok:
                    at = _NEXT
                    continue
                wild = not counts[k]
                if wild:
                    counts[deck.WILD] -= 1
                else:
                    counts[k] -= 1
                    if not counts[k]:
                        hand &= ~(1 << k)
                r, c = (fixed, pos0 + n) if d == ACROSS else (pos0 + n, fixed)
                placed.append((r, c, k, wild))
                touched = flags[n] or masks[n] != _ALL_LETTERS
                n += 1
                flags[n] = _TOUCHED if touched else 0
                at = _ENTER
            if at == _ENTER:
                self._work += 1
                at = _BODY
                if sliced and (
                    self.nodes >= pause
                    or (reads and lookup.reads >= pause_reads)
                    or self._work + _OFFER_WORK * self.candidates >= pause_work
                ):
                    break
            if at == _BODY:
                j = start + n
                if j < size and letters[j] != _NONE:  # a card on the table
                    word[n] = 97 + letters[j]
                    flags[n] = _BOARD
                    if n == 1 and two is not None:
                        ok = two(word[0] - 97, letters[j])
                    else:
                        ok = (not n and any_first) or self._prefix(bytes(word[: n + 1]))
                    if ok:
                        n += 1
                        flags[n] = _TOUCHED
                        at = _ENTER
                    else:
                        at = _BACK
                    continue
                # A free cell (or the end of the line): the word may end here.
                laid = len(placed)
                if opening:
                    if n >= self._min_len and self._word(bytes(word[:n])):
                        self._offer_opening(placed)
                elif laid == limit and flags[n] and n >= 2:
                    if self._word(bytes(word[:n])):
                        self._offer(placed)
                if j >= size or laid >= limit or n >= _MAX_WORD:
                    at = _BACK
                    continue
                at = _CROSS
                mask = _ALL_LETTERS  # nothing beside the cell: no cross-check
                if leads[j] == 0:  # free, so an anchor: a card beside it across
                    mask = self._cross[self._first + self._ranks[j]]
                    if mask == _UNKNOWN:
                        mask = None
                        if self._near_due():
                            break  # a new cross-check (up to 26 lookups): a fresh slice
            if at == _CROSS:
                if mask is None:  # a cross-check to make (maybe resumed here)
                    mask = self._check(start + n)
                masks[n] = mask
                tries[n] = 0
                at = _NEXT
                continue
            # _BACK: depth n is done; take back the card laid to reach it.
            if n == 0:
                at = _IDLE
                break
            n -= 1
            if not flags[n] & _BOARD:
                cell = placed.pop()
                if cell[3]:
                    counts[deck.WILD] += 1
                else:
                    counts[cell[2]] += 1
                    hand |= 1 << cell[2]
                at = _NEXT
        self._n, self._at, self._hand = n, at, hand
        return at == _IDLE


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
