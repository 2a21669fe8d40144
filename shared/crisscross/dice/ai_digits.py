"""The digits game's AI: a learned value of every line, and a search over the digit.

Order does not matter in a digits line, so a line is its multiset of digits, kept
as the key sum(6 ** d) over its filled cells (placing d adds 6 ** d). A full line
is scored exactly; a line with holes is looked up in a learned table (expected
final score under self-play, from host/ai_train.py --rules digits): the file
ai_digits.bin beside this module, read when a search first wants it (in place
where the board has it in ROMFS), one signed 16-bit value per line of at most 4
digits at the line's rank() (2 KB: every such line has its entry, so no key is
stored).

The sheet's value follows the variant: rows + columns; "cc" the lower of the two
(ties go to the higher sum); "versus" the seat's own lines minus the opponent's.
Both levels look one digit ahead (weighted by the 2d6 odds; in "versus" the
opponent places it, minimising our worth) for their best candidates:
`strongest` for SEARCH_WIDTH of them, `device` for DEVICE_WIDTH.
"""

from crisscross.compat import const
from crisscross.datafile import beside, close_data, open_data, read_data
from crisscross.dice.grid import ROWS, COLS
from crisscross.dice.digits import GROUP_POINTS, SEQUENCE_POINTS, ROUNDS

SCALE = const(100)  # values are hundredths of a point
POW6 = tuple(6**d for d in range(10))
# Odds out of 36 of each digit 0..9 on 2d6 (sum mod 10).
ODDS = (3, 2, 2, 2, 3, 4, 5, 6, 5, 4)
SEQUENCES = (0x1F, 0x3E, 0x7C, 0xF8, 0x1F0, 0x3E0, 0x3C1)
SEARCH_WIDTH = const(8)  # strongest: candidates that get the look-ahead
DEVICE_WIDTH = const(3)  # device: its hint's cost: `python3 -m host bench ai --mpy`
TABLE_FILE = "ai_digits.bin"
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


def table_value(table, key):
    """The learned value of the line of at most 4 digits whose key is `key`."""
    i = rank(key) << 1
    v = table[i] | (table[i + 1] << 8)
    return v - 0x10000 if v >= 0x8000 else v


class Lines:
    """One sheet's line keys and values, for valuing single placements quickly."""

    def __init__(self, table, cells):
        self.table = table
        self.memo = {}
        self.keys = [0] * 10
        self.filled = bytearray(10)
        self.vals = [0] * 10
        for l in range(10):
            k, n = line_key(cells, LINES[l])
            self.keys[l] = k
            self.filled[l] = n
            self.vals[l] = self.value(k, n)

    def value(self, key, n):
        if n == 5:
            return key_score(key) * SCALE
        v = self.memo.get(key)
        if v is None:
            v = table_value(self.table, key)
            self.memo[key] = v
        return v

    def set(self, cell, d, sign):
        """Add (sign 1) or remove (sign -1) digit d in `cell`."""
        for l in CELL_LINES[cell]:
            self.keys[l] += sign * POW6[d]
            self.filled[l] += sign
            self.vals[l] = self.value(self.keys[l], self.filled[l])

    def after(self, cell, d):
        """(rows value, columns value) once d goes into the empty `cell`."""
        r, c = CELL_LINES[cell]
        vals = self.vals
        rows = vals[0] + vals[1] + vals[2] + vals[3] + vals[4]
        cols = vals[5] + vals[6] + vals[7] + vals[8] + vals[9]
        rows += self.value(self.keys[r] + POW6[d], self.filled[r] + 1) - vals[r]
        cols += self.value(self.keys[c] + POW6[d], self.filled[c] + 1) - vals[c]
        return rows, cols


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


class Search:
    def __init__(self, game, table):
        self.variant = game.variant
        self.seat = game.turn
        self.cells = bytearray(game.sheet())
        self.lines = Lines(table, self.cells)
        self.rounds_left = ROUNDS - game.round - 1  # after this placement

    def empties(self):
        cells = self.cells
        return [i for i in range(25) if not cells[i]]

    def best(self, d, maximise, seat):
        """The best (or worst, for the opponent) afterstate worth for digit d."""
        best = None
        for i in self.empties():
            rows, cols = self.lines.after(i, d)
            v = combine(self.variant, seat, rows, cols)
            if best is None or (v > best if maximise else v < best):
                best = v
        return best

    def expected_steps(self, cell, d, out):
        """Expected worth after placing d in cell and the next digit's placement,
        appended to `out`; a generator yielding after each next digit."""
        lines = self.lines
        lines.set(cell, d, 1)
        self.cells[cell] = d + 1
        versus = self.variant == "versus"
        total = 0
        for nd in range(10):
            total += ODDS[nd] * self.best(nd, not versus, self.seat)
            yield
        self.cells[cell] = 0
        lines.set(cell, d, -1)
        out.append(total // 36)


def choose_steps(game, table, lookahead, width, out):
    """(cell, expected final score in hundredths) for the current player,
    appended to `out`, a step at a time (a generator: a screen runs it while A
    is held; ai.hint runs it at once)."""
    d = game.dice()
    s = Search(game, table)
    scored = []
    moves = s.empties()
    for n in range(len(moves)):
        rows, cols = s.lines.after(moves[n], d)
        scored.append((combine(s.variant, s.seat, rows, cols), -n, rows, cols))
    scored.sort(reverse=True)  # (worth, -index) is unique: deterministic order
    v, n, rows, cols = scored[0]
    best = (v, n)
    if lookahead and s.rounds_left > 0:
        best = None
        got = []
        for v0, n, r0, c0 in scored[:width]:
            yield
            yield from s.expected_steps(moves[-n], d, got)
            v = got.pop()
            if best is None or v > best[0] or (v == best[0] and n > best[1]):
                best = (v, n)
    cell = moves[-best[1]]
    rows, cols = s.lines.after(cell, d)
    out.append((cell, own(s.variant, s.seat, rows, cols)))


_TABLE = [None]


def table():
    """The shipped line table, the bytes of ai_digits.bin (host/ai_train.py
    write_digits_table), read the first time (in place where the board has it
    in ROMFS: crisscross.datafile); kept while this module is."""
    if _TABLE[0] is None:
        src = open_data(beside(__file__, TABLE_FILE))
        try:
            _TABLE[0] = read_data(src, 0)
        finally:
            close_data(src)
    return _TABLE[0]
