// Drive a program inside real MicroPython one step per runPython call, and measure.
//
//   node host/mpy/step.mjs [--variant settrace] [--mount HOSTDIR:MPDIR]... \
//        [--path MPDIR]... SETUP.py [-- ARGS...]
//
// SETUP.py runs once and must define two functions in the global scope:
//   _plan()  picks the next step: sets the globals _name and _kind, or _name = None
//            when the script is over. Not measured (it is the harness, not the app).
//   _step()  performs the step chosen by _plan(). Measured.
// It may set the global _lines (an int) inside _step, e.g. from a sys.settrace
// counter, and _us (an int, microseconds the step took by its own clock); each is
// reported per step when present. If the program collects garbage
// itself during a step, SETUP should add the bytes each collection freed to the
// global _freed (reset to 0 before every step), so they still count as allocated.
//
// Why one call per step: this build of MicroPython never collects garbage in the
// middle of a runPython call (not even an explicit gc.collect()), so the heap only
// shows what is live when control is back in JavaScript. Between steps we collect
// and read gc.mem_alloc() (the live heap); within a step, mem_alloc() at its end
// minus at its start is every byte the step allocated (its allocation burst).
//
// Prints one line "STEPS-JSON {...}" on stdout:
//   {"baseline": live bytes after SETUP, before the first step,
//    "steps": [{"name", "kind", "alloc", "live", "ms", "lines"?, "us"?}, ...]}
// ms is the step's wall time by Node's clock (MicroPython's own clock only ticks
// in whole milliseconds in this port).
// Python's own output goes to stderr. An uncaught exception exits with status 1.
import fs from "node:fs";
import { copyTree, load } from "./run.mjs";

const MARKER = "STEPS-JSON ";
const MAX_STEPS = 100000; // a runaway script is a bug in the script: stop it
const SCRUB_DEPTHS = [40, 7, 23]; // one reading after each: nested calls overwrite stale words
const SCRUB =
  "def _scrub(n):\n" +
  "    a = b = c = d = e = f = g = h = None\n" +
  "    if n:\n" +
  "        _scrub(n - 1)\n" +
  "    return [a, b, c, d, e, f, g, h] if n == 1 else None\n";

function usage() {
  console.error("usage: step.mjs [--variant V] [--mount HOST:MP]... [--path MP]... SETUP.py [-- ARGS]");
  return 2;
}

function parseArgs(argv) {
  const o = { variant: "default", mounts: [], paths: [], file: null, args: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--variant") o.variant = argv[++i];
    else if (a === "--mount") o.mounts.push(argv[++i]);
    else if (a === "--path") o.paths.push(argv[++i]);
    else if (a === "--") { o.args = argv.slice(i + 1); break; }
    else if (o.file === null) o.file = a;
    else return null;
  }
  return o.file === null ? null : o;
}

// Live heap: collect in a call of its own (so nothing of the caller is on the
// stack), then read. The statements are tiny and the same every time, so the
// bytes their own compiled code takes cancel out against the baseline.
// The collector is conservative: any word that looks like a heap address keeps
// that block alive, whether it is a stale word on the C stack or four bytes of
// pixels in a frame buffer. Such a false pointer can keep a whole unloaded module
// looking live. So the stack is first overwritten by harmless calls, and if
// SETUP defines _flip() (which inverts its raw byte buffers in place; a second
// call restores them) a second reading is taken with the buffers inverted. The
// smaller reading counts: false pointers only ever add.
function liveHeap(mp, flip) {
  let best = Infinity;
  for (const depth of SCRUB_DEPTHS) {
    if (flip) mp.runPython("_flip()");
    mp.runPython(`_scrub(${depth})`);
    mp.runPython("gc.collect()");
    mp.runPython("_heap = gc.mem_alloc()");
    best = Math.min(best, mp.globals.get("_heap"));
  }
  if (flip && SCRUB_DEPTHS.length % 2) mp.runPython("_flip()"); // back as it was
  return best;
}

async function main(argv) {
  const o = parseArgs(argv);
  if (o === null) return usage();
  const mp = await load(o.variant, process.stderr, process.stderr);
  for (const m of o.mounts) {
    const k = m.lastIndexOf(":");
    copyTree(mp, m.slice(0, k), m.slice(k + 1));
  }
  const prelude =
    "import gc, sys\n" +
    o.paths.map((p) => `sys.path.insert(0, ${JSON.stringify(p)})\n`).join("") +
    `sys.argv[:] = ${JSON.stringify([o.file, ...o.args])}\n` +
    SCRUB +
    "_heap = _a0 = _a1 = _lines = _us = _freed = 0\n_name = _kind = None\n";
  const steps = [];
  try {
    mp.runPython(prelude);
    mp.runPython(fs.readFileSync(o.file, "utf8"));
    // Warm the measuring statement once so its first run's costs are not a step's.
    mp.runPython("_freed = 0; _a0 = gc.mem_alloc(); _a1 = gc.mem_alloc()");
    mp.runPython("_has_flip = '_flip' in globals()");
    const flip = mp.globals.get("_has_flip") === true;
    const baseline = liveHeap(mp, flip);
    for (let n = 0; n < MAX_STEPS; n++) {
      mp.runPython("_plan()");
      const name = mp.globals.get("_name");
      if (name === null || name === undefined) break;
      const kind = mp.globals.get("_kind");
      liveHeap(mp, flip);
      const t0 = performance.now();
      mp.runPython("_freed = 0; _a0 = gc.mem_alloc(); _step(); _a1 = gc.mem_alloc()");
      const ms = performance.now() - t0;
      const rec = {
        name: String(name),
        kind: String(kind),
        alloc: mp.globals.get("_a1") - mp.globals.get("_a0") + mp.globals.get("_freed"),
        ms: Math.round(ms * 1000) / 1000,
      };
      rec.live = liveHeap(mp, flip);
      const lines = mp.globals.get("_lines");
      if (typeof lines === "number" && lines > 0) rec.lines = lines;
      const us = mp.globals.get("_us");
      if (typeof us === "number" && us > 0) rec.us = us;
      steps.push(rec);
    }
    process.stdout.write(MARKER + JSON.stringify({ baseline, steps }) + "\n");
  } catch (e) {
    const msg = String(e && e.message ? e.message : e);
    process.stderr.write(msg.endsWith("\n") ? msg : msg + "\n");
    return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
