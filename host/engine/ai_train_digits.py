"""Learn ai_digits.bin by self-play (host.engine.ai_train's digits part; CPython only).

A line of at most 4 digits (its multiset key, sum of 6 ** digit) is valued per
count of empty cells the sheet has after the placement (1-23), floats in
hundredths; a full line is worth its score. Two phases from the score as it
stands:

1. Monte Carlo: iterations of self-play games, each played greedily on the
   values of the iteration before (EXPLORE of the moves at random); every
   afterstate's unfinished lines are credited with the score the line ended
   with; a value is the mean of its credits (older iterations weighing DECAY).
2. Expected TD(0): each afterstate's value moves toward the expectation over
   the next digit (2d6 odds) of the best next afterstate's value, the error
   added (ALPHA, falling in a straight line to ALPHA * F over the phase, F the
   recipe's) to every unfinished line's entry; the values are updated after
   each game and the next game plays on them.

Half the moves of self-play are random (EXPLORE): the values learn the sheets a
greedy player would not make, which the look-ahead weighs when it plays.

The file holds 12 stages, buckets of two counts of empty cells (1-2, 3-4, ...
23): a bucket is the mean of its two counts' values.
"""

import random
import time
from operator import add

import host  # noqa: F401  (puts shared/ on sys.path)
from crisscross.dice import ai_digits as D

EXPLORE = 0.5  # share of random moves in self-play (docs/ai.md: why so many)
DECAY = 0.5  # Monte Carlo: weight of the older iterations' evidence
ALPHA = 0.01  # expected TD: step per line
CELLS = 25
_SCORE = {}


def score(key):
    """A line's score as it stands, in hundredths."""
    s = _SCORE.get(key)
    if s is None:
        s = _SCORE[key] = D.key_score(key) * D.SCALE
    return s


def lines():
    """The key of every line of at most 4 digits (sum of 6 ** digit)."""
    keys = [0]
    for _ in range(4):
        keys = sorted(set(k + D.POW6[d] for k in keys for d in range(10)) | set(keys))
    return keys


def scratch():
    """Values that know only the score as it stands: t[empties][key]."""
    base = {k: score(k) for k in lines()}
    return [dict(base) for _ in range(CELLS)]


def roll(rnd):
    return (rnd.randrange(6) + rnd.randrange(6) + 2) % 10


class State:
    """A solo standard sheet valued by tables t[empties][key] (floats)."""

    def __init__(self, tables, rnd):
        self.t = tables
        self.cells = bytearray(CELLS)
        first = roll(rnd)
        self.cells[12] = first + 1
        self.keys = [0] * 10
        self.n = [0] * 10
        for ln in D.CELL_LINES[12]:
            self.keys[ln] = D.POW6[first]
            self.n[ln] = 1
        self.empty = CELLS - 1

    def val(self, empty, key, n):
        if n == 5:
            return score(key)
        return self.t[empty][key]

    def afters(self, d):
        """[(value, cell)] of digit d placed in each empty cell."""
        e = self.empty - 1
        keys, n, val = self.keys, self.n, self.val
        base = [val(e, keys[ln], n[ln]) for ln in range(10)]
        total = sum(base)
        p = D.POW6[d]
        out = []
        for i in range(CELLS):
            if not self.cells[i]:
                r, c = D.CELL_LINES[i]
                v = total - base[r] - base[c]
                v += val(e, keys[r] + p, n[r] + 1) + val(e, keys[c] + p, n[c] + 1)
                out.append((v, i))
        return out

    def place(self, i, d):
        self.cells[i] = d + 1
        for ln in D.CELL_LINES[i]:
            self.keys[ln] += D.POW6[d]
            self.n[ln] += 1
        self.empty -= 1

    def expected(self):
        """The expectation over the next digit of the best afterstate's value
        (at the end: the score). A digit placed in a cell adds to the cell's
        row and column: each line's gain per digit is looked up once."""
        if not self.empty:
            return sum(score(k) for k in self.keys)
        e, keys, n, val = self.empty - 1, self.keys, self.n, self.val
        total = 0.0
        gains = []
        for ln in range(10):
            k, m = keys[ln], n[ln]
            b = val(e, k, m)
            total += b
            if m < 5:
                gains.append([val(e, k + p, m + 1) - b for p in D.POW6])
            else:
                gains.append(None)
        cells = self.cells
        sums = [
            map(add, gains[r], gains[c])
            for i, (r, c) in enumerate(D.CELL_LINES)
            if not cells[i]
        ]
        acc = 0.0
        for odds, best in zip(D.ODDS, map(max, zip(*sums))):
            acc += odds * best
        return total + acc / 36

    def move(self, d, rnd):
        """(value, cell) of the greedy placement of d (EXPLORE: a random one)."""
        cand = self.afters(d)
        if rnd.random() < EXPLORE:
            return cand[rnd.randrange(len(cand))]
        return max(cand)

    def play(self, rnd):
        """Plays the game out on the values; yields each placement's
        afterstate value once made."""
        while self.empty:
            d = roll(rnd)
            v, i = self.move(d, rnd)
            self.place(i, d)
            yield v

    def unfinished(self):
        return [self.keys[ln] for ln in range(10) if self.n[ln] < 5]


