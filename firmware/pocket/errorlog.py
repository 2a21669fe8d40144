"""What happens to an uncaught error: appended to a log on the board, shown on screen.

The log is small and bounded (it rotates to error.log.1), readable with
`make logs`. The screen says what broke in a few words and where to look.
"""

import sys
import time

from micropython import const

LOG = "error.log"
OLD_LOG = "error.log.1"
MAX_BYTES = const(8192)  # then rotate: flash is small and the newest errors matter
COLS = const(16)  # 8x8 font on 128 px
_A_BUTTON = const(4)  # crisscross.buttons.A, without importing the game here
_WAIT_POLL_MS = const(50)


def log_exception(exc, path=LOG, old=OLD_LOG, stamp=None):
    """Append exc's traceback to the log; never raises."""
    import os

    try:
        try:
            size = os.stat(path)[6]
        except OSError:
            size = 0
        if size > MAX_BYTES:
            try:
                os.remove(old)
            except OSError:
                pass
            os.rename(path, old)
        with open(path, "a") as f:
            f.write("--- %s\n" % (stamp if stamp is not None else "error"))
            sys.print_exception(exc, f)
        return True
    except Exception as e:  # a full or broken filesystem must not hide the first error
        print("error.log:", e)
        return False


def wrap(text, width=COLS, lines=3):
    """Up to `lines` lines of at most `width` characters.

    Deliberately not crisscross.ui.wrap: the error screen must work when the
    game's own package is what failed to import."""
    out = []
    words = text.split()
    line = ""
    for word in words:
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out[:lines]


def draw(canvas, exc):
    """The error screen: what broke, and where the details are."""
    canvas.fill(0)
    canvas.fill_rect(0, 0, 128, 10, 1)
    canvas.text("Error", 1, 1, 0)
    canvas.text(type(exc).__name__[:COLS], 0, 14, 1)
    y = 24
    for line in wrap(str(exc)):
        canvas.text(line, 0, y, 1)
        y += 9
    canvas.text("see error.log", 0, 47, 1)
    canvas.text("A: restart", 0, 56, 1)


def recover(exc, display, pins):
    """After the game crashed (pocket.start): log `exc`, show it, wait for A.
    The panel is set up afresh first (a brown-out may have reset it, the game may
    have dimmed it); one that does not answer stays dark, and A still restarts
    the game."""
    log_exception(exc, stamp="%d ms after boot" % time.ticks_ms())
    try:
        display.init_display()
        draw(display, exc)
        display.show()
    except OSError as e:  # the display's bus: a loose wire, a panel gone
        log_exception(e, stamp="showing the error")
    wait_for_a(pins)


def wait_for_a(pins):
    """Block until A is pressed and released."""
    a = pins[_A_BUTTON]
    while a.value():
        time.sleep_ms(_WAIT_POLL_MS)
    while not a.value():
        time.sleep_ms(_WAIT_POLL_MS)
