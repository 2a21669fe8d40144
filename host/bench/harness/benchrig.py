"""The App the benchmark scripts press (benchscripts.py), and what they may ask of it.

Rig builds the App as firmware/pocket/setup.py does; the boot step makes the one
a run plays (`rig`). The scripts are generators, suspended between steps. A
suspended generator's frame is a heap object that the collector scans whole, the
stale slots of its value stack included: an app object a script looked at inline
(say `app.screen.cells()`) can stay in a slot after the expression is done and
keep a screen, and the module it was unloaded from, alive and counted as the
app's heap. So the scripts never touch the app's objects themselves: they ask
functions (the ones below, and a family's own beside its script), which return
plain values and whose frames are gone on return.
"""

import sys

from crisscross import presses

SEED = 5  # the dice of every benchmark game: figures repeat run after run
TODAY = (2026, 11, 22)
SAVE_DIR = "/saves"  # in MicroPython's own filesystem: every run starts empty

rig = None  # the Rig of this run, made by its boot step


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


# ---- what the scripts ask ----------------------------------------------------
def screen(name):
    """The screen on show is `name` (its class's name)."""
    return type(rig.app.screen).__name__ == name


def holds(test):
    """test(screen) as a bool."""
    return bool(test(rig.app.screen))


def index(label):
    """The position of `label` in the current list menu."""
    return rig.app.screen.items.index(label)


def selected():
    return rig.app.screen.selected


def row_key():
    """The key of the New game screen's current row."""
    scr = rig.app.screen
    return scr.rows()[scr.row][0]


def toast_up():
    return rig.app._toast is not None


def game_over():
    return bool(rig.app.session.game.over)
