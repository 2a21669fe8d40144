"""The symbol game's AI: learned values of lines and squares, and a search over the dice.

A sheet's worth is the sum, over its tuples (the scoring lines and the 2x2
squares), of a learned table entry: an n-tuple value function. A tuple's key is
its cells relabelled in order of appearance (/ X X . . and O # # . . look alike),
numbered (canon: its rank);
tables are split by the tuple's class and the stage of the game. Empty cells
that can no longer be filled (no empty neighbour) are marked _BLOCKED here, so a
line knows it has a hole for good. Full lines are scored exactly. The tables come
from TD self-play (host/ai_train.py) and live in the files ai_symbols_basic.bin
and ai_symbols_advanced.bin, read a stage at a time (in place where the board
has them in ROMFS: crisscross.datafile); docs/ai.md has the figures.

`device` plays the placement with the best afterstate value, looking one roll
ahead only late in the game, when that is cheap. `strongest` looks one roll ahead
for its SEARCH_WIDTH best candidates: the expectation, over the 21 distinct
rolls, of the best next placement's value.
All values are integers (_SCALE per point); ties go to the earlier move in
pair_moves() order, so MicroPython and CPython choose alike.
"""

from array import array

from crisscross.compat import const
from crisscross.datafile import beside, close_data, open_data, read_data
from crisscross.dice.grid import ROWS, COLS, DIAG, PAIRS, NEIGHBOURS
from crisscross.dice.symbols import RUN_POINTS, ZERO_LINE, ROUNDS

_BLOCKED = const(7)  # an empty cell with no empty neighbour: it stays empty
_SCALE = const(100)  # table values are hundredths of a point
_DIAG_LINE = const(10)


# Everything valued: 11 lines (0-10: the rows, the columns, the diagonal), then
# the 16 2x2 squares: not scored, but their patterns correct the lines' sum. A
# square below the main diagonal lists its cells as its mirror image does, so a
# square and its mirror can share a table.
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
# Each tuple's weight in a sheet's value: the diagonal counts twice in advanced
# (in basic it is not valued: not in _used(), nor in the layout).
_WEIGHTS = bytes(2 if t == _DIAG_LINE else 1 for t in range(_NTUPLES))
_FINAL_TABLE = const(127)  # memo tag for "score the line as it stands"
# The 21 distinct rolls of two symbol dice and their weights out of 36.
ROLLS = tuple((x, y, 1 if x == y else 2) for x in range(1, 7) for y in range(x, 7))
SEARCH_WIDTH = const(10)  # strongest: candidates that get the look-ahead
# device: look ahead for _DEVICE_UNITS // (free pairs) candidates: a candidate's
# look-ahead costs in proportion to the free pairs (`python3 -m host bench ai
# --mpy` measures a hint).
_DEVICE_UNITS = const(13)
# The memo: values of tuples by key (raw cells | table << 15: 22 bits), in an
# array of 2 ** bits slots, one value a slot (a newer one replaces it). A slot
# holds 1 << 29 | (key >> bits) << 14 | value + 0x2000: under 2 ** 30, so
# reading it allocates nothing; its slot number gives the key's low bits back.
# Values are within +-0x2000 (the tables' within +-1,000); one that is not is
# not remembered. bits: 7 to 15 (a key's rest, 22 - bits, below the flag).
_MEMO_BITS = const(7)  # a device search: 128 slots of 4 bytes
_MEMO_BITS_LOOKAHEAD = const(15)  # strongest: host-sized memory
_MEMO_FULL = const(0x8000)  # the flag bit 29, as seen in slot >> 14
# A key's slot: its low bits ^ its rest * _MEMO_MIX (odd: the table number and
# the last cells spread over every slot bit; the rest * _MEMO_MIX < 2 ** 27).
_MEMO_MIX = const(0x9E5)
# The steps of a search (choose_steps): a yield after _STEP_MISSES values missed
# in the memo (each a canon and a table's lookup) or after
# _CANDIDATES_PER_STEP afterstates, and after each
# look-ahead's free pair. Small, as a tap's release of A waits for the step in
# progress (the search runs from the press edge: HintScreen).
_STEP_MISSES = const(5)
_CANDIDATES_PER_STEP = const(4)


