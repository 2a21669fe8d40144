"""`python3 -m host bench all`: every performance figure beside its budget.

    python3 -m host bench all                 measure everything, print the table,
                                              write host/bench/results.json
                                              (`make bench`)
    python3 -m host bench all --check         deterministic figures only (heap,
                                              bytes, lines, sizes); exit 1 if one is
                                              over budget or missing (`make bench-check`)
    ... --from FILE                           check figures already in FILE
    ... --inject PATH=VALUE                   replace a figure before checking (tests);
                                              also BENCH_INJECT="PATH=VALUE,..."

Budgets and their reasons: host/bench/budgets.py. Keys: docs/performance.md.
"""

import json
import os
import subprocess
import sys

from host import shown
from host.bench import app as bench_app
from host.bench import budgets as bench_budgets
from host.bench import bus as bench_bus
from host.bench import cli
from host.bench import flash_size as bench_flash
from host.bench import lines as bench_lines
from host.bench import pico as bench_pico
from host.bench import web as bench_web

ROOT = bench_app.ROOT
RESULTS = os.path.join(ROOT, "host", "bench", "results.json")
SCHEMA = 1
AI_GAMES = 30  # seeded games per rule set and level for the strength summary
FIGURE_SECTIONS = ("app", "bus", "lines", "flash")  # the checked ones


