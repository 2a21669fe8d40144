"""`python3 -m host emu`: the real MicroPython firmware on an emulated Pico.

With a window: the simulator's handheld (host/play/window.py draws it), but the pixels
come from the emulated SSD1306 and the keys press the emulated pins, paced to
wall time. The REPL is on a pseudo-terminal for `make flash PORT=/dev/pts/N`;
the flash is kept in build/emu-flash.bin between runs.

`--headless --keys FILE`: the key files of `sim --headless` (host/play/keyscript.py),
each tap a real press (down, held presses.TAP_MS, up, then GAP_MS), `long-x` held
presses.HOLD_MS; writes the last frame like sim does (--png, --frame, --ascii).

A button held at power-on (safe mode: the game does not start, the REPL is free):
`--hold KEY` headless; in the window, F5 is a power cycle, and the buttons held
at that moment stay held through power-on until their keys are let go.
"""

import argparse
import os
import signal
import sys
import time

from crisscross import presses
from crisscross.buttons import NAMES
from host import INTERRUPTED, Parser, shown
from host.play import keyscript, sim, window
from host.screen import render
from host.emu.board import DEFAULT_FLASH, Board, EmuError
from host.emu.firmware import (
    DEFAULT_UF2,
    OFFICIAL_UF2,
    ROOT,
    missing_firmware,
    uf2_path,
)

# A tap holds its button presses.TAP_MS, a long-a presses.HOLD_MS, as sim's keys.
GAP_MS = 120  # and leaves this long before the next step
BOOT_MS = 2000  # emulated time from power-on before the first key
SETTLE_MS = 300  # after the last key, for the display to catch up
HOLD_MS = 1000  # --hold: the buttons are held this long from power-on, then let go
POWER_HELP = "F5: power cycle (hold a button with it: safe mode)"


def fail(message):
    sys.stderr.write("emu: %s\n" % message)
    return 2


def is_blank(board):
    """Nothing on the display and the REPL answers: no game installed."""
    return not board.display_updates and board.at_repl()


def blank_message(port):
    where = "PORT=%s" % port if port else "PORT=<the board's port>"
    return (
        "emu: this board has MicroPython but no game; it waits at the REPL. "
        "Install the game with: make flash %s" % where
    )


# --- headless ---


def replay(board, steps):
    for kind, value, _ in steps:
        if kind == keyscript.WAIT:
            board.run_ms(value)
            continue
        name = NAMES[value]
        board.down(name)
        board.run_ms(presses.HOLD_MS if kind == keyscript.LONG else presses.TAP_MS)
        board.up(name)
        board.run_ms(GAP_MS)
    board.run_ms(SETTLE_MS)


def run_headless(args):
    steps = []
    if args.keys:
        try:
            steps = keyscript.load(args.keys)
        except ValueError as e:
            return fail(str(e))
    board = Board(
        uf2=args.uf2, flash_path=args.flash, elf=args.elf, save=args.keep, rom=args.rom
    )
    held = sorted(set(args.hold or []), key=NAMES.index)
    signal.signal(signal.SIGTERM, _interrupt)  # a plain kill stops node too
    try:
        board.power_on(held=held)
        hold = HOLD_MS if held else 0
        board.run_ms(hold)
        for name in held:
            board.up(name)
        board.run_ms(args.boot_ms - hold)
        if is_blank(board):
            if not held:
                return fail(
                    "the board in %s has no game: install it with `python3 -m host "
                    "emu --flash %s` (its window names a port) and `make flash "
                    "PORT=...`" % (shown(args.flash), shown(args.flash))
                )
            said = board.serial.read().decode("utf-8", "replace")
            for line in said.replace("\r", "").split("\n"):
                if line.strip() and line.strip() != ">>>":
                    print("board: %s" % line.rstrip(), flush=True)
            print(
                "emu: %s held at power-on: safe mode, no game runs; the REPL answers"
                % "+".join(held),
                flush=True,
            )
        replay(board, steps)
        frame = board.frame()
        board.power_off()
    except KeyboardInterrupt:
        board.kill()  # now, not after the run under way
        raise
    finally:
        board.close()
    return sim.write_outputs(frame, args, "emu")


# --- the window ---


