"""The symbol game's AI: learned values of lines and squares, and a search over the dice.

Where the strength comes from:

- Tuples. A sheet's worth is the sum, over its tuples, of a learned table entry
  (an n-tuple value function): the 10 scoring lines (11 with the advanced
  diagonal, counted twice) and the 16 2x2 squares, which are not scored but let
  the value see how a row and a column meet. A tuple's entry is found by its
  pattern: its cells relabelled in order of appearance (/ X X . . and O # # . .
  look alike), an empty cell that can never be filled (no empty neighbour)
  marked _BLOCKED, so a line knows it has a hole for good. A full line's entry
  is its exact score.
- Stages. Each class of tuple (row i and column i share one, by the sheet's
  symmetry about its main diagonal; a square shares with its mirror image) has
  a table per stage of the game (rounds done); at the end a line is worth its
  score and a square nothing.
- The look-ahead. The value of a placement's afterstate, and for the best
  candidates the expectation over the next roll (the 21 distinct rolls, 1 or 2
  in 36) of the best next afterstate (reply_steps).

The tables are learned by self-play (host/ai_train.py); docs/ai.md has how and
the figures. They are two files read in place (crisscross.datafile: in flash on a board
with ROMFS): ai_symbols_ranks.bin, every tuple key's pattern rank (canon()
computed once for all 32,768 line keys and 4,096 square keys), and one value
file per rule set (Model). Looking a tuple up is two reads, its rank and its
value: no cache, no object per lookup. reference_worth() is the plain
evaluator the tuned one (Position) must agree with.

All values are integers (hundredths of a point); ties go to the earlier move in
pair_moves() order, so MicroPython and CPython choose alike.
"""

from crisscross.compat import const
from crisscross.datafile import beside, close_indexed, open_indexed
from crisscross.dice.grid import ROWS, COLS, DIAG, PAIRS, NEIGHBOURS
from crisscross.dice.symbols import RUN_POINTS, ZERO_LINE, ROUNDS

_BLOCKED = const(7)  # an empty cell with no empty neighbour: it stays empty
_SCALE = const(100)  # table values are hundredths of a point
_DIAG_LINE = const(10)
_BIAS = const(0x8000)  # a value v is stored as the unsigned 16 bits v + _BIAS

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
_NTUPLES = const(27)
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
_WEIGHTS = bytes(2 if t == _DIAG_LINE else 1 for t in range(_NTUPLES))
# ai_symbols_ranks.bin holds each key's rank in 10 bits (little-endian bit
# order: rank n at bits 10n..10n+9): the 32,768 line keys', then the 4,096
# square keys'. _RBASE: where a tuple's start, in bits.
SQUARE_RANKS = const(327680)
_RBASE = tuple(0 if len(t) == 5 else SQUARE_RANKS for t in TUPLES)
LINE_PATTERNS = const(674)  # ranks of a 5-cell tuple (canon)
SQUARE_PATTERNS = const(151)
# The 21 distinct rolls of two symbol dice and their weights out of 36.
ROLLS = tuple((x, y, 1 if x == y else 2) for x in range(1, 7) for y in range(x, 7))
SEARCH_WIDTH = const(10)  # strongest: candidates that get the look-ahead
# The device level looks ahead for as many of its best candidates as this many
# free pairs' replies allow (reply_steps: a free pair costs about 30 tuple
# lookups), at least 2 (or none at all), at most SEARCH_WIDTH: as many as keep
# the hint within its time on a board (python3 -m host bench ai --pico,
# docs/ai.md). A table read a piece at a time (a board without ROMFS) costs
# several times more a lookup: a narrower look-ahead then.
_DEVICE_PAIRS = const(30)
_DEVICE_PAIRS_PIECES = const(13)
# A search's steps (choose_steps): a yield after _CANDIDATES_PER_STEP
# afterstates and after each free pair of a look-ahead (a few ms each on a
# board: a tap's release of A waits for the step in progress).
_CANDIDATES_PER_STEP = const(8)
# The casual level: up to this much noise (hundredths) on each afterstate value.
CASUAL_NOISE = const(400)
RANKS_FILE = "ai_symbols_ranks.bin"
# A value file: HEADER bytes (the chunk of each stage: rounds done 0..12, 12 the
# end; then the number of classes), then per chunk a table start (in 2-byte
# units from the file's start) per class, then the tables.
HEADER = const(16)


def used(advanced):
    """The tuples valued under a rule set: the diagonal only in advanced."""
    return tuple(t for t in range(_NTUPLES) if advanced or t != _DIAG_LINE)