def _used(advanced):
    """The tuples valued under a rule set: the diagonal only in advanced."""
    return tuple(t for t in range(_NTUPLES) if advanced or t != _DIAG_LINE)


def _cell_lines(advanced):
    """For each cell: the valued tuples through it, each as t << 4 | shift (the
    bit shift of the cell in the tuple's key: 3 bits a cell). One array of
    16-bit ints: cell c's are cl[cl[c]:cl[c + 1]] (its first 26 entries are
    those offsets)."""
    lines = [[] for _ in range(25)]
    # In tuple order, then cell order within a tuple: each cell's list comes out
    # as scanning every tuple for it would make it, in ~120 steps instead of ~3,000.
    for t in _used(advanced):
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
# first search of that rule set only, until drop_tables() (the play screen calls
# it after each hint: not kept between hints). A game is played under one rule
# set. A pair's tuples and neighbours are not tabled (too much heap in a
# search): Position.touched lists them when wanted.
_LAYOUT = [None, None]


def layout(adv):
    """(USED, CELL_LINES) of rule set `adv` (0 basic, 1 advanced)."""
    if _LAYOUT[adv] is None:
        _LAYOUT[adv] = (_used(adv == 1), _cell_lines(adv == 1))
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
    labels given so far are 3 bits each in an int (at 3 * symbol), not a list:
    nothing allocated but the result (a search calls it many times)."""
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
    """The learned tables for one rule set and how tuples map onto them.

    A table holds the learned values of one class of tuples at one stage of the
    game, by pattern rank (canon): per 16 ranks 4 bytes, a bit per rank that has
    a value and n, the number of the first of those values (16-bit
    little-endian each), then the values in hundredths, in rank order: 12-bit
    signed, two to 3 bytes (value n, n even, is the low 12 bits of the 3 bytes
    at 3 * (n >> 1) in the table, n + 1 the high 12; n counts from the table's
    start: the values start at a multiple of 3), or, in a narrow table (all
    within -128..127), a signed byte each at n. A table with no values is
    empty. The tables of a stage are one bytes object (`stage(s)`): per class
    its table's offset (2 bytes, its top bit set for a narrow table), one more
    for the end, then the tables; read from the rule set's file (`path`,
    written by host/ai_train.py) when a search first wants a table of that
    stage: a search holds only its stage's (look-ahead: also the next's), never
    the whole file. Table number = stage bucket << 4 | class; `classes[t]` is
    tuple t's class and `stages[r]` the bucket after r rounds (r = 1..12).
    """

    def __init__(self, advanced, classes, stages, path=None, ends=None):
        self.advanced = advanced
        self.classes = classes
        self.stages = stages
        self.path = path
        self.ends = ends  # the file's stage offsets: (data start, bytes of ends)
        self.blobs = [None] * (max(stages) + 1)

    def stage(self, s):
        """Stage s's tables, read from the file the first time they are wanted."""
        got = self.blobs[s]
        if got is None:
            start, ends = self.ends
            a = ends[2 * s - 2] | ends[2 * s - 1] << 8 if s else 0
            b = ends[2 * s] | ends[2 * s + 1] << 8
            src = open_data(self.path)
            try:
                got = read_data(src, start + a, b - a)
            finally:
                close_data(src)
            self.blobs[s] = got
        return got

    def keep_from(self, rounds_done):
        """Let go of the tables of stages before this one (a game only goes on)."""
        for s in range(self.stages[rounds_done]):
            self.blobs[s] = None

    def lookup(self, tid, rank):
        """Table tid's value of the pattern of this rank, or None: a pattern
        self-play never met (Position.value: a line's score as it stands, and
        nothing for a square)."""
        blob = self.blobs[tid >> 4]
        if blob is None:
            blob = self.stage(tid >> 4)
        i = (tid & 15) << 1
        narrow = blob[i + 1] & 128
        base = blob[i] | (blob[i + 1] & 127) << 8
        if base == blob[i + 2] | (blob[i + 3] & 127) << 8:
            return None  # an empty table
        i = base + (rank >> 4 << 2)
        bits = blob[i] | blob[i + 1] << 8
        bit = 1 << (rank & 15)
        if not bits & bit:
            return None
        # The values before this one in its group: the bits below it, counted.
        w = bits & (bit - 1)
        w -= (w >> 1) & 0x5555
        w = (w & 0x3333) + ((w >> 2) & 0x3333)
        w = (w + (w >> 4)) & 0x0F0F
        n = (blob[i + 2] | blob[i + 3] << 8) + ((w + (w >> 8)) & 31)
        if narrow:  # values a byte each
            v = blob[base + n]
            return v - 256 if v >= 128 else v
        i = base + 3 * (n >> 1)  # values two to 3 bytes
        if n & 1:
            v = blob[i + 1] >> 4 | blob[i + 2] << 4
        else:
            v = blob[i] | (blob[i + 1] & 15) << 8
        return v - 0x1000 if v >= 0x800 else v


