"""`python3 -m host bench app`: the whole app's heap inside real MicroPython 1.29.

A scripted game per family (host/bench/harness/benchscripts.py: menus, a whole game
with a hint every round, the results, back to the title menu) is fed to the real App
one button event per step by host/mpy/step.mjs, running the .mpy files the board
runs (benchplay.py is the SETUP; the harness's folder is mounted as /harness). After
every event: the live heap (gc.mem_alloc() after a collection), and the bytes the
event allocated (its burst). Figures are bytes and repeat exactly run after run.

    python3 -m host bench app [--family symbols,digits] [--json] [--steps]
"""

import atexit
import json
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from host.board import mpy_build
from host.bench import cli

ROOT = mpy_build.ROOT
STEP = os.path.join(ROOT, "host", "mpy", "step.mjs")
HARNESS_DIR = os.path.join(ROOT, "host", "bench", "harness")
HARNESS = os.path.join(HARNESS_DIR, "benchplay.py")
OUT = os.path.join(ROOT, "build", "bench")
MARKER = "STEPS-JSON "
TIMEOUT_S = 600
# Each family the New game screen offers, with the rules its benchmark game uses.
FAMILIES = (
    ("symbols", "Advanced"),
    ("digits", "Standard"),
    ("cards", "Standard"),
    ("words", "Normal"),
)
# Events of steady play: handled by the play screen, which stays on screen.
STEADY = ("move", "place", "roll")
# Bytes held before the baseline in each run: the same script at three layouts.
PADS = (0, 1552, 4112)


class BenchError(Exception):
    """The measurement itself failed (not a budget): a clear message, no traceback."""


def prepare_tree(dest=None, flags=mpy_build.FLAGS):
    """The board's packages (crisscross, pocket) as .mpy, the bytes `host flash`
    installs (compiled with `flags` by host/board/mpy_build.py, from its cache), in
    `dest` or a folder of this process's own under build/bench/ (removed at exit),
    so that benchmarks running at the same time never share one."""
    files = mpy_build.compiled(flags=flags)
    if dest is None:
        os.makedirs(OUT, exist_ok=True)
        dest = tempfile.mkdtemp(prefix="mpy-", dir=OUT)
        atexit.register(shutil.rmtree, dest, True)
    elif os.path.isdir(dest):
        shutil.rmtree(dest)
    mpy_build.write_tree(files, dest)
    return dest


def run_steps(args, variant="default", tree=None):
    """Run the harness under step.mjs; returns {"baseline", "steps": [...]}."""
    tree = tree or prepare_tree()
    cmd = ["node", STEP, "--variant", variant]
    # The board's packages as /lib, first on the path; the harness's modules,
    # which benchplay.py imports, as /harness after it.
    cmd += ["--mount", tree + ":/lib", "--mount", HARNESS_DIR + ":/harness"]
    cmd += ["--path", "/harness", "--path", "/lib", HARNESS, "--"]
    cmd += list(args)
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=ROOT
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BenchError("cannot run MicroPython (node %s): %s" % (STEP, e)) from e
    for line in proc.stdout.splitlines():
        if line.startswith(MARKER) and proc.returncode == 0:
            return json.loads(line[len(MARKER) :])
    tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
    raise BenchError(
        "MicroPython run %s failed (exit %d):\n%s"
        % (" ".join(args), proc.returncode, tail)
    )


def merge(runs):
    """One run from the same script run at several heap layouts: per step, the
    smallest live heap (above its own baseline). MicroPython's collector is
    conservative: four bytes of pixels or bytecode that happen to equal an
    object's address keep it alive, and in the WebAssembly heap (low addresses,
    so many such words) that can hold a whole unloaded module for a while. What
    is really live is live at every layout; a false pointer rarely survives a
    move of every object. Allocations barely depend on the layout (a buffer
    that grows in place or moves): the largest counts."""
    first = runs[0]
    steps = []
    for k, step in enumerate(first["steps"]):
        lives = []
        allocs = []
        for run in runs:
            other = run["steps"][k] if k < len(run["steps"]) else None
            if other is None or other["name"] != step["name"]:
                raise BenchError("the runs at different layouts took other steps")
            lives.append(other["live"] - run["baseline"])
            allocs.append(other["alloc"])
        merged = dict(step)
        merged["live"] = first["baseline"] + min(lives)
        merged["alloc"] = max(allocs)
        steps.append(merged)
    return {"baseline": first["baseline"], "steps": steps}


def _layouts(args, pads):
    """The argument lists of one script at every layout of `pads` (PADS)."""
    return [list(args) + ["--pad", str(p)] for p in (PADS if pads is None else pads)]


