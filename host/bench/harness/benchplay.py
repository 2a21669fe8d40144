"""Scripted play for `make bench`: one press per step, on any interpreter.

The SETUP of host/mpy/step.mjs (MicroPython, one step per runPython call), which
runs this file's text; host/bench/app.py mounts this folder as /harness and puts
it on sys.path, so that the imports below find the harness's other modules.
Imported by host/bench/lines.py (CPython, for the wall-time comparison) with this
folder on sys.path. It defines the two globals step.mjs calls:
  _plan()  picks the next event from the script (sets _name, _kind; None at the end)
  _step()  presses that button of the real App: its edges (crisscross.presses:
           down at t, up TAP_MS or HOLD_MS later) go to a crisscross.buttons
           Buttons, and frames of the firmware's main loop (poll, events to
           the app, tick, render) run at each edge and at the long-press time.
The harness's modules, all loaded before step.mjs takes its baseline:
  benchscripts  the scripts (sys.argv[1:] under step.mjs, or setup(args)):
                play FAMILY RULES, costs, alloc N
  benchrig      the App as the board builds it, and what the scripts ask of it
  benchguard    the block that keeps a false pointer of the port off the app
Add `--word-turns N` to stop the word game after N turns (quick runs),
`--trace` to count executed lines of crisscross code per step in _lines
(needs a sys.settrace build: step.mjs --variant settrace), `--pad N` to hold N
bytes before the baseline, so that the app's objects sit at other addresses.
"""

import gc
import sys

# Built into the boards' firmware (C, no heap), but Python modules in the
# WebAssembly port (binascii among them): loaded before step.mjs takes its
# baseline, so the app is not charged for the port's standard library.

try:
    import binascii  # noqa: F401 (loaded for the baseline, not used)
except ImportError:
    pass

# The harness's own presses and modules: loaded before the baseline.
from crisscross import presses

import benchguard
import benchrig
import benchscripts

try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


_name = None
_kind = None
_lines = 0
_us = 0
_freed = 0
_script = None
_tracing = False
_kept = []  # what keep:N steps hold on to
_pad = None  # --pad N: a live block that moves the app to other addresses
_event = None  # (button, ms held) of the next press
STEP_MS = 50  # each press 50 ms after the last release, as tests/portable/appdriver.py
# Frames while a button is down: at the edges and at buttons.LONG_MS, no more (a
# frame with nothing to do is not what a step measures).
FRAME_MS = 600


# ---- counting what the app does --------------------------------------------
def _count_collections():
    """Count what the app's own gc_collect() frees during a step as allocated."""
    import crisscross.compat as compat

    real = compat.gc_collect

    def collect():
        global _freed
        before = gc.mem_alloc()
        real()
        _freed += before - gc.mem_alloc()

    if hasattr(gc, "mem_alloc"):
        compat.gc_collect = collect


def _tracer(frame, event, arg):
    """sys.settrace hook: count 'line' events in crisscross modules only."""
    global _lines
    if event == "call":
        return _tracer if "crisscross" in frame.f_code.co_filename else None
    if event == "line":
        _lines += 1
    return _tracer


# ---- what one step does ------------------------------------------------------
def _do(name):
    if name == "boot":
        benchrig.rig = benchrig.Rig()
    elif name == "redraw":
        benchrig.rig.app.dirty = True
        benchrig.rig.app.render()
    elif name.startswith("garbage:"):  # N bytes that are garbage at the step's end
        junk = [bytearray(16) for _ in range(int(name[8:]) // 32)]
        del junk
    elif name.startswith("keep:"):  # N bytes that stay live
        _kept.append(bytearray(int(name[5:])))
    elif name.startswith("wait:"):  # no key: time passes, the loop ticks
        d = benchrig.rig
        d.now += int(name[5:])
        d.app.tick(d.now)
        d.app.render()
    else:
        # What Driver.press does for one press, minus parsing the name (harness
        # work, done in _plan): its edges, and the loop's frames between them.
        d = benchrig.rig
        d.now = presses.hold(d, _event[0], d.now + STEP_MS, _event[1], FRAME_MS)


def _flip():
    """Invert the frame buffer in place (step.mjs reads the heap both ways: four
    bytes of pixels can look like an address to the conservative collector)."""
    if benchrig.rig is not None:
        buf = benchrig.rig.buf
        for i in range(len(buf)):
            buf[i] ^= 0xFF


def _plan():
    global _name, _kind, _event
    try:
        _name, _kind = next(_script)
    except StopIteration:
        _name = _kind = None
        return
    _event = presses.parse(_name)


def _step():
    global _lines, _us
    _lines = _us = 0
    if _tracing and _kind != "menu":
        sys.settrace(_tracer)
        try:
            _do(_name)
        finally:
            sys.settrace(None)
        return
    t0 = ticks_us()
    _do(_name)
    _us = ticks_diff(ticks_us(), t0)


def setup(args):
    """Choose the script: ['play', family, rules] | ['costs'] | ['alloc', n]."""
    global _script, _tracing, _pad
    args = list(args)
    _tracing = "--trace" in args
    if _tracing:
        args.remove("--trace")
    word_turns = 0  # --word-turns N: the word game stops after N turns
    if "--word-turns" in args:
        k = args.index("--word-turns")
        word_turns = int(args[k + 1])
        del args[k : k + 2]
    benchguard.take()
    if "--pad" in args:
        # Shifts every later object to other addresses (see host/bench/app.py).
        k = args.index("--pad")
        _pad = bytearray(int(args[k + 1]))
        del args[k : k + 2]
    _count_collections()
    what = args[0] if args else "play"
    s = benchscripts
    if what == "play" and args[1:2] == ["cards"]:
        _script = s.cards(*args[2:])
    elif what == "play" and args[1:2] == ["words"]:
        _script = s.words(*args[2:], stop_after=word_turns)
    elif what == "play":
        _script = s.play(*(args[1:] or ("symbols", "Advanced")))
    elif what == "costs":
        _script = s.costs(*args[1:])
    elif what == "alloc":
        _script = s.alloc(int(args[1]))
    else:
        raise ValueError("unknown script " + what)


if __name__ == "__main__":
    setup(sys.argv[1:])