class EmuDevice:
    """What window.Simulator drives: keys become pin edges, frames come from the panel.

    The edges reach the board at the player's times in the board's own time
    (Board.pin_at): the first edge of a burst at once, each next one as long
    after it as it came on the wall clock, so a hold stays a hold (and a tap a
    tap) however slowly the host runs the emulator."""

    def __init__(self, board, clock=time.monotonic):
        self.board = board
        self.frame = bytearray(render.frame_bytes(render.WIDTH, render.HEIGHT))
        self._held = [False] * len(NAMES)
        self.buttons = self  # Simulator asks device.buttons.held(b)
        self._seen = -1
        self._clock = clock
        self._anchor = None  # (wall s, emulated ns) of the burst's first edge
        self._last_ns = 0  # the emulated instant of the last edge sent

    def held(self, button):
        return self._held[button]

    def down(self, button, now):
        if not self._held[button]:
            self._held[button] = True
            self._edge(button, True)

    def up(self, button, now):
        if self._held[button]:
            self._held[button] = False
            self._edge(button, False)

    def _edge(self, button, pressed):
        board = self.board
        wall = self._clock()
        now = board.now_ns()
        idle = now >= self._last_ns and sum(self._held) == (1 if pressed else 0)
        if self._anchor is None or (pressed and idle):
            self._anchor = (wall, now)  # a new burst: from the board's now
        at = self._anchor[1] + round((wall - self._anchor[0]) * 1e9)
        self._last_ns = at
        board.pin_at(NAMES[button], pressed, at)

    def held_names(self):
        return [NAMES[b] for b in range(len(NAMES)) if self._held[b]]

    def power_cycle(self):
        """Power off, then on with the buttons held now still held (a person
        holding them while switching on: safe mode); they stay down until let go.
        The flash file keeps the filesystem across, as for a real power cut."""
        board = self.board
        board.power_off()
        board.power_on(held=self.held_names())
        self._seen = -1
        self._anchor = None  # the board's clock starts again
        self.frame[:] = bytes(len(self.frame))

    def held_mask(self):
        return sum(1 << b for b in range(len(NAMES)) if self._held[b])

    def step(self, now):
        board = self.board
        with board._lock:
            n = board.display_count
            if n == self._seen:
                return False
            self._seen = n
            self.frame[:] = board.frame()
        return True


def run_window(args):
    try:
        pygame = window.init_display()
    except ImportError as e:
        return fail("the window needs pygame (%s); `make deps` installs it" % e)
    except window.NoDisplay as e:
        return fail(
            "cannot open a window: %s. Without a display use "
            "`python3 -m host emu --headless --keys FILE`" % e
        )
    board = None
    try:
        board = Board(
            uf2=args.uf2, flash_path=args.flash, elf=args.elf, pty=True, rom=args.rom
        )
        board.keep_display_updates = 64  # a long session must not grow without end
        device = EmuDevice(board)
        try:
            view = window.Simulator(device, args.scale)
        except window.NoDisplay as e:
            return fail("cannot open a window: %s" % e)
        caption = "%s - emulated Pico - REPL on %s - %s" % (
            window.WINDOW_TITLE,
            board.port,
            POWER_HELP,
        )
        pygame.display.set_caption(caption)
        speed = Speed(board.now_ms, time.monotonic)
        print(
            "emu: MicroPython %s on an emulated Pico; its REPL is on %s "
            "(make flash PORT=%s); flash kept in %s; in the window %s"
            % (
                shown(board.uf2),
                board.port,
                board.port,
                shown(board.flash_path),
                POWER_HELP,
            ),
            flush=True,
        )
        board.power_on()
        board.start(paced=True)
        signal.signal(signal.SIGTERM, _interrupt)  # closing the terminal: power off too
        ticker = pygame.time.Clock()
        probe = None  # when an Enter was sent to see whether the REPL answers
        try:
            while view.step(_power_keys(pygame, board, device), 0):
                if board.runner_error:
                    return fail(str(board.runner_error))
                now = board.now_ms()
                if probe is None and now > BOOT_MS:
                    probe = now
                    if not board.display_count:
                        board.serial.write(b"\r")
                elif probe is not None and probe >= 0 and now > probe + 300:
                    probe = -1
                    if not board.display_count and b">>> " in board.serial.peek():
                        print(blank_message(board.port), flush=True)
                if speed.changed():
                    pygame.display.set_caption(caption + speed.note)
                ticker.tick(sim.FPS)
        except KeyboardInterrupt:
            pass
        return 0
    except EmuError as e:
        return fail(str(e))
    finally:
        if board is not None:
            board.close()  # powers off: the flash file keeps the filesystem
        pygame.quit()


class Speed:
    """How fast the board's time goes against the wall clock, measured over a
    second at a time: `note` says it in the title bar while it falls behind."""

    BEHIND = 0.95  # slower than this: said
    EVERY_S = 1.0

    def __init__(self, board_ms, wall_s):
        self._board_ms = board_ms
        self._wall_s = wall_s
        self._since = (board_ms(), wall_s())
        self.note = ""

    def changed(self):
        """Measure if a second has passed; True when `note` changed."""
        ms, s = self._board_ms(), self._wall_s()
        if ms < self._since[0]:  # a power cycle: the board's clock starts again
            self._since = (ms, s)
        if s - self._since[1] < self.EVERY_S:
            return False
        ratio = (ms - self._since[0]) / 1000 / (s - self._since[1])
        self._since = (ms, s)
        note = ""
        if ratio < self.BEHIND:
            note = " - emulated at %d%% of real time" % max(1, round(ratio * 100))
        if note == self.note:
            return False
        self.note = note
        return True


