"""`python3 -m host bench ai`: how well and how fast the AI levels play.

Strength: N seeded solo games per rule set (symbols basic, symbols advanced, digits)
and level; prints the mean with its 95% confidence interval (1.96 standard
errors), the standard deviation, p10/p50/p90, min/max and, for symbols, the rank
titles reached. Seeds are --seed .. --seed + N - 1 (0 by default), so runs are
repeatable; a game is the one `python3 -m host play --seed S --auto --level L`
plays.

The hint's cost (--mpy: inside real MicroPython; --pico: on the emulated Pico)
is measured by host/bench/ai_hints.py.
"""

import subprocess
import sys
import time

from host.bench import cli
from host.play import seed_error
from host.bench.ai_hints import (
    PICO_SEEDS,
    format_cost,
    format_pico,
    hint_cost,
    pico_hints,
)
from crisscross import sharecode
from crisscross.dice import ai, symbols
from crisscross.dice.digits import DigitsGame
from crisscross.dice.symbols import SymbolsGame

RULES = ("symbols-basic", "symbols-advanced", "digits")
DEFAULT_GAMES = 100
PERCENTILES = (10, 50, 90)


def new_game(rules, seed):
    if rules == "digits":
        return DigitsGame(seed, 1)
    return SymbolsGame(seed, 1, rules == "symbols-advanced")


def play(rules, level, seed):
    """One solo game; returns (total, seconds spent choosing)."""
    game = new_game(rules, seed)
    spent = 0.0
    while not game.over:
        t0 = time.perf_counter()
        move = ai.choose(game, level)
        spent += time.perf_counter() - t0
        game.place(move)
    return game.score(0).total, spent, len(game.history)


def percentile(ordered, p):
    """Nearest-rank percentile of an ascending list."""
    k = -(-p * len(ordered) // 100)  # ceil without floats
    return ordered[max(k, 1) - 1]


def stats(totals):
    n = len(totals)
    mean = sum(totals) / n
    ordered = sorted(totals)
    out = {"games": n, "mean": round(mean, 2), "sd": None, "ci95": None}
    if n > 1:  # one game has no spread to measure
        var = sum((t - mean) ** 2 for t in totals) / (n - 1)
        out["sd"] = round(var**0.5, 2)
        out["ci95"] = round(1.96 * (var / n) ** 0.5, 2)
    for p in PERCENTILES:
        out["p%d" % p] = percentile(ordered, p)
    out["min"] = ordered[0]
    out["max"] = ordered[-1]
    return out


def strength(rules, level, games, first=0):
    totals = []
    spent = 0.0
    moves = 0
    for seed in range(first, first + games):
        total, s, m = play(rules, level, seed)
        totals.append(total)
        spent += s
        moves += m
    out = {"rules": rules, "level": level}
    out.update(stats(totals))
    out["ms_per_move"] = round(1000 * spent / max(moves, 1), 3)
    if rules != "digits":
        ranks = [0] * len(symbols.RANK_TITLES)
        for t in totals:
            ranks[symbols.rank_index(t)] += 1
        out["ranks"] = dict(zip(symbols.RANK_TITLES, ranks))
    return out


# ---- output ------------------------------------------------------------------
STRENGTH_COLUMNS = (
    ("rules", "%-17s"),
    ("level", "%-9s"),
    ("mean", "%6.2f"),
    ("+-95%", "%5.2f", "ci95"),
    ("sd", "%5.2f"),
    ("p10", "%4d"),
    ("p50", "%4d"),
    ("p90", "%4d"),
    ("min", "%4d"),
    ("max", "%4d"),
    ("ms/move", "%8.2f", "ms_per_move"),
)


def format_strength(fig):
    out = [cli.header(STRENGTH_COLUMNS)]
    for r in fig["results"]:
        out.append(cli.row(STRENGTH_COLUMNS, cli.cells(STRENGTH_COLUMNS, r)))
        if "ranks" in r:
            ranks = ", ".join("%s %d" % (t, r["ranks"][t]) for t in symbols.RANK_TITLES)
            out.append("%28s %s" % ("ranks:", ranks))
    return "\n".join(out)


def build_parser():
    p = cli.parser(
        "ai",
        "Measure the AI levels: scores over seeded solo games, and "
        "(--mpy) the cost of one hint inside MicroPython.",
        json_help="print one JSON object",
    )
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per cell")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument(
        "--levels",
        nargs="+",
        default=list(ai.LEVELS),
        metavar="LEVEL",
        help="levels to play: %s (default: all)" % ", ".join(ai.LEVELS),
    )
    p.add_argument(
        "--rules",
        nargs="+",
        default=list(RULES),
        metavar="RULES",
        help="rule sets: %s (default: all)" % ", ".join(RULES),
    )
    p.add_argument(
        "--pico",
        action="store_true",
        help="time the device hint at every move of %d games of each dice rule "
        "set on the emulated Pico (minutes)" % len(PICO_SEEDS),
    )
    p.add_argument(
        "--mpy",
        action="store_true",
        help="measure one hint's lines, ms and heap in MicroPython instead",
    )
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    levels = cli.pick("ai", args.levels, ai.LEVELS, "level")
    if levels is None:
        return 2
    rules = cli.pick("ai", args.rules, RULES, "rules")
    if rules is None:
        return 2
    if args.games < 1:
        sys.stderr.write("bench ai: --games must be at least 1\n")
        return 2
    why = seed_error(args.seed)
    if why:
        sys.stderr.write("bench ai: %s\n" % why)
        return 2
    if seed_error(args.seed + args.games - 1):
        sys.stderr.write(
            "bench ai: --seed %d and --games %d play seeds past the last a share "
            "code carries, %d\n" % (args.seed, args.games, sharecode.SEEDS - 1)
        )
        return 2
    if args.pico:
        from host.bench.pico import missing
        from host.bench.pico_play import PicoError
        from host.emu.board import EmuError

        problem = missing()
        if problem:
            sys.stderr.write("bench ai --pico: %s\n" % problem)
            return 2

        def measure_pico():
            return pico_hints(log=lambda t: sys.stderr.write(t + "\n"))

        return cli.run(
            "ai --pico",
            measure_pico,
            (RuntimeError, OSError, PicoError, EmuError),
            args.json,
            format_pico,
            sort_keys=False,
        )
    if args.mpy:
        return cli.run(
            "ai --mpy",
            hint_cost,
            (RuntimeError, OSError, subprocess.TimeoutExpired),
            args.json,
            format_cost,
            sort_keys=False,
        )

    def measure():
        rows = [strength(r, lv, args.games, args.seed) for r in rules for lv in levels]
        return {"games": args.games, "first_seed": args.seed, "results": rows}

    return cli.run("ai", measure, (), args.json, format_strength, sort_keys=False)
