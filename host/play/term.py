"""`python3 -m host term`: play on the 128x64 screen drawn in a terminal.

For SSH and machines without a display. Each character shows 2x4 OLED pixels as a
Unicode braille cell (host.screen.render.to_braille), so the screen is 64x16 characters
inside a frame: it fits a terminal of 80x24. Keys are read raw through termios; a terminal reports no key-ups,
so each key is a tap (down, then up presses.TAP_MS later), and Z / X hold A / B
presses.HOLD_MS, long enough for a long press: the game sees only button edges.
Keys typed while Z or X holds its button act after its release, in order (the menu
the long press opens takes them); other keys act as they come.
"""

import os
import select
import signal
import sys

from crisscross import buttons, presses
from host.play import hostclock, sim
from host.screen import render
from host import Parser

FRAME_S = 1 / sim.FPS
READ_BYTES = 1024
MAX_SEQUENCE = 16  # longest escape sequence we wait for before dropping it

ESC = 0x1B
CSI_FINAL = (0x40, 0x7E)  # an escape sequence ends with a byte in this range
QUIT = "quit"

ARROWS = {b"A": buttons.UP, b"B": buttons.DOWN, b"C": buttons.RIGHT, b"D": buttons.LEFT}
TAP = presses.TAP_MS
HOLD = presses.HOLD_MS
KEYS = {  # a key -> (button, how long it is held in ms)
    b"z": (buttons.A, TAP),
    b"\r": (buttons.A, TAP),
    b"\n": (buttons.A, TAP),
    b"x": (buttons.B, TAP),
    b"\x7f": (buttons.B, TAP),  # Backspace on most terminals
    b"\x08": (buttons.B, TAP),  # Backspace on the others
    b"Z": (buttons.A, HOLD),
    b"X": (buttons.B, HOLD),
    b"q": QUIT,
    b"Q": QUIT,
    b"\x03": QUIT,  # Ctrl-C: the terminal sends it as a byte in raw mode
    b"\x04": QUIT,  # Ctrl-D
}
STATUS = "arrows move  z/Enter A  x/Bksp B  Z/X long A/B  q quit"

# Terminal control sequences.
ALT_SCREEN_ON = "\x1b[?1049h"
ALT_SCREEN_OFF = "\x1b[?1049l"
CURSOR_OFF = "\x1b[?25l"
CURSOR_ON = "\x1b[?25h"
CLEAR = "\x1b[2J"
RESET = "\x1b[0m"
OLED_COLOUR = "\x1b[38;5;117;48;5;16m"  # light blue on black, like the OLED
RESTORE = RESET + CURSOR_ON + ALT_SCREEN_OFF

COLS = render.WIDTH // 2 + 2  # braille cells plus the frame
ROWS = render.HEIGHT // 4 + 3  # braille cells, frame, status line


class KeyDecoder:
    """Bytes from a raw terminal -> actions: (button, ms held) or QUIT.

    Escape sequences may arrive split across reads, so an unfinished one waits
    for the next feed(); flush() drops it when no more bytes come.
    """

    def __init__(self):
        self._pending = b""

    @property
    def pending(self):
        return bool(self._pending)

    def flush(self):
        self._pending = b""  # a lone Esc or a cut-off sequence means nothing here

    def feed(self, data):
        buf = self._pending + data
        out = []
        i = 0
        while i < len(buf):
            if buf[i] != ESC:
                action = KEYS.get(buf[i : i + 1])
                if action is not None:
                    out.append(action)
                i += 1
                continue
            end = _sequence_end(buf, i)
            if end is None:
                if len(buf) - i > MAX_SEQUENCE:
                    i += 1  # not a sequence we know: skip the Esc, read on
                    continue
                break
            final = buf[end - 1 : end]
            if final in ARROWS and end - i >= 3:
                out.append((ARROWS[final], TAP))
            i = end
        self._pending = buf[i:]
        return out


def _sequence_end(buf, i):
    """End index of the escape sequence at buf[i] (Esc), or None if unfinished."""
    if i + 1 >= len(buf):
        return None
    kind = buf[i + 1]
    if kind == ord("["):  # CSI: parameters, then one final byte (arrows: A-D)
        for j in range(i + 2, len(buf)):
            if CSI_FINAL[0] <= buf[j] <= CSI_FINAL[1]:
                return j + 1
        return None
    if kind == ord("O"):  # SS3: arrows in "application cursor" mode
        return i + 3 if i + 2 < len(buf) else None
    return i + 2  # Alt+key: ignored


def frame_text(frame, colour=True, status=STATUS):
    """The whole screen, drawn from the top-left corner: framed braille + status."""
    lines = render.to_braille(frame).splitlines()
    on, off = (OLED_COLOUR, RESET) if colour else ("", "")
    width = len(lines[0])
    out = ["\x1b[H", "\u250c" + "\u2500" * width + "\u2510"]
    for line in lines:
        out.append("\u2502" + on + line + off + "\u2502")
    out.append("\u2514" + "\u2500" * width + "\u2518")
    out.append(status[: width + 2])
    # Position every line: a terminal wider than the frame must not wrap it.
    return "".join(
        text if k == 0 else "\x1b[%d;1H%s\x1b[K" % (k, text)
        for k, text in enumerate(out)
    )


