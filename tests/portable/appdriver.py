"""Drives the real App with button events and a fake clock, on any interpreter.

The canvas is a FrameBuffer (tests/portable/canvas.py): MicroPython's on
MicroPython, the byte-identical host canvas on CPython; the app makes its sprites
with the canvas's class.
"""

import canvas as fb
from crisscross import buttons, presses
from crisscross.app import App
from crisscross.dice.ui.play import Play
from crisscross.memory_storage import MemoryStorage

STEP_MS = 50  # between one press's release and the next press
# New game's rows from the Game row: Words against one AI foe, the cursor back on
# the Game row (for start_game's other changes).
WORDS = "right right right down down down right up up up"
SOLO = "down down down left"  # after WORDS: no AI foe


def arrows(cursor, move):
    """The arrow presses that take a 5x5 cursor from `cursor` to `move` (a cell, or
    a pair whose first cell is the anchor): rows first, then columns."""
    out = []
    r, c = divmod(cursor, 5)
    tr, tc = divmod(move[0] if isinstance(move, tuple) else move, 5)
    while r != tr:
        out.append("down" if tr > r else "up")
        r += 1 if tr > r else -1
    while c != tc:
        out.append("right" if tc > c else "left")
        c += 1 if tc > c else -1
    return out


class Driver:
    def __init__(self, seed=5, storage=None, today=None):
        self.buf, self.canvas = fb.new()
        self.storage = storage if storage is not None else MemoryStorage()
        self.now = 1000
        self.buttons = buttons.Buttons()
        self.app = App(self.canvas, self.storage, self.now, seed, today)
        self.app.render()
        self.log = []  # every press, for writing key files
        self.frame_ms = presses.FRAME_MS  # the loop's frame; a busy board's is longer

    def press(self, names):
        """Space-separated presses: up down left right a b (taps), long-a long-b
        (held presses.HOLD_MS), wait:MS. Only button edges reach the app."""
        for name in names.split():
            self.log.append(name)
            if name.startswith("wait:"):
                self.wait(int(name[5:]))
                continue
            event = presses.parse(name)
            if event is None:
                raise ValueError("no such press: %r" % name)
            self.now = presses.hold(
                self, event[0], self.now + STEP_MS, event[1], self.frame_ms
            )
        return self

    def down(self, name):
        """Button `name` goes down (STEP_MS after the last edge); one frame."""
        self.now += STEP_MS
        self.buttons.down(buttons.NAMES.index(name), self.now)
        self.step(self.now)
        return self

    def up(self, name):
        """Button `name` goes up now; one frame."""
        self.buttons.poll(self.now)  # a long press due now comes first
        self.buttons.up(buttons.NAMES.index(name), self.now)
        self.step(self.now)
        return self

    def wait(self, ms):
        """Let `ms` pass. As the firmware's loop does, the next frame comes when
        the app has work (App.next_tick), at most one every frame_ms; with
        nothing due, at the end. A button held down: a frame every frame_ms (its
        long press and repeats come from Buttons.poll)."""
        end = self.now + ms
        held = False
        for b in range(buttons.COUNT):
            held = held or self.buttons.held(b)
        while self.now < end:
            due = 0 if held else self.app.next_tick(self.now)
            if due is None:
                self.now = end
            else:
                self.now = min(end, self.now + max(due, self.frame_ms))
            self.step(self.now)

    def step(self, now):
        """One frame of the loop: button events to the app, timers, drawing."""
        presses.run_frame(self.app, self.buttons, now)

    def frame(self):
        return bytes(self.buf)

    @property
    def screen(self):
        return self.app.screen

    def name(self):
        """The shown screen's class name: "Play", "NewGame"..."""
        return type(self.app.screen).__name__

    def toast(self):
        """The message shown over the screen, its lines joined; "" when none."""
        return " ".join(self.app._toast or ())

    def choose(self, label):
        """Pick `label` in the current list menu with up/down and A."""
        scr = self.app.screen
        target = scr.items.index(label)
        step = "down" if target > scr.selected else "up"
        self.press(" ".join([step] * abs(target - scr.selected) + ["a"]))
        return self

    def to_row(self, key):
        """On New game: up/down to the row `key` ("dice", "start")."""
        scr = self.app.screen
        target = [r[0] for r in scr.rows()].index(key)
        step = "down" if target > scr.row else "up"
        self.press(" ".join([step] * abs(target - scr.row)))
        return self

    def keys_for(self, move):
        """The arrow presses that put the Play cursor on `move`."""
        return arrows(self.app.screen.cursor, move)

    def place(self, move):
        """Place `move` through button presses only, as a player would."""
        scr = self.app.screen
        # By name: a board unloads a game's modules at the title, so a later
        # game's play screen is a class imported afresh (crisscross.families).
        assert type(scr).__name__ == Play.__name__, "not on the play screen"
        self.press(" ".join(self.keys_for(move)))
        if isinstance(move, tuple):
            for _ in range(4):
                if scr.move() == (move, True):
                    break
                self.press("b")
            if scr.move() != (move, True):
                # equal dice: the pair may show the other order, which is the same
                a, b = scr.game.dice()
                assert a == b and scr.move()[0] == (move[1], move[0]), (
                    move,
                    scr.move(),
                )
        self.press("a")
        if scr.asking is not None:
            self.press("a")  # consent to leaving a lone cell

    def start_game(self, *changes):
        """From the title: New game, apply `changes` (row presses), Start (and
        Yes when it asks to replace the saved game)."""
        self.choose("New game")
        for keys in changes:
            self.press(keys)
        self.to_row("start").press("a")
        if getattr(self.app.screen, "asking", None) is not None:
            self.press("right a")