def run_layouts(args, tree, pads=None):
    """run_steps at every layout of PADS, merged."""
    return merge([run_steps(a, tree=tree) for a in _layouts(args, pads)])


def summarize(run):
    """Heap and allocation figures of one run of the play script."""
    base = run["baseline"]
    steps = run["steps"]
    if not steps:
        raise BenchError("the script ran no steps")
    peak = max(range(len(steps)), key=lambda k: (steps[k]["live"], -k))
    burst = max(range(len(steps)), key=lambda k: (steps[k]["alloc"], -k))
    # Upper bound of the heap an event needs if nothing is collected during it:
    # the live heap before it plus every byte it allocates.
    before = [base] + [s["live"] for s in steps[:-1]]
    worst = [before[k] - base + steps[k]["alloc"] for k in range(len(steps))]
    top = max(range(len(steps)), key=lambda k: (worst[k], -k))
    steady = [s["alloc"] for s in steps if s["kind"] in STEADY]
    hints = [s["alloc"] for s in steps if s["kind"] == "hint"]
    return {
        "peak_live_bytes": steps[peak]["live"] - base,
        "peak_live_at": "%d:%s" % (peak, steps[peak]["name"]),
        "max_burst_bytes": steps[burst]["alloc"],
        "max_burst_at": "%d:%s" % (burst, steps[burst]["name"]),
        "worst_case_bytes": worst[top],
        "worst_case_at": "%d:%s" % (top, steps[top]["name"]),
        "boot_live_bytes": steps[0]["live"] - base,
        "events": len(steps),
        "steady_events": len(steady),
        "alloc_per_event_mean": sum(steady) // len(steady) if steady else 0,
        "alloc_per_event_max": max(steady) if steady else 0,
        "hints": len(hints),
        "hint_alloc_max": max(hints) if hints else 0,
        "interpreter_baseline_bytes": base,
    }


def measure(families=FAMILIES, tree=None, word_turns=0):
    """{family: summary} for the play script of every family (`word_turns`: stop
    the word game after that many turns; 0 plays it out)."""
    tree = tree or prepare_tree()
    extra = ["--word-turns", str(word_turns)] if word_turns else []
    # Every run of every family at once, as many side by side as there are
    # cores: the figures are bytes, the same whatever else the machine does.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        jobs = {}
        for fam, rules in families:
            runs = _layouts(["play", fam, rules] + extra, None)
            jobs[fam] = [pool.submit(run_steps, a, "default", tree) for a in runs]
        return {
            fam: summarize(merge([job.result() for job in runs]))
            for fam, runs in jobs.items()
        }


COLUMNS = (
    ("family", "%-8s"),
    ("peak live", "%10d", "peak_live_bytes"),
    ("max burst", "%10d", "max_burst_bytes"),
    ("alloc/ev", "%10d", "alloc_per_event_mean"),
    ("alloc max", "%10d", "alloc_per_event_max"),
    ("events", "%8d"),
)


def format_table(figures):
    rows = [[f] + cli.cells(COLUMNS[1:], figures[f]) for f in sorted(figures)]
    return cli.table(COLUMNS, rows)


def measure_steps(families, tree=None):
    """{family: run} of the play script of every family (its steps one by one)."""
    tree = tree or prepare_tree()
    return {fam: run_layouts(["play", fam, rules], tree) for fam, rules in families}


def format_steps(runs):
    out = []
    for fam, run in runs.items():
        out.append("%s (baseline %d bytes)" % (fam, run["baseline"]))
        for k, s in enumerate(run["steps"]):
            live = s["live"] - run["baseline"]
            out.append(
                "  %4d %-8s %-8s live %7d alloc %7d"
                % (k, s["name"], s["kind"], live, s["alloc"])
            )
    return "\n".join(out)


def build_parser():
    p = cli.parser("app", __doc__)
    p.add_argument(
        "--family",
        default=",".join(f for f, _ in FAMILIES),
        help="families, comma-separated",
    )
    p.add_argument(
        "--steps",
        action="store_true",
        help="print every step (name, kind, live, alloc)",
    )
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    known = dict(FAMILIES)
    wanted = cli.pick("app", [args.family], known, "family")
    if wanted is None:
        return 2
    families = [(f, known[f]) for f in wanted]
    if args.steps:
        how, table = measure_steps, format_steps
    else:
        how, table = measure, format_table
    return cli.run(
        "app",
        lambda: how(families),
        (BenchError, mpy_build.CompileError),
        args.json,
        table,
    )
