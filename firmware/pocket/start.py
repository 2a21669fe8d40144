"""Start the game on the board, and survive it crashing.

An uncaught error is appended to error.log and shown on screen; A restarts the game
in place. Nothing here ever resets the board, so a bug can never become a boot loop,
and Ctrl-C (mpremote, `make flash`) always reaches the REPL.
"""

import gc
import time

SAVE_DIR = "saves"
WAIT_POLL_MS = 50
A_BUTTON = 4  # crisscross.buttons.A, without importing the game here


def play(profile, display, pins):
    """Build the game around the hardware and run it (returns only by raising)."""
    import framebuf
    from crisscross.app import App
    from crisscross.buttons import Buttons
    from crisscross.storage import FolderStorage

    from pocket import hw, loop
    from pocket.idle import Idle
    from pocket.keys import Keys
    from pocket.wake import Edge

    now = time.ticks_ms()
    buttons = Buttons()
    edge = Edge()
    keys = Keys(pins, buttons, time.ticks_ms, now, hw.IRQ_EDGES, edge)
    # The display driver is the canvas; the screens' sprites are plain FrameBuffers.
    storage = FolderStorage(SAVE_DIR, atomic_files(SAVE_DIR))
    app = App(display, storage, now, sprite=framebuf.FrameBuffer)
    gc.collect()
    gc.threshold(collect_after(gc.mem_free()))
    loop.run(
        app,
        display,
        keys,
        buttons,
        Idle(display, now),
        time.ticks_ms,
        hw.waiter(profile, edge),
    )


def collect_after(free):
    """The bytes allocated between two collections (gc.threshold) on a heap with
    `free` bytes free as the game starts: collected before it is exhausted, a
    heap keeps its free bytes in few large holes, and every file opened needs one
    (littlefs: 1,148 bytes). The share of `free` shrinks with it, `free` / 500 KB,
    at most a half: 37% on a Pico (~190 KB free here), 15% where 100 KB were left
    to the game (~75 KB free here; an ESP32 without PSRAM). The smaller the heap,
    the more of it is the game's own, and the sooner its garbage must go
    (docs/performance.md, "The 100 KB soak of the word game")."""
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


def wait_for_a(pins):
    """Block until A is pressed and released."""
    a = pins[A_BUTTON]
    while a.value():
        time.sleep_ms(WAIT_POLL_MS)
    while not a.value():
        time.sleep_ms(WAIT_POLL_MS)


def board_profile():
    """The board's profile (pocket.boards.load). Telling the board is done once
    here: the detection code is let go with safe mode's (boot.py ran it) and the
    rp2 port's `rp2` module, which its _boot.py imports to mount the flash and
    the game never uses (~2.5 KB of heap for the game; their names stay)."""
    from crisscross.compat import forget
    from pocket import boards

    profile = boards.load()
    forget(("pocket.boards", "pocket.safemode", "rp2"))
    return profile


def main():
    from pocket import hw

    profile = board_profile()
    display = hw.display(profile)
    pins = hw.buttons(profile)
    while True:
        try:
            play(profile, display, pins)
        except Exception as e:  # noqa: BLE001 - anything the game raises
            gc.collect()  # a MemoryError leaves little heap to report it with
            # Imported only now: its code and names are not in the game's heap.
            from pocket import errorlog

            errorlog.log_exception(e, stamp="%d ms after boot" % time.ticks_ms())
            errorlog.draw(display, e)
            display.show()
            display.contrast(255)
            display.poweron()
            wait_for_a(pins)
            gc.collect()
