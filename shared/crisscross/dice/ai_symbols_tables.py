"""What a symbol sheet is worth to the AI: the tuples it is valued by, their
patterns, the learned tables' format, and the plain evaluator.

- Tuples. A sheet's worth is the sum, over its tuples, of a learned table entry
  (an n-tuple value function): the 10 scoring lines (11 with the advanced
  diagonal, counted twice) and the 16 2x2 squares, which are not scored but let
  the value see how a row and a column meet. A tuple's entry is found by its
  pattern: its cells relabelled in order of appearance (/ X X . . and O # # . .
  look alike), an empty cell that can never be filled (no empty neighbour)
  marked BLOCKED, so a line knows it has a hole for good. A full line's entry
  is its exact score.
- Stages. Each class of tuple (row i and column i share one, by the sheet's
  symmetry about its main diagonal; a square shares with its mirror image) has
  a table per stage of the game (rounds done); at the end a line is worth its
  score and a square nothing.

The tables are learned by self-play (host/engine/ai_train.py); docs/ai.md has how and
the figures. They are two files read in place (crisscross.datafile: in flash on
a board with ROMFS): RANKS_FILE, every tuple key's pattern rank (canon()
computed once for all 32,768 line keys and 4,096 square keys), and one value
file per rule set (Model). Looking a tuple up is two reads, its rank and its
value: no cache, no object per lookup.

reference_worth() and reference_expected() are the plain evaluator and
look-ahead, written for reading: the search (crisscross.dice.ai_symbols) must
give the values they give (tests/portable/test_ai_symbols.py).
"""

from crisscross.compat import const
from crisscross.dice.grid import ROWS, COLS, DIAG, PAIRS, has_free_pair, isolated
from crisscross.dice.symbols import ROUNDS, ZERO_LINE, line_score

BLOCKED = const(7)  # an empty cell with no empty neighbour: it stays empty
_SCALE = const(100)  # table values are hundredths of a point
_DIAG_LINE = const(10)
BIAS = const(0x8000)  # a value v is stored as the unsigned 16 bits v + BIAS

# Everything valued: 11 lines (0-10: the rows, the columns, the diagonal), then
# the 16 2x2 squares. A square below the main diagonal lists its cells as its
# mirror image does, so a square and its mirror can share a table.
TUPLES = (
    ROWS
    + COLS
    + (DIAG,)
    + tuple(
        (i, i + 5, i + 1, i + 6) if i // 5 > i % 5 else (i, i + 1, i + 5, i + 6)
        for i in (r * 5 + c for r in range(4) for c in range(4))
    )
)
NTUPLES = const(27)
# Each tuple's table class: row i and column i alike (0-2 by the distance from
# the middle), the diagonal 3, then a square's by its place up to mirroring.
_SQUARE_PLACES = tuple(
    (min(r, c), max(r, c)) for r in range(4) for c in range(4)
)  # (its row, its column) folded onto the upper triangle
CLASSES = bytes(
    [0, 1, 2, 1, 0, 0, 1, 2, 1, 0, 3]
    + [4 + sorted(set(_SQUARE_PLACES)).index(p) for p in _SQUARE_PLACES]
)
NCLASSES = const(14)
# Each tuple's weight in a sheet's value: the diagonal counts twice in advanced
# (in basic it is not valued: not in used(), nor in the layout).
WEIGHTS = bytes(2 if t == _DIAG_LINE else 1 for t in range(NTUPLES))
# ai_symbols_ranks.bin holds each key's rank in 10 bits (little-endian bit
# order: rank n at bits 10n..10n+9): the 32,768 line keys', then the 4,096
# square keys'. RBASE: where a tuple's start, in bits.
SQUARE_RANKS = const(327680)
RBASE = tuple(0 if len(t) == 5 else SQUARE_RANKS for t in TUPLES)
LINE_PATTERNS = const(674)  # ranks of a 5-cell tuple (canon)
SQUARE_PATTERNS = const(151)
# The 21 distinct rolls of two symbol dice and their weights out of 36.
ROLLS = tuple((x, y, 1 if x == y else 2) for x in range(1, 7) for y in range(x, 7))
RANKS_FILE = "ai_symbols_ranks.bin"
# A value file: HEADER bytes (the chunk of each stage: rounds done 0..12, 12 the
# end; then the number of classes), then per chunk a table start (in 2-byte
# units from the file's start) per class, then the tables.
HEADER = const(16)


def used(advanced):
    """The tuples valued under a rule set: the diagonal only in advanced."""
    return tuple(t for t in range(NTUPLES) if advanced or t != _DIAG_LINE)


# _PATTERNS[r * 5 + m]: how many ways r more cells can follow when m symbols
# have their labels (each cell empty, blocked, a label given or the next one).
# A tuple's rank counts the patterns before it in that order: a line is one of
# 674 patterns (rank 0-673), a square one of 151. Rows r = 0..4: 1 1 1 1 1,
# 3 4 5 6, 10 17 26, 37 77, 151.
_PATTERNS = b"\x01\x01\x01\x01\x01\x03\x04\x05\x06\x00\x0a\x11\x1a\x00\x00%M\x00\x00\x00\x97\x00\x00\x00\x00"


