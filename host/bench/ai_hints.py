"""The AI's hint measured where it runs, for `python3 -m host bench ai`
(host/bench/ai.py): `--mpy` one hint per level and position inside real
MicroPython 1.29 (WebAssembly: executed lines, ms, heap growth) beside the same
hints' CPython ms; `--pico` the device hint's search at every move of seeded
games on the emulated Pico.
"""

import json
import os
import subprocess
import sys

from host import ROOT  # (and shared/ on sys.path)
from host.bench import cli
from crisscross.dice import ai

# Hint-cost positions: (rule set, moves played first by the device level).
COST_POSITIONS = (
    ("symbols-basic", 0),
    ("symbols-basic", 6),
    ("symbols-basic", 9),
    ("symbols-advanced", 0),
    ("symbols-advanced", 6),
    ("symbols-advanced", 9),
    ("digits", 0),
    ("digits", 12),
    ("digits", 20),
)
COST_LEVELS = (ai.DEVICE, ai.STRONGEST)
COST_SEED = 3
# The card hint (the hard level) on the deal `bench pico` plays (its share code
# C9AAAAA): the human (seat 0) plays the hint, the easy AI seat its move, up to
# the position after that many moves. 2 is the deal's longest hint.
CARD_SEED = 1077852
CARD_POSITIONS = (2, 4, 8)
RUNNER = os.path.join(ROOT, "host", "mpy", "run.mjs")


# ---- hint cost ---------------------------------------------------------------
# Runs inside MicroPython (and, for the millisecond comparison, CPython): builds
# each position with the device level, then times one hint per level.
COST_SCRIPT = r"""
import gc, sys, time, json
from crisscross.dice import ai, ai_symbols, ai_digits
from crisscross.dice.symbols import SymbolsGame
from crisscross.dice.digits import DigitsGame

POSITIONS = %(positions)r
LEVELS = %(levels)r
SEED = %(seed)d
CARD_SEED = %(card_seed)d
CARD_POSITIONS = %(card_positions)r
MODE = %(mode)r

def ticks():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return time.perf_counter() * 1000

def position(rules, moves):
    if rules == "digits":
        g = DigitsGame(SEED, 1)
    else:
        g = SymbolsGame(SEED, 1, rules == "symbols-advanced")
    for _ in range(moves):
        g.place(ai.choose(g, "device"))
    return g

count = [0]
def tracer(frame, event, arg):
    if event == "line":
        count[0] += 1
    return tracer

# Load every table first: their heap is reported once, not per hint.
gc.collect()
base = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
ai_symbols.model(False)
ai_symbols.model(True)
ai_digits.table()
gc.collect()
tables = (gc.mem_alloc() - base) if hasattr(gc, "mem_alloc") else 0
out = []
for rules, moves in POSITIONS:
    g = position(rules, moves)
    for level in LEVELS:
        gc.collect()
        before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        if MODE == "lines":
            count[0] = 0
            sys.settrace(tracer)
            move, value = ai.hint(g, level)
            sys.settrace(None)
            out.append([rules, moves, level, count[0], 0, 0, str(move)])
        else:
            ai.hint(g, level)  # warm-up: caches and lazy imports are not the hint
            gc.collect()
            before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
            t0 = ticks()
            move, value = ai.hint(g, level)
            ms = ticks() - t0
            grow = (gc.mem_alloc() - before) if hasattr(gc, "mem_alloc") else 0
            out.append([rules, moves, level, 0, ms, grow, str(move)])

from crisscross.cards import session as cards_session

def card_position(moves):
    s = cards_session.new_session(CARD_SEED, 1, 1, "", "easy", colours=[0])
    while len(s.game.history) < moves:
        if s.phase == cards_session.AI_TURN:
            s.ai_step()
        else:
            mv = s.hint()
            if mv is None:
                s.pass_turn()
            else:
                s.play(mv[0], mv[1], mv[2])
    return s

for moves in CARD_POSITIONS:
    s = card_position(moves)
    gc.collect()
    if MODE == "lines":
        count[0] = 0
        sys.settrace(tracer)
        move = s.hint()
        sys.settrace(None)
        out.append(["cards", moves, "hard", count[0], 0, 0, str(move)])
    else:
        s.hint()  # warm-up: the AI's import is not the hint
        gc.collect()
        before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        t0 = ticks()
        move = s.hint()
        ms = ticks() - t0
        grow = (gc.mem_alloc() - before) if hasattr(gc, "mem_alloc") else 0
        out.append(["cards", moves, "hard", 0, ms, grow, str(move)])
print("COST " + json.dumps({"tables": tables, "rows": out}))
"""


def cost_script(mode):
    return COST_SCRIPT % {
        "positions": COST_POSITIONS,
        "levels": COST_LEVELS,
        "seed": COST_SEED,
        "card_seed": CARD_SEED,
        "card_positions": CARD_POSITIONS,
        "mode": mode,
    }


def _parse_cost(text, where):
    for line in text.splitlines():
        if line.startswith("COST "):
            return json.loads(line[5:])
    raise RuntimeError("%s printed no cost figures:\n%s" % (where, text[-2000:]))


def run_mpy(mode):
    """Run the cost script in MicroPython: mode "lines" (settrace) or "time"."""
    cmd = ["node", RUNNER]
    if mode == "lines":
        cmd += ["--variant", "settrace"]
    cmd += ["--mount", os.path.join(ROOT, "shared") + ":/shared", "--path", "/shared"]
    cmd += ["--exec", cost_script(mode)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError("MicroPython failed:\n" + proc.stderr[-2000:])
    return _parse_cost(proc.stdout, "MicroPython")


def run_cpython():
    proc = subprocess.run(
        [sys.executable, "-c", cost_script("time")],
        capture_output=True,
        text=True,
        timeout=1200,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "shared")),
    )
    if proc.returncode:
        raise RuntimeError("CPython failed:\n" + proc.stderr[-2000:])
    return _parse_cost(proc.stdout, "CPython")