def _cell_lines(advanced):
    """For each cell: the valued tuples through it, each as t << 4 | shift (the
    bit shift of the cell in the tuple's key: 3 bits a cell). One array of
    16-bit ints: cell c's are cl[cl[c]:cl[c + 1]] (its first 26 entries are
    those offsets)."""
    from array import array

    lines = [[] for _ in range(25)]
    for t in used(advanced):
        cells = TUPLES[t]
        for k in range(len(cells)):
            lines[cells[k]].append(t << 4 | 3 * k)
    at = [26]
    for x in lines:
        at.append(at[-1] + len(x))
    for x in lines:
        at += x
    return array("H", at)


# Per rule set (0 basic, 1 advanced): (used tuples, cell lines), built on the
# first search of that rule set, until drop_tables().
_LAYOUT = [None, None]


def layout(adv):
    """(USED, CELL_LINES) of rule set `adv` (0 basic, 1 advanced)."""
    if _LAYOUT[adv] is None:
        _LAYOUT[adv] = (used(adv == 1), _cell_lines(adv == 1))
    return _LAYOUT[adv]


# _PATTERNS[r * 5 + m]: how many ways r more cells can follow when m symbols
# have their labels (each cell empty, blocked, a label given or the next one).
# A tuple's rank counts the patterns before it in that order: a line is one of
# 674 patterns (rank 0-673), a square one of 151. Rows r = 0..4: 1 1 1 1 1,
# 3 4 5 6, 10 17 26, 37 77, 151.
_PATTERNS = b"\x01\x01\x01\x01\x01\x03\x04\x05\x06\x00\x0a\x11\x1a\x00\x00%M\x00\x00\x00\x97\x00\x00\x00\x00"


def canon(raw, size=5):
    """A tuple's cells (3 bits each) relabelled: symbols become 1, 2, ... in order
    of appearance; 0 (empty) and _BLOCKED stay. Returns (rank, complete): the
    relabelled pattern's rank (_PATTERNS) and whether no cell is empty. The
    search reads ranks from ai_symbols_ranks.bin, which holds canon() of every
    key (host/ai_train.py writes it)."""
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
        elif v != _BLOCKED:
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
    """The line's score now, holes counting as breaks (its final score if full),
    from its raw cells (relabelling them changes nothing here)."""
    total = 0
    prev = 0
    run = 0
    for k in range(5):
        v = (raw >> (3 * k)) & 7
        if v == _BLOCKED:
            v = 0
        if v and v == prev:
            run += 1
        else:
            total += RUN_POINTS[run]
            run = 1 if v else 0
        prev = v
    total += RUN_POINTS[run]
    if advanced and not total:
        return ZERO_LINE
    return total


