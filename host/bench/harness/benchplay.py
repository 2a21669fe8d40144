"""Scripted play for `make bench`: one press per step, on any interpreter.

Used as the SETUP of host/mpy/step.mjs (MicroPython, one step per runPython call)
and imported by host/bench/lines.py (CPython, for the wall-time comparison). It
defines the two globals step.mjs calls:
  _plan()  picks the next event from the script (sets _name, _kind; None at the end)
  _step()  presses that button of the real App: its edges (crisscross.presses:
           down at t, up TAP_MS or HOLD_MS later) go to a crisscross.buttons
           Buttons, and frames of the firmware's main loop (poll, events to
           the app, tick, render) run at each edge and at the long-press time.
Scripts (sys.argv[1:] under step.mjs, or setup(args)):
  play FAMILY RULES   menus, a whole game with a hint every round, the results,
                      back to the title menu, the high scores (RULES as the New
                      game screen names them, e.g. Advanced); for cards a game
                      against one AI, each turn two hand moves, a hint and A;
                      for words a whole game against one quick AI (each turn
                      a cursor tour, a hint, its word laid; the AI thinks over
                      ticks), saved, quit and continued on the way, the results
  costs               boot, then on the play screen: redraws, cursor moves, hints
                      (REPEATS of each, for a median time)
  alloc N             boot, then a step making N bytes of garbage and one keeping
                      N bytes live (tests of the meter itself)
Step kinds: boot, menu, move (cursor and turn on the play screen), hint, place,
roll, results, tick (time passes, no key); in the costs script: redraw, cursor,
hint (menu steps are set-up).
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

try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


SEED = 5  # the dice of every benchmark game: figures repeat run after run
TODAY = (2026, 11, 22)
SAVE_DIR = "/saves"  # in MicroPython's own filesystem: every run starts empty
REPEATS = 5  # timed repetitions of each probe in the costs script
MOVES = ("right", "down", "left", "up", "b")  # a cursor tour each round, a turn
CURSOR_TOUR = ("right", "down", "left", "up", "right")
CARD_WAIT_MS = 1300  # longer than the card game shows a move (FLASH_MS)
CARD_STEPS = 600  # a card game against one AI takes a few hundred steps
WORD_PLAYS = 4  # human turns before the word game is saved, quit and continued
WORD_MAX_TURNS = 200  # a guard: a game against one AI ends in about 30 turns
WORD_TICK_MS = 20  # a tick of the firmware's loop while a search runs
WORD_TICKS = 400  # more than any search takes (a slice per tick)
WORD_CLEAR_MS = 6000  # longer than any message shows
WORD_TOUR = ("right", "down", "left", "up")  # the cursor on the table each turn

_name = None
_kind = None
_lines = 0
_us = 0
_freed = 0
_script = None
_tracing = False
_driver = None
_kept = []  # what keep:N steps hold on to
_pad = None  # --pad N: a live block that moves the app to other addresses
_word_turns = 0  # --word-turns N: the word game stops after N turns (0: plays out)
_event = None  # (button, ms held) of the next press
STEP_MS = 50  # each press 50 ms after the last release, as tests/portable/appdriver.py
# Frames while a button is down: at the edges and at buttons.LONG_MS, no more (a
# frame with nothing to do is not what a step measures).
FRAME_MS = 600


def _today():
    return TODAY


class Rig:
    """The App as firmware/pocket/setup.py builds it: a 128x64 canvas, saves in
    files (not in the heap, as the tests' MemoryStorage keeps them), the clock.
    Not tests/portable/appdriver.py: importing it loads the play screen at boot
    and its own code would count as the app's."""

    def __init__(self):
        try:
            import framebuf
        except ImportError:  # CPython (host/bench/lines.py): the host's canvas
            from host.screen import fbcanvas as framebuf
        from crisscross.app import App
        from crisscross.storage import FolderStorage

        self.buf = bytearray(1024)
        self.canvas = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.now = 1000
        root = SAVE_DIR
        if sys.implementation.name != "micropython":  # not the PC's own root
            import tempfile

            root = tempfile.mkdtemp(prefix="bench-saves-")
        self.app = App(self.canvas, FolderStorage(root), self.now, SEED, _today)
        self.app.render()
        from crisscross.buttons import Buttons

        self.buttons = Buttons()  # as firmware/pocket/setup.py makes it

    def step(self, now):
        """One frame of the firmware's loop (presses.hold runs them)."""
        presses.run_frame(self.app, self.buttons, now)


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
    global _driver
    if name == "boot":
        _driver = Rig()
    elif name == "redraw":
        _driver.app.dirty = True
        _driver.app.render()
    elif name.startswith("garbage:"):  # N bytes that are garbage at the step's end
        junk = [bytearray(16) for _ in range(int(name[8:]) // 32)]
        del junk
    elif name.startswith("keep:"):  # N bytes that stay live
        _kept.append(bytearray(int(name[5:])))
    elif name.startswith("wait:"):  # no key: time passes, the loop ticks
        d = _driver
        d.now += int(name[5:])
        d.app.tick(d.now)
        d.app.render()
    else:
        # What Driver.press does for one press, minus parsing the name (harness
        # work, done in _plan): its edges, and the loop's frames between them.
        d = _driver
        d.now = presses.hold(d, _event[0], d.now + STEP_MS, _event[1], FRAME_MS)


def _flip():
    """Invert the frame buffer in place (step.mjs reads the heap both ways: four
    bytes of pixels can look like an address to the conservative collector)."""
    if _driver is not None:
        buf = _driver.buf
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


# ---- the scripts ---------------------------------------------------------------
# The scripts are generators, suspended between steps. A suspended generator's
# frame is a heap object that the collector scans whole, the stale slots of its
# value stack included: an app object a script looked at inline (say
# `app.screen.cells()`) can stay in a slot after the expression is done and keep
# a screen, and the module it was unloaded from, alive and counted as the app's
# heap. So the scripts never touch the app's objects themselves: they ask these
# functions, which return plain values and whose frames are gone on return.
def _screen(name):
    return type(_driver.app.screen).__name__ == name


def _holds(test):
    """test(screen) as a bool."""
    return bool(test(_driver.app.screen))


def _index(label):
    return _driver.app.screen.items.index(label)


def _selected():
    return _driver.app.screen.selected


def _row_key():
    """The key of the New game screen's current row."""
    scr = _driver.app.screen
    return scr.rows()[scr.row][0]


def _toast_up():
    return _driver.app._toast is not None


def _game_over():
    return bool(_driver.app.session.game.over)


def _dice_placed():
    """The dice game's session is at PLACED (the sheet filled, before A)."""
    return _driver.app.session.phase == sys.modules["crisscross.dice.session"].PLACED


def _choose(label):
    """Up/down presses and A that pick `label` in the current list menu."""
    target = _index(label)
    while _selected() != target:
        yield ("down" if target > _selected() else "up"), "menu"
    yield "a", "menu"


def _set_row(key, wanted):
    """On New game: go to row `key`, then press right until wanted() holds."""
    for _ in range(20):
        if _row_key() == key:
            break
        yield "down", "menu"
    for _ in range(10):
        if _holds(wanted):
            return
        yield "right", "menu"
    raise RuntimeError("new game: cannot set " + key)


def _new_game(family, rules):
    """From the title: New game, the family, the rules (as the row shows them)."""
    yield from _choose("New game")
    yield from _set_row("game", lambda s: s.family() == family)
    yield from _set_row("rules", lambda s: s.rows()[s.row][2] == rules)
    while _row_key() != "start":
        yield "down", "menu"
    yield "a", "menu"


def _play_round(hint=True):
    """One human turn on the play screen, as a careful player takes it."""
    for key in MOVES:
        # digits: B opens the menu instead
        if key != "b" or _holds(lambda s: s.symbols):
            yield key, "move"
    if hint:
        yield "long-a", "hint"
    yield "a", "place"  # (on the hint's message: it closes, and A places)
    if _holds(lambda s: s.asking is not None):
        yield "a", "place"  # consent: the placement leaves a lone cell
    if _dice_placed():
        # After the last placement A leads to the results: not steady play.
        yield "a", "results" if _game_over() else "roll"


def play(family, rules):
    yield "boot", "boot"
    yield from _choose("Rules")
    yield "a", "menu"  # the first game's rules
    for _ in range(3):
        yield "down", "menu"
    yield "b", "menu"
    yield "b", "menu"
    yield from _choose("High scores")
    yield "b", "menu"
    yield from _new_game(family, rules)
    for _ in range(200):  # a game has at most a few dozen turns
        if _game_over():
            break
        if _screen("Handover"):
            yield "a", "menu"
        yield from _play_round()
    if not _screen("Results"):
        raise RuntimeError("the game did not reach the results screen")
    yield "a", "results"
    for _ in range(3):
        yield "down", "results"
    yield "b", "results"
    yield "b", "results"
    if not _screen("Title"):
        raise RuntimeError("the results did not lead back to the title menu")
    yield from _choose("High scores")
    yield "down", "menu"
    yield "b", "menu"


def _cards_next():
    """The next events of the card game, or None once it has left its play
    screen. A function, so that the generator holds nothing of the app while
    suspended (its locals would stay live and count as the app's heap)."""
    app = _driver.app
    scr = app.screen
    name = type(scr).__name__
    if name == "Handover":
        return (("a", "menu"),)
    if name != "CardsPlay":
        return None
    cs = sys.modules["crisscross.cards.session"]
    if scr.show is not None or app.session.phase != cs.PLAY:
        return (("wait:%d" % CARD_WAIT_MS, "tick"),)
    hand = (("right", "move"), ("left", "move")) if scr.can_play() else ()
    return hand + (("long-a", "hint"), ("a", "place"))


def _cards_game():
    """Against the AI: each turn two hand moves, a hint, then A puts the hinted
    card (or passes); shown moves and the AI's turns go by with the clock."""
    for _ in range(CARD_STEPS):
        events = _cards_next()
        if events is None:
            return
        yield from events
    raise RuntimeError("the card game did not end")


def cards(rules):
    yield "boot", "boot"
    yield from _choose("Rules")
    yield "down", "menu"
    yield "down", "menu"
    yield "a", "menu"  # the card game's rules
    yield "b", "menu"
    yield "b", "menu"
    yield from _new_game("cards", rules)
    yield from _cards_game()
    if not _screen("CardsResults"):
        raise RuntimeError("the card game did not reach its results")
    yield "a", "results"
    yield "b", "results"
    yield "b", "results"
    yield from _choose("High scores")
    yield "b", "menu"


def _words_busy():
    """Whether the hint or an AI seat is searching (the thinking screen), or an
    AI seat moves next (the play screen hands over to it on a tick)."""
    if _screen("WordsThink"):
        return True
    ws = sys.modules["crisscross.words.session"]
    return _screen("WordsPlay") and _driver.app.session.phase == ws.AI_TURN


def _words_think():
    """Ticks until the hint or the AI's turn has finished searching."""
    for _ in range(WORD_TICKS):
        if not _words_busy():
            return
        yield "wait:%d" % WORD_TICK_MS, "tick"
    raise RuntimeError("the word game's search did not end")


def _words_turn():
    """One human turn against the AI: the cursor, a hint, then its word laid
    (or cards drawn through the menu when it finds none); the AI's reply."""
    if _toast_up():
        yield "wait:%d" % WORD_CLEAR_MS, "tick"  # the AI's news: read, gone
    for key in WORD_TOUR:
        yield key, "move"
    yield "long-a", "hint"
    yield from _words_think()
    if _toast_up():
        yield "wait:%d" % WORD_CLEAR_MS, "tick"  # "no play found"
    if _holds(lambda s: s.cells()):
        yield "a", "place"  # the hint leaves the strip on OK: lay the word
    else:
        yield "long-b", "menu"
        yield from _choose("Draw cards")
    yield from _words_think()


def words(rules):
    """Menus, a whole game against one quick AI (a hint and its word every turn),
    saved, quit and continued after WORD_PLAYS turns, the results, back to the
    title, the high scores. With --word-turns N: N turns, then the menu's Abandon."""
    yield "boot", "boot"
    yield from _choose("Rules")
    for _ in range(3):
        yield "down", "menu"
    yield "a", "menu"  # the word game's rules
    yield "b", "menu"
    yield "b", "menu"
    yield from _new_game("words", rules)
    yield from _words_think()  # the AI may move first
    turns = 0
    while _screen("WordsPlay") and (not _word_turns or turns < _word_turns):
        if turns == WORD_PLAYS:
            if _toast_up():  # a message: read it first
                yield "wait:%d" % WORD_CLEAR_MS, "tick"
            yield "long-b", "menu"
            yield from _choose("Save & quit")
            yield from _choose("Continue")
            yield from _words_think()
        turns += 1
        if turns > WORD_MAX_TURNS:
            raise RuntimeError("the word game did not end")
        yield from _words_turn()
    if _screen("WordsPlay"):  # stopped early: abandon it
        if _toast_up():
            yield "wait:%d" % WORD_CLEAR_MS, "tick"
        yield "long-b", "menu"
        yield from _choose("Abandon game")
        yield "a", "menu"  # "Abandon game?": yes
    elif _screen("WordsResults"):
        yield "wait:%d" % WORD_CLEAR_MS, "results"  # the last news: read, gone
        yield "a", "results"
    if not _screen("Title"):
        raise RuntimeError("the word game did not lead back to the title")
    yield from _choose("High scores")
    yield "b", "menu"


def costs(family="symbols", rules="Advanced"):
    yield "boot", "boot"
    yield from _new_game(family, rules)
    for name, _ in _play_round(hint=False):  # a first placement: a realistic sheet
        yield name, "menu"
    for _ in range(REPEATS):
        yield "redraw", "redraw"
    for key in CURSOR_TOUR[:REPEATS]:
        yield key, "cursor"
    for _ in range(REPEATS):
        yield "long-a", "hint"


def alloc(n):
    yield "boot", "boot"
    yield "garbage:%d" % n, "probe"
    yield "keep:%d" % n, "probe"
    yield "redraw", "redraw"


def setup(args):
    """Choose the script: ['play', family, rules] | ['costs'] | ['alloc', n]."""
    global _script, _tracing, _pad
    args = list(args)
    _tracing = "--trace" in args
    if _tracing:
        args.remove("--trace")
    if "--word-turns" in args:  # a shorter word game: N turns, then Abandon
        k = args.index("--word-turns")
        global _word_turns
        _word_turns = int(args[k + 1])
        del args[k : k + 2]
    benchguard.take()
    if "--pad" in args:
        # Shifts every later object to other addresses (see host/bench/app.py).
        k = args.index("--pad")
        _pad = bytearray(int(args[k + 1]))
        del args[k : k + 2]
    _count_collections()
    what = args[0] if args else "play"
    if what == "play" and args[1:2] == ["cards"]:
        _script = cards(*args[2:])
    elif what == "play" and args[1:2] == ["words"]:
        _script = words(*args[2:])
    elif what == "play":
        _script = play(*(args[1:] or ("symbols", "Advanced")))
    elif what == "costs":
        _script = costs(*args[1:])
    elif what == "alloc":
        _script = alloc(int(args[1]))
    else:
        raise ValueError("unknown script " + what)


if __name__ == "__main__":
    setup(sys.argv[1:])
