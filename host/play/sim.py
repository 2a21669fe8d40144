"""`python3 -m host sim`: the desktop simulator, in a window or headless.

- `Device`: the handheld as a host runs it: the 128x64 canvas, the storage,
  and button edges turned into app events (crisscross.buttons), on a given clock.
  `host.play.term` drives the same class.
- the window (host/play/window.py: `Simulator`, the drawn handheld in pygame), opened
  by `run_window`.
- `--headless`: replays a key file (host.play.keyscript) on a fake clock and writes the
  last frame as PNG, raw MONO_VLSB bytes or ASCII art; no display is touched.
"""

import argparse
import os
import sys
import time

from crisscross import buttons, presses, sharecode
from host.play import seed_arg
from host.play import hostclock, keyscript
from host.screen import fbcanvas, render
from host.play.window import NoDisplay, Simulator, init_display
from host import Parser

WIDTH = render.WIDTH
HEIGHT = render.HEIGHT
MAX_SCALE = 20

FPS = 60  # window frames per second; buttons.poll runs once per frame
FRAME_MS = 20  # fake-clock frame length in headless replays
EVENT_MS = 50  # fake time that passes after each key of a key file

APP_DIR_NAME = "crisscross-pocket"

# pygame prints a banner on import unless told not to; it would spoil --ascii.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def load_app_class():
    """The game's App class; a function so tests can put a stand-in app here."""
    from crisscross.app import App

    return App


