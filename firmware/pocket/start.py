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
    app = App(display, FolderStorage(SAVE_DIR), now)
    gc.collect()
    # Collect when a quarter of what is free has been used, not only when the heap
    # is exhausted: fewer long pauses and less fragmentation on a small heap.
    gc.threshold(gc.mem_free() // 4 + gc.mem_alloc())
    loop.run(
        app,
        display,
        keys,
        buttons,
        Idle(display, now),
        time.ticks_ms,
        hw.waiter(profile, edge),
    )


def wait_for_a(pins):
    """Block until A is pressed and released."""
    a = pins[A_BUTTON]
    while a.value():
        time.sleep_ms(WAIT_POLL_MS)
    while not a.value():
        time.sleep_ms(WAIT_POLL_MS)


def main():
    from pocket import boards, hw

    profile = boards.load()
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
