"""Learn the AI's tables by self-play (CPython only; writes shared/crisscross/dice/).

    python3 -m host.ai_train [--rules basic|advanced|both|digits]
                             [--games N] [--iterations K] [--out DIR]

Symbols (ai_symbols_basic.bin, ai_symbols_advanced.bin): an n-tuple value
function, the sum over the scoring lines and the 2x2 squares of a table entry per
(pattern, class, stage), learned by TD(0) on afterstates. Each game is played
greedily on the current values (EXPLORE of the placements at random); at its end
every afterstate's value moves toward the next afterstate's (the last toward the
final score), the error shared by the entries that made it. Starts from the
shipped tables when they have the same stages. K x N games.

Digits (ai_digits.bin): Monte Carlo policy iteration per line: each
iteration plays N greedy games, and every partial line is credited with the score
that line had at the end; entries are running means, older iterations weighing
DECAY as much as each newer one.
"""

import argparse
import multiprocessing
import os
import random
import sys

import host  # noqa: F401  (puts shared/ on sys.path)
from crisscross.dice import ai_symbols as S
from crisscross.dice import ai_digits as D
from crisscross.dice.symbols import ROUNDS

SHARED = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    "shared",
    "crisscross",
    "dice",
)
# Row i and column i are alike (the sheet is symmetric about its main diagonal,
# the start cell and the advanced diagonal included); the diagonal has its own
# class, and so does each square with its mirror image.
LINE_CLASSES = (0, 1, 2, 1, 0, 0, 1, 2, 1, 0, 3)
_PAIRS_RC = [(min(r, c), max(r, c)) for r in range(4) for c in range(4)]
_SQUARE_KINDS = sorted(set(_PAIRS_RC))
CLASSES = LINE_CLASSES + tuple(4 + _SQUARE_KINDS.index(rc) for rc in _PAIRS_RC)
# Stage buckets by rounds done after the placement (index 0 unused).
STAGES = (0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2)
EXPLORE = 0.03  # share of random placements while learning
DECAY = 0.5  # MC: weight of past iterations' evidence at each new iteration
ALPHA = 0.002  # TD: step per unit of squared feature weight


class FloatModel(S.Model):
    """Model whose tables are dicts of floats by pattern rank, `tables[tid]`."""

    def __init__(self, advanced, tables):
        super().__init__(advanced, CLASSES, STAGES)
        self.tables = tables

    def lookup(self, tid, rank):
        """The value rounded to a hundredth, as a board holds it (and as the
        search's memo, an array of ints, can keep it)."""
        v = self.tables[tid].get(rank)
        return None if v is None else int(round(v))

    def default(self, raw, t):
        """The value of a pattern a table does not hold (as Position.value
        takes it): a line's score now, nothing for a square."""
        if t <= S._DIAG_LINE:
            return S.code_score(raw, self.advanced) * S._SCALE
        return 0


def placements(pos, a, b):
    """(pair index, swap) for every legal placement, in pair_moves() order."""
    out = []
    for k in pos.free_pairs():
        out.append((k, False))
        if a != b:
            out.append((k, True))
    return out


def set_stage(pos, stage):
    """Value pos's lines as of `stage` rounds done, at once."""
    for _ in pos.stage_steps(stage):
        pass


def ntables():
    """Table numbers are stage << 4 | class (ai_symbols.Model)."""
    return (max(STAGES) + 1) << 4


def expected_after(pos, k, a, b, swap):
    """Expected value (hundredths) one roll after making placement (k, swap)."""
    out = []
    for _ in S.expected_steps(pos, k, a, b, swap, out):
        pass
    return out[0]


def pick(pos, moves, a, b, policy):
    """The placement a level would choose (as ai_symbols.choose_steps does):
    policy "greedy" (afterstate values only), "device" or "strongest"."""
    scored = []
    for n in range(len(moves)):
        k, swap = moves[n]
        scored.append((pos.after(k, a, b, swap), -n))
    scored.sort(reverse=True)
    best = scored[0]
    width = 0
    if policy == "strongest":
        width = S.SEARCH_WIDTH
    elif policy == "device":
        width = S.device_width(len(pos.free_pairs()))
    if width and not pos.final:
        best = None
        for v0, n in scored[:width]:
            k, swap = moves[-n]
            v = expected_after(pos, k, a, b, swap)
            if best is None or v > best[0]:
                best = (v, n)
    return moves[-best[1]]


def features(pos, model, stage):
    """(table, rank, weight, tuple, raw key) of every learned feature of the
    current sheet."""
    out = []
    for t in pos.used:
        if t <= S._DIAG_LINE:
            rank, complete = S.canon(pos.rk[t])
            if complete:
                continue
        else:
            rank = S.canon(pos.rk[t], 4)[0]
        tid = model.stages[stage] << 4 | model.classes[t]
        out.append((tid, rank, pos.weights[t], t, pos.rk[t]))
    return out


