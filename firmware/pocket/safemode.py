"""Safe mode: a game button held at power-on skips the game, leaving the REPL free.

boot.py calls check(); main.py reads `active`. Modules stay imported between the
two, so the decision is made once, while the button is still held.
"""

from micropython import const

_SAMPLES = const(5)  # reads, 2 ms apart, that must all see a button down

active = False


def check():
    """Set `active` if a button is held now; any failure here means no safe mode."""
    global active
    import time

    from pocket import boards, hw

    active = any_held(hw.buttons(boards.load()), time.sleep_ms)
    if active:
        print("safe mode: button held at power-on, game not started")
    return active


def any_held(pins, sleep_ms=None):
    """True if a button is held steadily."""
    for _ in range(_SAMPLES):
        if all(p.value() for p in pins):
            return False
        if sleep_ms:
            sleep_ms(2)
    return True
