"""`python3 -m host bench all`: every performance figure beside its budget.

    python3 -m host bench all                 measure everything, print the table,
                                              write bench/results.json (`make bench`)
    python3 -m host bench all --check         deterministic figures only (heap,
                                              bytes, lines, sizes); exit 1 if one is
                                              over budget or missing (`make bench-check`)
    ... --from FILE                           check figures already in FILE
    ... --inject PATH=VALUE                   replace a figure before checking (tests);
                                              also BENCH_INJECT="PATH=VALUE,..."

Budgets and their reasons: host/bench_budgets.py. Keys: docs/performance.md.
"""

import argparse
import json
import os
import subprocess
import sys

from host import bench_app, bench_budgets, bench_bus, bench_flash, bench_lines

ROOT = bench_app.ROOT
RESULTS = os.path.join(ROOT, "bench", "results.json")
SCHEMA = 1
AI_GAMES = 30  # seeded games per rule set and level for the strength summary
AI_LEVELS = ("strongest", "device", "greedy", "random")
FIGURE_SECTIONS = ("app", "bus", "lines", "flash")  # the checked ones


def ai_summary(games=AI_GAMES):
    """`python3 -m host bench ai --json` for the strength table."""
    cmd = [sys.executable, "-m", "host", "bench", "ai", "--json", "--games", str(games)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if proc.returncode != 0:
        raise bench_app.BenchError("bench ai failed:\n" + proc.stderr[-2000:])
    return json.loads(proc.stdout)


def measure(timings=True, ai_games=AI_GAMES, word_turns=0):
    tree = bench_app.prepare_tree()
    out = {"schema": SCHEMA, "micropython": "1.29 (WebAssembly)"}
    out["app"] = bench_app.measure(tree=tree, word_turns=word_turns)
    out["bus"] = bench_bus.measure(tree=tree)
    costs = bench_lines.measure(tree=tree, timings=timings)
    out["lines"] = costs["lines"]
    if timings:
        out["time_ms"] = costs["time_ms"]
    flash = bench_flash.measure()
    flash.pop("files")  # per-file sizes: `bench flash --files`
    out["flash"] = flash
    if ai_games:
        out["ai"] = ai_summary(ai_games)
    return out


def parse_injections(items):
    """["app.symbols.peak_live_bytes=99999", ...] -> {path: number}."""
    out = {}
    for item in items:
        for part in item.split(","):
            if not part.strip():
                continue
            path, sep, value = part.partition("=")
            try:
                out[path.strip()] = int(value) if sep else None
            except ValueError:
                out[path.strip()] = None
            if out[path.strip()] is None:
                raise ValueError("--inject wants PATH=INTEGER, got %r" % part)
    return out


def inject(results, changes):
    for path, value in changes.items():
        node = results
        keys = path.split(".")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = value


def checked(results):
    figures = {k: results[k] for k in FIGURE_SECTIONS if k in results}
    return bench_budgets.check(figures)


def format_report(results, rows, missing):
    out = ["%-38s %12s %12s  %s" % ("figure", "value", "budget", "")]
    for path, value, limit, ok, _ in rows:
        out.append("%-38s %12s %12s  %s" % (path, value, limit, "ok" if ok else "OVER"))
    for pattern, _ in missing:
        out.append("%-38s %12s %12s  MISSING" % (pattern, "-", ""))
    app = results.get("app", {})
    for fam in sorted(app):
        f = app[fam]
        if "max_burst_bytes" in f and "worst_case_bytes" in f:
            out.append(
                "%s: largest burst in one event %d bytes (step %s); live before it"
                " plus its burst at most %d bytes (step %s)"
                % (
                    fam,
                    f["max_burst_bytes"],
                    f.get("max_burst_at"),
                    f["worst_case_bytes"],
                    f.get("worst_case_at"),
                )
            )
    bus = results.get("bus")
    if bus and "ms_per_cursor_move_400khz" in bus:
        out.append(
            "bus: %.2f ms per cursor move at 400 kHz (full frame %.2f ms)"
            % (bus["ms_per_cursor_move_400khz"], bus["ms_full_frame_400khz"])
        )
    if "time_ms" in results and "lines" in results:
        out.append("")
        out.append(
            bench_lines.format_table(
                {"lines": results["lines"], "time_ms": results["time_ms"]}
            )
        )
    if "mpy_bytes" in results.get("flash", {}):
        out.append("")
        out.append(bench_flash.format_table(results["flash"]))
    if "ai" in results:
        out.append("")
        out.append(format_ai(results["ai"]))
    return "\n".join(out)


def format_ai(ai):
    rows = ["AI strength (%s seeded solo games each)" % ai.get("games")]
    cols = ("rules", "level", "mean", "sd", "p10", "p50", "p90", "ms_per_move")
    fmt = "%-18s %-10s %7s %6s %5s %5s %5s %12s"
    rows.append(fmt % cols)
    for r in ai.get("results", []):
        rows.append(fmt % tuple(r.get(k) for k in cols))
    return "\n".join(rows)


def build_parser():
    p = argparse.ArgumentParser(
        prog="python3 -m host bench all", description=__doc__.split("\n")[0]
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="deterministic figures only; exit 1 if over budget",
    )
    p.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="check the figures in FILE instead of measuring",
    )
    p.add_argument(
        "--inject",
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="replace a figure (tests)",
    )
    p.add_argument(
        "--out",
        help="where to write the results (default: bench/results.json; --check: nowhere)",
    )
    p.add_argument(
        "--ai-games",
        type=int,
        default=AI_GAMES,
        help="games per AI cell (0: skip the AI)",
    )
    p.add_argument(
        "--word-turns",
        type=int,
        default=0,
        metavar="N",
        help="stop the word game after N turns (quick runs; default: a whole game)",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    try:
        changes = parse_injections(args.inject + [os.environ.get("BENCH_INJECT", "")])
    except ValueError as e:
        sys.stderr.write("bench all: %s\n" % e)
        return 2
    try:
        if args.source:
            with open(args.source) as f:
                results = json.load(f)
        else:
            results = measure(
                timings=not args.check,
                ai_games=0 if args.check else args.ai_games,
                word_turns=args.word_turns,
            )
    except (OSError, ValueError) as e:
        sys.stderr.write("bench all: cannot read the results: %s\n" % e)
        return 2
    except (bench_app.BenchError, subprocess.TimeoutExpired) as e:
        sys.stderr.write("bench all: %s\n" % e)
        return 1
    inject(results, changes)
    rows, missing = checked(results)
    results["budgets"] = {pattern: limit for pattern, limit, _ in bench_budgets.BUDGETS}
    results["over_budget"] = [path for path, _, _, ok, _ in rows if not ok]
    out = args.out or (None if args.check or args.source else RESULTS)
    if out:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
            f.write("\n")
    print(
        json.dumps(results, sort_keys=True)
        if args.json
        else format_report(results, rows, missing)
    )
    bad = len(results["over_budget"]) + len(missing)
    if bad:
        sys.stderr.write("bench: %d figure(s) over budget or missing\n" % bad)
    if out:
        print("written: %s" % os.path.relpath(out, ROOT))
    return 1 if bad and (args.check or args.source) else 0
