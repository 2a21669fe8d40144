"""The word game's AI: finds a good play within a budget of dictionary lookups.

The search walks every row and column near the cards, starting words at each free
cell and extending them letter by letter from the hand (Appel & Jacobson's idea,
without their DAWG: `has_prefix` on the flash dictionary prunes instead). A free cell
with cards above/below it (for a row) only takes letters that make a word across it,
which is how plays that complete a 2x2 square - the Square Effect - are found.
The search deepens one card at a time (all 1-card plays everywhere, then all 2-card
plays...), so a small budget still sees short plays on every line.

The budget counts dictionary lookups (of 3 letters or more), so the result depends only on the position:
the same on every interpreter. An optional clock deadline makes it stop sooner
(then results depend on speed; the device uses it to cap waiting time).
"""

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, DOWN
from crisscross.words.game import EMPTY_BONUS

DEFAULT_BUDGET = const(4000)
NONE = const(255)  # no letter / no anchor in reach
MAX_WORD = const(31)  # longer than any word in the list


class _OutOfBudget(Exception):
    pass


class Search:
    """One move search. `best()` returns (cells, Result) or None."""

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
        self._buf = bytearray(MAX_WORD + 1)

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
    def _offer(self, cells):
        self.candidates += 1
        res = rules.evaluate(self.board, cells, None, self.options, check_words=False)
        if res.error:
            return
        value = res.score
        if self.bonus and len(cells) == self.hand_size:
            value += EMPTY_BONUS * (self.empties + 1) * 10
        if value > self.best_value:
            self.best_value = value
            self.best_cells = list(cells)
            self.best_result = res

    def best(self):
        try:
            if self.board.is_empty():
                self._opening(rules.OPENING_MIN)
            else:
                self._layout()
        except _OutOfBudget:
            pass
        if self.best_cells is None:
            return None
        if self.best_result is None:  # an opening: scored only now, once
            self.best_result = rules.evaluate(
                self.board, self.best_cells, None, self.options, check_words=False
            )
        return self.best_cells, self.best_result

    # --- an empty table: the best word from the hand alone -----------------------------
    def _opening(self, min_len):
        self._min_len = min_len
        self._anagram(0, [], 0)

    def _anagram(self, n, letters, points):
        word = self._buf
        if n >= self._min_len and self._word(bytes(word[:n])):
            cells = [(0, i, letters[i][0], letters[i][1]) for i in range(n)]
            value = points * n * 10
            if self.bonus and n == self.hand_size:
                value += EMPTY_BONUS * (self.empties + 1) * 10
            if value > self.best_value:
                self.best_value = value
                self.best_cells = cells
                self.best_result = None
        counts = self.counts
        for k in range(26):
            wild = not counts[k]
            if wild and not counts[deck.WILD]:
                continue
            word[n] = 97 + k
            if self._prefix(bytes(word[: n + 1])):
                counts[deck.WILD if wild else k] -= 1
                letters.append((k, wild))
                self._anagram(n + 1, letters, points + (0 if wild else deck.SV[k]))
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
                direction, fixed_at, lo, hi = lines[i]
                letters, leads = infos[i]
                self._line = lines[i]
                self._letters = letters
                for j in range(hi - lo + 1):
                    if leads[j] > limit or (j > 0 and letters[j - 1] != NONE):
                        continue
                    self._extend(j, 0, [], False)

    def _line_info(self, line):
        """Per position: the letter on the table (or NONE) and how many free cells
        come before the first card or anchor (a free cell with a neighbour across)."""
        direction, fixed_at, lo, hi = line
        n = hi - lo + 1
        letters = bytearray(n)
        anchor = bytearray(n)
        for j in range(n):
            r, c = self._rc(direction, fixed_at, lo + j)
            v = self.board.letter(r, c)
            letters[j] = NONE if v < 0 else v
            if v >= 0:
                anchor[j] = 1
            elif direction == ACROSS:
                anchor[j] = self.board.filled(r - 1, c) or self.board.filled(r + 1, c)
            else:
                anchor[j] = self.board.filled(r, c - 1) or self.board.filled(r, c + 1)
        leads = bytearray(n)
        lead = NONE
        for j in range(n - 1, -1, -1):
            if anchor[j]:
                lead = 0
            elif lead != NONE:
                lead += 1
            leads[j] = lead if lead <= self.hand_size else NONE
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
            mask = (1 << 26) - 1
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
        letters = self._letters
        direction, fixed_at, lo, hi = self._line
        word = self._buf
        if j < len(letters) and letters[j] != NONE:
            word[n] = 97 + letters[j]
            if self._prefix(bytes(word[: n + 1])):
                self._extend(j + 1, n + 1, placed, True)
            return
        # A free cell (or the end of the line): the word may end here.
        laid = len(placed)
        if laid == self._limit and touched and n >= 2 and self._word(bytes(word[:n])):
            self._offer(placed)
        if j >= len(letters) or laid >= self._limit or n >= MAX_WORD:
            return
        r, c = self._rc(direction, fixed_at, lo + j)
        mask = self._allowed(r, c, direction)
        counts = self.counts
        beside = mask != (1 << 26) - 1
        for k in range(26):
            if not mask >> k & 1:
                continue
            wild = not counts[k]
            if wild and not counts[deck.WILD]:
                continue
            word[n] = 97 + k
            if self._prefix(bytes(word[: n + 1])):
                counts[deck.WILD if wild else k] -= 1
                placed.append((r, c, k, wild))
                self._extend(j + 1, n + 1, placed, touched or beside)
                placed.pop()
                counts[deck.WILD if wild else k] += 1


def choose(game, budget=DEFAULT_BUDGET, clock=None, deadline=None):
    """The AI's play for the seat to move: (cells, Result) or None."""
    p = game.players[game.current]
    s = Search(
        game.board,
        p.hand,
        game.lookup,
        game.options,
        budget,
        clock=clock,
        deadline=deadline,
        empties=p.empties,
    )
    return s.best()


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
    try:
        s._opening(rules.MIN_WORD)
    except _OutOfBudget:
        pass
    return max(s.best_value, 0)