class Position:
    """One sheet being searched: cells (with _BLOCKED marks), each line's raw
    3-bit key and value, and each cell's count of empty neighbours.

    Lines are valued as of `stage` rounds done: the round count after the next
    placement, so after() values afterstates; at ROUNDS the values are final.
    """

    def __init__(
        self, model, cells, stage, memo_bits=_MEMO_BITS, later=False, memo=None
    ):
        """later: leave the lines unvalued until stage_steps(stage) has run;
        memo: an array of 2 ** memo_bits slots to use, else a new one."""
        self.model = model
        self.misses = 0  # memo misses since a search's last step (_STEP_MISSES)
        self.sh = memo_bits
        self.mask = (1 << memo_bits) - 1
        self.adv = 1 if model.advanced else 0
        self.used, self.cell_lines = layout(self.adv)
        self.weights = _WEIGHTS
        self.memo = memo if memo is not None else array("I", bytes(4 << memo_bits))
        c = bytearray(cells)
        for i in range(25):
            if not c[i]:
                for n in NEIGHBOURS[i]:
                    if not c[n]:
                        break
                else:
                    c[i] = _BLOCKED
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
        self.stage = stage
        if not later:
            for _ in self.stage_steps(stage):
                pass

    def stage_steps(self, stage):
        """Value the lines as of `stage` rounds done (recomputes every line), a
        step at a time (a generator): a yield every _STEP_MISSES misses."""
        self.stage = stage
        self.final = stage >= ROUNDS
        # Memo key of a tuple's value: its raw cells | (its table << 15).
        if self.final:
            # Squares get their own tag: a square's 12 raw bits can equal a line's.
            self.tkey = [_FINAL_TABLE << 15] * 11 + [(_FINAL_TABLE - 1) << 15] * 16
        else:
            # Table number: stage bucket << 4 | the tuple's class (Model).
            b = self.model.stages[stage] << 4
            classes = self.model.classes
            self.tkey = [(b | classes[t]) << 15 for t in range(_NTUPLES)]
        self.lv = [0] * _NTUPLES
        total = 0
        for t in self.used:
            v = self.value(t, self.rk[t])
            self.lv[t] = v
            total += self.weights[t] * v
            if self.misses >= _STEP_MISSES:
                self.misses = 0
                yield
        self.total = total

    def value(self, t, raw):
        """Tuple t's value in hundredths when its raw key is `raw` (memoised)."""
        model = self.model
        key = raw | self.tkey[t]
        tid = key >> 15
        sh = self.sh
        i = (key ^ (key >> sh) * _MEMO_MIX) & self.mask
        e = self.memo[i]
        if e >> 14 == key >> sh | _MEMO_FULL:
            v = (e & 0x3FFF) - 0x2000
        else:
            self.misses += 1
            if self.final and t > _DIAG_LINE:
                v = 0  # at the end only the lines' scores count
            elif t <= _DIAG_LINE:
                v = None
                if not self.final:  # at the end a line scores what it holds
                    rank, complete = canon(raw)
                    if not complete:
                        v = model.lookup(tid, rank)
                if v is None:
                    v = code_score(raw, model.advanced) * _SCALE
            else:
                v = model.lookup(tid, canon(raw, 4)[0])
                if v is None:
                    v = 0
            if -0x2000 <= v < 0x2000:
                self.memo[i] = (key >> sh | _MEMO_FULL) << 14 | (v + 0x2000)
        return v

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
        self.memo = self.model = self.cells = self.en = None
        self.rk = self.lv = self.tkey = self.cell_lines = None

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
                        l = e >> 4
                        nr[l] += _BLOCKED << (e & 15)
                        if l not in touched:
                            touched.append(l)
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
        memo = self.memo
        tkey = self.tkey
        sh = self.sh
        mask = self.mask
        for t in touched:
            # The memo lookup inlined: this loop is most of the AI's time.
            key = nr[t] | tkey[t]
            v = memo[(key ^ (key >> sh) * _MEMO_MIX) & mask]
            if v >> 14 == key >> sh | _MEMO_FULL:
                v = (v & 0x3FFF) - 0x2000
            else:
                v = self.value(t, nr[t])
            total += w[t] * (v - lv[t])
        return total

    def place(self, k, x, y, swap):
        """Make the placement (then stage_steps(stage + 1) values the lines);
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
                    l = e >> 4
                    sh = e & 15
                    self.rk[l] = (self.rk[l] & ~(7 << sh)) | (cells[c] << sh)
        return saved


def reply_steps(pos, best):
    """Fills `best` (21 Nones) with the best afterstate value of each roll (x,
    y, _) of ROLLS over every placement of it, yielding after each free pair (a generator: a screen runs it between key presses). In one pass
    over the free pairs. A placement's change of value splits over its tuples:
    those through the first cell only depend on its symbol (6 values), through
    the second only on the other's (6), through both on the two (36), through
    neither (a neighbour left blocked) on nothing. So each tuple is valued once
    per symbol or pair of symbols instead of once per roll and order: ~3 times
    fewer lookups than 42 after() calls a pair, the same values."""
    cl = pos.cell_lines
    lv = pos.lv
    w = pos.weights
    tkey = pos.tkey
    total = pos.total
    memo = pos.memo
    sh = pos.sh
    mask = pos.mask
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
            r = nr[t]
            wt = w[t]
            old = lv[t]
            if a < 0 and b < 0:
                key = r | tkey[t]
                v = memo[(key ^ (key >> sh) * _MEMO_MIX) & mask]
                if v >> 14 == key >> sh | _MEMO_FULL:
                    v = (v & 0x3FFF) - 0x2000
                else:
                    v = pos.value(t, r)
                base += wt * (v - old)
            elif a < 0 or b < 0:
                f = fq if a < 0 else fp
                cs = b if a < 0 else a  # the cell's shift (sh: the memo's)
                for x in range(1, 7):
                    rx = r + (x << cs)
                    key = rx | tkey[t]
                    v = memo[(key ^ (key >> sh) * _MEMO_MIX) & mask]
                    if v >> 14 == key >> sh | _MEMO_FULL:
                        v = (v & 0x3FFF) - 0x2000
                    else:
                        v = pos.value(t, rx)
                    f[x] += wt * (v - old)
            else:
                for x in range(1, 7):
                    rx = r + (x << a)
                    i = 7 * x
                    for y in range(1, 7):
                        ry = rx + (y << b)
                        key = ry | tkey[t]
                        v = memo[(key ^ (key >> sh) * _MEMO_MIX) & mask]
                        if v >> 14 == key >> sh | _MEMO_FULL:
                            v = (v & 0x3FFF) - 0x2000
                        else:
                            v = pos.value(t, ry)
                        pq[i + y] += wt * (v - old)
                    if pos.misses >= _STEP_MISSES:  # 36 values can all be misses
                        pos.misses = 0
                        yield
                pos.misses += 2  # 36 lookups: as long as ~2 misses, hits or not
            if pos.misses >= _STEP_MISSES:
                pos.misses = 0
                yield
        for i in range(21):
            x, y, _ = ROLLS[i]
            v = base + fp[x] + fq[y] + pq[7 * x + y]
            if x != y:
                v2 = base + fp[y] + fq[x] + pq[7 * y + x]
                if v2 > v:
                    v = v2
            if best[i] is None or v > best[i]:
                best[i] = v
        pos.misses = 0
        yield


def expected_steps(pos, k, a, b, swap, out):
    """The expected value (hundredths) one roll after making placement (k,
    swap), appended to `out`, a step at a time (a generator)."""
    if pos.final:
        out.append(pos.after(k, a, b, swap))
        return
    saved = pos.place(k, a, b, swap)
    yield from pos.stage_steps(pos.stage + 1)
    if not pos.free_pairs():
        yield from pos.stage_steps(ROUNDS)  # stuck: the sheet is final as it is
        total = pos.total
    else:
        best = [None] * 21
        yield from reply_steps(pos, best)
        total = 0
        for i in range(21):
            total += ROLLS[i][2] * best[i]
        total = total // 36
    pos.cells, pos.en, pos.rk, stage = saved  # undone
    yield from pos.stage_steps(stage)
    out.append(total)


def device_width(free):
    """How many candidates the device level can afford to look ahead for."""
    width = _DEVICE_UNITS // max(free, 1)
    return width if width >= 2 else 0


def choose_steps(game, model, lookahead, width, out):
    """(move, expected final score in hundredths) for the current player,
    appended to `out`, a step at a time: a generator that yields after each
    piece of a few ms on a board (the layout, the position, every
    _CANDIDATES_PER_STEP afterstates, each free pair of a look-ahead), so a
    screen can search while a button is held (ai.hint runs it at once).

    lookahead: True for strongest (`width` candidates looked ahead); False for
    the device level, which looks ahead only as far as _DEVICE_UNITS allow."""
    layout(1 if model.advanced else 0)
    yield
    a, b = game.dice()
    model.keep_from(game.round + 1)
    bits = _MEMO_BITS_LOOKAHEAD if lookahead else _MEMO_BITS
    pos = _SEARCH[0] = Position(model, game.sheet(), game.round + 1, bits, True)
    yield
    yield from pos.stage_steps(game.round + 1)
    # The placements in pair_moves() order as ints, k << 1 | swap, and each one's value as value << 8
    # | 255 - index: ints, not pairs (a search holds up to 80 of each).
    free = pos.free_pairs()
    moves = [k << 1 | s for k in free for s in (0, 1) if not s or a != b]
    if not lookahead:
        width = device_width(len(free))
        lookahead = width > 0
    scored = []
    for n in range(len(moves)):
        m = moves[n]
        scored.append(pos.after(m >> 1, a, b, m & 1) << 8 | 255 - n)
        if (
            pos.misses >= _STEP_MISSES
            or n % _CANDIDATES_PER_STEP == _CANDIDATES_PER_STEP - 1
        ):
            pos.misses = 0
            yield
    scored.sort(reverse=True)  # the best value first, then the lowest index
    best_v = scored[0] >> 8
    best_n = 255 - (scored[0] & 255)
    if lookahead and not pos.final:
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


_MODELS = [None, None]
_SEARCH = [None]  # the Position of the search under way


def drop_tables():
    """Let go of the layouts and the tables read: the play screen keeps this
    module resident between hints (HintScreen), not what one search built; nor
    what an abandoned search holds. Emptied in place: a search's generators
    outlive it while a stale word on the stack points at them (the collector's
    scan is conservative), with what their frames hold."""
    for adv in (0, 1):
        m = _MODELS[adv]
        if m is not None:
            for s in range(len(m.blobs)):
                m.blobs[s] = None
        _MODELS[adv] = None
        _LAYOUT[adv] = None
    pos = _SEARCH[0]
    if pos is not None:
        pos.drop()
        _SEARCH[0] = None


def model(advanced):
    """The shipped tables for a rule set: ai_symbols_basic.bin or
    ai_symbols_advanced.bin beside this module (host/ai_train.table_file), its
    header read now and each table when a search first wants it."""
    adv = 1 if advanced else 0
    if _MODELS[adv] is None:
        path = beside(
            __file__, "ai_symbols_advanced.bin" if advanced else "ai_symbols_basic.bin"
        )
        src = open_data(path)
        try:  # three parts, each after its length: classes, stages, ends
            n = read_data(src, 0, 1)[0]
            classes = read_data(src, 1, n)
            at = 1 + n
            n = read_data(src, at, 1)[0]
            stages = read_data(src, at + 1, n)
            at += 1 + n
            n = read_data(src, at, 1)[0]
            ends = read_data(src, at + 1, 2 * n)
        finally:
            close_data(src)
        start = at + 1 + 2 * n
        _MODELS[adv] = Model(advanced, classes, stages, path, (start, ends))
    return _MODELS[adv]
