"""The digits game from Reiner Knizia's dice book, with its two variants.

Each roll of 2d6 gives a digit: the sum, with 10 -> 0, 11 -> 1, 12 -> 2. Every
sheet starts with a rolled digit in the centre; 24 more rolls fill it. Each row and
column scores its groups of equal digits (anywhere in the line) and a sequence of
five consecutive digits, where 0 is either the lowest or the highest.

Variants: "cc" (Criss and Cross: the lower of rows and columns is the score) and
"versus" (Criss Versus Cross: two players on one sheet, rows against columns).
"""

from crisscross.compat import const
from crisscross.dice.grid import ROWS, COLS, CENTRE
from crisscross.rng import Rng
from crisscross.dice.sheetgame import SheetGame

ROUNDS = 24  # plain int: the class attribute below reuses the name
MAX_PLAYERS = const(10)
GROUP_POINTS = (0, 0, 1, 3, 6, 10)  # by count of one digit in a line
SEQUENCE_POINTS = const(5)
VARIANTS = ("", "cc", "versus")
CHARS = ".0123456789"  # notation: a cell holds digit + 1, 0 is empty


def digit(d1, d2):
    return (d1 + d2) % 10


# Bit masks of the digit sets that make a sequence: 0-4 .. 5-9 and 6-7-8-9-0.
SEQUENCES = (0x1F, 0x3E, 0x7C, 0xF8, 0x1F0, 0x3E0, 0x3C1)


def line_score(cells, line):
    """Group points plus the sequence bonus, allocating nothing (the play screen
    scores on every redraw): each cell adds what its digit's group gains by it."""
    total = 0
    seen = 0  # bit mask of the digits in the line
    filled = 0
    for k in range(len(line)):
        v = cells[line[k]]
        if v:
            filled += 1
            seen |= 1 << (v - 1)
            n = 0  # how many of this digit up to and including cell k
            for j in range(k + 1):
                if cells[line[j]] == v:
                    n += 1
            total += GROUP_POINTS[n] - GROUP_POINTS[n - 1]
    # Five filled cells whose digits are one of the allowed sets: all distinct.
    if filled == 5 and seen in SEQUENCES:
        total += SEQUENCE_POINTS
    return total


def sheet_totals(cells):
    """(rows total, columns total), allocating nothing."""
    rows = 0
    for line in ROWS:
        rows += line_score(cells, line)
    cols = 0
    for line in COLS:
        cols += line_score(cells, line)
    return rows, cols


def seat_total(rows, cols, variant, seat):
    """What a seat scores from its sheet's row and column totals."""
    if variant == "cc":
        return min(rows, cols)
    if variant == "versus":
        return cols if seat else rows
    return rows + cols


class Score:
    """Line scores of one sheet; `total` is what the player scores."""

    def __init__(self, rows, cols, variant="", seat=0):
        self.rows = rows
        self.cols = cols
        self.diag = None
        self.rows_total = sum(rows)
        self.cols_total = sum(cols)
        self.total = seat_total(self.rows_total, self.cols_total, variant, seat)

    def lines(self):
        return self.rows + self.cols


def score_sheet(cells, variant="", seat=0):
    rows = [line_score(cells, line) for line in ROWS]
    cols = [line_score(cells, line) for line in COLS]
    return Score(rows, cols, variant, seat)


def roll_all(seed, sheets):
    """Centre digits (one per sheet) followed by the 24 shared digits."""
    rng = Rng(seed)
    return bytes(digit(rng.die(), rng.die()) for _ in range(sheets + ROUNDS))


class DigitsGame(SheetGame):
    """1-10 players with their own sheets, or two on one sheet ("versus").

    A move is a cell index. In "versus", player 0 places the odd-numbered rolls
    (1st, 3rd, ...) and scores the rows; player 1 the others and the columns.
    """

    FAMILY = "digits"
    TAG = "D1"
    ROUNDS = ROUNDS
    MOVE_LEN = 1

    def __init__(self, seed=0, players=1, variant=""):
        if variant not in VARIANTS:
            raise ValueError("digits variant must be one of: cc, versus")
        if variant == "versus" and players != 2:
            raise ValueError("Criss Versus Cross is for two players")
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError("digits: 1 to %d players" % MAX_PLAYERS)
        self.seed = seed
        self.players = players
        self.variant = variant
        n = 1 if variant == "versus" else players
        self.rolls = roll_all(seed, n)
        self.sheets = [bytearray(25) for _ in range(n)]
        self._reset()

    def _reset(self):
        for k in range(len(self.sheets)):
            sheet = self.sheets[k]
            for i in range(25):
                sheet[i] = 0
            sheet[CENTRE] = self.rolls[k] + 1
        SheetGame._reset(self)

    def sheet_of(self, player):
        return self.sheets[0 if self.variant == "versus" else player]

    def _seat_plays(self, p):
        return self.variant != "versus" or self.round % 2 == p

    def dice(self, round_=None):
        """The digit to place this round (None after the last)."""
        r = self.round if round_ is None else round_
        if r >= ROUNDS:
            return None
        return self.rolls[len(self.sheets) + r]

    def legal_moves(self):
        if self.over:
            return []
        cells = self.sheet()
        return [i for i in range(25) if not cells[i]]

    def is_legal(self, move):
        return not self.over and 0 <= move < 25 and not self.sheet()[move]

    def _apply(self, move):
        self.sheet()[move] = self.dice() + 1

    def score(self, player=0):
        return score_sheet(self.sheet_of(player), self.variant, player)

    def total(self, player=0):
        """score(player).total without building the Score."""
        rows, cols = sheet_totals(self.sheet_of(player))
        return seat_total(rows, cols, self.variant, player)

    def rank_key(self, player):
        s = self.score(player)
        if self.variant == "cc":
            return (s.total, max(s.rows_total, s.cols_total))
        return (s.total,)

    # ---- codes ------------------------------------------------------------
    def _options(self):
        return self.variant or "std"

    def _setup(self):
        return str(self.players)

    @classmethod
    def _from_code(cls, seed, options, setup):
        variant = "" if options == "std" else options
        if variant not in VARIANTS or not setup.isdigit():
            raise ValueError("bad options in digits game code")
        return cls(seed, int(setup), variant)
