"""Safe mode: a game button held at power-on skips the game, leaving the REPL free.

boot.py calls check(); main.py reads `active`. Modules stay imported between the
two, so the decision is made once, while the button is still held.
"""

active = False


def check():
    """Set `active` if a button is held now; any failure here means no safe mode."""
    global active
    import time

    from pocket import boards, hw, keys

    active = keys.any_held(hw.buttons(boards.load()), time.sleep_ms)
    if active:
        print("safe mode: button held at power-on, game not started")
    return active
