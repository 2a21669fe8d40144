"""The digits game's AI: learned line values by the time left, and a search over
the next digits.

Order does not matter in a digits line, so a line is its multiset of digits, kept
as the key sum(6 ** d) over its filled cells (placing d adds 6 ** d). A sheet's
worth is the sum of its lines' values. A full line is worth its exact score; a
line with holes is worth its expected final score as learned by self-play
(host/engine/ai_train.py), which depends on how many empty cells the sheet has left
(1-23 after a placement; every cell gets filled by the end), in stages of two
(1-2, 3-4, ..., 23). The file ai_digits.bin holds one table per stage, of every
line of at most 4 digits by its rank() (1001 16-bit values in hundredths, +
_BIAS, little-endian: 2,002 bytes a stage), read in place (crisscross.datafile).

The variants combine the rows' and the columns' totals (combine()): standard
rows + columns, "cc" the lower of the two (the higher breaks ties), "versus" the
seat's own lines minus the opponent's.

The search (choose_steps) values every placement's afterstate, then looks ahead
over the next digit (weighted by the 2d6 odds: expected()): the placement of
that digit that is best for us, or in "versus" worst for us (the opponent
places it). `device` looks ahead for every candidate; `strongest` also looks two
digits ahead for its STRONG_WIDTH best. Lookahead does the one-digit look-ahead
with the line values it needs tabled once per search; expected() is the plain
reference it must agree with.
"""

from crisscross.compat import const
from crisscross.datafile import beside, close_indexed, open_indexed
from crisscross.dice.grid import ROWS, COLS
from crisscross.dice.digits import GROUP_POINTS, SEQUENCE_POINTS, SEQUENCES

