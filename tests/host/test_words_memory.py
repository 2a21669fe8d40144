"""The word game's heap under real MicroPython, measured step by step.

The WebAssembly build collects garbage only between calls from JavaScript, so each
step is its own `runPython` and the live heap is read after a collection in the next.
"""

import json
import os
import subprocess

from mpy import ROOT

DRIVER = """
import { load, copyTree } from %(runner)s;
const out = [];
const mp = await load("default", { write: (s) => out.push(s) }, process.stderr);
copyTree(mp, %(shared)s, "/shared");
const live = () => { out.length = 0; mp.runPython("import gc\\ngc.collect()\\nprint(gc.mem_alloc())"); return Number(out.join("").trim()); };
mp.runPython("import sys\\nsys.path.insert(0, '/shared')\\nimport time\\nfrom crisscross.words import autoplay, rules\\nfrom crisscross.words.game import Game\\nfrom crisscross.words.dictionary import Dictionary");
const base = live();
mp.runPython("d = Dictionary(cache=2)\\nfor w in ('house', 'zygote', 'aardvark', 'quiz', 'nothing', 'qqq'):\\n    d.contains(w)\\n    d.has_prefix(w[:4])");
const dict = live() - base;
mp.runPython("g = Game(2, 1, rules.Options(), d)");
const moves = [];
for (let i = 0; i < 8; i++) {
  const before = live();
  out.length = 0;
  mp.runPython("t = time.ticks_ms()\\na = autoplay.take_turn(g, autoplay.DEFAULT_BUDGET)\\nprint(time.ticks_diff(time.ticks_ms(), t), gc.mem_alloc())");
  const [ms, end] = out.join(" ").trim().split(/\\s+/).map(Number);
  // `end - before`: everything allocated in the move, garbage included: an upper
  // bound of the move's peak heap.
  moves.push({ ms, live: live() - base, allocated: end - before });
}
console.log(JSON.stringify({ dict, moves }));
"""


def measure():
    script = DRIVER % {
        "runner": json.dumps("file://" + os.path.join(ROOT, "host", "mpy", "run.mjs")),
        "shared": json.dumps(os.path.join(ROOT, "shared")),
    }
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_dictionary_and_ai_fit_a_small_heap():
    m = measure()
    print(m)  # -s shows the figures: time per AI move and allocation per move
    # The open dictionary with two decoded blocks cached: a few kilobytes.
    assert m["dict"] < 10 * 1024, m["dict"]
    # A game in progress (board, hands, log) stays far below an ESP32's heap.
    for move in m["moves"]:
        assert move["live"] < 48 * 1024, m