def play_game(model, rnd, policy="greedy"):
    """One self-play game: ([(afterstate value, its features)], line finals, total)."""
    cells = bytearray(25)
    cells[0] = 1
    pos = S.Position(model, cells, 1, S._MEMO_BITS_LOOKAHEAD)  # host-sized memo
    steps = []
    for r in range(ROUNDS):
        a = rnd.randrange(6) + 1
        b = rnd.randrange(6) + 1
        moves = placements(pos, a, b)
        if not moves:
            break
        k, swap = pick(pos, moves, a, b, policy)
        if rnd.random() < EXPLORE:
            k, swap = moves[rnd.randrange(len(moves))]
        v = pos.after(k, a, b, swap)  # the afterstate's own value, for TD
        stage = pos.stage
        pos.place(k, a, b, swap)
        set_stage(pos, pos.stage + 1)
        if stage < ROUNDS:
            steps.append((v, features(pos, model, stage)))
    finals = [S.code_score(pos.rk[l], model.advanced) for l in range(11)]
    total = sum(finals[:10]) + (2 * finals[10] if model.advanced else 0)
    return steps, finals, total


def td_update(model, steps, total):
    """TD(0) on afterstates: each value moves toward the next one (the last
    toward the final score), spread over its features by their weights."""
    for n in range(len(steps)):
        v, feats = steps[n]
        target = steps[n + 1][0] if n + 1 < len(steps) else total * S._SCALE
        delta = target - v
        for tid, rank, w, t, raw in feats:
            tab = model.tables[tid]
            old = tab.get(rank)
            if old is None:
                old = model.default(raw, t)
            tab[rank] = old + ALPHA * delta * w


def initial_tables(advanced):
    """Tables to start from: the shipped model's, mapped onto this layout (each
    new stage bucket takes the shipped bucket of its first round); else empty."""
    tables = [dict() for _ in range(ntables())]
    try:
        shipped = S.model(advanced)
    except OSError:  # no shipped tables (their file) yet
        return tables
    for stage in range(max(STAGES) + 1):
        old = shipped.stages[STAGES.index(stage, 1)]
        got = decode_stage(shipped.stage(old))
        for cls in range(min(len(got), max(CLASSES) + 1)):
            tables[stage << 4 | cls].update(got[cls])
    return tables


def train_td(advanced, games, rounds, seed, policy, log):
    """`rounds` x `games` TD games in this process; returns the float tables."""
    model = FloatModel(advanced, initial_tables(advanced))
    rnd = random.Random(seed)
    for it in range(rounds):
        totals = []
        for _ in range(games):
            steps, finals, total = play_game(model, rnd, policy)
            td_update(model, steps, total)
            totals.append(total)
        log(
            "%s TD round %d (%s): mean %.2f over %d games"
            % (
                "advanced" if advanced else "basic",
                it + 1,
                policy,
                sum(totals) / len(totals),
                len(totals),
            )
        )
    return model.tables


def td_job(args):
    advanced, games, rounds, seed, policy = args

    def log(text):
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    return train_td(advanced, games, rounds, seed, policy, log)


# ---- digits ----------------------------------------------------------------
DIGITS_OUT = os.path.join(SHARED, D.TABLE_FILE)


class FloatLines(D.Lines):
    """Lines valued from a dict of float means (missing: the score now)."""

    def value(self, key, n):
        if n == 5:
            return D.key_score(key) * D.SCALE
        v = self.table.get(key)
        return D.key_score(key) * D.SCALE if v is None else v


def roll_digit(rnd):
    return (rnd.randrange(6) + rnd.randrange(6) + 2) % 10


def digits_game(table, rnd):
    """One solo standard game, greedy on afterstates.

    Returns ([(line, partial key)] per placement, final score of each line)."""
    cells = bytearray(25)
    cells[12] = roll_digit(rnd) + 1
    lines = FloatLines(table, cells)
    records = []
    for _ in range(24):
        d = roll_digit(rnd)
        empties = [i for i in range(25) if not cells[i]]
        if rnd.random() < EXPLORE:
            cell = empties[rnd.randrange(len(empties))]
        else:
            best = None
            for i in empties:
                rows, cols = lines.after(i, d)
                if best is None or rows + cols > best[0]:
                    best = (rows + cols, i)
            cell = best[1]
        cells[cell] = d + 1
        lines.set(cell, d, 1)
        records += [(l, lines.keys[l]) for l in range(10) if lines.filled[l] < 5]
    return records, [D.key_score(k) for k in lines.keys]