class Model:
    """The learned tables of one rule set, and the ranks.

    `values` (the rule set's file, host/ai_train.py table_file) holds per chunk
    one table per class: the class's value of each pattern rank, in hundredths,
    2 bytes a value (little-endian, + _BIAS). A chunk serves the stages its
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
        return (self.values[i] | self.values[i + 1] << 8) - _BIAS


def blocked_marks(cells):
    """The sheet with each empty cell that has no empty neighbour marked
    _BLOCKED (a new bytearray)."""
    c = bytearray(cells)
    for i in range(25):
        if not c[i]:
            for n in NEIGHBOURS[i]:
                if not c[n]:
                    break
            else:
                c[i] = _BLOCKED
    return c


def has_pair(cells):
    for p, q in PAIRS:
        if not cells[p] and not cells[q]:
            return True
    return False


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
        total += _WEIGHTS[t] * model.value(stage, CLASSES[t], rank)
    return total


def reference_expected(model, cells, stage):
    """The plain look-ahead: the expected worth, over the next roll, of its
    best placement (reference_worth), the sheet as of `stage` rounds done; at
    the end, or with no free pair left, its final worth."""
    if stage >= ROUNDS or not has_pair(cells):
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


class Position:
    """One sheet being searched: its cells (with _BLOCKED marks), each tuple's
    raw 3-bit key and value, and each cell's count of empty neighbours.

    Tuples are valued as of `stage` rounds done: the round count after the
    next placement, so after() values afterstates; at ROUNDS the values are
    final. The lookup (a tuple's rank, then its value) is written out where the
    search spends its time (after, reply_steps): value() is the same."""

    def __init__(self, model, cells, stage):
        self.model = model
        self.ranks = model.ranks
        self.values = model.values
        self.adv = 1 if model.advanced else 0
        self.used, self.cell_lines = layout(self.adv)
        self.weights = _WEIGHTS
        c = blocked_marks(cells)
        self.cells = c
        self.en = bytearray(25)
        for i in range(25):
            k = 0
            for n in NEIGHBOURS[i]:
                if not c[n]:
                    k += 1
            self.en[i] = k
        self.rk = [0] * _NTUPLES
        for t in range(_NTUPLES):
            cells_t = TUPLES[t]
            r = 0
            for k in range(len(cells_t)):
                r |= c[cells_t[k]] << (3 * k)
            self.rk[t] = r
        self.set_stage(stage)

    def set_stage(self, stage):
        """Value the tuples as of `stage` rounds done (ROUNDS: the end)."""
        self.stage = stage
        self.final = stage >= ROUNDS
        model = self.model
        self.tbase = [model.table(stage, CLASSES[t]) for t in range(_NTUPLES)]
        self.lv = [0] * _NTUPLES
        total = 0
        for t in self.used:
            v = self.value(t, self.rk[t])
            self.lv[t] = v
            total += self.weights[t] * v
        self.total = total

    def value(self, t, raw):
        """Tuple t's value in hundredths when its raw key is `raw`."""
        r = self.ranks
        v = self.values
        j = _RBASE[t] + raw * 10  # the rank's first bit
        b = j >> 3
        i = self.tbase[t] + ((((r[b] | r[b + 1] << 8) >> (j & 7)) & 1023) << 1)
        return (v[i] | v[i + 1] << 8) - _BIAS

    def free_pairs(self):
        """Indices into PAIRS of the pairs with both cells empty."""
        cells = self.cells
        out = []
        for k in range(40):
            p, q = PAIRS[k]
            if not cells[p] and not cells[q]:
                out.append(k)
        return out

    def drop(self):
        """Let go of what the search built (it is over): a frame that outlives
        it keeps only this object's shell."""
        self.model = self.cells = self.en = self.ranks = self.values = None
        self.rk = self.lv = self.tbase = self.cell_lines = None

    def touched(self, p, q, nr):
        """The tuples a placement into cells p and q changes: those through p,
        then those through q, then those through a neighbour it leaves blocked,
        whose _BLOCKED marks go into the raw keys `nr` (a list)."""
        cl = self.cell_lines
        cells = self.cells
        en = self.en
        touched = []  # (a for statement: a comprehension allocates a function)
        for j in range(cl[p], cl[p + 1]):
            touched.append(cl[j] >> 4)
        for j in range(cl[q], cl[q + 1]):
            e = cl[j]
            if e >> 4 not in touched:
                touched.append(e >> 4)
        for c in (p, q):
            for n in NEIGHBOURS[c]:
                if n != p and n != q and not cells[n] and en[n] == 1:
                    for j in range(cl[n], cl[n + 1]):
                        e = cl[j]
                        ln = e >> 4
                        nr[ln] += _BLOCKED << (e & 15)
                        if ln not in touched:
                            touched.append(ln)
        return touched

    def after(self, k, x, y, swap):
        """Value of the sheet once x goes into one cell of pair k and y into the
        other (x into the lower cell unless swap)."""
        p, q = PAIRS[k]
        if swap:
            p, q = q, p
        cl = self.cell_lines
        nr = self.rk[:]
        for j in range(cl[p], cl[p + 1]):
            e = cl[j]
            nr[e >> 4] += x << (e & 15)
        for j in range(cl[q], cl[q + 1]):
            e = cl[j]
            nr[e >> 4] += y << (e & 15)
        touched = self.touched(p, q, nr)
        total = self.total
        w = self.weights
        lv = self.lv
        r = self.ranks
        v = self.values
        tbase = self.tbase
        for t in touched:
            j = _RBASE[t] + nr[t] * 10  # value(t, nr[t]), written out
            b = j >> 3
            i = tbase[t] + ((((r[b] | r[b + 1] << 8) >> (j & 7)) & 1023) << 1)
            total += w[t] * ((v[i] | v[i + 1] << 8) - _BIAS - lv[t])
        return total

    def place(self, k, x, y, swap):
        """Make the placement (then set_stage(stage + 1) values the tuples);
        returns what undoes it: (cells, en, rk, stage), to put back."""
        p, q = PAIRS[k]
        if swap:
            p, q = q, p
        saved = (self.cells[:], self.en[:], self.rk[:], self.stage)
        cells = self.cells
        en = self.en
        cells[p] = x
        cells[q] = y
        changed = [p, q]
        for c in (p, q):
            for n in NEIGHBOURS[c]:
                en[n] -= 1
        for c in (p, q):
            for n in NEIGHBOURS[c]:
                if n != p and n != q:
                    changed.append(n)
                    if not cells[n] and en[n] == 0:
                        cells[n] = _BLOCKED
        cl = self.cell_lines
        for c in changed:
            if cells[c]:
                for j in range(cl[c], cl[c + 1]):
                    e = cl[j]
                    ln = e >> 4
                    sh = e & 15
                    self.rk[ln] = (self.rk[ln] & ~(7 << sh)) | (cells[c] << sh)
        return saved


def reply_steps(pos, best):
    """Fills `best` (21 Nones) with the best afterstate value of each roll (x,
    y, _) of ROLLS over every placement of it, yielding after each free pair
    (a generator: a screen runs it between key presses). In one pass over the
    free pairs. A placement's change of value splits over its tuples: those
    through the first cell only depend on its symbol (6 values), through the
    second only on the other's (6), through both on the two (36), through
    neither (a neighbour left blocked) on nothing. So each tuple is valued once
    per symbol or pair of symbols instead of once per roll and order: ~3 times
    fewer lookups than 42 after() calls a pair, the same values."""
    cl = pos.cell_lines
    lv = pos.lv
    w = pos.weights
    tbase = pos.tbase
    r = pos.ranks
    v = pos.values
    total = pos.total
    shp = [-1] * _NTUPLES  # a tuple's bit shift of the pair's first cell, or -1
    shq = [-1] * _NTUPLES
    for k in pos.free_pairs():
        p, q = PAIRS[k]
        nr = pos.rk[:]
        touched = pos.touched(p, q, nr)
        for j in range(cl[p], cl[p + 1]):
            e = cl[j]
            shp[e >> 4] = e & 15
        for j in range(cl[q], cl[q + 1]):
            e = cl[j]
            shq[e >> 4] = e & 15
        base = total
        fp = [0] * 7  # by the symbol in p: the change of the tuples through p only
        fq = [0] * 7
        pq = [0] * 49  # by 7 * (symbol in p) + (symbol in q): tuples through both
        for t in touched:
            a = shp[t]
            b = shq[t]
            shp[t] = -1
            shq[t] = -1
            raw = nr[t]
            wt = w[t]
            old = lv[t] + _BIAS
            rb = _RBASE[t]
            tb = tbase[t]
            if a < 0 and b < 0:
                j = rb + raw * 10  # value(t, raw), written out
                c = j >> 3
                i = tb + ((((r[c] | r[c + 1] << 8) >> (j & 7)) & 1023) << 1)
                base += wt * ((v[i] | v[i + 1] << 8) - old)
            elif a < 0 or b < 0:
                f = fq if a < 0 else fp
                cs = b if a < 0 else a  # the cell's shift
                for x in range(1, 7):
                    j = rb + (raw + (x << cs)) * 10
                    c = j >> 3
                    i = tb + ((((r[c] | r[c + 1] << 8) >> (j & 7)) & 1023) << 1)
                    f[x] += wt * ((v[i] | v[i + 1] << 8) - old)
            else:
                for x in range(1, 7):
                    rx = raw + (x << a)
                    at = 7 * x
                    for y in range(1, 7):
                        j = rb + (rx + (y << b)) * 10
                        c = j >> 3
                        i = tb + ((((r[c] | r[c + 1] << 8) >> (j & 7)) & 1023) << 1)
                        pq[at + y] += wt * ((v[i] | v[i + 1] << 8) - old)
        for i in range(21):
            x, y, _ = ROLLS[i]
            s = base + fp[x] + fq[y] + pq[7 * x + y]
            if x != y:
                s2 = base + fp[y] + fq[x] + pq[7 * y + x]
                if s2 > s:
                    s = s2
            if best[i] is None or s > best[i]:
                best[i] = s
        yield


def expected_steps(pos, k, a, b, swap, out):
    """The expected value (hundredths) one roll after making placement (k,
    swap), appended to `out`, a step at a time (a generator)."""
    if pos.final:
        out.append(pos.after(k, a, b, swap))
        return
    saved = pos.place(k, a, b, swap)
    pos.set_stage(pos.stage + 1)  # (ROUNDS: the next placement is the last)
    if not pos.free_pairs():
        pos.set_stage(ROUNDS)  # stuck: the sheet is final as it is
        total = pos.total
    else:
        best = [None] * 21
        yield from reply_steps(pos, best)
        total = 0
        for i in range(21):
            total += ROLLS[i][2] * best[i]
        total = total // 36
    pos.cells, pos.en, pos.rk, stage = saved  # undone
    pos.set_stage(stage)
    out.append(total)


def device_width(free, pieces=False):
    """How many candidates the device level looks ahead for, with `free` free
    pairs left (pieces: its tables are read a piece at a time)."""
    width = (_DEVICE_PAIRS_PIECES if pieces else _DEVICE_PAIRS) // max(free, 1)
    if width < 2:
        return 0
    return width if width < SEARCH_WIDTH else SEARCH_WIDTH


def choose_steps(game, model, level, out, rng=None):
    """(move, expected final score in hundredths) for the current player,
    appended to `out`, a step at a time: a generator that yields after each
    piece of a few ms on a board (every _CANDIDATES_PER_STEP afterstates, each
    free pair of a look-ahead), so a screen can search while a button is held
    (ai.hint runs it at once).

    level: "strongest" (the look-ahead for SEARCH_WIDTH candidates), "device"
    (for device_width() of them), or else the afterstate values alone; with
    `rng` (an Rng), each blurred by up to CASUAL_NOISE (the casual level)."""
    layout(1 if model.advanced else 0)
    a, b = game.dice()
    pos = _SEARCH[0] = Position(model, game.sheet(), game.round + 1)
    yield
    # The placements in pair_moves() order as ints, k << 1 | swap, and each
    # one's value as value << 8 | 255 - index: ints, not pairs.
    free = pos.free_pairs()
    moves = [k << 1 | s for k in free for s in (0, 1) if not s or a != b]
    width = 0
    if level == "strongest":
        width = SEARCH_WIDTH
    elif level == "device":
        width = device_width(len(free), not _in_place(model))
    scored = []
    for n in range(len(moves)):
        m = moves[n]
        v = pos.after(m >> 1, a, b, m & 1)
        if rng is not None:
            v += rng.below(CASUAL_NOISE)
        scored.append(v << 8 | 255 - n)
        if n % _CANDIDATES_PER_STEP == _CANDIDATES_PER_STEP - 1:
            yield
    scored.sort(reverse=True)  # the best value first, then the lowest index
    best_v = scored[0] >> 8
    best_n = 255 - (scored[0] & 255)
    if width and not pos.final:
        best_n = -1
        got = []
        for v0 in scored[:width]:
            n = 255 - (v0 & 255)
            m = moves[n]
            yield from expected_steps(pos, m >> 1, a, b, m & 1, got)
            v = got.pop()
            if best_n < 0 or v > best_v or (v == best_v and n < best_n):
                best_v = v
                best_n = n
    m = moves[best_n]
    p, q = PAIRS[m >> 1]
    out.append(((q, p) if m & 1 else (p, q), best_v))
    pos.drop()
    _SEARCH[0] = None


def _in_place(model):
    """Whether the tables are indexed in memory or flash (not a Pieces)."""
    return not hasattr(model.ranks, "f")


_MODELS = [None, None]
_RANKS = [None]
_SEARCH = [None]  # the Position of the search under way


def drop_tables():
    """Let go of the layouts and the tables opened: the play screen keeps this
    module resident between hints (HintScreen), not what one search built; nor
    what an abandoned search holds."""
    for adv in (0, 1):
        if _MODELS[adv] is not None:
            close_indexed(_MODELS[adv].values)
        _MODELS[adv] = None
        _LAYOUT[adv] = None
    if _RANKS[0] is not None:
        close_indexed(_RANKS[0])
        _RANKS[0] = None
    pos = _SEARCH[0]
    if pos is not None:
        pos.drop()
        _SEARCH[0] = None


def model(advanced):
    """The shipped tables for a rule set: ai_symbols_basic.bin or
    ai_symbols_advanced.bin and ai_symbols_ranks.bin beside this module
    (host/ai_train.py), opened now (read in place: crisscross.datafile)."""
    adv = 1 if advanced else 0
    if _MODELS[adv] is None:
        if _RANKS[0] is None:
            _RANKS[0] = open_indexed(beside(__file__, RANKS_FILE))
        name = "ai_symbols_advanced.bin" if advanced else "ai_symbols_basic.bin"
        values = open_indexed(beside(__file__, name))
        _MODELS[adv] = Model(advanced, values, _RANKS[0])
    return _MODELS[adv]
