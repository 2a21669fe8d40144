"""`python3 -m host bench lines`: what boot, a redraw, a cursor move and a hint cost.

Executed lines of crisscross code, counted with sys.settrace inside MicroPython's
settrace build (deterministic: the same on every machine), and wall time of the
same steps under MicroPython (default build) and under CPython, in this run, with
their ratio. Times depend on the machine and are printed, never checked.
The steps are the `costs` script (host/bench/harness/benchscripts.py): boot to the
first frame, then on a symbols (advanced) play screen after one placement, REPEATS
redraws, cursor moves and hints (the lines of a cursor move are the mean of its
moves).

    python3 -m host bench lines [--json]
"""

import json
import subprocess
import sys

from host.board import mpy_build
from host.bench import app as bench_app
from host.bench import cli

ROOT = bench_app.ROOT
PROBES = (
    ("boot", "boot"),
    ("redraw", "redraw"),
    ("cursor_move", "cursor"),
    ("hint", "hint"),
)
CPYTHON_TIMEOUT_S = 300
CPYTHON_RUN = """
import json, sys
sys.path[:0] = ["shared", "host/bench/harness", "."]
import host, benchplay as b
b.setup(["costs"])
out = []
while True:
    b._plan()
    if b._name is None:
        break
    b._step()
    out.append({"name": b._name, "kind": b._kind, "us": b._us})
print("STEPS-JSON " + json.dumps({"steps": out}))
"""


def _by_kind(steps, kind, field):
    return [s.get(field, 0) for s in steps if s["kind"] == kind]


def _median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0


def cpython_steps():
    """The costs script timed under this CPython, in a fresh process (cold imports)."""
    proc = subprocess.run(
        [sys.executable, "-c", CPYTHON_RUN],
        capture_output=True,
        text=True,
        timeout=CPYTHON_TIMEOUT_S,
        cwd=ROOT,
    )
    for line in proc.stdout.splitlines():
        if line.startswith(bench_app.MARKER) and proc.returncode == 0:
            return json.loads(line[len(bench_app.MARKER) :])["steps"]
    raise bench_app.BenchError("the CPython run failed:\n" + proc.stderr[-2000:])


def measure(tree=None, timings=True):
    """{"lines": {probe: n}, "time_ms": {...}} (time_ms only when timings)."""
    # sys.settrace counts lines: a build with them (the board's leaves them out).
    lined = bench_app.prepare_tree(flags=mpy_build.LINE_FLAGS)
    traced = bench_app.run_steps(["costs", "--trace"], variant="settrace", tree=lined)
    tree = tree or bench_app.prepare_tree()
    lines = {}
    for probe, kind in PROBES:
        counts = _by_kind(traced["steps"], kind, "lines")
        if not counts or not all(counts):
            raise bench_app.BenchError("no line count for " + probe)
        lines[probe] = sum(counts) // len(counts)
    out = {"lines": lines}
    if timings:
        timed = bench_app.run_steps(["costs"], tree=tree)["steps"]
        cpy = cpython_steps()
        mpy_ms = {}
        cpy_ms = {}
        ratio = {}
        for probe, kind in PROBES:
            m = _median(_by_kind(timed, kind, "ms"))
            c = _median(_by_kind(cpy, kind, "us")) / 1000
            mpy_ms[probe] = round(m, 3)
            cpy_ms[probe] = round(c, 3)
            ratio[probe] = round(m / c, 1) if c else None
        out["time_ms"] = {"micropython": mpy_ms, "cpython": cpy_ms, "ratio": ratio}
    return out


COLUMNS = (
    ("step", "%-12s"),
    ("lines", "%10d"),
    ("mpy ms", "%12.2f"),
    ("cpython ms", "%12.2f"),
    ("ratio", "%7s"),
)


def format_table(fig):
    """A row per probe: its lines, and its times when measured."""
    rows = []
    t = fig.get("time_ms")
    for probe, _ in PROBES:
        r = [probe, fig["lines"][probe]]
        if t:
            r += [t["micropython"][probe], t["cpython"][probe], t["ratio"][probe]]
        rows.append(r)
    return cli.table(COLUMNS, rows)


def main(argv):
    p = cli.parser("lines", __doc__)
    p.add_argument("--no-time", action="store_true", help="line counts only")
    args = p.parse_args(argv)
    return cli.run(
        "lines",
        lambda: measure(timings=not args.no_time),
        (bench_app.BenchError, OSError, subprocess.TimeoutExpired),
        args.json,
        format_table,
    )