def default_data_dir():
    """Where saves live on a PC: $XDG_DATA_HOME/crisscross-pocket."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(base, APP_DIR_NAME)


def open_storage(path, err=None):
    """A FolderStorage on path, created if needed; memory (with a warning) if not."""
    from crisscross.storage import FolderStorage
    from crisscross.memory_storage import MemoryStorage

    err = err or sys.stderr
    path = os.path.abspath(os.path.expanduser(path))
    try:
        above = path
        while not os.path.exists(above):  # the first part of the path that is there
            above = os.path.dirname(above)
        if not os.path.isdir(above):
            raise OSError("%s is a file, not a folder" % above)
        storage = FolderStorage(path)
        if not os.access(path, os.W_OK | os.X_OK):
            raise OSError("the folder is not writable")
        return storage
    except OSError as e:
        reason = e.strerror or str(e)
        err.write(
            "warning: cannot keep saves in %s (%s); playing without saving\n"
            % (path, reason)
        )
        return MemoryStorage()


class Device:
    """A game on a host: canvas + storage + buttons, fed one frame at a time."""

    def __init__(self, storage, now, seed=None, app_class=None, today=None):
        self.frame = bytearray(render.frame_bytes(WIDTH, HEIGHT))
        self.canvas = fbcanvas.FrameBuffer(
            self.frame, WIDTH, HEIGHT, fbcanvas.MONO_VLSB
        )
        self.buttons = buttons.Buttons()
        app_class = app_class or load_app_class()
        if today is None:  # replays: no calendar, so the same keys give the same frames
            self.app = app_class(self.canvas, storage, now, seed=seed)
        else:
            self.app = app_class(self.canvas, storage, now, seed=seed, today=today)
        # Hosts without key-up events (terminal, key files) hold a button until here.
        self._release_at = [None] * buttons.COUNT

    def down(self, button, now):
        self._release_at[button] = None
        self.buttons.down(button, now)

    def up(self, button, now):
        self._release_at[button] = None
        self.buttons.up(button, now)

    def press(self, button, now):
        """A tap from a host without key-ups: down now, up presses.TAP_MS later."""
        self.hold(button, now, presses.TAP_MS)

    def hold(self, button, now, ms=presses.HOLD_MS):
        """Press now and release ms later (during a later step)."""
        self.up(button, now)
        self.buttons.down(button, now)
        self._release_at[button] = now + ms

    def holding(self, button):
        """Whether `button` is held by hold() and its release is still to come."""
        return self._release_at[button] is not None

    def held_mask(self):
        return sum(1 << b for b in range(buttons.COUNT) if self.buttons.held(b))

    def step(self, now):
        """One frame: button timers, events to the app, app timers, drawing.

        Returns True when the app drew a new frame into self.frame.
        """
        self.buttons.poll(now)  # before timed releases, so a hold reaches LONG
        for b in range(buttons.COUNT):
            due = self._release_at[b]
            if due is not None and buttons.diff(now, due) >= 0:
                self.up(b, now)
        while True:
            event = self.buttons.get()
            if event is None:
                break
            self.app.feed(event[0], event[1], now)
        self.app.tick(now)
        return bool(self.app.render())


# --- headless replay ---


def advance(device, clock, ms):
    """Deliver what is queued, then let ms pass in frames of FRAME_MS."""
    device.step(clock.now())
    while ms > 0:
        dt = min(FRAME_MS, ms)
        ms -= dt
        device.step(clock.advance(dt))


def replay(device, clock, steps):
    """Play key-file steps as button edges (crisscross.presses): a tap is down,
    then up presses.TAP_MS later; long-a is held presses.HOLD_MS (past
    buttons.LONG_MS); frames run between the edges, EVENT_MS pass after each."""
    for kind, value, _ in steps:
        if kind == keyscript.WAIT:
            advance(device, clock, value)
            continue
        ms = presses.HOLD_MS if kind == keyscript.LONG else presses.TAP_MS
        now = clock.now()
        clock.advance(presses.hold(device, value, now, ms, FRAME_MS) - now)
        advance(device, clock, EVENT_MS)
    device.step(clock.now())


def run_headless(args, app_class=None):
    steps = []
    if args.keys:
        try:
            steps = keyscript.load(args.keys)
        except ValueError as e:
            return fail(str(e))
    if args.data:
        storage = open_storage(args.data)
    else:
        from crisscross.memory_storage import MemoryStorage

        storage = MemoryStorage()  # replays start from nothing: same keys, same frame
    clock = hostclock.FakeClock()
    device = make_device(storage, clock.now(), args.seed, app_class)
    if device is None:
        return 2
    replay(device, clock, steps)
    return write_outputs(device.frame, args)


def output_problem(args):
    """Why --frame or --png cannot be written, or None: said before a run."""
    for path in (args.frame, args.png):
        if not path:
            continue
        if os.path.isdir(path):
            return "cannot write %s: it is a folder" % path
        if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            return "cannot write %s: no such folder" % path
    return None


def write_outputs(frame, args, prog="sim"):
    if args.frame:
        try:
            with open(args.frame, "wb") as f:
                f.write(frame)
        except OSError as e:
            return fail("cannot write %s: %s" % (args.frame, _reason(e)), prog)
    if args.png:
        # Drawing a PNG needs pygame's surfaces, never a display.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        try:
            import pygame
        except ImportError as e:
            return fail("--png needs pygame (%s); `make sim` installs it" % e, prog)
        try:
            render.to_png(frame, args.png, args.scale)
        except (OSError, pygame.error) as e:
            return fail("cannot write %s: %s" % (args.png, _reason(e)), prog)
    if args.ascii or not (args.frame or args.png):
        sys.stdout.write(render.to_ascii(frame))
    return 0


# --- the window ---


def run_window(args, app_class=None):
    try:
        pygame = init_display()
    except ImportError as e:
        return fail(
            "the simulator window needs pygame (%s); `make sim` installs it" % e
        )
    except NoDisplay as e:
        return fail(
            "cannot open the simulator window: %s.\n"
            "Without a display, play in the terminal with `make term` "
            "(python3 -m host term), or script it with "
            "`python3 -m host sim --headless`." % e
        )
    try:
        data = args.data or default_data_dir()
        storage = open_storage(data)
        clock = hostclock.WallClock()
        device = make_device(storage, clock.now(), args.seed, app_class, today)
        if device is None:
            return 2
        try:
            sim = Simulator(device, args.scale)
        except NoDisplay as e:
            return fail("cannot open the simulator window: %s" % e)
        print("Criss Cross Pocket: saves in %s; F12 or P saves a screenshot." % data)
        ticker = pygame.time.Clock()
        # Ctrl-C in the terminal ends it as it ends any command (host/__main__.py):
        # the game was saved at its last move, as when the window is closed.
        while sim.step(pygame.event.get(), clock.now()):
            ticker.tick(FPS)
        return 0
    finally:
        pygame.quit()


# --- command line ---


def today():
    """The PC's date for the game's daily puzzle: (year, month, day)."""
    return tuple(time.localtime()[:3])


def make_device(storage, now, seed, app_class=None, today=None, prog="sim"):
    """A Device, or None (after a message) when the game cannot be loaded."""
    if app_class is None:
        try:
            app_class = load_app_class()
        except ImportError as e:
            sys.stderr.write(
                "%s: cannot load the game (crisscross.app): %s\n" % (prog, e)
            )
            return None
    return Device(storage, now, seed, app_class, today)


def fail(message, prog="sim"):
    sys.stderr.write("%s: %s\n" % (prog, message))
    return 2


def _reason(e):
    return getattr(e, "strerror", None) or str(e)


def scale_arg(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if not 1 <= value <= MAX_SCALE:
        raise argparse.ArgumentTypeError("scale must be 1..%d" % MAX_SCALE)
    return value


def add_seed(p):
    """The --seed of sim and term: one a share code carries (seed_arg)."""
    p.add_argument(
        "--seed",
        type=seed_arg,
        help="dice seed of the first game, 0-%d (what a share code carries)"
        % (sharecode.SEEDS - 1),
    )


def build_parser():
    p = Parser(
        prog="python3 -m host sim",
        description="The Criss Cross Pocket simulator: the same game as on the "
        "device, in a window (arrows move, Z or Enter is A, X or Backspace is B, "
        "F12 or P saves a screenshot), or --headless from a key file.",
    )
    p.add_argument(
        "--scale",
        type=scale_arg,
        default=render.DEFAULT_SCALE,
        help="screen pixels per OLED pixel (default %d)" % render.DEFAULT_SCALE,
    )
    add_seed(p)
    p.add_argument(
        "--data",
        metavar="DIR",
        help="save folder (window default: %s; headless default: none, "
        "saves kept in memory)" % default_data_dir(),
    )
    p.add_argument("--headless", action="store_true", help="no window: replay --keys")
    p.add_argument(
        "--keys",
        metavar="FILE",
        help="key file: one of up down left right a b long-a long-b, "
        "optionally with a count, or 'wait MS', per line; '-' reads stdin",
    )
    p.add_argument("--png", metavar="OUT.png", help="write the last frame, scaled")
    p.add_argument(
        "--frame", metavar="OUT.bin", help="write the last frame's 1024 bytes"
    )
    p.add_argument(
        "--ascii",
        action="store_true",
        help="print the last frame as ASCII art (the default without --png/--frame)",
    )
    return p


def main(argv, app_class=None):
    args = build_parser().parse_args(argv)
    if not args.headless:
        extra = [
            name
            for name, value in (
                ("--keys", args.keys),
                ("--png", args.png),
                ("--frame", args.frame),
                ("--ascii", args.ascii),
            )
            if value
        ]
        if extra:
            return fail("%s only work with --headless" % ", ".join(extra))
        return run_window(args, app_class)
    problem = output_problem(args)
    if problem:
        return fail(problem)
    return run_headless(args, app_class)
