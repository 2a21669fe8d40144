"""Learn the dice AI's tables by self-play (CPython only; writes shared/crisscross/dice/).

    python3 -m host.engine.ai_train [--rules symbols|basic|advanced|digits|all]
                                    [--seed S] [--mc-iterations K] [--mc-games N]
                                    [--td0-games N] [--etd-games N] [--alpha-end F]
                                    [--jobs J] [--out DIR]

Builds the tables from nothing: the same seed and counts give the same files,
byte for byte; the defaults rebuild the shipped tables (docs/ai.md). Each
symbols rule set is learned in three phases, from values that know only the
score as it stands:

1. Monte Carlo: K iterations of N self-play games, each played greedily on the
   values of the iteration before (EXPLORE of the moves at random); every
   afterstate's unfinished lines are credited with the score the line ended
   with, and a line's value is the mean of what it was credited (the older
   iterations weighing DECAY as much as each newer one).
2. TD(0): each afterstate's value moves toward the next afterstate's value (the
   last toward the final score); the error is shared by the entries that made
   the value (ALPHA per unit of squared weight, falling in a straight line to
   ALPHA * F over the phase, F the recipe's). Cheap: no look-ahead.
3. Expected TD(0): the same toward the expectation over the next roll of the
   best next afterstate's value (what the look-ahead computes:
   ai_symbols.expected_steps), a target without the dice's noise.

The games are played by the shipped search code on the tables as the board reads
them (16-bit hundredths), rebuilt from the learned floats every REFRESH games.
Symbols learns per tuple class and stage bucket (STAGES). Digits: Monte Carlo
then expected TD per count of empty cells (host/engine/ai_train_digits.py).
ai_symbols_ranks.bin (every tuple key's pattern rank) is computed, not learned.
"""

import multiprocessing
import os
import random
import sys
import time
from array import array

import host  # puts shared/ on sys.path
from host import Parser
from crisscross.dice import ai_symbols
from crisscross.dice import ai_symbols_tables as S
from crisscross.dice import ai_digits as D
from host.engine import ai_train_digits
from crisscross.dice.symbols import ROUNDS

SHARED = os.path.join(host.SHARED, "crisscross", "dice")
# Symbols: the learned stage bucket by rounds done after the placement (0-11;
# 0 is never valued, 12 is the end: its own chunk of exact scores).
STAGES = (0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2)
EXPLORE = 0.03  # share of random moves in self-play
DECAY = 0.5  # Monte Carlo: weight of the older iterations' evidence
ALPHA = 0.002  # symbols TD: step per unit of squared feature weight
REFRESH = 10  # games between rebuilds of the tables the search reads
# The defaults: each rule set's seed and recipe (docs/ai.md: how they were
# chosen and how long they take): (Monte Carlo (iterations, games each), TD(0)
# games, expected TD games, the TD step at a phase's end as a share of its
# first). Basic and advanced learn by the one symbols recipe.
SYMBOLS_RECIPE = ((4, 4000), 150000, 20000, 0.1)
RECIPE = {
    # rule set: (seed,) + its recipe
    "basic": (1,) + SYMBOLS_RECIPE,
    "advanced": (2,) + SYMBOLS_RECIPE,
    "digits": (1, (6, 5000), 0, 1200000, 1.0),
}


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def pack(values):
    """Values in hundredths as the files hold them: 16 bits, + the bias,
    little-endian."""
    a = array("H", [min(max(int(round(v)), -0x8000), 0x7FFF) + 0x8000 for v in values])
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