def _power_keys(pygame, board, device):
    """The window's events, less F5, which cycles the power here (the runner
    stopped meanwhile) with whatever buttons are held at that moment."""
    events = []
    for e in pygame.event.get():
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F5:
            board.stop()
            device.power_cycle()
            board.start(paced=True)
            held = device.held_names()
            print(
                "emu: power cycle%s"
                % (" holding %s (safe mode)" % "+".join(held) if held else ""),
                flush=True,
            )
        else:
            events.append(e)
    return events


def _interrupt(signum, frame):
    raise KeyboardInterrupt


# --- command line ---


def boot_ms_arg(text):
    """--boot-ms: emulated milliseconds, 0 to a key file's longest wait."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if not 0 <= value <= keyscript.MAX_WAIT_MS:
        raise argparse.ArgumentTypeError(
            "must be 0 to %d, not %d" % (keyscript.MAX_WAIT_MS, value)
        )
    return value


def build_parser():
    p = Parser(
        prog="python3 -m host emu",
        description="The real MicroPython firmware on an emulated Raspberry Pi Pico "
        "with the game's display and buttons (docs/emulator.md).",
    )
    p.add_argument(
        "--uf2",
        metavar="FILE",
        help="MicroPython .uf2 for the Pico (default $MICROPYTHON_UF2, else %s, "
        "else %s)" % (DEFAULT_UF2, OFFICIAL_UF2),
    )
    p.add_argument(
        "--flash",
        metavar="FILE",
        default=os.path.join(ROOT, DEFAULT_FLASH),
        help="the board's 2 MiB flash, kept between runs (default %s)" % DEFAULT_FLASH,
    )
    p.add_argument(
        "--elf", metavar="FILE", help="the same build with symbols: heap figures"
    )
    p.add_argument(
        "--rom",
        metavar="FILE",
        help="a real RP2040 boot ROM image to run, for comparison (default: the "
        "emulator's own ROM routines)",
    )
    p.add_argument(
        "--scale",
        type=sim.scale_arg,
        default=render.DEFAULT_SCALE,
        help="screen pixels per OLED pixel (default %d)" % render.DEFAULT_SCALE,
    )
    p.add_argument("--headless", action="store_true", help="no window: replay --keys")
    p.add_argument("--keys", metavar="FILE", help="key file, as for sim --headless")
    p.add_argument("--png", metavar="OUT.png", help="write the last frame, scaled")
    p.add_argument(
        "--frame", metavar="OUT.bin", help="write the last frame's 1024 bytes"
    )
    p.add_argument("--ascii", action="store_true", help="print the last frame")
    p.add_argument(
        "--boot-ms",
        type=boot_ms_arg,
        help="headless: emulated ms from power-on to the first key (default %d; "
        "with --hold at least %d)" % (BOOT_MS, HOLD_MS),
    )
    p.add_argument(
        "--hold",
        metavar="KEY",
        action="append",
        choices=NAMES,
        help="headless: hold this button at power-on for %d ms (safe mode: the "
        "game does not start, the REPL answers); may be repeated" % HOLD_MS,
    )
    p.add_argument(
        "--keep",
        action="store_true",
        help="headless: write the flash back to --flash at the end (saves kept)",
    )
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    if not args.headless:
        extra = [
            n
            for n, v in (("--keys", args.keys), ("--png", args.png))
            + (("--frame", args.frame), ("--ascii", args.ascii), ("--keep", args.keep))
            + (("--hold", args.hold), ("--boot-ms", args.boot_ms is not None))
            if v
        ]
        if extra:
            return fail("%s only work with --headless" % ", ".join(extra))
    problem = (
        ("--flash %s is a folder: name the flash file" % args.flash)
        if os.path.isdir(args.flash)
        else sim.output_problem(args)
    ) or missing_firmware(os.path.abspath(args.uf2) if args.uf2 else uf2_path())
    if problem:
        return fail(problem)
    if not args.headless:
        os.makedirs(os.path.dirname(os.path.abspath(args.flash)), exist_ok=True)
        return run_window(args)
    if args.boot_ms is None:
        args.boot_ms = BOOT_MS
    try:
        return run_headless(args)
    except EmuError as e:
        return fail(str(e))
    except KeyboardInterrupt:
        kept = " (--keep: the flash file was not written)" if args.keep else ""
        sys.stderr.write("emu: interrupted%s\n" % kept)
        return INTERRUPTED