def digits_worker(args):
    table, games, seed = args
    rnd = random.Random(seed)
    sums = {}
    totals = []
    for _ in range(games):
        records, finals = digits_game(table, rnd)
        totals.append(sum(finals))
        for l, key in records:
            s = sums.get(key)
            if s is None:
                s = sums[key] = [0.0, 0]
            s[0] += finals[l] * D.SCALE
            s[1] += 1
    return sums, totals


def train_digits(games, iterations, jobs, log):
    table = {}
    acc = {}
    with multiprocessing.Pool(jobs) as pool:
        for it in range(iterations):
            args = [(table, games // jobs, 7000 + it * 100 + j) for j in range(jobs)]
            for s in acc.values():
                s[0] *= DECAY
                s[1] *= DECAY
            totals = []
            for sums, tot in pool.map(digits_worker, args):
                totals += tot
                for key, (sm, c) in sums.items():
                    a = acc.get(key)
                    if a is None:
                        acc[key] = [sm, c]
                    else:
                        a[0] += sm
                        a[1] += c
            table = {key: sm / c for key, (sm, c) in acc.items() if c > 0}
            log(
                "digits iteration %d: mean %.2f over %d games, %d patterns"
                % (it + 1, sum(totals) / len(totals), len(totals), len(table))
            )
    return table


def digits_lines():
    """The key of every line of at most 4 digits (sum of 6 ** digit)."""
    keys = [0]
    for _ in range(4):
        keys = sorted(set(k + D.POW6[d] for k in keys for d in range(10)) | set(keys))
    return keys


def digits_table(table):
    """The bytes ai_digits reads: each line of at most 4 digits at its rank()
    (1001 of them), its value in hundredths as a signed 16-bit little-endian
    number; a line self-play never met is worth its score now."""
    b = bytearray(2 * 1001)
    for key in digits_lines():
        v = table.get(key)
        v = D.key_score(key) * D.SCALE if v is None else int(round(v))
        i = 2 * D.rank(key)
        b[i : i + 2] = (v & 0xFFFF).to_bytes(2, "little")
    return bytes(b)


def write_digits_table(path, table):
    """The digit AI's table file (how it was trained goes in docs/ai.md)."""
    with open(path, "wb") as f:
        f.write(digits_table(table))


def pattern_count(size):
    """How many patterns (ranks: ai_symbols.canon) a tuple of `size` cells has:
    674 for a line, 151 for a square (tests/test_ai_symbols_tables.py counts)."""
    return 674 if size == 5 else 151


def encode_table(table, size):
    """One table as ai_symbols.Model reads it: {rank: value} of a tuple of
    `size` cells -> (narrow, bytes): per 16 ranks a 16-bit mask of the ranks
    present and the number n of the first of their values, then the values
    (signed, in hundredths, rank order), all little-endian. Narrow (every value
    within -128..127): a byte a value, value n at byte n. Else 12 bits a value,
    two to 3 bytes (the first in the low 12 bits): value n at byte 3 * (n >> 1),
    the masks padded to a multiple of 3 bytes. No values: empty."""
    if not table:
        return False, b""
    groups = (pattern_count(size) + 15) // 16
    if set(table) - set(range(16 * groups)):
        raise ValueError("a rank out of range")
    values = [int(round(table[r])) for r in sorted(table)]
    if not all(-0x800 <= v < 0x800 for v in values):
        raise ValueError("a value out of 12 bits: %d" % max(values, key=abs))
    narrow = all(-128 <= v < 128 for v in values)
    start = 4 * groups if narrow else (4 * groups + 2) // 3 * 2  # in values
    head = bytearray()
    n = start
    for g in range(groups):
        bits = 0
        for r in range(16 * g, 16 * g + 16):
            if r in table:
                bits |= 1 << (r - 16 * g)
        head += bits.to_bytes(2, "little") + n.to_bytes(2, "little")
        n += bin(bits).count("1")
    if narrow:
        return True, bytes(head) + bytes(v & 0xFF for v in values)
    head += bytes(start // 2 * 3 - len(head))
    if len(values) & 1:
        values.append(0)
    for k in range(0, len(values), 2):
        head += ((values[k] & 0xFFF) | (values[k + 1] & 0xFFF) << 12).to_bytes(
            3, "little"
        )
    return False, bytes(head)


def decode_table(b, size, narrow):
    """encode_table's bytes (a tuple of `size` cells) -> {rank: value}."""
    out = {}
    if not b:
        return out
    n = b[2] | b[3] << 8  # the first value's number
    for g in range((pattern_count(size) + 15) // 16):
        bits = b[4 * g] | b[4 * g + 1] << 8
        for k in range(16):
            if bits >> k & 1:
                if narrow:
                    v = b[n]
                    out[16 * g + k] = v - 256 if v >= 128 else v
                else:
                    i = 3 * (n >> 1)
                    pair = b[i] | b[i + 1] << 8 | b[i + 2] << 16
                    v = (pair >> 12 if n & 1 else pair) & 0xFFF
                    out[16 * g + k] = v - 0x1000 if v >= 0x800 else v
                n += 1
    return out


def _size(cls):
    """The cells of a tuple of class `cls`: a line's 5 or a square's 4."""
    return 5 if cls <= max(LINE_CLASSES) else 4


def encode_stage(tables, stage, classes=CLASSES):
    """A stage's tables as one chunk: per class its table's offset in the
    chunk (2 bytes little-endian, the top bit set if the table is narrow), one
    more for the end, then the tables."""
    ncls = max(classes) + 1
    body = [encode_table(tables[stage << 4 | c], _size(c)) for c in range(ncls)]
    out = bytearray()
    at = 2 * (ncls + 1)
    for narrow, b in body + [(False, b"")]:
        if at >= 0x8000:
            raise ValueError("a stage's tables over 32 KB")
        out += (at | (0x8000 if narrow else 0)).to_bytes(2, "little")
        at += len(b)
    for _, b in body:
        out += b
    return bytes(out)


def decode_stage(chunk):
    """encode_stage's bytes -> a {rank: value} per class."""
    ncls = (chunk[0] | chunk[1] << 8) // 2 - 1
    at = [chunk[2 * c] | chunk[2 * c + 1] << 8 for c in range(ncls + 1)]
    return [
        decode_table(chunk[at[c] & 0x7FFF : at[c + 1] & 0x7FFF], _size(c), at[c] >> 15)
        for c in range(ncls)
    ]


def table_file(tables, classes=CLASSES, stages=STAGES):
    """One rule set's tables (a list of {rank: value} by table number) as
    crisscross.dice.ai_symbols reads them (model()): a byte count and the bytes
    of CLASSES, of STAGES, the number of stages, then each stage's end offset
    in the data (2 bytes little-endian), then the data: each stage's chunk
    (encode_stage). A board reads only the stage it searches, never the whole
    file."""
    chunks = [encode_stage(tables, s, classes) for s in range(max(stages) + 1)]
    out = bytearray()
    for seq in (classes, stages):
        out.append(len(seq))
        out += bytes(seq)
    out.append(len(chunks))
    end = 0
    for b in chunks:
        end += len(b)
        out += end.to_bytes(2, "little")
    for b in chunks:
        out += b
    return bytes(out)


def write_module(path, tables):
    """One rule set's tables as a data file (read only when those rules play).
    How they were trained goes in docs/ai.md (main logs it)."""
    with open(path, "wb") as f:
        f.write(table_file(tables))


def main(argv):
    p = argparse.ArgumentParser(prog="python3 -m host.ai_train")
    p.add_argument("--games", type=int, default=4000, help="games per iteration")
    p.add_argument("--iterations", type=int, default=6)
    p.add_argument(
        "--policy",
        choices=("greedy", "device", "strongest"),
        default="greedy",
        help="symbols self-play: the level whose choices are learned from",
    )
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument(
        "--rules", choices=("basic", "advanced", "both", "digits"), default="both"
    )
    p.add_argument("--out", default=SHARED, help="folder for the table modules")
    args = p.parse_args(argv)

    def log(text):
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    if args.rules == "digits":
        table = train_digits(args.games, args.iterations, args.jobs, log)
        note = "%d iterations of %d games." % (args.iterations, args.games)
        out = os.path.join(args.out, D.TABLE_FILE)
        write_digits_table(out, table)
        log("wrote %s (%s)" % (out, note))
        return 0
    jobs = []
    if args.rules in ("basic", "both"):
        jobs.append((False, args.games, args.iterations, 1, args.policy))
    if args.rules in ("advanced", "both"):
        jobs.append((True, args.games, args.iterations, 2, args.policy))
    with multiprocessing.Pool(len(jobs)) as pool:
        results = pool.map(td_job, jobs)
    basic = results[0] if args.rules != "advanced" else initial_tables(False)
    advanced = results[-1] if args.rules != "basic" else initial_tables(True)
    note = "%d x %d TD games." % (args.iterations, args.games)
    for rules, tables in (("basic", basic), ("advanced", advanced)):
        path = os.path.join(args.out, "ai_symbols_%s.bin" % rules)
        write_module(path, tables)
        log("wrote %s (%s)" % (path, note))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
