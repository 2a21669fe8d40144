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

The search is written as generators, so that it can run a slice at a time:
`step(lookups)` searches about that many lookups and returns, and the handheld calls
it once per tick to stay responsive (a whole search is seconds on a
microcontroller, about 200 Python lines per lookup). `best()` runs it to the end in
one call. Slicing never changes the lookups' order, so both find the same play.
"""

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, DOWN
from crisscross.words.game import EMPTY_BONUS

DEFAULT_BUDGET = const(4000)
_NONE = const(255)  # no letter / no anchor in reach
_MAX_WORD = const(31)  # longer than any word in the list
_ALL_LETTERS = const(0x3FFFFFF)  # a mask of the 26 letters
_OFFER_WORK = const(20)  # a candidate scored costs about 20 extension steps
_WORK_PER_LOOKUP = const(4)  # work allowed per lookup of a slice


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
        self.empties = kw.get("empties", 0)  # times this player emptied the hand
        self.bonus = kw.get("bonus", True)  # count the bonus for emptying the hand
        self.counts = [0] * deck.KINDS
        for card in hand:
            self.counts[card] += 1
        self.hand_size = len(hand)
        self.nodes = 0
        self.candidates = 0
        self.best_value = -1
        self.best_cells = None
        self.best_result = None
        self._cross = {}
        self._buf = bytearray(_MAX_WORD + 1)
        self.done = False
        self.found = None  # (cells, Result) or None when there is no play
        self._gen = None
        self._sliced = True  # False: best() runs the search in one go
        self._pause = 0
        self._pause_reads = 0
        self._work = 0  # extension steps, and candidates scored (_OFFER_WORK each)
        self._pause_work = 0

    # --- running -----------------------------------------------------------------
    def step(self, lookups, reads=None):
        """Search about `lookups` more dictionary lookups, or `reads` more block
        decodes, whichever comes first (one cell's cross-check, at most 26 lookups,
        may run over); True when the search has finished."""
        if self.done:
            return True
        if self._gen is None:
            self._gen = self._run()
        self._pause = self.nodes + lookups
        self._pause_reads = self._reads() + (lookups if reads is None else reads)
        self._pause_work = (
            self._work + _OFFER_WORK * self.candidates + _WORK_PER_LOOKUP * lookups
        )
        try:
            next(self._gen)
            return False
        except StopIteration:
            pass
        except _OutOfBudget:
            pass
        self._gen = None
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
        return getattr(self.lookup, "reads", 0)

    def _due(self):
        """True when this slice is used up: counted lookups, blocks decoded from
        flash (~10 times a cached lookup) or other work (2-letter beginnings come
        from RAM uncounted, scoring a candidate costs a few hundred lines)."""
        return self._sliced and (
            self.nodes >= self._pause
            or self._reads() >= self._pause_reads
            or self._work + _OFFER_WORK * self.candidates >= self._pause_work
        )

    def _near_due(self):
        """True when a cross-check of 26 lookups would overrun this slice."""
        return self._sliced and (
            self.nodes + 26 >= self._pause or self._reads() + 26 >= self._pause_reads
        )

    def _result(self):
        if self.best_cells is None:
            return None
        if self.best_result is None:  # an opening: scored only now, once
            self.best_result = rules.evaluate(
                self.board, self.best_cells, None, self.options, check_words=False
            )
        return self.best_cells, self.best_result

    def _run(self):
        if self.board.is_empty():
            self._min_len = rules.OPENING_MIN
            yield from self._anagram(0, [], 0)
        else:
            yield from self._layout()

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
        if self.bonus and laid == self.hand_size:
            return EMPTY_BONUS * (self.empties + 1) * 10
        return 0

    def _offer(self, cells):
        self.candidates += 1
        res = rules.evaluate(self.board, cells, None, self.options, check_words=False)
        if res.error:
            return
        value = res.score + self._value_bonus(len(cells))
        if value > self.best_value:
            self.best_value = value
            self.best_cells = list(cells)
            self.best_result = res

    # --- an empty table: the best word from the hand alone -----------------------------
    def _anagram(self, n, letters, points):
        self._work += 1
        if self._due():
            yield
        word = self._buf
        if n >= self._min_len and self._word(bytes(word[:n])):
            value = points * n * 10 + self._value_bonus(n)
            if value > self.best_value:
                self.best_value = value
                self.best_cells = [
                    (0, i, letters[i][0], letters[i][1]) for i in range(n)
                ]
                self.best_result = None
        counts = self.counts
        for k in range(26):
            wild = not counts[k]
            if wild and not counts[deck.WILD]:
                continue
            if self._due():
                yield
            word[n] = 97 + k
            if self._prefix(bytes(word[: n + 1])):
                counts[deck.WILD if wild else k] -= 1
                letters.append((k, wild))
                yield from self._anagram(
                    n + 1, letters, points + (0 if wild else deck.SV[k])
                )
                letters.pop()
                counts[deck.WILD if wild else k] += 1

    # --- a layout: lines, starts, extension -----------------------------------------
    def _layout(self):
        b = self.board
        reach = self.hand_size
        lines = []
        for r in range(b.top - 1, b.bottom + 2):
            lines.append((ACROSS, r, b.left - reach, b.right + reach))
        for c in range(b.left - 1, b.right + 2):
            lines.append((DOWN, c, b.top - reach, b.bottom + reach))
        infos = [self._line_info(line) for line in lines]
        # Iterative deepening on the number of cards laid: every line gets its short
        # plays before any line gets long ones, so a small budget still sees them all.
        for limit in range(1, reach + 1):
            self._limit = limit
            for i in range(len(lines)):
                lo, hi = lines[i][2], lines[i][3]
                letters, leads = infos[i]
                self._line = lines[i]
                self._letters = letters
                for j in range(hi - lo + 1):
                    if leads[j] > limit or (j > 0 and letters[j - 1] != _NONE):
                        continue
                    yield from self._extend(j, 0, [], False)

    def _line_info(self, line):
        """Per position: the letter on the table (or _NONE) and how many free cells
        come before the first card or anchor (a free cell with a neighbour across)."""
        direction, fixed_at, lo, hi = line
        n = hi - lo + 1
        letters = bytearray(n)
        anchor = bytearray(n)
        for j in range(n):
            r, c = self._rc(direction, fixed_at, lo + j)
            v = self.board.letter(r, c)
            letters[j] = _NONE if v < 0 else v
            if v >= 0:
                anchor[j] = 1
            elif direction == ACROSS:
                anchor[j] = self.board.filled(r - 1, c) or self.board.filled(r + 1, c)
            else:
                anchor[j] = self.board.filled(r, c - 1) or self.board.filled(r, c + 1)
        leads = bytearray(n)
        lead = _NONE
        for j in range(n - 1, -1, -1):
            if anchor[j]:
                lead = 0
            elif lead != _NONE:
                lead += 1
            leads[j] = lead if lead <= self.hand_size else _NONE
        return letters, leads

    @staticmethod
    def _rc(direction, fixed_at, pos):
        return (fixed_at, pos) if direction == ACROSS else (pos, fixed_at)

    def _allowed(self, r, c, direction):
        """Bit mask of letters that may stand at free (r, c): those making a word
        across it, or all when nothing is beside it. Cached per cell."""
        tag = (r * 4096 + c) * 2 + direction
        mask = self._cross.get(tag)
        if mask is not None:
            return mask
        dr, dc = (1, 0) if direction == ACROSS else (0, 1)  # the other direction
        b = self.board
        rr, cc = r - dr, c - dc
        while b.filled(rr, cc):
            rr, cc = rr - dr, cc - dc
        before = bytearray()
        rr, cc = rr + dr, cc + dc
        while rr != r or cc != c:
            before.append(97 + b.letter(rr, cc))
            rr, cc = rr + dr, cc + dc
        after = bytearray()
        rr, cc = r + dr, c + dc
        while b.filled(rr, cc):
            after.append(97 + b.letter(rr, cc))
            rr, cc = rr + dr, cc + dc
        if not before and not after:
            mask = _ALL_LETTERS
        else:
            mask = 0
            wild = self.counts[deck.WILD]
            for k in range(26):
                if self.counts[k] or wild:
                    if self._word(bytes(before) + bytes((97 + k,)) + bytes(after)):
                        mask |= 1 << k
        self._cross[tag] = mask
        return mask

    def _extend(self, j, n, placed, touched):
        """Grow the word of n letters (in self._buf) at line position j."""
        self._work += 1
        if self._due():
            yield
        letters = self._letters
        direction, fixed_at, lo, hi = self._line
        word = self._buf
        if j < len(letters) and letters[j] != _NONE:
            word[n] = 97 + letters[j]
            if self._prefix(bytes(word[: n + 1])):
                yield from self._extend(j + 1, n + 1, placed, True)
            return
        # A free cell (or the end of the line): the word may end here.
        laid = len(placed)
        if laid == self._limit and touched and n >= 2 and self._word(bytes(word[:n])):
            self._offer(placed)
        if j >= len(letters) or laid >= self._limit or n >= _MAX_WORD:
            return
        r, c = self._rc(direction, fixed_at, lo + j)
        if (r * 4096 + c) * 2 + direction not in self._cross and self._near_due():
            yield  # a new cross-check (up to 26 lookups) starts a fresh slice
        mask = self._allowed(r, c, direction)
        counts = self.counts
        beside = mask != _ALL_LETTERS
        for k in range(26):
            if not mask >> k & 1:
                continue
            wild = not counts[k]
            if wild and not counts[deck.WILD]:
                continue
            if self._due():
                yield
            word[n] = 97 + k
            if self._prefix(bytes(word[: n + 1])):
                counts[deck.WILD if wild else k] -= 1
                placed.append((r, c, k, wild))
                yield from self._extend(j + 1, n + 1, placed, touched or beside)
                placed.pop()
                counts[deck.WILD if wild else k] += 1


def stepper(game, budget=DEFAULT_BUDGET, clock=None, deadline=None):
    """A search for the seat to move in `game` (run it with `step` or `best`)."""
    p = game.players[game.current]
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


def choose(game, budget=DEFAULT_BUDGET, clock=None, deadline=None):
    """The AI's play for the seat to move: (cells, Result) or None."""
    return stepper(game, budget, clock, deadline).best()


def wants_draw(game):
    """With no play: draw while below the hand limit, even at the risk of losing two
    turns (passing loses one for sure and three rounds of passing end the game)."""
    return bool(game.deck) and len(game.hand()) < game.options.hand_limit


def take_turn(game, budget=DEFAULT_BUDGET):
    """Play the seat to move as the AI: lay the best play found, else draw or pass."""
    found = choose(game, budget)
    if found is not None:
        res = game.play(found[0])
        if not res.error:
            return "play"
    if wants_draw(game):
        game.draw()
        return "draw"
    game.pass_turn()
    return "pass"


def best_word_score(hand, lookup, options, budget=DEFAULT_BUDGET):
    """Tie-break value of a hand: its best single word of 3+ letters, in tenths."""
    from crisscross.words.board import Board

    s = Search(Board(), hand, lookup, options, budget, bonus=False)
    s._sliced = False
    s._min_len = rules.MIN_WORD
    try:
        for _ in s._anagram(0, [], 0):
            pass
    except _OutOfBudget:
        pass
    return max(s.best_value, 0)