SCALE = const(100)  # values are hundredths of a point
POW6 = tuple(6**d for d in range(10))
# Odds out of 36 of each digit 0..9 on 2d6 (sum mod 10).
ODDS = (3, 2, 2, 2, 3, 4, 5, 6, 5, 4)
STRONG_WIDTH = const(6)  # strongest: candidates looked ahead two digits
STRONG_REPLIES = const(2)  # ... over the best few placements of each next digit
CASUAL_NOISE = const(300)  # the casual level's noise on a value (hundredths)
TABLE_FILE = "ai_digits.bin"
STAGES = const(12)  # tables for 1-2, 3-4, ... 23 empty cells after a placement
RANKS = const(1001)  # lines of at most 4 digits
_BIAS = const(0x8000)  # a value v is stored as the unsigned 16 bits v + _BIAS
# For each cell: (row line, column line); lines 0-4 rows, 5-9 columns.
CELL_LINES = tuple((i // 5, 5 + i % 5) for i in range(25))
LINES = ROWS + COLS


def key_score(key):
    """The exact score of the line whose multiset key is `key` (holes ignored)."""
    total = 0
    mask = 0
    n = 0
    for d in range(10):
        c = (key // POW6[d]) % 6
        if c:
            total += GROUP_POINTS[c]
            mask |= 1 << d
            n += c
    if n == 5:
        for s in SEQUENCES:
            if mask == s:
                total += SEQUENCE_POINTS
                break
    return total


def line_key(cells, line):
    """(key, filled count) of a line; cells hold digit + 1, 0 for empty."""
    key = 0
    n = 0
    for i in line:
        v = cells[i]
        if v:
            key += POW6[v - 1]
            n += 1
    return key, n


def _choose():
    """C(x, k + 1) at k * 14 + x, for k < 4 and x < 14 (Pascal's triangle)."""
    row = [1] + [0] * 14  # C(x, 0)... built up a row of x at a time
    out = [0] * 56
    for x in range(14):
        for k in range(4):
            out[k * 14 + x] = row[k + 1]
        for k in range(14, 0, -1):
            row[k] += row[k - 1]
    return tuple(out)


_C = _choose()


def rank(key):
    """The table index of the line of at most 4 digits whose key is `key`: its
    digits in order, then 10s up to four, a <= b <= c <= d, are the combination
    (a, b + 1, c + 2, d + 3) of 14 numbers, ranked C(a, 1) + C(b + 1, 2) +
    C(c + 2, 3) + C(d + 3, 4): 0 to 1000, each line its own."""
    r = 0
    k = 0
    for d in range(10):
        n = (key // POW6[d]) % 6
        while n:
            r += _C[k * 14 + d + k]
            k += 1
            n -= 1
    while k < 4:
        r += _C[k * 15 + 10]
        k += 1
    return r


def line_value(table, empties, key, n):
    """The worth in hundredths of a line of n digits (multiset key `key`) when
    the sheet has `empties` empty cells: its score if full, else the learned
    value of its stage."""
    if n == 5:
        return key_score(key) * SCALE
    i = (((empties - 1) >> 1) * RANKS + rank(key)) << 1
    return (table[i] | table[i + 1] << 8) - _BIAS


def combine(variant, seat, rows, cols):
    """A sheet's worth to `seat` in hundredths (cc: scaled by 1024, see below)."""
    if variant == "versus":
        return rows - cols if seat == 0 else cols - rows
    if variant == "cc":
        # The lower total is the score; the higher only breaks ties.
        lo, hi = (rows, cols) if rows < cols else (cols, rows)
        return lo * 1024 + hi
    return rows + cols


def own(variant, seat, rows, cols):
    """The seat's expected score (hundredths) from the two totals."""
    if variant == "versus":
        return cols if seat else rows
    if variant == "cc":
        return rows if rows < cols else cols
    return rows + cols


class Sheet:
    """One sheet being searched: its cells (digit + 1, 0 empty), each line's key
    and count, and the count of empty cells."""

    def __init__(self, cells, table, variant="", seat=0):
        self.table = table
        self.variant = variant
        self.seat = seat
        self.cells = bytearray(cells)
        self.keys = [0] * 10
        self.filled = bytearray(10)
        for ln in range(10):
            self.keys[ln], self.filled[ln] = line_key(self.cells, LINES[ln])
        self.empty = 0
        for v in self.cells:
            if not v:
                self.empty += 1

    def empties(self):
        cells = self.cells
        return [i for i in range(25) if not cells[i]]

    def set(self, cell, d, sign):
        """Place digit d in `cell` (sign 1), or take it back (sign -1)."""
        self.cells[cell] = d + 1 if sign > 0 else 0
        for ln in CELL_LINES[cell]:
            self.keys[ln] += sign * POW6[d]
            self.filled[ln] += sign
        self.empty -= sign

    def totals(self):
        """(rows, columns) worth of the sheet as it stands."""
        table = self.table
        e = self.empty
        rows = 0
        cols = 0
        for ln in range(10):
            v = line_value(table, e, self.keys[ln], self.filled[ln])
            if ln < 5:
                rows += v
            else:
                cols += v
        return rows, cols

    def worth(self, seat):
        rows, cols = self.totals()
        return combine(self.variant, seat, rows, cols)

    def expected(self):
        """The plain reference: the expected worth to the searching seat over
        the next digit placed in its best cell (the opponent's worst, in
        versus), the sheet valued in full for each placement. None when the
        sheet is full."""
        if not self.empty:
            return None
        versus = self.variant == "versus"
        total = 0
        for d in range(10):
            best = None
            for i in self.empties():
                self.set(i, d, 1)
                v = self.worth(self.seat)
                self.set(i, d, -1)
                if best is None or (v < best if versus else v > best):
                    best = v
            total += ODDS[d] * best
        return total // 36


class Lookahead:
    """Sheet.expected() after each candidate placement of one digit d, with the
    line values it needs looked up once: after a candidate and the next digit
    the sheet has two empty cells fewer, each line either as it stands or
    holding d too (the candidate's row and column), and a next digit nd adds to
    one row and one column. So for both states of the ten lines, their worth
    then and what each nd would add (220 values) are tabled once, and a
    candidate costs only the sums over the cells left (expected())."""

    def __init__(self, sheet, d):
        self.sheet = sheet
        self.d = d
        table = sheet.table
        e = sheet.empty - 2  # empty cells left after the candidate and nd
        # now[2 * l + s]: line l's worth without (s 0) or with (s 1) d, at
        # stage e; gain[(2 * l + s) * 10 + nd]: what nd placed in it adds.
        self.now = [0] * 20
        self.gain = [0] * 200
        if e < 0:
            return  # the candidate fills the sheet: expected() scores it
        for ln in range(10):
            for s in range(2):
                n = sheet.filled[ln] + s
                if n > 5 or n < 4 and not e:
                    continue  # no such line (a full sheet has full lines)
                key = sheet.keys[ln] + s * POW6[d]
                v = line_value(table, e, key, n) if n == 5 or e else 0
                at = 2 * ln + s
                self.now[at] = v
                if n < 5:
                    for nd in range(10):
                        g = line_value(table, e, key + POW6[nd], n + 1)
                        self.gain[at * 10 + nd] = g - v

    def expected(self, cell):
        """Sheet.expected() once d is in `cell` (an empty cell): the same value."""
        sheet = self.sheet
        variant = sheet.variant
        seat = sheet.seat
        if sheet.empty == 1:  # the candidate fills the sheet: its exact worth
            sheet.set(cell, self.d, 1)
            v = sheet.worth(seat)
            sheet.set(cell, self.d, -1)
            return v
        r, c = CELL_LINES[cell]
        now = self.now
        rows = 0
        cols = 0
        for ln in range(10):
            v = now[2 * ln + (1 if ln == r or ln == c else 0)]
            if ln < 5:
                rows += v
            else:
                cols += v
        # Each other empty cell: where its row's and its column's gains start.
        ra = []
        cb = []
        cells = sheet.cells
        for i in range(25):
            if not cells[i] and i != cell:
                a, b = CELL_LINES[i]
                ra.append((2 * a + (1 if a == r else 0)) * 10)
                cb.append((2 * b + (1 if b == c else 0)) * 10)
        gain = self.gain
        m = len(ra)
        total = 0
        if variant == "cc":  # the lower side first: the worth of every cell
            for nd in range(10):
                best = None
                for k in range(m):
                    x = rows + gain[ra[k] + nd]
                    y = cols + gain[cb[k] + nd]
                    v = x * 1024 + y if x < y else y * 1024 + x  # combine()'s
                    if best is None or v > best:
                        best = v
                total += ODDS[nd] * best
            return total // 36
        # Standard and versus: the worth is rows + cols or the one minus the
        # other, so the best cell is the one whose gains sum (or differ) most.
        sign = 1 if variant != "versus" else (1 if seat == 0 else -1)
        csign = 1 if variant != "versus" else -sign
        for nd in range(10):
            best = None
            for k in range(m):
                v = sign * gain[ra[k] + nd] + csign * gain[cb[k] + nd]
                if best is None or (v < best if variant == "versus" else v > best):
                    best = v
            total += ODDS[nd] * best
        # (x + 36 * K) // 36 == x // 36 + K: the same as the plain sum's.
        return total // 36 + sign * rows + csign * cols


def choose_steps(game, table, level, out, rng=None):
    """(cell, expected final score in hundredths) for the current player,
    appended to `out`, a step at a time (a generator: a screen runs it while A
    is held; ai.hint runs it at once). level: "device" (one digit ahead for
    every candidate), "strongest" (and two digits for the best STRONG_WIDTH),
    or else the afterstate values alone; with `rng` (an Rng), each blurred by
    up to CASUAL_NOISE (the casual level)."""
    d = game.dice()
    s = Sheet(game.sheet(), table, game.variant, game.turn)
    moves = s.empties()
    scored = []
    for n in range(len(moves)):
        s.set(moves[n], d, 1)
        rows, cols = s.totals()
        s.set(moves[n], d, -1)
        v = combine(s.variant, s.seat, rows, cols)
        if rng is not None:
            v += rng.below(CASUAL_NOISE) << (10 if s.variant == "cc" else 0)
        scored.append((v, -n))
    yield
    if (level == "device" or level == "strongest") and s.empty > 1:
        ahead = Lookahead(s, d)
        yield
        for k in range(len(scored)):
            scored[k] = (ahead.expected(moves[-scored[k][1]]), scored[k][1])
            if k % 6 == 5:
                yield
    scored.sort(reverse=True)  # (worth, -index) is unique: deterministic order
    if level == "strongest" and s.empty > 2:
        for k in range(min(STRONG_WIDTH, len(scored))):
            n = -scored[k][1]
            s.set(moves[n], d, 1)
            scored[k] = (_two_ahead(s), -n)
            s.set(moves[n], d, -1)
            yield
        scored[:STRONG_WIDTH] = sorted(scored[:STRONG_WIDTH], reverse=True)
    cell = moves[-scored[0][1]]
    s.set(cell, d, 1)
    rows, cols = s.totals()
    out.append((cell, own(s.variant, s.seat, rows, cols)))


def _two_ahead(s):
    """The expected worth over the next digit, placed where its own look-ahead
    (Lookahead) says best of its STRONG_REPLIES best afterstates (worst, in
    versus), on the sheet s as it stands."""
    versus = s.variant == "versus"
    total = 0
    for nd in range(10):
        cells = s.empties()
        ranked = []
        for i in cells:
            s.set(i, nd, 1)
            ranked.append((s.worth(s.seat), i))
            s.set(i, nd, -1)
        ranked.sort(reverse=not versus)
        ahead = Lookahead(s, nd)
        best = None
        for v, i in ranked[:STRONG_REPLIES]:
            v = ahead.expected(i)
            if best is None or (v < best if versus else v > best):
                best = v
        total += ODDS[nd] * best
    return total // 36


_TABLE = [None]


def table():
    """The shipped line tables (ai_digits.bin beside this module, read in place:
    crisscross.datafile), opened the first time; kept while this module is."""
    if _TABLE[0] is None:
        _TABLE[0] = open_indexed(beside(__file__, TABLE_FILE))
    return _TABLE[0]


def drop_table():
    """Let go of the tables (a Pieces' open file)."""
    if _TABLE[0] is not None:
        close_indexed(_TABLE[0])
        _TABLE[0] = None
