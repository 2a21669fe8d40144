"""The word game's AI: finds a good play within a budget of dictionary lookups.

The search walks every row and column near the cards (crisscross.words.lines),
starting words at each free cell and extending them letter by letter from the
hand (Appel & Jacobson's idea, without their DAWG: the dictionary's `begins`
prunes instead). A free cell with cards beside it across the line only takes the
letters that make a word across it, which is how plays that complete a 2x2
square - the Square Effect - are found. It deepens one card at a time (all 1-card
plays everywhere, then all 2-card plays...), so a small budget still sees short
plays on every line; a start whose walk never laid as many cards as its limit is
not walked again at the next limits (it would ask the same questions, each still
counted, and find no play). A play that lays no card beside the cards across
forms one word and no square: it is valued from its letters; the rules score the
others. The best play so far is kept as its cells, scored again at the end.

The budget counts dictionary lookups (of 3 letters or more), so the result depends
only on the position: the same on every interpreter and however it is sliced. It
bounds the walk's other work as well, steps that ask no lookup (a word's first
two letters come from tables; a play the rules score counts as OFFER_WORK steps):
a big hand beside a few cards would take most of its time there. The search stops
at WORK_PER_LOOKUP steps per lookup of the budget, as at its last lookup.

It runs in steps as every search of the game does (docs/architecture.md, "A search
in steps"): `Search.steps(out, lookups)` is a generator that yields each time a
slice of about that many lookups has run, and appends the play found to `out` at
the end; the thinking screen runs a slice per tick. Between slices it holds
little heap: it is one generator (a suspended generator's frame is a heap object
in MicroPython, so not one per letter) around an explicit stack, per depth n
(the word's n-th letter, at line position start + n) its letter, a byte of flags
and the letters it has left to try, in arrays made once per search.

What it asks of the word list is the flash dictionary's API
(crisscross.words.dictionary; any other list through crisscross.words.wordset's
Tables): the letters that may begin a word, follow its first letter or its first
two, as bit masks (FIRSTS, `after`, `after2`: a letter they refuse at the first or
second place is never tried; a 3-letter beginning, a bit of the mask read once
per pair, is counted like any lookup); longer beginnings with `begins`, a
cross-check's words with `across` (each letter counted).

crisscross.words.reference is the same search written for reading (tests check
both pick the same plays). This module is what the handheld loads while the AI
thinks: whole AI turns and the tie-break's word score are in
crisscross.words.autoplay.
"""

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, SPAN, WILD_BIT
from crisscross.words.lines import Lines
from crisscross.words.rules import EMPTY_BONUS

DEFAULT_BUDGET = const(4000)
_MAX_WORD = const(31)  # longer than any word in the list
_ALL_LETTERS = const(0x3FFFFFF)  # a mask of the 26 letters
OFFER_WORK = const(50)  # a play the rules score costs about 50 extension steps
WORK_PER_LOOKUP = const(3)  # steps allowed per lookup, of a slice and of the budget
_WILD = const(26)  # deck.WILD
# As in crisscross.words.lines: a line position's byte is a card's letter below
# _FREE, an anchor from _ANCHOR on (_SOLO: one whose cross-check is not kept); a
# cross-check kept is _UNKNOWN until it is made.
_FREE = const(26)
_ANCHOR = const(64)
_SOLO = const(255)
_UNKNOWN = const(0x4000000)

# Search._flags[n]
_TOUCHED = const(1)  # the word before depth n uses or lies beside a card on the table
_BOARD = const(2)  # depth n is a card on the table (not laid from the hand)
_NEAR = const(4)  # depth n is an anchor: a card beside it across the line
_WILDLY = const(8)  # the card laid at depth n is a wild card


def _letters(counts):
    """The letters of a hand's `counts` (by card code) as a mask, wild cards aside."""
    mask = 0
    for k in range(26):
        if counts[k]:
            mask |= 1 << k
    return mask