def ai_summary(games=AI_GAMES):
    """`python3 -m host bench ai --json` for the strength table."""
    cmd = [sys.executable, "-m", "host", "bench", "ai", "--json", "--games", str(games)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if proc.returncode != 0:
        raise bench_app.BenchError("bench ai failed:\n" + proc.stderr[-2000:])
    return json.loads(proc.stdout)


def pico_required():
    """The emulated-Pico figures must be there (bench-check fails without them)
    on CI and wherever MICROPYTHON_UF2 names a firmware; elsewhere a missing
    firmware is one line of the report."""
    return os.environ.get("CI") == "true" or bool(os.environ.get("MICROPYTHON_UF2"))


def stock_required():
    """The official firmware's figures must be there on CI and wherever
    MICROPYTHON_STOCK_UF2 names it."""
    return os.environ.get("CI") == "true" or bool(
        os.environ.get("MICROPYTHON_STOCK_UF2")
    )


def measure_pico(word_turns=None, stock=False):
    """The `pico` section (`pico_stock` with `stock`: the official firmware's
    heap), or {"missing": one line} when the emulator cannot run."""
    problem = bench_pico.missing_stock() if stock else bench_pico.missing()
    if problem:
        return {"missing": problem}
    run = bench_pico.measure_stock if stock else bench_pico.measure
    try:
        return run(log=lambda m: sys.stderr.write(m + "\n"), word_turns=word_turns)
    except bench_pico.PicoError as e:
        what = "bench pico --stock" if stock else "bench pico"
        return {"missing": "%s failed: %s" % (what, str(e).splitlines()[0])}


def measure(
    timings=True, ai_games=AI_GAMES, word_turns=0, pico=True, pico_word_turns=None
):
    out = _measure_wasm(timings, ai_games, word_turns)
    if pico:
        # bench-check (no timings) plays the word game's first turns only.
        if pico_word_turns is None and not timings:
            pico_word_turns = bench_pico.CHECK_WORD_TURNS
        out["pico"] = measure_pico(pico_word_turns)
        out["pico_stock"] = measure_pico(pico_word_turns, stock=True)
    return out


def _measure_wasm(timings, ai_games, word_turns):
    tree = bench_app.prepare_tree()
    out = {"schema": SCHEMA, "micropython": "1.29 (WebAssembly)"}
    out["app"] = bench_app.measure(tree=tree, word_turns=word_turns)
    out["bus"] = bench_bus.measure(tree=tree)
    costs = bench_lines.measure(tree=tree, timings=timings)
    out["lines"] = costs["lines"]
    if timings:
        # Wall time on this machine (WebAssembly and CPython): no board figure.
        out["host_time_ms"] = costs["time_ms"]
    flash = bench_flash.measure()
    flash.pop("files")  # per-file sizes: `bench flash --files`
    out["flash"] = flash
    if ai_games:
        out["ai"] = ai_summary(ai_games)
    out["web"] = bench_web.measure(timings)
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
    rows, missing = bench_budgets.check(figures)
    web = results.get("web", {})
    wrows, wmissing = bench_budgets.check({"web": web}, bench_budgets.WEB_BUDGETS)
    rows += wrows
    # The times are measured by `make bench` only, where a browser runs.
    missing += [(p, w) for p, w in wmissing if p == "web.page_weight_gzip_bytes"]
    for name, budgets, required in (
        ("pico", bench_budgets.PICO_BUDGETS, pico_required),
        ("pico_stock", bench_budgets.PICO_STOCK_BUDGETS, stock_required),
    ):
        pico = results.get(name)
        if pico is None or "missing" in pico:
            if required():
                why = (pico or {}).get("missing", "not measured")
                missing.append((name + ".*", why))
            continue
        skip = ["." + f for f in pico.get("not_measured", ())]
        prows, pmissing = bench_budgets.check({name: pico}, budgets)
        rows += prows
        missing += [(p, w) for p, w in pmissing if not any(p.endswith(s) for s in skip)]
    return rows, missing


# (WebAssembly figure, the board figure it predicts): printed side by side. The
# WebAssembly port keeps the bytecode in RAM, as the official firmware does.
PREDICTS = (
    ("app.%s.peak_live_bytes", "pico_stock.heap_live_max_bytes.%s"),
    ("lines.cursor_move", "pico.cursor_move_ms_mean"),
    ("lines.hint", "pico.hint_ms_mean.symbols"),
    ("lines.boot", "pico.boot_to_title_ms"),
    ("bus.bytes_per_cursor_move_mean", "pico.display_bytes_per_cursor_move"),
)


PICO_COLUMNS = (
    ("WebAssembly", "%-34s"),
    ("", "%10s"),
    ("emulated Pico", "  %-34s"),
    ("", "%10s"),
    ("ratio", "%8.3f"),
)


def format_pico(results):
    """The board figures beside the WebAssembly figures that predict them."""
    pico = results.get("pico")
    if not pico:
        return []
    if "missing" in pico:
        return ["pico: not measured: %s" % pico["missing"]]
    flat = bench_budgets.flatten(results)
    out = [cli.header(PICO_COLUMNS)]
    for wasm, board in PREDICTS:
        fams = [f for f, _ in bench_app.FAMILIES] if "%s" in wasm else (None,)
        for fam in fams:
            w = wasm % fam if fam else wasm
            b = board % fam if fam else board
            if w in flat and b in flat and flat[w]:
                values = (w, flat[w], b, flat[b], flat[b] / flat[w])
                out.append(cli.row(PICO_COLUMNS, values))
    if pico.get("not_measured"):
        out.append(
            "pico: not played (left out of --families): %s"
            % ", ".join(pico["not_measured"])
        )
    return out


# The figures beside their budgets; the mark is two spaces off.
BUDGET_COLUMNS = (
    ("figure", "%-38s"),
    ("value", "%12s"),
    ("budget", "%12s"),
    ("", " %s"),
)


def format_report(results, rows, missing):
    out = [cli.header(BUDGET_COLUMNS)]
    for path, value, limit, ok, _ in rows:
        mark = "ok" if ok else "OVER"
        out.append(cli.row(BUDGET_COLUMNS, (path, value, limit, mark)))
    for pattern, _ in missing:
        out.append(cli.row(BUDGET_COLUMNS, (pattern, "-", "", "MISSING")))
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
    web = results.get("web", {})
    if web.get("why_not"):
        out.append("web: times not measured: %s" % web["why_not"])
    pico = format_pico(results)
    if pico:
        out.append("")
        out += pico
    stock = results.get("pico_stock") or {}
    if "missing" in stock:
        out.append("pico_stock: not measured: %s" % stock["missing"])
    if "host_time_ms" in results and "lines" in results:
        out.append("")
        out.append(
            bench_lines.format_table(
                {"lines": results["lines"], "time_ms": results["host_time_ms"]}
            )
        )
    if "mpy_bytes" in results.get("flash", {}):
        out.append("")
        out.append(bench_flash.format_table(results["flash"]))
    if "ai" in results:
        out.append("")
        out.append(format_ai(results["ai"]))
    return "\n".join(out)


AI_COLUMNS = (
    ("rules", "%-18s"),
    ("level", "%-10s"),
    ("mean", "%7s"),
    ("sd", "%6s"),
    ("p10", "%5s"),
    ("p50", "%5s"),
    ("p90", "%5s"),
    ("ms_per_move", "%12s"),
)


def format_ai(ai):
    rows = [cli.cells(AI_COLUMNS, r) for r in ai.get("results", [])]
    title = "AI strength (%s seeded solo games each)" % ai.get("games")
    return "\n".join([title, cli.table(AI_COLUMNS, rows)])


def build_parser():
    p = cli.parser("all", __doc__, json_help="print the results as JSON")
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
        help="where to write the results "
        "(default: host/bench/results.json; --check: nowhere)",
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
    p.add_argument(
        "--pico-word-turns",
        type=int,
        default=None,
        metavar="N",
        help="stop the emulated Pico's word game after N turns of the human "
        "(default: a whole game; bench-check: %d)" % bench_pico.CHECK_WORD_TURNS,
    )
    p.add_argument(
        "--no-pico",
        action="store_true",
        help="skip the emulated Pico (host/bench/pico.py)",
    )
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    try:
        changes = parse_injections(args.inject + [os.environ.get("BENCH_INJECT", "")])
    except ValueError as e:
        sys.stderr.write("bench all: %s\n" % e)
        return 2
    if args.out and os.path.isdir(args.out):
        sys.stderr.write("bench all: --out %s is a folder: name the file\n" % args.out)
        return 2
    try:
        if args.source:
            with open(args.source) as f:
                results = json.load(f)
            if not isinstance(results, dict):
                raise ValueError(
                    "%s holds no results (not a JSON object)" % args.source
                )
        else:
            results = measure(
                timings=not args.check,
                ai_games=0 if args.check else args.ai_games,
                word_turns=args.word_turns,
                pico=not args.no_pico,
                pico_word_turns=args.pico_word_turns,
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
    for extra in (
        bench_budgets.PICO_BUDGETS,
        bench_budgets.PICO_STOCK_BUDGETS,
        bench_budgets.WEB_BUDGETS,
    ):
        results["budgets"].update({pattern: limit for pattern, limit, _ in extra})
    results["over_budget"] = [path for path, _, _, ok, _ in rows if not ok]
    out = args.out or (None if args.check or args.source else RESULTS)
    if out:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
            with open(out, "w") as f:
                json.dump(results, f, indent=1, sort_keys=True)
                f.write("\n")
        except OSError as e:
            sys.stderr.write("bench all: cannot write %s: %s\n" % (out, e.strerror))
            return 2
    print(
        json.dumps(results, sort_keys=True)
        if args.json
        else format_report(results, rows, missing)
    )
    bad = len(results["over_budget"]) + len(missing)
    if bad:
        sys.stderr.write("bench: %d figure(s) over budget or missing\n" % bad)
    if out:
        print("written: %s" % shown(out))
    return 1 if bad and (args.check or args.source) else 0