def canon(raw, size=5):
    """A tuple's cells (3 bits each) relabelled: symbols become 1, 2, ... in order
    of appearance; 0 (empty) and BLOCKED stay. Returns (rank, complete): the
    relabelled pattern's rank (_PATTERNS) and whether no cell is empty. The
    search reads ranks from ai_symbols_ranks.bin, which holds canon() of every
    key (host/engine/ai_train.py writes it)."""
    seen = 0
    rank = 0
    n = 0
    complete = True
    sh = 0
    end = 3 * size
    f = 5 * size - 5  # _PATTERNS' row: size - 1 cells after the first
    while sh < end:
        v = (raw >> sh) & 7
        if not v:
            complete = False
        elif v != BLOCKED:
            s = 3 * v
            label = (seen >> s) & 7
            if not label:
                label = n + 1
                seen |= label << s
                rank += (label + 1) * _PATTERNS[f + n]
                n = label
            else:
                rank += (label + 1) * _PATTERNS[f + n]
        else:
            rank += _PATTERNS[f + n]
        sh += 3
        f -= 5
    return rank, complete


def code_score(raw, advanced):
    """The line's score now (symbols.line_score: holes, blocked or not, break
    runs; its final score if full), from its raw key (relabelling the symbols
    changes nothing here)."""
    cells = bytearray(5)
    for k in range(5):
        v = (raw >> (3 * k)) & 7
        cells[k] = 0 if v == BLOCKED else v
    return line_score(cells, range(5)) or (ZERO_LINE if advanced else 0)


class Model:
    """The learned tables of one rule set, and the ranks.

    `values` (the rule set's file, host/engine/ai_train.py table_file) holds per chunk
    one table per class: the class's value of each pattern rank, in hundredths,
    2 bytes a value (little-endian, + BIAS). A chunk serves the stages its
    header names (rounds done after the placement being valued: 1-11, and 12,
    the end, also for a sheet with no free pair left, where a line is worth its
    score and a square nothing). `ranks`: ai_symbols_ranks.bin. Both are read
    in place (crisscross.datafile open_indexed): a lookup reads 4 bytes of them."""

    def __init__(self, advanced, values, ranks):
        self.advanced = advanced
        self.values = values
        self.ranks = ranks
        if values[13] != NCLASSES:
            raise ValueError("the AI's table file is for another layout")

    def table(self, stage, cls):
        """Where the table of class `cls` at `stage` rounds done starts in
        `values` (bytes)."""
        v = self.values
        j = HEADER + 2 * (v[stage if stage < ROUNDS else ROUNDS] * NCLASSES + cls)
        return 2 * (v[j] | v[j + 1] << 8)

    def value(self, stage, cls, rank):
        """The plain lookup: class `cls`'s value of pattern `rank` at `stage`."""
        i = self.table(stage, cls) + 2 * rank
        return (self.values[i] | self.values[i + 1] << 8) - BIAS


def blocked_marks(cells):
    """The sheet with each empty cell that has no empty neighbour marked
    BLOCKED (a new bytearray)."""
    c = bytearray(cells)
    for i in isolated(cells):
        c[i] = BLOCKED
    return c


def reference_worth(model, cells, stage):
    """The plain evaluator: the sheet's worth in hundredths as of `stage` rounds
    done (after its last placement; ROUNDS: the end), every tuple ranked by
    canon() and looked up afresh."""
    c = blocked_marks(cells)
    total = 0
    for t in used(model.advanced):
        raw = 0
        cells_t = TUPLES[t]
        for k in range(len(cells_t)):
            raw |= c[cells_t[k]] << (3 * k)
        rank = canon(raw, len(cells_t))[0]
        total += WEIGHTS[t] * model.value(stage, CLASSES[t], rank)
    return total


def reference_expected(model, cells, stage):
    """The plain look-ahead: the expected worth, over the next roll, of its
    best placement (reference_worth), the sheet as of `stage` rounds done; at
    the end, or with no free pair left, its final worth."""
    if stage >= ROUNDS or not has_free_pair(cells):
        return reference_worth(model, cells, ROUNDS)
    c = bytearray(cells)
    total = 0
    for x, y, w in ROLLS:
        best = None
        for p, q in PAIRS:
            if c[p] or c[q]:
                continue
            for a, b in ((x, y), (y, x)):
                c[p] = a
                c[q] = b
                v = reference_worth(model, c, stage + 1)
                if best is None or v > best:
                    best = v
            c[p] = c[q] = 0
        total += w * best
    return total // 36


def reference_deep(model, cells, stage, replies):
    """The plain two-roll look-ahead: the expected worth, over the next roll, of
    the best of its `replies` best placements (by reference_worth; ties to the
    first in PAIRS order, the lower cell taking the first die first) valued by
    reference_expected. When the next placement is the last, or none is left,
    reference_expected's value."""
    if stage + 1 >= ROUNDS or not has_free_pair(cells):
        return reference_expected(model, cells, stage)
    c = bytearray(cells)
    total = 0
    for x, y, w in ROLLS:
        cands = []
        for p, q in PAIRS:
            if c[p] or c[q]:
                continue
            for a, b in ((x, y), (y, x)) if x != y else ((x, y),):
                c[p] = a
                c[q] = b
                v = reference_worth(model, c, stage + 1)
                cands.append((-v, len(cands), bytes(c)))
            c[p] = c[q] = 0
        cands.sort()
        best = None
        for _, _, after in cands[:replies]:
            v = reference_expected(model, after, stage + 1)
            if best is None or v > best:
                best = v
        total += w * best
    return total // 36