def _bits(mask):
    """How many bits of `mask` (26 letters) are set."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


class _OutOfBudget(Exception):
    pass


class Search:
    """One move search: run `steps(out, lookups)`, or `best()`, which returns
    what it appends in one call: (cells, Result), or None when there is no play.
    `nodes` the lookups it counted, `work` its steps, `candidates` the plays it
    valued (an opening's aside), `best_value` the best one's value in tenths
    (-1: none)."""

    def __init__(self, board, hand, lookup, options, budget=DEFAULT_BUDGET, **kw):
        self.board = board
        # What the search asks: the dictionary's tables as bit masks (FIRSTS,
        # after, after2), begins and across; any other word list through
        # crisscross.words.wordset.Tables.
        if not hasattr(lookup, "after2"):
            from crisscross.words.wordset import Tables

            lookup = Tables(lookup)
        self.lookup = lookup
        self.options = options
        self.budget = budget
        # The bonus for emptying the hand, in tenths (`empties`: times this player
        # emptied it before); bonus=False leaves it out.
        self._bonus = 0
        if kw.get("bonus", True):
            self._bonus = EMPTY_BONUS * (kw.get("empties", 0) + 1) * 10
        self.counts = bytearray(deck.KINDS)
        for card in hand:
            self.counts[card] += 1
        self.hand_size = len(hand)
        self.nodes = self.work = 0
        self.candidates = 0
        self.best_value = -1
        self.best_cells = None  # scored by the rules when the search ends
        # An opening's shortest word (the tie-break values words of 3 letters).
        self._min_len = kw.get("min_len", rules.OPENING_MIN)
        # ...and its longest: 5 cards ("5 cards at once") unless long openings are on.
        self._max_len = kw.get(
            "max_len", _MAX_WORD if options.long_opening else rules.OPENING_MIN
        )
        # The walk's stack, one entry per depth (see the module's docstring).
        self._buf = bytearray(_MAX_WORD + 1)  # the word's letters
        self._flags = bytearray(_MAX_WORD + 2)  # _TOUCHED, _BOARD, _NEAR, _WILDLY
        self.depth = 0  # where the walk stood at the last pause
        self.lines = None  # made when the search starts

    def best(self):
        """The whole search in one call: (cells, Result) or None."""
        out = []
        for _ in self.steps(out):
            pass
        return out[0]

    def _reads(self):
        """The dictionary's block reads so far (0 for a word list without)."""
        return getattr(self.lookup, "reads", 0)

    def _slice(self, nodes, work, lookups, reads):
        """Where a slice from here ends: (lookups, work, block reads)."""
        pause_work = work + WORK_PER_LOOKUP * lookups
        return nodes + lookups, pause_work, self._reads() + reads

    # --- the search, a slice at a time ---------------------------------------------
    def steps(self, out, lookups=0, reads=None):
        """The search as a generator: it yields each time about `lookups`
        dictionary lookups, `reads` block decodes (`lookups` unless given) or as
        much other work have run since it last did (lookups 0: never), and at the
        end appends (cells, Result), or None, to `out`. A cross-check (up to 26
        lookups) is never split: a slice about to run one ends first.

        The walk grows words from each start in turn, depth first: depth n is
        line position start + n, one letter, from the table or laid. The lines
        and their starts come from crisscross.words.lines; every counted lookup
        is counted here."""
        if not self.hand_size:  # no card to lay (the deck ran out): no play
            self.nodes = self.depth = 0
            out.append(None)
            return
        if reads is None:
            reads = lookups
        sliced = lookups > 0
        lookup = self.lookup
        counted = hasattr(lookup, "reads")
        firsts, after, contains = lookup.FIRSTS, lookup.after, lookup.contains
        begins, after2, lowest = lookup.begins, lookup.after2, deck.LOWEST
        # The after2 mask of the word's first two letters (-1: not read): the
        # letters that may follow them are read once per pair.
        t3 = -1
        word, flags = self._buf, self._flags
        # Per card laid, the letters left to try at its cell (a free cell of the
        # word is the (laid + 1)-th card's, laid the cards laid before it).
        masks = [0] * self.hand_size
        counts, budget = self.counts, self.budget
        hand = _letters(counts)  # bit k: the hand holds letter k (wild cards aside)
        nodes = work = laid = 0
        most_work = budget * WORK_PER_LOOKUP
        # Where this slice ends: fixed until the next yield.
        pause, pause_work, pause_reads = self._slice(0, 0, lookups, reads)
        lines = self.lines = Lines(self.board, self.hand_size)
        opening = lines.data is None
        if opening:
            # An empty table: one walk from the hand alone along row 0 from
            # column 0, up to the whole hand; every word of _min_len letters or
            # more is valued (_offer), with no cross-checks.
            limit = min(self.hand_size, self._max_len)
            start = 0
        else:
            # Iterative deepening on the number of cards laid: every line gets its
            # short plays before any line gets long ones.
            limit = lines.limit  # 1
            start = lines.next_start(0, budget)
        try:
            while start >= 0:
                data, base, lead = lines.data, lines.base, lines.reach
                inner, size = lines.inner, lines.size
                cross, first = lines.cross, lines.first  # the line's cross-checks
                # The walk from `start`.
                wfrom = nodes  # the lookups before it, less its kept cross-checks'
                full = False  # it reached its limit of cards laid
                flags[0] = 0
                n = 0
                while n >= 0:
                    # Depth n entered: count the work, and end the slice when due.
                    work += 1
                    if work > most_work:
                        raise _OutOfBudget()
                    if sliced and (
                        nodes >= pause
                        or work >= pause_work
                        or (counted and lookup.reads >= pause_reads)
                    ):
                        self.nodes, self.depth = nodes, n
                        yield
                        pause, pause_work, pause_reads = self._slice(
                            nodes, work, lookups, reads
                        )
                    j = start + n
                    v = data[base + j] if lead <= j < inner else _FREE
                    if n == 2:
                        t3 = -1  # a new pair of first letters
                    back = True  # no letter to try at depth n
                    if v < _FREE:  # a card on the table
                        word[n] = 97 + v
                        flags[n] = _BOARD
                        if n >= 2:  # a counted lookup: whether a word begins so
                            nodes += 1
                            if nodes > budget:
                                raise _OutOfBudget()
                            if n > 2:
                                ok = begins(bytes(word[: n + 1]))
                            else:  # the after2 mask's bit
                                if t3 < 0:
                                    t3 = after2(word[0] - 97, word[1] - 97)
                                ok = t3 >> v & 1
                        else:  # 1- and 2-letter beginnings: tables, not counted
                            ok = (after(word[0] - 97) if n else firsts) >> v & 1
                        if ok:
                            n += 1
                            flags[n] = _TOUCHED
                            continue
                    else:
                        # A free cell (or the end of the line): the word may end here.
                        if laid >= limit:
                            full = True
                        if opening:
                            ends = n >= self._min_len
                        else:
                            ends = laid == limit and flags[n] & _TOUCHED and n >= 2
                        if ends:
                            if n > 2:  # words of 1-2 letters: a table in RAM
                                nodes += 1
                                if nodes > budget:
                                    raise _OutOfBudget()
                            if contains(bytes(word[:n])):
                                work += self._offer(n, start, not opening)
                        if j < size and laid < limit and n < _MAX_WORD:
                            # The letters the cell may take.
                            f = flags[n] & _TOUCHED
                            mask = _ALL_LETTERS  # nothing beside it: no cross-check
                            if v >= _ANCHOR:  # a card beside it across
                                f |= _NEAR
                                mask = _UNKNOWN
                                if v != _SOLO:
                                    mask = cross[first + v - _ANCHOR]
                            if mask == _UNKNOWN:  # its cross-check, not made yet
                                if sliced and (
                                    nodes + 26 >= pause
                                    or self._reads() + 26 >= pause_reads
                                ):  # up to 26 lookups: a fresh slice
                                    self.nodes, self.depth = nodes, n
                                    yield
                                    pause, pause_work, pause_reads = self._slice(
                                        nodes, work, lookups, reads
                                    )
                                across = bytearray()
                                here = lines.across(j, across)
                                letters = _ALL_LETTERS if counts[_WILD] else hand
                                # Each letter's lookup counted, but for words of
                                # 1-2 letters (a table in RAM).
                                cost = _bits(letters) if len(across) > 2 else 0
                                nodes += cost
                                if nodes > budget:
                                    nodes = budget + 1
                                    raise _OutOfBudget()
                                mask = lookup.across(across, here, letters)
                                if lines.keep(j, mask):  # kept: never asked again
                                    wfrom += cost
                            flags[n] = f
                            if not counts[_WILD]:
                                mask &= hand
                            if n < 2:  # tables, not counted
                                mask &= after(word[0] - 97) if n else firsts
                            masks[laid] = mask
                            back = False
                    # The next letter to lay at depth n; when there is none, back
                    # to the depth before that laid a card, which takes it back.
                    while True:
                        if back:
                            while n and flags[n - 1] & _BOARD:
                                n -= 1
                            if not n:
                                n = -1  # the walk from this start is over
                                break
                            n -= 1
                            k = word[n] - 97
                            f = flags[n]
                            if f & _WILDLY:
                                counts[_WILD] += 1
                                flags[n] = f & ~_WILDLY
                            else:
                                counts[k] += 1
                                hand |= 1 << k
                            laid -= 1
                        m = masks[laid]
                        back = not m
                        if back:
                            continue
                        bit = m & -m  # its lowest letter, k, is tried
                        masks[laid] = m ^ bit
                        k = lowest[bit % 37]
                        word[n] = 97 + k
                        if n >= 2:  # a counted lookup
                            # The pause check of a new depth, written out again:
                            # as a method it takes twice as long on the board.
                            if sliced and (
                                nodes >= pause
                                or work >= pause_work
                                or (counted and lookup.reads >= pause_reads)
                            ):
                                self.nodes, self.depth = nodes, n
                                yield
                                pause, pause_work, pause_reads = self._slice(
                                    nodes, work, lookups, reads
                                )
                            nodes += 1
                            if nodes > budget:
                                raise _OutOfBudget()
                            if n > 2:
                                if not begins(bytes(word[: n + 1])):
                                    continue
                            else:
                                if t3 < 0:
                                    t3 = after2(word[0] - 97, word[1] - 97)
                                if not t3 >> k & 1:
                                    continue
                        # Lay letter k: its own card while the hand holds one.
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
                        break
                if opening:
                    break
                # A walk that never laid as many cards as its limit: at the next
                # limits it is counted, not walked (lines.next_start).
                if not full and nodes - wfrom < 255 and start >= lines.smin:
                    lines.skips[lines.sbase + start] = nodes - wfrom + 1
                start = lines.next_start(start + 1, budget - nodes)
                nodes += lines.passed
                if nodes > budget:
                    nodes = budget + 1
                    raise _OutOfBudget()
                limit = lines.limit
        except _OutOfBudget:
            pass
        self.nodes, self.work = nodes, work
        self.depth = 0
        out.append(self._result())

    # --- candidates ---------------------------------------------------------------
    def _result(self):
        # Scored again rather than kept while the search runs: a Result holds
        # lists and words, and the rules give the same one for the same cells.
        if self.best_cells is None:
            return None
        res = rules.evaluate(
            self.board, self.best_cells, None, self.options, check_words=False
        )
        return self.best_cells, res

    def _value_bonus(self, laid):
        """The bonus for emptying the hand with `laid` cards, in tenths."""
        return self._bonus if laid == self.hand_size else 0

    def _cells(self, n, start):
        """The cards laid in the word of n letters from line position `start`:
        [(r, c, letter, wild)]."""
        word, flags, lines = self._buf, self._flags, self.lines
        fixed, pos = lines.fixed, lines.lo + start
        out = []
        for i in range(n):
            f = flags[i]
            if not f & _BOARD:
                wild = f & _WILDLY != 0
                if lines.dir == ACROSS:
                    out.append((fixed, pos + i, word[i] - 97, wild))
                else:
                    out.append((pos + i, fixed, word[i] - 97, wild))
        return out

    def _offer(self, n, start, counted=True):
        """The word of n letters from line position `start` ends here: the
        play's value, if it has one (an opening's is not counted among the
        candidates). Returns the steps it took: n, or OFFER_WORK where the
        rules were asked."""
        if counted:
            self.candidates += 1
        value = self._plain_value(n, start)
        cost = n
        cells = None  # laid out only for the rules, or to keep
        if value == -2:  # a card laid beside the cards across
            if not self._square(n, start):
                return n  # two words without a Square Effect: the rules refuse it
            cells = self._cells(n, start)  # ask the rules
            res = rules.evaluate(
                self.board, cells, None, self.options, check_words=False
            )
            if res.error or res.exchange:
                return OFFER_WORK
            value = res.score + self._value_bonus(len(cells))
            cost = OFFER_WORK
        if value > self.best_value:
            self.best_value = value
            self.best_cells = cells or self._cells(n, start)
        return cost

    def _square(self, n, start):
        """Whether a card laid in the word of n letters from line position
        `start` completes a 2x2 square: with its neighbour in the word (the
        cells just outside it are free) and the two cards beside them across
        (the play lays no card off its line). The same squares the rules find
        (rules._squares), without laying the play out."""
        flags, lines = self._flags, self.lines
        cells = self.board._cells
        along, side = 1, SPAN
        if lines.dir != ACROSS:
            along, side = SPAN, 1
        k = lines.key(start)
        for i in range(n):
            if not flags[i] & _BOARD:
                a = k + side in cells  # a card beside it across, on one side
                b = k - side in cells  # ...on the other
                if a or b:
                    q = k - along  # its neighbour before it, then after it
                    if i and (a and q + side in cells or b and q - side in cells):
                        return True
                    q = k + along
                    if i < n - 1 and (
                        a and q + side in cells or b and q - side in cells
                    ):
                        return True
            k += along
        return False

    def _plain_value(self, n, start):
        """The value of the word of n letters as a plain play, the rules' score
        (rules._plain: one word, (sum of SV) x letters) and the bonus: a play
        that lays no card beside the cards across the line forms no other word
        and no square. -1: no play (2 letters; rule 6.2's exchange), -2: a card
        laid beside the cards across (the rules must look at it)."""
        word, flags, lines = self._buf, self._flags, self.lines
        cells = self.board._cells
        k = lines.key(start)
        along = 1 if lines.dir == ACROSS else SPAN
        points = laid = 0
        wild = junk = False
        for i in range(n):
            letter = word[i] - 97
            if flags[i] & _BOARD:
                if not cells[k] & WILD_BIT:
                    points += deck.SV[letter]
            elif lines.byte(start + i) >= _ANCHOR:
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


def stepper(game, budget=DEFAULT_BUDGET):
    """A search for the seat to move in `game` (run it with `steps` or `best`)."""
    p = game.players[game.turn]
    return Search(
        game.board, p.hand, game.lookup, game.options, budget, empties=p.empties
    )


def wants_draw(game):
    """With no play: draw while below the hand limit, even at the risk of losing two
    turns (passing loses one for sure and three rounds of passing end the game)."""
    return bool(game.deck) and len(game.hand()) < game.options.hand_limit