def hint_cost():
    """Per position and level: lines, MicroPython ms, heap growth, CPython ms."""
    lines = run_mpy("lines")
    timed = run_mpy("time")
    cpy = run_cpython()
    rows = []
    for k in range(len(lines["rows"])):
        rules, moves, level, n, _, _, move = lines["rows"][k]
        t = timed["rows"][k]
        c = cpy["rows"][k]
        # MicroPython here reads the tables from files, a piece at a time, as a
        # board without ROMFS does, and the device level then looks ahead for
        # fewer candidates (ai_symbols.device_width): its move may be CPython's
        # or not. Every other move is the same on both.
        if move != t[6] or (level != "device" and move != c[6]):
            raise RuntimeError("hint differs between runs at %s %d %s" % tuple(t[:3]))
        rows.append(
            {
                "rules": rules,
                "moves_played": moves,
                "level": level,
                "lines": n,
                "mpy_ms": t[4],
                "heap_bytes": t[5],
                "cpython_ms": round(c[4], 2),
                "ratio": round(t[4] / c[4], 1) if c[4] else None,
                "move": move,
            }
        )
    return {"tables_heap_bytes": timed["tables"], "hints": rows}


# ---- hints on the emulated Pico ------------------------------------------------
# Every position of PICO_SEEDS' games of each dice rule set, played by the device
# level, gets the device hint timed on the emulated Pico (the game as `host flash`
# installs it: bench pico's flashed image), the search alone.
PICO_RULES = (
    "symbols-basic",
    "symbols-advanced",
    "digits",
    "digits-cc",
    "digits-versus",
)
PICO_SEEDS = (3, 11)
# When the hint's search starts after A goes down (crisscross.dice.session
# HINT_START_MS) and when the long press comes (buttons.LONG_MS): a search that
# takes longer than their difference shows its hint that much after the press.
PICO_START_MS = {"symbols": 0, "digits": 150}
PICO_LONG_MS = 600
PICO_SCRIPT = r"""
import gc, time
from crisscross.dice import ai
from crisscross.dice.symbols import SymbolsGame
from crisscross.dice.digits import DigitsGame

def game(rules, seed):
    if rules.startswith("digits"):
        v = rules[7:]
        return DigitsGame(seed, 2 if v == "versus" else 1, v)
    return SymbolsGame(seed, 1, rules == "symbols-advanced")

out = []
for seed in SEEDS:
    g = game(RULES, seed)
    while not g.over:
        gc.collect()
        t0 = time.ticks_ms()
        move, value = ai.hint(g, "device")
        out.append(time.ticks_diff(time.ticks_ms(), t0))
        g.place(move)
print("PICO", out)
"""


def pico_hints(rules=PICO_RULES, seeds=PICO_SEEDS, log=None):
    """{rules: {"positions", "search_ms_max", "search_ms_mean", "after_long_ms_max"}}:
    the device hint's search on the emulated Pico (python3 -m host bench pico's
    flashed image, booted, the game stopped at the REPL)."""
    from host.bench import pico
    from host.emu.board import Board

    image = pico.flashed_image(log=log)
    out = {}
    for r in rules:
        board = Board(flash_path=image, save=False, elf="")
        try:
            board.power_on()
            board.run_ms(2500)
            code = "RULES = %r\nSEEDS = %r\n" % (r, seeds) + PICO_SCRIPT
            text = board.exec(code, timeout_ms=3600 * 1000)
        finally:
            board.close()
        got = [ln for ln in text.splitlines() if ln.startswith("PICO ")]
        if not got:
            raise RuntimeError("the board printed no hint times:\n" + text[-2000:])
        ms = json.loads(got[0][5:])
        start = PICO_START_MS[r.split("-")[0]]
        out[r] = {
            "positions": len(ms),
            "search_ms_max": max(ms),
            "search_ms_mean": round(sum(ms) / len(ms), 1),
            "after_long_ms_max": max(0, max(ms) + start - PICO_LONG_MS),
        }
        if log:
            log("bench ai --pico: %s %r" % (r, out[r]))
    return out


COST_COLUMNS = (
    ("rules", "%-17s"),
    ("moves", "%5d", "moves_played"),
    ("level", "%-9s"),
    ("lines", "%9d"),
    ("mpy ms", "%8d", "mpy_ms"),
    ("heap bytes", "%10d", "heap_bytes"),
    ("cpy ms", "%8.2f", "cpython_ms"),
    ("ratio", "%6s"),
)


def format_cost(cost):
    title = "hint cost in MicroPython 1.29 (WebAssembly); tables: %d bytes of heap"
    rows = [cli.cells(COST_COLUMNS, r) for r in cost["hints"]]
    return "\n".join([title % cost["tables_heap_bytes"], cli.table(COST_COLUMNS, rows)])


PICO_COLUMNS = (
    ("rules", "%-17s"),
    ("positions", "%9d"),
    ("search max ms", "%13d", "search_ms_max"),
    ("mean", "%7.1f", "search_ms_mean"),
    ("after long press", "%16d", "after_long_ms_max"),
)


def format_pico(fig):
    rows = [cli.cells(PICO_COLUMNS, dict(v, rules=k)) for k, v in fig.items()]
    title = (
        "device hint on the emulated Pico: the search from A's press (symbols) "
        "or 150 ms after it (digits); the hint is due at the long press, 600 ms"
    )
    return "\n".join([title, cli.table(PICO_COLUMNS, rows)])
