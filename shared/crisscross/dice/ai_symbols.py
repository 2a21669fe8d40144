"""The symbol game's AI: a search over the dice on the learned values of a sheet.

A placement is valued by its afterstate's worth (crisscross.dice.ai_symbols_tables:
the tuples, their learned tables, and the plain evaluator this search agrees
with), and for the best candidates by the expectation over the next roll (the
21 distinct rolls, 1 or 2 in 36) of the best next afterstate (reply_steps);
at the strongest level the very best by an expectation two rolls on
(deep_steps).
Position keeps each tuple's raw key and value up to date as cells fill, so a
placement costs only the lookups of the tuples it touches. The look-ahead's
lookups run in native code where the port compiles it and the tables are read
in place (ai_symbols_viper.py: the rp2 port with ROMFS), as bytecode elsewhere:
the same values either way.

All values are integers (hundredths of a point); ties go to the earlier move in
pair_moves() order, so MicroPython and CPython choose alike.
"""

from array import array

from crisscross.compat import const
from crisscross.datafile import beside, close_indexed, open_indexed
from crisscross.dice.grid import PAIRS, NEIGHBOURS
from crisscross.dice.symbols import ROUNDS
from crisscross.dice.ai_symbols_tables import (
    BIAS,
    BLOCKED,
    CLASSES,
    NTUPLES,
    RANKS_FILE,
    RBASE,
    ROLLS,
    TUPLES,
    WEIGHTS,
    Model,
    blocked_marks,
    used,
)

SEARCH_WIDTH = const(10)  # strongest: candidates that get the look-ahead
# strongest: of those, the best DEEP_WIDTH (by the look-ahead) are looked ahead
# two rolls (deep_steps), each next roll's best DEEP_REPLIES placements (by their
# afterstate values) valued one roll further.
DEEP_WIDTH = const(3)
DEEP_REPLIES = const(2)
# The device level looks ahead for as many of its best candidates as this many
# free pairs' replies allow (reply_steps, its lookups in native code on a board
# with ROMFS: ai_symbols_viper), at least 2 (or none at all), at most
# SEARCH_WIDTH: as many as keep the hint within its time on a board (python3 -m
# host bench ai --pico, docs/ai.md). A table read a piece at a time (a board
# without ROMFS) costs several times more a lookup, in bytecode: a narrower
# look-ahead then.
_DEVICE_PAIRS = const(90)
_DEVICE_PAIRS_PIECES = const(13)
# A search's steps (choose_steps): a yield after _CANDIDATES_PER_STEP
# afterstates and after each free pair of a look-ahead (a few ms each on a
# board: a tap's release of A waits for the step in progress).
_CANDIDATES_PER_STEP = const(8)
_NONE = const(-0x40000000)  # the native look-ahead's "no value yet"
# The casual level: up to this much noise (hundredths) on each afterstate value.
CASUAL_NOISE = const(400)


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


