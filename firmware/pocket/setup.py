"""What starting the game runs once: the board's profile, the display and pins,
then the game built around them (pocket.start runs it and survives its crashes).

Each step lets go of the modules it used, the game's this module and pocket.hw
too (the board's profile went with the board's step): its code is not in the
game's heap.
"""

import gc
import time

SAVE_DIR = "saves"


def board():
    """(display, pins, lightsleep) for this board. Telling the board is done once
    here: the detection code and the profile are let go with safe mode's (boot.py
    ran it) and the rp2 port's `rp2` module, which its _boot.py imports to mount
    the flash and the game never uses (their names stay)."""
    import sys

    from crisscross.compat import forget
    from pocket import boards, hw

    profile = boards.load()
    found = (hw.display(profile), hw.buttons(profile), profile.LIGHTSLEEP)
    # pocket.boards and every profile it imported (pico_spi imports pico's pins)
    forget([n for n in sys.modules if n.startswith("pocket.boards")])
    forget(("pocket.safemode", "rp2"))
    return found


def game(display, pins, lightsleep):
    """The main loop's arguments (pocket.loop.run) for a new game on the board."""
    import framebuf
    from crisscross.app import App
    from crisscross.compat import forget
    from crisscross.buttons import Buttons
    from crisscross.storage import FolderStorage

    from pocket import hw
    from pocket.idle import Idle
    from pocket.keys import Keys
    from pocket.wake import Edge

    now = time.ticks_ms()
    buttons = Buttons()
    edge = Edge()
    keys = Keys(pins, buttons, time.ticks_ms, now, hw.IRQ_EDGES, edge, hw.IRQ_PRESS)
    # The display driver is the canvas; the screens' sprites are plain FrameBuffers.
    storage = FolderStorage(SAVE_DIR, atomic_files(SAVE_DIR))
    # The date by the board's clock (the game knows one not set since a reset).
    app = App(display, storage, now, today=time.localtime, sprite=framebuf.FrameBuffer)
    gc.collect()
    gc.threshold(collect_after(gc.mem_free()))
    idle = Idle(display, now)
    loop_args = (
        app,
        display,
        keys,
        buttons,
        idle,
        time.ticks_ms,
        hw.waiter(lightsleep, edge),
    )
    # The game never runs this module's code or pocket.hw's again (a restart
    # after a crash imports them): let them go, as board() lets go of its own.
    forget(("pocket.setup", "pocket.hw"))
    return loop_args


def collect_after(free):
    """The bytes allocated between two collections (gc.threshold) on a heap with
    `free` bytes free as the game starts: collected before it is exhausted, a
    heap keeps its free bytes in few large holes, and every file opened needs one
    (littlefs's file object with its cache). The share of `free` shrinks with it,
    `free` / 500 KB, at most a half: the smaller the heap, the more of it is the
    game's own, and the sooner its garbage must go (docs/performance.md,
    "Collections")."""
    return free * min(free, _HALF_FROM) // (2 * _HALF_FROM)


_HALF_FROM = 250 * 1024  # bytes free from which half of them are allocated


def atomic_files(path, mounts=None):
    """Whether the filesystem holding `path` replaces a file whole when it is
    written over: littlefs (the rp2 and esp32 ports' own) commits a file on close,
    so after a power cut it holds the old data or the new. The saves then write
    in place (crisscross.store) instead of a write and two renames: 4-5 flash
    commits -> 1. `mounts`: vfs.mount()'s [(vfs, mount point)] (None: asked)."""
    import os

    if mounts is None:
        try:
            import vfs

            mounts = vfs.mount()  # no arguments: the mounts (MicroPython 1.23+)
        except (ImportError, TypeError, OSError):
            return False
    if not path.startswith("/"):
        path = os.getcwd().rstrip("/") + "/" + path
    best = None
    for fs, point in mounts:
        top = point.rstrip("/") + "/"
        if path == point or path.startswith(top):
            if best is None or len(point) > len(best[1]):
                best = (fs, point)
    return best is not None and type(best[0]).__name__ == "VfsLfs2"
