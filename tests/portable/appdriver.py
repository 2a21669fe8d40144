"""Drives the real App with button events and a fake clock, on any interpreter.

The canvas is `framebuf` itself: MicroPython's on MicroPython, the byte-identical
host canvas on CPython (registered by tests/conftest.py).
"""

import framebuf

from crisscross import buttons
from crisscross.app import App
from crisscross.screens.play import DC, DR, Play, pair_at
from crisscross.memory_storage import MemoryStorage

STEP_MS = 50


class Driver:
    def __init__(self, seed=5, storage=None, today=None):
        self.buf = bytearray(1024)
        self.canvas = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.storage = storage if storage is not None else MemoryStorage()
        self.now = 1000
        self.app = App(self.canvas, self.storage, self.now, seed, today)
        self.app.render()
        self.log = []  # every event pressed, for writing key files

    def press(self, names):
        """Space-separated events: up down left right a b long-a long-b wait:MS."""
        for name in names.split():
            self.log.append(name)
            if name.startswith("wait:"):
                self.now += int(name[5:])
            else:
                b, kind = buttons.parse(name)
                self.now += STEP_MS
                self.app.feed(b, kind, self.now)
            self.app.tick(self.now)
            self.app.render()
        return self

    def frame(self):
        return bytes(self.buf)

    @property
    def screen(self):
        return self.app.screen

    def choose(self, label):
        """Pick `label` in the current list menu with up/down and A."""
        scr = self.app.screen
        target = scr.items.index(label)
        step = "down" if target > scr.selected else "up"
        self.press(" ".join([step] * abs(target - scr.selected) + ["a"]))
        return self

    def keys_for(self, move):
        """Arrow and B presses that put the Play cursor on `move`, then A."""
        scr = self.app.screen
        out = []
        r, c = divmod(scr.cursor, 5)
        tr, tc = divmod(move[0] if isinstance(move, tuple) else move, 5)
        while r != tr:
            out.append("down" if tr > r else "up")
            r += 1 if tr > r else -1
        while c != tc:
            out.append("right" if tc > c else "left")
            c += 1 if tc > c else -1
        return out

    def place(self, move):
        """Place `move` through button presses only, as a player would."""
        scr = self.app.screen
        assert isinstance(scr, Play), "not on the play screen"
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
        """From the title: New game, apply `changes` (row presses), Start."""
        self.choose("New game")
        for keys in changes:
            self.press(keys)
        rows = self.app.screen.rows()
        self.press(" ".join(["down"] * (len(rows) - 1 - self.app.screen.row)))
        self.press("a")