# ---- symbols ---------------------------------------------------------------
def ranks_file():
    """ai_symbols_ranks.bin: canon()'s rank of every line key (32,768) then
    every square key (4,096), 10 bits each, in little-endian bit order."""
    ranks = [S.canon(raw)[0] for raw in range(8**5)]
    ranks += [S.canon(raw, 4)[0] for raw in range(8**4)]
    bits = 0
    for r in reversed(ranks):
        bits = bits << 10 | r
    return bits.to_bytes((10 * len(ranks) + 7) // 8, "little")


class Patterns:
    """What each pattern rank is: for lines, whether complete and its exact
    score (holes as breaks); the rank of every key (lists, for the trainer)."""

    def __init__(self, advanced):
        self.line_rank = [0] * 8**5
        self.complete = [False] * S.LINE_PATTERNS
        self.score = [0] * S.LINE_PATTERNS
        for raw in range(8**5):
            r, c = S.canon(raw)
            self.line_rank[raw] = r
            self.complete[r] = c
            self.score[r] = S.code_score(raw, advanced) * S._SCALE
        self.square_rank = [S.canon(raw, 4)[0] for raw in range(8**4)]


def _size(cls):
    """Patterns in a class's table: a line's or a square's."""
    return S.LINE_PATTERNS if cls < 4 else S.SQUARE_PATTERNS


class SymbolTables:
    """One rule set's learned values, floats: t[stage][class][rank]. A line
    pattern starts at its score as it stands (and a complete one keeps its
    exact score), a square at 0."""

    def __init__(self, advanced, patterns, stages=STAGES):
        self.advanced = advanced
        self.pat = patterns
        self.stages = stages
        n = max(stages) + 1
        self.t = [
            [
                list(map(float, patterns.score)) if c < 4 else [0.0] * _size(c)
                for c in range(S.NCLASSES)
            ]
            for _ in range(n)
        ]

    def file(self):
        """The value file as ai_symbols_tables.Model reads it: the header (the chunk
        of each stage, rounds done 0-12, and NCLASSES), then per chunk a table
        start per class (2-byte units from the file's start), then the tables.
        The end's chunk is one table of exact line scores for every line class
        and one of zeros for every square class; a class a rule set does not
        use (the diagonal in basic) points at the former."""
        n = len(self.t)
        head = bytearray(S.HEADER)
        for r in range(ROUNDS):
            head[r] = self.stages[r]
        head[ROUNDS] = n  # the end
        head[13] = S.NCLASSES
        directory = array("H", [0] * ((n + 1) * S.NCLASSES))
        body = bytearray()
        at = len(head) + 2 * len(directory)

        def put(b):
            start = at + len(body)
            body.extend(b)
            return start // 2

        exact = put(pack(self.pat.score))
        zeros = put(pack([0] * S.SQUARE_PATTERNS))
        for s in range(n):
            for c in range(S.NCLASSES):
                if c == 3 and not self.advanced:
                    directory[s * S.NCLASSES + c] = exact
                else:
                    directory[s * S.NCLASSES + c] = put(pack(self.t[s][c]))
        for c in range(S.NCLASSES):
            directory[n * S.NCLASSES + c] = exact if c < 4 else zeros
        if sys.byteorder != "little":
            directory.byteswap()
        out = bytes(head) + directory.tobytes() + bytes(body)
        if len(out) >= 0x20000:
            raise ValueError("a value file over 128 KB: 2-byte table starts")
        return out

    def model(self, ranks):
        return S.Model(self.advanced, self.file(), ranks)

    def features(self, pos, stage):
        """(learned stage, class, rank, weight, tuple) of every learned entry of
        the position's tuples as of `stage` rounds done (complete lines are
        exact: not learned)."""
        pat = self.pat
        s = self.stages[stage]
        out = []
        for t in pos.used:
            raw = pos.rk[t]
            if t <= S._DIAG_LINE:
                r = pat.line_rank[raw]
                if pat.complete[r]:
                    continue
            else:
                r = pat.square_rank[raw]
            out.append((s, S.CLASSES[t], r, pos.weights[t], t))
        return out

    def td_update(self, records, alpha):
        for delta, feats in records:
            for s, c, r, w, _ in feats:
                self.t[s][c][r] += alpha * delta * w


def _moves(pos, a, b):
    return [(k, s) for k in pos.free_pairs() for s in (0, 1) if not s or a != b]


def _greedy(pos, moves, a, b, rnd):
    """The move with the best afterstate value (EXPLORE of the time a random one)."""
    if rnd.random() < EXPLORE:
        return moves[rnd.randrange(len(moves))]
    best = None
    for n in range(len(moves)):
        k, s = moves[n]
        v = pos.after(k, a, b, s)
        if best is None or v > best[0]:
            best = (v, n)
    return moves[best[1]]


def _expected(pos, k, a, b, s):
    out = []
    for _ in ai_symbols.expected_steps(pos, k, a, b, s, out):
        pass
    return out[0]


def symbols_game(tables, model, rnd, target):
    """One self-play game on `model`. Returns (final total, each line's final
    score, records): (TD error, features) of each afterstate before the end.
    The TD error is toward `target`: "expected" (the look-ahead's expectation
    over the next roll), "next" (the next afterstate's value, the last the
    final score: TD(0)), or None (no error: Monte Carlo)."""
    cells = bytearray(25)
    cells[0] = 1
    pos = ai_symbols.Position(model, cells, 1)
    records = []
    values = []
    for _ in range(ROUNDS):
        a = rnd.randrange(6) + 1
        b = rnd.randrange(6) + 1
        moves = _moves(pos, a, b)
        if not moves:
            break
        k, s = _greedy(pos, moves, a, b, rnd)
        v = pos.after(k, a, b, s)
        delta = _expected(pos, k, a, b, s) - v if target == "expected" else 0
        stage = pos.stage
        pos.place(k, a, b, s)
        pos.set_stage(stage + 1)
        if stage < ROUNDS:
            records.append((delta, tables.features(pos, stage)))
            values.append(v)
    adv = tables.advanced
    finals = [S.code_score(pos.rk[ln], adv) for ln in range(11)]
    total = sum(finals[:10]) + (2 * finals[10] if adv else 0)
    if target == "next":
        values.append(total * S._SCALE)
        for n in range(len(records)):
            records[n] = (values[n + 1] - values[n], records[n][1])
    return total, finals, records


def symbols_mc(tables, ranks, rnd, iterations, games, name):
    """Monte Carlo policy iteration: each line pattern's value is the mean
    final score of the lines that had it."""
    acc = {}  # (stage, class, rank) -> [sum, count]
    for it in range(iterations):
        for a in acc.values():
            a[0] *= DECAY
            a[1] *= DECAY
        model = tables.model(ranks)
        totals = 0
        for _ in range(games):
            total, finals, records = symbols_game(tables, model, rnd, None)
            totals += total
            for _, feats in records:
                for s, c, r, _, t in feats:
                    if t <= S._DIAG_LINE:
                        a = acc.get((s, c, r))
                        if a is None:
                            a = acc[(s, c, r)] = [0.0, 0.0]
                        a[0] += finals[t] * S._SCALE
                        a[1] += 1
        for (s, c, r), (sm, n) in acc.items():
            tables.t[s][c][r] = sm / n
        log(
            "%s MC %d: mean %.2f over %d games (%.0f s of CPU)"
            % (name, it + 1, totals / games, games, time.process_time())
        )


def symbols_td(tables, ranks, rnd, games, name, target="expected", end=1.0):
    """TD(0) on afterstates toward `target` (symbols_game; the module's
    docstring), the step falling in a straight line from ALPHA to ALPHA * `end`
    over the phase."""
    totals = 0
    t0 = time.process_time()
    for g in range(games):
        if g % REFRESH == 0:
            model = tables.model(ranks)
            alpha = ALPHA * (1 - (1 - end) * g / games)
        total, _, records = symbols_game(tables, model, rnd, target)
        tables.td_update(records, alpha)
        totals += total
        if (g + 1) % 2000 == 0:
            log(
                "%s TD (%s) %d games: mean %.2f of the last 2000 (%.0f s of CPU)"
                % (name, target, g + 1, totals / 2000, time.process_time() - t0)
            )
            totals = 0


def train_symbols(advanced, seed, mc, td0_games, etd_games, end=1.0):
    """One rule set's value file, learned from nothing (bytes)."""
    name = "advanced" if advanced else "basic"
    rnd = random.Random("%s-%d" % (name, seed))
    ranks = ranks_file()
    tables = SymbolTables(advanced, Patterns(advanced))
    symbols_mc(tables, ranks, rnd, mc[0], mc[1], name)
    symbols_td(tables, ranks, rnd, td0_games, name, "next", end)
    symbols_td(tables, ranks, rnd, etd_games, name, "expected", end)
    return tables.file()


def _job(args):
    kind, seed, mc, td0, etd, end = args
    t0 = time.time()
    c0 = time.process_time()
    if kind == "digits":
        data = ai_train_digits.train(seed, mc, etd, log, end)
    else:
        data = train_symbols(kind == "advanced", seed, mc, td0, etd, end)
    log(
        "%s learned in %.0f s (%.0f s of CPU)"
        % (kind, time.time() - t0, time.process_time() - c0)
    )
    return kind, data


FILES = {
    "basic": "ai_symbols_basic.bin",
    "advanced": "ai_symbols_advanced.bin",
    "digits": D.TABLE_FILE,
}


def main(argv):
    p = Parser(prog="python3 -m host.engine.ai_train")
    p.add_argument(
        "--rules",
        choices=("all", "symbols", "basic", "advanced", "digits"),
        default="symbols",
        help="the rule sets whose tables to learn (symbols: basic and advanced, "
        "the default); each rebuilds the shipped file (docs/ai.md)",
    )
    p.add_argument(
        "--seed", type=int, help="one seed for every rule set (default: each its own)"
    )
    p.add_argument("--mc-iterations", type=int, help="Monte Carlo iterations")
    p.add_argument("--mc-games", type=int, help="games per Monte Carlo iteration")
    p.add_argument("--td0-games", type=int, help="TD(0) games (symbols only)")
    p.add_argument("--etd-games", type=int, help="expected TD games")
    p.add_argument(
        "--alpha-end",
        type=float,
        help="TD: the step at a phase's end, as a share of the first",
    )
    p.add_argument("--jobs", type=int, default=min(os.cpu_count() or 1, 3))
    p.add_argument("--out", default=SHARED, help="folder for the table files")
    args = p.parse_args(argv)
    kinds = {
        "all": ("basic", "advanced", "digits"),
        "symbols": ("basic", "advanced"),
    }.get(args.rules, (args.rules,))
    if args.td0_games is not None and kinds == ("digits",):
        p.error("--td0-games: digits has no TD(0) phase (symbols only)")
    jobs = []
    for kind in kinds:
        seed, mc, td0, etd, end = RECIPE[kind]
        seed = seed if args.seed is None else args.seed
        mc = (args.mc_iterations or mc[0], args.mc_games or mc[1])
        td0 = td0 if args.td0_games is None else args.td0_games
        etd = etd if args.etd_games is None else args.etd_games
        end = end if args.alpha_end is None else args.alpha_end
        jobs.append((kind, seed, mc, td0, etd, end))
    t0 = time.time()
    with multiprocessing.Pool(max(1, min(args.jobs, len(jobs)))) as pool:
        results = pool.map(_job, jobs, chunksize=1)
    os.makedirs(args.out, exist_ok=True)
    if any(kind != "digits" for kind in kinds):
        results.append(("ranks", ranks_file()))
    names = dict(FILES, ranks=S.RANKS_FILE)
    for kind, data in results:
        path = os.path.join(args.out, names[kind])
        with open(path, "wb") as f:
            f.write(data)
        log("wrote %s (%d bytes)" % (path, len(data)))
    log("done in %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
