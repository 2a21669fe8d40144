"""Reiner Knizia's Criss Cross (2017 / 2021): the symbol game.

Two symbol dice, 12 rounds; each round both symbols go into two orthogonally
adjacent empty cells of a 5x5 sheet, in either order. Rows and columns score their
runs of equal symbols; the advanced rules add the rising diagonal (counted twice)
and score every 0 line as -5.
"""

from crisscross.compat import const
from crisscross.dice.grid import ROWS, COLS, DIAG, PAIRS, has_free_pair
from crisscross.rng import Rng
from crisscross.dice.sheetgame import SheetGame

EMPTY = const(0)
_SLASH = const(1)
CROSS = const(2)
_CIRCLE = const(3)
_TRIANGLE = const(4)
_BARS = const(5)
_HASH = const(6)
NAMES = ("", "slash", "cross", "circle", "triangle", "bars", "hash")
CHARS = "./XO^=#"  # notation, indexed by symbol

ROUNDS = 12  # plain int: the class attribute below reuses the name
MAX_PLAYERS = const(6)
RUN_POINTS = (0, 0, 2, 3, 8, 10)  # by run length
ZERO_LINE = const(-5)  # advanced rules

RANK_FLOORS = (30, 25, 20, 15)
RANK_TITLES = (
    "Cross Master",
    "X-tra Special",
    "Symbol Simon",
    "Line Sweeper",
    "Column Counter",
)


def line_score(cells, line):
    """Sum of RUN_POINTS over maximal runs of one symbol; empty cells break runs."""
    total = 0
    prev = EMPTY
    run = 0
    for i in line:
        v = cells[i]
        if v and v == prev:
            run += 1
        else:
            total += RUN_POINTS[run]
            run = 1 if v else 0
        prev = v
    return total + RUN_POINTS[run]


class Score:
    """A sheet's line scores. `diag` is the diagonal's own score (None in basic)."""

    def __init__(self, rows, cols, diag):
        self.rows = rows
        self.cols = cols
        self.diag = diag
        self.total = sum(rows) + sum(cols) + (2 * diag if diag is not None else 0)

    def lines(self):
        """Every line's own score (the diagonal once, not doubled): the tie-break
        compares "the highest single line score"."""
        out = self.rows + self.cols
        if self.diag is not None:
            out = out + [self.diag]
        return out


def score_sheet(cells, advanced=False):
    rows = [line_score(cells, line) for line in ROWS]
    cols = [line_score(cells, line) for line in COLS]
    diag = None
    if advanced:
        rows = [v or ZERO_LINE for v in rows]
        cols = [v or ZERO_LINE for v in cols]
        diag = line_score(cells, DIAG) or ZERO_LINE
    return Score(rows, cols, diag)


def sheet_total(cells, advanced=False):
    """score_sheet(cells, advanced).total, allocating nothing (the play screen
    computes it on every redraw)."""
    total = 0
    for line in ROWS:
        v = line_score(cells, line)
        total += v if v or not advanced else ZERO_LINE
    for line in COLS:
        v = line_score(cells, line)
        total += v if v or not advanced else ZERO_LINE
    if advanced:
        total += 2 * (line_score(cells, DIAG) or ZERO_LINE)
    return total


def rank_index(total):
    """0 = Cross Master ... 4 = Column Counter (negative totals too)."""
    for k in range(len(RANK_FLOORS)):
        if total >= RANK_FLOORS[k]:
            return k
    return len(RANK_FLOORS)


def rank_title(total):
    return RANK_TITLES[rank_index(total)]


def roll_all(seed):
    """The 12 rounds' dice for a seed: bytes a0 b0 a1 b1 ..., symbols 1..6."""
    rng = Rng(seed)
    return bytes(rng.below(6) + 1 for _ in range(2 * ROUNDS))


def pair_moves(cells, a, b):
    """Legal (cell for die a, cell for die b) placements; equal dice give one order."""
    out = []
    for p, q in PAIRS:
        if not cells[p] and not cells[q]:
            out.append((p, q))
            if a != b:
                out.append((q, p))
    return out


class SymbolsGame(SheetGame):
    """1-6 players on their own sheets, sharing the rolls.

    A move is (i, j): the first die's symbol goes into cell i, the second's into
    cell j. A player with no two adjacent empty cells left is done; the game ends
    after round 12 or when every player is done (the 2021 edition's end rule).
    """

    FAMILY = "symbols"
    TAG = "S1"
    ROUNDS = ROUNDS
    MOVE_LEN = 2

    def __init__(self, seed=0, players=1, advanced=False, starts=None):
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError("symbols: 1 to %d players" % MAX_PLAYERS)
        if starts is None:
            starts = [p + 1 for p in range(players)]
        if len(starts) != players:
            raise ValueError("one start symbol per player")
        for k, s in enumerate(starts):
            if not _SLASH <= s <= _HASH:
                raise ValueError("start symbol must be 1..6")
            if s in starts[:k]:
                raise ValueError("each player needs a different start symbol")
        self.seed = seed
        self.players = players
        self.advanced = advanced
        self.starts = list(starts)
        self.rolls = roll_all(seed)
        self.sheets = [bytearray(25) for _ in range(players)]
        self._reset()

    def _reset(self):
        for p in range(self.players):
            sheet = self.sheets[p]
            for i in range(25):
                sheet[i] = EMPTY
            sheet[0] = self.starts[p]
        SheetGame._reset(self)

    def dice(self, round_=None):
        r = self.round if round_ is None else round_
        if r >= ROUNDS:
            return None
        return self.rolls[2 * r], self.rolls[2 * r + 1]

    def can_play(self, player):
        return has_free_pair(self.sheets[player])

    def legal_moves(self):
        if self.over:
            return []
        a, b = self.dice()
        return pair_moves(self.sheet(), a, b)

    def is_legal(self, move):
        if self.over:
            return False
        i, j = move
        cells = self.sheet()
        if not (0 <= i < 25 and 0 <= j < 25) or cells[i] or cells[j]:
            return False
        if (min(i, j), max(i, j)) not in PAIRS:
            return False
        return True  # with equal dice both orders are the same placement

    def _apply(self, move):
        a, b = self.dice()
        cells = self.sheet()
        cells[move[0]] = a
        cells[move[1]] = b

    def score(self, player=0):
        return score_sheet(self.sheets[player], self.advanced)

    def total(self, player=0):
        """score(player).total without building the Score."""
        return sheet_total(self.sheets[player], self.advanced)

    def rank_key(self, player):
        s = self.score(player)
        lines = s.lines()
        lines.sort(reverse=True)
        return (s.total, tuple(lines))

    # ---- codes ------------------------------------------------------------
    def _options(self):
        return "A" if self.advanced else "B"

    def _setup(self):
        return "".join([str(s) for s in self.starts])  # a list: less garbage

    @classmethod
    def _from_code(cls, seed, options, setup):
        if options not in ("A", "B") or not setup or not setup.isdigit():
            raise ValueError("bad options in symbols game code")
        starts = [int(c) for c in setup]
        return cls(seed, len(starts), options == "A", starts)