class Position:
    """One sheet being searched: its cells (with BLOCKED marks), each tuple's
    raw 3-bit key and value, and each cell's count of empty neighbours.

    Tuples are valued as of `stage` rounds done: the round count after the
    next placement, so after() values afterstates; at ROUNDS the values are
    final. value() is the lookup (a tuple's rank, then its value); it is
    written out once in each of the loops the search spends its time in
    (after, reply_steps), where a call per lookup would take the hint on a
    board past its time (python3 -m host bench ai --pico)."""

    def __init__(self, model, cells, stage):
        self.model = model
        self.ranks = model.ranks
        self.values = model.values
        self.adv = 1 if model.advanced else 0
        self.used, self.cell_lines = layout(self.adv)
        self.weights = WEIGHTS
        c = blocked_marks(cells)
        self.cells = c
        self.en = bytearray(25)
        for i in range(25):
            k = 0
            for n in NEIGHBOURS[i]:
                if not c[n]:
                    k += 1
            self.en[i] = k
        self.rk = [0] * NTUPLES
        for t in range(NTUPLES):
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
        self.tbase = [model.table(stage, CLASSES[t]) for t in range(NTUPLES)]
        self.lv = [0] * NTUPLES
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
        j = RBASE[t] + raw * 10  # the rank's first bit
        b = j >> 3
        i = self.tbase[t] + ((((r[b] | r[b + 1] << 8) >> (j & 7)) & 1023) << 1)
        return (v[i] | v[i + 1] << 8) - BIAS

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
        whose BLOCKED marks go into the raw keys `nr` (a list)."""
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
                        nr[ln] += BLOCKED << (e & 15)
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
            j = RBASE[t] + nr[t] * 10  # value(t, nr[t]), written out
            b = j >> 3
            i = tbase[t] + ((((r[b] | r[b + 1] << 8) >> (j & 7)) & 1023) << 1)
            total += w[t] * ((v[i] | v[i + 1] << 8) - BIAS - lv[t])
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
                        cells[n] = BLOCKED
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
    fewer lookups than 42 after() calls a pair, the same values.

    The changes add up in gain[7 * x + y], x the symbol in the pair's first
    cell p and y in its second q, either 0 where a tuple misses that cell: a
    tuple through p alone adds to gain[7 * x], through q alone to gain[y],
    through neither to gain[0]. Placing x in p and y in q is then worth
    total + gain[0] + gain[7 * x] + gain[y] + gain[7 * x + y]. Where the tables
    are read in place and the port compiled ai_symbols_viper, its g adds up the
    gains and its m takes each roll's best (in an array until the end): the same
    sums in native code."""
    cl = pos.cell_lines
    lv = pos.lv
    w = pos.weights
    tbase = pos.tbase
    r = pos.ranks
    v = pos.values
    total = pos.total
    shp = [-1] * NTUPLES  # a tuple's bit shift of the pair's first cell, or -1
    shq = [-1] * NTUPLES
    native = most = None
    if _in_place(pos.model):  # the lookups in native code (ai_symbols_viper)
        native, most = native_code()
    if native is not None:
        gain = array("i", [0] * 49)  # (most clears it after each pair)
        nbest = array("i", [_NONE] * 21)
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
        if native is None:
            gain = [0] * 49
        for t in touched:
            a = shp[t]
            b = shq[t]
            shp[t] = -1
            shq[t] = -1
            if native is not None:
                native(r, v, gain, nr[t], a, b, RBASE[t], tbase[t], w[t], lv[t] + BIAS)
                continue
            # The symbols tried in p (x0 to x1 - 1) and in q: 1-6, or 0 alone
            # where the tuple misses the cell.
            x0 = y0 = 1
            x1 = y1 = 7
            if a < 0:
                a = x0 = 0
                x1 = 1
            if b < 0:
                b = y0 = 0
                y1 = 1
            raw = nr[t]
            wt = w[t]
            old = lv[t] + BIAS
            rb = RBASE[t]
            tb = tbase[t]
            for x in range(x0, x1):
                rx = raw + (x << a)
                at = 7 * x
                for y in range(y0, y1):
                    j = rb + (rx + (y << b)) * 10  # Position.value(), written out
                    c = j >> 3
                    i = tb + ((((r[c] | r[c + 1] << 8) >> (j & 7)) & 1023) << 1)
                    gain[at + y] += wt * ((v[i] | v[i + 1] << 8) - old)
        if native is not None:
            most(gain, nbest, total)
            yield
            continue
        base = total + gain[0]
        for i in range(21):
            x, y, _ = ROLLS[i]
            s = gain[7 * x] + gain[y] + gain[7 * x + y]
            if x != y:
                s2 = gain[7 * y] + gain[x] + gain[7 * y + x]
                if s2 > s:
                    s = s2
            s += base
            if best[i] is None or s > best[i]:
                best[i] = s
        yield
    if native is not None:
        for i in range(21):
            if nbest[i] > _NONE:  # (best holds Nones until now)
                best[i] = nbest[i]


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


