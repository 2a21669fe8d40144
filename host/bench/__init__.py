"""`python3 -m host bench WHAT`: benchmarks, one module per subject.

    python3 -m host bench ai [--games N] [--levels ...] [--json] [--mpy]
    python3 -m host bench app|lines|flash|bus|pico|heap|web [--json]   (docs/performance.md)
    python3 -m host bench all [--check]                  (make bench, bench-check)
"""

import importlib
import sys

# name -> (module with main(argv), one line of help). Add new benchmarks here.
BENCHES = (
    ("ai", "host.bench.ai", "AI levels: scores over seeded games, hint cost"),
    ("app", "host.bench.app", "the app's heap and allocation per event (MicroPython)"),
    (
        "lines",
        "host.bench.lines",
        "executed lines and wall time of boot, redraw, move, hint",
    ),
    ("flash", "host.bench.flash_size", "compiled .mpy size per game family"),
    ("bus", "host.bench.bus", "display bus bytes per cursor move (firmware SSD1306)"),
    (
        "pico",
        "host.bench.pico",
        "the real rp2 firmware on an emulated Pico: ms, idle CPU, heap",
    ),
    (
        "heap",
        "host.bench.heapmap",
        "each module's bytes in RAM on the emulated Pico (code and names)",
    ),
    (
        "web",
        "host.bench.web",
        "the browser game: weight, first frame, key to frame, word hint",
    ),
    (
        "all",
        "host.bench.report",
        "every figure beside its budget; writes host/bench/results.json",
    ),
)


def usage():
    lines = ["usage: python3 -m host bench WHAT [options]", "", "benchmarks:"]
    for name, _, text in BENCHES:
        lines.append("  %-6s %s" % (name, text))
    return "\n".join(lines)


def main(argv):
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if argv else 2
    for name, module, _ in BENCHES:
        if name == argv[0]:
            return importlib.import_module(module).main(argv[1:])
    sys.stderr.write("bench: unknown benchmark %r\n\n%s\n" % (argv[0], usage()))
    return 2