def too_small_text(cols, rows):
    """What a terminal too small for the screen shows, its lines broken between
    words to fit its `cols`."""
    import textwrap

    text = (
        "The terminal is %dx%d; the screen needs %dx%d. Make the window bigger or "
        "the font smaller (q quits)." % (cols, rows, COLS, ROWS)
    )
    return "\x1b[H\x1b[2J" + "\r\n".join(textwrap.wrap(text, max(cols, 1)))


def terminal_size(fd):
    """(columns, rows), or None when the terminal does not say."""
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return None
    if size.columns <= 0 or size.lines <= 0:
        return None
    return size.columns, size.lines


class Terminal:
    """Raw keys in, frames out; restores the terminal however play ends."""

    def __init__(self, fd_in, out):
        import termios

        self.termios = termios
        self.fd = fd_in
        self.out = out
        self._saved = None

    def __enter__(self):
        t = self.termios
        self._saved = t.tcgetattr(self.fd)
        mode = t.tcgetattr(self.fd)
        # No line editing, no echo, and Ctrl-C / Ctrl-Z arrive as bytes we handle.
        mode[3] &= ~(t.ICANON | t.ECHO | t.ISIG | t.IEXTEN)
        mode[0] &= ~(t.IXON | t.ICRNL)
        mode[6][t.VMIN] = 1
        mode[6][t.VTIME] = 0
        t.tcsetattr(self.fd, t.TCSANOW, mode)
        self.write(ALT_SCREEN_ON + CURSOR_OFF + CLEAR)
        return self

    def __exit__(self, *exc):
        self.write(RESTORE)
        self.termios.tcsetattr(self.fd, self.termios.TCSADRAIN, self._saved)
        return False

    def write(self, text):
        # Bytes, so block characters work whatever the locale's encoding.
        self.out.write(text.encode("utf-8"))
        self.out.flush()


def play(device, clock, terminal, colour=True):
    """The loop: read keys, run a frame, redraw when the app drew. Returns 0."""
    decoder = KeyDecoder()
    resized = [True]

    def on_resize(signum, frame):
        resized[0] = True

    old_winch = signal.signal(signal.SIGWINCH, on_resize)
    fits = True
    waiting = []  # keys typed while Z or X holds its button: they act after it
    held = None  # the button Z or X holds
    try:
        while True:
            ready = select.select([terminal.fd], [], [], FRAME_S)[0]
            actions = []
            if ready:
                data = os.read(terminal.fd, READ_BYTES)
                if not data:
                    return 0  # the terminal went away
                actions = decoder.feed(data)
            elif decoder.pending:
                decoder.flush()
            if QUIT in actions:
                return 0
            now = clock.now()
            waiting.extend(actions)
            while waiting and (held is None or not device.holding(held)):
                button, ms = waiting.pop(0)
                device.hold(button, now, ms)
                held = button if ms >= HOLD else None
            changed = device.step(now)
            if resized[0]:
                resized[0] = False
                size = terminal_size(terminal.fd)
                fits = size is None or (size[0] >= COLS and size[1] >= ROWS)
                if fits:
                    terminal.write(CLEAR)
                    changed = True
                else:
                    terminal.write(too_small_text(size[0], size[1]))
            if changed and fits:
                terminal.write(frame_text(device.frame, colour))
    finally:
        signal.signal(signal.SIGWINCH, old_winch)


def _stop(signum, frame):
    raise SystemExit(128 + signum)  # unwinds through Terminal.__exit__


def build_parser():
    p = Parser(
        prog="python3 -m host term",
        description="Play Criss Cross Pocket in a terminal (needs %dx%d "
        "characters and a font with braille). %s." % (COLS, ROWS, STATUS),
    )
    sim.add_seed(p)
    p.add_argument(
        "--data",
        metavar="DIR",
        help="save folder (default: %s)" % sim.default_data_dir(),
    )
    p.add_argument(
        "--mono", action="store_true", help="no colours (also when NO_COLOR is set)"
    )
    return p


def main(argv, app_class=None):
    args = build_parser().parse_args(argv)
    if not sys.stdin.isatty():
        sys.stderr.write(
            "term: standard input is not a terminal; run it in a terminal, or "
            "script the game with `python3 -m host sim --headless --keys FILE`\n"
        )
        return 2
    storage = sim.open_storage(args.data or sim.default_data_dir())
    clock = hostclock.WallClock()
    device = sim.make_device(
        storage, clock.now(), args.seed, app_class, sim.today, "term"
    )
    if device is None:
        return 2
    colour = not (args.mono or os.environ.get("NO_COLOR"))
    old_term = signal.signal(signal.SIGTERM, _stop)
    old_hup = signal.signal(signal.SIGHUP, _stop)
    try:
        with Terminal(sys.stdin.fileno(), sys.stdout.buffer) as terminal:
            return play(device, clock, terminal, colour)
    finally:
        signal.signal(signal.SIGTERM, old_term)
        signal.signal(signal.SIGHUP, old_hup)