def deep_steps(pos, k, a, b, swap, out):
    """The expected value (hundredths) two rolls after making placement (k,
    swap), appended to `out`, a step at a time (a generator): over the next
    roll, the best of its DEEP_REPLIES best placements (by their afterstate
    values; ties to the first in pair_moves() order) valued by expected_steps.
    When the next placement is the last (or none is left), expected_steps'
    value."""
    if pos.stage + 1 >= ROUNDS:  # the next placement is the last
        yield from expected_steps(pos, k, a, b, swap, out)
        return
    saved = pos.place(k, a, b, swap)
    pos.set_stage(pos.stage + 1)
    free = pos.free_pairs()
    if not free:
        pos.set_stage(ROUNDS)  # stuck: the sheet is final as it is
        total = pos.total
    else:
        total = 0
        got = []
        for x, y, w in ROLLS:
            scored = []
            n = 0
            for kk in free:
                scored.append(pos.after(kk, x, y, 0) << 8 | 255 - n)
                n += 1
                if x != y:
                    scored.append(pos.after(kk, x, y, 1) << 8 | 255 - n)
                n += 1
            scored.sort(reverse=True)  # the best value first, then the lowest index
            best = None
            for v0 in scored[:DEEP_REPLIES]:
                n = 255 - (v0 & 255)
                yield from expected_steps(pos, free[n >> 1], x, y, n & 1, got)
                v = got.pop()
                if best is None or v > best:
                    best = v
            total += w * best
            yield
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

    level: "strongest" (the look-ahead for SEARCH_WIDTH candidates, two rolls
    for the best DEEP_WIDTH of them: deep_steps), "device"
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
    if width and not pos.final:
        ahead = []
        yield from _look_ahead(pos, scored[:width], moves, a, b, expected_steps, ahead)
        if level == "strongest":
            scored = []
            top = ahead[:DEEP_WIDTH]
            yield from _look_ahead(pos, top, moves, a, b, deep_steps, scored)
        else:
            scored = ahead
    best_v = scored[0] >> 8
    best_n = 255 - (scored[0] & 255)
    m = moves[best_n]
    p, q = PAIRS[m >> 1]
    out.append(((q, p) if m & 1 else (p, q), best_v))
    pos.drop()
    _SEARCH[0] = None


def _look_ahead(pos, ranked, moves, a, b, steps, out):
    """Values each candidate of `ranked` (value << 8 | 255 - its index in
    `moves`) by `steps` (expected_steps or deep_steps), a step at a time, into
    `out` in the same form, sorted: the best value first, then the lowest
    index."""
    got = []
    for v0 in ranked:
        n = 255 - (v0 & 255)
        m = moves[n]
        yield from steps(pos, m >> 1, a, b, m & 1, got)
        out.append(got.pop() << 8 | 255 - n)
    out.sort(reverse=True)


_NATIVE = []  # (g, m) once native_code() has run: Nones where they cannot be


def native_code():
    """reply_steps' lookups in native code (crisscross/dice/ai_symbols_viper.py:
    g and m), compiled on the first call where the port has MicroPython's viper
    emitter (the rp2 port), or Nones where it has not (CPython, the WebAssembly
    port): there the same lookups run as bytecode. Called by a search that reads
    its tables in place, so a board without ROMFS (tables in pieces, the lookups
    in bytecode) never compiles them. (The same few lines as
    crisscross.words.dictionary._native(): a helper for both would sit in the
    always resident crisscross.compat, which costs heap on every screen.)"""
    if not _NATIVE:
        try:
            import micropython
            from crisscross.dice.ai_symbols_viper import SOURCE

            space = {"micropython": micropython}
            exec(SOURCE, space)
            _NATIVE.extend((space["g"], space["m"]))
        except Exception:  # CPython, or a port without native code
            _NATIVE.extend((None, None))
    return _NATIVE


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
    (host/engine/ai_train.py), opened now (read in place: crisscross.datafile)."""
    adv = 1 if advanced else 0
    if _MODELS[adv] is None:
        if _RANKS[0] is None:
            _RANKS[0] = open_indexed(beside(__file__, RANKS_FILE))
        name = "ai_symbols_advanced.bin" if advanced else "ai_symbols_basic.bin"
        values = open_indexed(beside(__file__, name))
        _MODELS[adv] = Model(advanced, values, _RANKS[0])
    return _MODELS[adv]
