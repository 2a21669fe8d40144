"""The word AI's search a slice at a time, so the handheld stays responsive.

`ai.Search.best()` runs to its whole budget in one call: seconds on a
microcontroller (about 200 Python lines per dictionary lookup). `Stepper` is the
same search written as generators: `step(lookups)` runs about that many lookups and
returns, and the screen calls it once per tick. Its lookups come in the same order
as ai.Search's, so with the same budget it finds the same play on every
interpreter (tests/portable/test_words_app.py checks this against ai.Search).
"""

from crisscross.compat import const
from crisscross.words import deck, rules
from crisscross.words.ai import MAX_WORD, NONE, Search, _OutOfBudget

ALL_LETTERS = (1 << 26) - 1
OFFER_WORK = const(20)  # a candidate scored costs about 20 extension steps
WORK_PER_LOOKUP = const(4)  # work allowed per lookup of the slice


class Stepper(Search):
    """The AI search for the seat to move in `game`; `found` once `done`."""

    def __init__(self, game, budget):
        p = game.players[game.current]
        Search.__init__(
            self,
            game.board,
            p.hand,
            game.lookup,
            game.options,
            budget,
            empties=p.empties,
        )
        self.done = False
        self.found = None  # (cells, Result) or None when there is no play
        self._gen = None
        self._pause = 0
        self._pause_reads = 0
        self._work = 0  # extension steps, and candidates scored (OFFER_WORK each)
        self._pause_work = 0

    def _due(self):
        """True when this slice is used up: counted lookups, blocks decoded from
        flash (~10 times a cached lookup) or other work (2-letter beginnings come
        from RAM uncounted, scoring a candidate costs a few hundred lines)."""
        return (
            self.nodes >= self._pause
            or getattr(self.lookup, "reads", 0) >= self._pause_reads
            or self._work + OFFER_WORK * self.candidates >= self._pause_work
        )

    def _near_due(self):
        """True when a cross-check of 26 lookups would overrun this slice."""
        return (
            self.nodes + 26 >= self._pause
            or getattr(self.lookup, "reads", 0) + 26 >= self._pause_reads
        )

    def step(self, lookups, reads=None):
        """Search about `lookups` more dictionary lookups, or `reads` more block
        decodes, whichever comes first (one cell's cross-check, at most 26 lookups,
        may run over); True when the search has finished."""
        if self.done:
            return True
        if self._gen is None:
            self._gen = self._run()
        self._pause = self.nodes + lookups
        self._pause_reads = getattr(self.lookup, "reads", 0) + (
            lookups if reads is None else reads
        )
        self._pause_work = (
            self._work + OFFER_WORK * self.candidates + WORK_PER_LOOKUP * lookups
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

    def _result(self):
        """What ai.Search.best() returns after its search."""
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
            yield from self._g_anagram(0, [], 0)
        else:
            yield from self._g_layout()

    # The three methods below are ai.Search's _anagram, _layout and _extend with
    # pause points added (`yield` when the slice is used up); keep them in step.
    def _g_anagram(self, n, letters, points):
        self._work += 1
        if self._due():
            yield
        word = self._buf
        if n >= self._min_len and self._word(bytes(word[:n])):
            cells = [(0, i, letters[i][0], letters[i][1]) for i in range(n)]
            value = points * n * 10
            if self.bonus and n == self.hand_size:
                value += ai_bonus(self.empties)
            if value > self.best_value:
                self.best_value = value
                self.best_cells = cells
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
                yield from self._g_anagram(
                    n + 1, letters, points + (0 if wild else deck.SV[k])
                )
                letters.pop()
                counts[deck.WILD if wild else k] += 1

    def _g_layout(self):
        from crisscross.words.board import ACROSS, DOWN

        b = self.board
        reach = self.hand_size
        lines = []
        for r in range(b.top - 1, b.bottom + 2):
            lines.append((ACROSS, r, b.left - reach, b.right + reach))
        for c in range(b.left - 1, b.right + 2):
            lines.append((DOWN, c, b.top - reach, b.bottom + reach))
        infos = [self._line_info(line) for line in lines]
        for limit in range(1, reach + 1):
            self._limit = limit
            for i in range(len(lines)):
                lo, hi = lines[i][2], lines[i][3]
                letters, leads = infos[i]
                self._line = lines[i]
                self._letters = letters
                for j in range(hi - lo + 1):
                    if leads[j] > limit or (j > 0 and letters[j - 1] != NONE):
                        continue
                    yield from self._g_extend(j, 0, [], False)

    def _g_extend(self, j, n, placed, touched):
        self._work += 1
        if self._due():
            yield
        letters = self._letters
        direction, fixed_at, lo, hi = self._line
        word = self._buf
        if j < len(letters) and letters[j] != NONE:
            word[n] = 97 + letters[j]
            if self._prefix(bytes(word[: n + 1])):
                yield from self._g_extend(j + 1, n + 1, placed, True)
            return
        laid = len(placed)
        if laid == self._limit and touched and n >= 2 and self._word(bytes(word[:n])):
            self._offer(placed)
        if j >= len(letters) or laid >= self._limit or n >= MAX_WORD:
            return
        r, c = self._rc(direction, fixed_at, lo + j)
        if (r * 4096 + c) * 2 + direction not in self._cross and self._near_due():
            yield  # a new cross-check (up to 26 lookups) starts a fresh slice
        mask = self._allowed(r, c, direction)
        counts = self.counts
        beside = mask != ALL_LETTERS
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
                yield from self._g_extend(j + 1, n + 1, placed, touched or beside)
                placed.pop()
                counts[deck.WILD if wild else k] += 1


def ai_bonus(empties):
    """The bonus for emptying the hand once more, in tenths (as ai.Search counts)."""
    from crisscross.words.game import EMPTY_BONUS

    return EMPTY_BONUS * (empties + 1) * 10