def mc(tables, rnd, iterations, games, log):
    """Monte Carlo policy iteration (phase 1); returns the new tables."""
    acc = [dict() for _ in range(CELLS)]
    for it in range(iterations):
        for a in acc:
            for v in a.values():
                v[0] *= DECAY
                v[1] *= DECAY
        totals = 0
        for _ in range(games):
            s = State(tables, rnd)
            records = []
            for _ in s.play(rnd):
                for ln in range(10):
                    if s.n[ln] < 5:
                        records.append((s.empty, ln, s.keys[ln]))
            finals = [score(k) for k in s.keys]
            totals += sum(finals)
            for e, ln, k in records:
                a = acc[e].get(k)
                if a is None:
                    acc[e][k] = [finals[ln], 1]
                else:
                    a[0] += finals[ln]
                    a[1] += 1
        tables = scratch()
        for e in range(CELLS):
            t = tables[e]
            for k, (sm, c) in acc[e].items():
                t[k] = sm / c
        log(
            "digits MC %d: mean %.2f over %d games"
            % (it + 1, totals / games / 100, games)
        )
    return tables


def etd(tables, rnd, games, log, end=1.0):
    """Expected TD(0) (phase 2), in place; the step falls in a straight line
    from ALPHA to ALPHA * `end` over the games."""
    totals = 0
    for g in range(games):
        alpha = ALPHA * (1 - (1 - end) * g / games)
        s = State(tables, rnd)
        updates = []
        for v in s.play(rnd):
            updates.append((s.expected() - v, s.empty, s.unfinished()))
        for delta, e, keys in updates:
            t = tables[e]
            d = alpha * delta
            for k in keys:
                t[k] += d
        totals += sum(score(k) for k in s.keys)
        if (g + 1) % 5000 == 0:
            log(
                "digits TD %d games: mean %.2f of the last 5000 (%.0f s of CPU)"
                % (g + 1, totals / 5e5, time.process_time())
            )
            totals = 0


def table_file(tables):
    """ai_digits.bin: per stage (buckets of two counts of empty cells), each
    line's value at its rank, 16-bit hundredths."""
    from host.engine.ai_train import pack  # the files' number format

    out = []
    for b in range(D.STAGES):
        counts = [e for e in (2 * b + 1, 2 * b + 2) if e < CELLS - 1]
        t = [0.0] * D.RANKS
        for key in lines():
            t[D.rank(key)] = sum(tables[e][key] for e in counts) / len(counts)
        out.append(pack(t))
    return b"".join(out)


def train(seed, mc_counts, etd_games, log, end=1.0):
    """ai_digits.bin learned from nothing (bytes)."""
    rnd = random.Random("digits-%d" % seed)
    tables = mc(scratch(), rnd, mc_counts[0], mc_counts[1], log)
    etd(tables, rnd, etd_games, log, end)
    return table_file(tables)
