"""`python3 -m host bench bus`: display bus bytes per cursor move, and their time.

Runs host/bench/harness/benchbus.py inside MicroPython: the firmware's SSD1306
driver, which sends only the changed columns of changed pages, compiled and
mounted as `host flash` installs it (pocket/ssd1306.mpy beside crisscross/), on a
recording I2C bus, is the real App's canvas while the cursor tours a play screen.
Bytes are what the panel receives (control bytes included: a full frame is 1,025).
Time on the wire at 400 kHz: every byte is 9 clocks (8 bits and the acknowledge),
and every transaction adds its address byte and ~2 clocks for start and stop.

    python3 -m host bench bus [--json]
"""

import json
import os
import subprocess

from host.bench import app as bench_app
from host.bench import cli

ROOT = bench_app.ROOT
HARNESS = os.path.join(ROOT, "host", "bench", "harness", "benchbus.py")
RUNNER = os.path.join(ROOT, "host", "mpy", "run.mjs")
MARKER = "BUS-JSON "
I2C_HZ = 400000
CLOCKS_PER_BYTE = 9
CLOCKS_PER_TRANSACTION = CLOCKS_PER_BYTE + 2  # address byte, start and stop
FULL_FRAME = 1025  # 1,024 bytes of display RAM after one control byte


def wire_ms(payload, transactions, hz=I2C_HZ):
    clocks = payload * CLOCKS_PER_BYTE + transactions * CLOCKS_PER_TRANSACTION
    return clocks * 1000.0 / hz


def run_harness(tree):
    cmd = ["node", RUNNER]
    for host_dir, mp_dir in (
        (tree, "/lib"),  # the board's packages: crisscross and pocket, as .mpy
        (os.path.join(ROOT, "host", "screen"), "/host"),  # the SSD1306 model, last
    ):
        cmd += ["--mount", "%s:%s" % (host_dir, mp_dir)]
    cmd += ["--path", "/host", "--path", "/lib"]
    cmd.append(HARNESS)
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=300, cwd=ROOT
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise bench_app.BenchError("cannot run MicroPython: %s" % e) from None
    for line in proc.stdout.splitlines():
        if line.startswith(MARKER) and proc.returncode == 0:
            return json.loads(line[len(MARKER) :])
    tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
    raise bench_app.BenchError("the bus benchmark failed:\n" + tail)


def measure(tree=None):
    tree = tree or bench_app.prepare_tree()
    for needed in ("pocket/ssd1306.mpy", "crisscross/app.mpy"):
        if not os.path.exists(os.path.join(tree, needed)):
            raise bench_app.BenchError(
                "%s is not in the build: no bus figures" % needed
            )
    run = run_harness(tree)
    moves = run["moves"]
    if not all(m["ok"] for m in moves):
        raise bench_app.BenchError("the panel did not show the canvas after a move")
    n = len(moves)
    payload = sum(m["bytes"] for m in moves)
    trans = sum(m["transactions"] for m in moves)
    return {
        "bytes_per_cursor_move_mean": payload // n,
        "bytes_per_cursor_move_max": max(m["bytes"] for m in moves),
        "transactions_per_cursor_move_mean": round(trans / n, 1),
        "ms_per_cursor_move_400khz": round(wire_ms(payload, trans) / n, 2),
        "full_frame_bytes": FULL_FRAME,
        "ms_full_frame_400khz": round(wire_ms(FULL_FRAME, 1), 2),
        "cursor_moves": n,
        "show_alloc_per_cursor_move_mean": sum(m["show_alloc"] for m in moves) // n,
    }


def format_table(fig):
    return "\n".join(
        [
            "cursor move: %d bytes mean (max %d), %.1f transactions, %.2f ms at 400 kHz"
            % (
                fig["bytes_per_cursor_move_mean"],
                fig["bytes_per_cursor_move_max"],
                fig["transactions_per_cursor_move_mean"],
                fig["ms_per_cursor_move_400khz"],
            ),
            "full frame:  %d bytes, %.2f ms at 400 kHz"
            % (fig["full_frame_bytes"], fig["ms_full_frame_400khz"]),
        ]
    )


def main(argv):
    args = cli.parser("bus", __doc__).parse_args(argv)
    return cli.run("bus", measure, bench_app.BenchError, args.json, format_table)
