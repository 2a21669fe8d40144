"""The browser's host: the game as a board runs it, inside MicroPython WebAssembly.

The page (host/web/pocket.mjs) loads this module from the ROMFS image that
`python3 -m host web` builds, and drives it:

    start(now, link, saves, seed, unsaved)
                           the App on a framebuf canvas, saves in `saves`, the
                           page's localStorage (in memory when it is None: the
                           browser refuses its storage, or another tab keeps
                           the saves: `unsaved` says which; a full one is
                           kept, and its refusals told); `link` is the page's
                           #hash ("code=AVF-F6V5", "daily"), `seed` the first new
                           game's dice (the simulator's --seed) or None
    down(button, now) / up(button, now)
                           a key, a mouse or a finger went down or up
    step(now)           -> one frame (presses.run_frame, then the search slices due
                           at once, for up to SLICE_MS); returns
                           wait_ms << 1 | drew: drew is 1 when the canvas changed,
                           wait_ms how long the page may sleep (0: the next frame)
    frame                  the 1,024 bytes of the 128x64 MONO_VLSB canvas
    share_code()        -> the game's share code ("AVF-F6V5"), or None
    open_link(link)     -> a #hash the page was sent to while open, as start's
                           `link`: what is wrong with it, or None
    busy(now)           -> whether the game has work due at once (a search)

Times are the page's performance.now() in whole milliseconds. Nothing here
blocks: a hint's search runs in slices between frames, as on a board.
"""

from crisscross import buttons, presses
from crisscross.memory_storage import joined
from crisscross.storage import _check_name

WIDTH = 128
HEIGHT = 64
PREFIX = "crisscross-pocket/"  # localStorage keys: PREFIX + file name
SLICE_MS = 12  # search work per frame before the page gets the thread back
IDLE_MS = 1000  # the longest sleep when nothing is due (a clock check)
QUOTA_ERRNO = 28  # ENOSPC: the store tells the player once, keeps the game


class BrowserStorage:
    """The storage contract (crisscross.storage) over a Web Storage area: one
    key per file, its bytes as hex digits (bytes.hex() is built in; this port's
    binascii is Python). A setItem replaces the value whole, so the store may
    write in place (`atomic`).

    The area is the page's (pocket.mjs `savesArea`): localStorage's calls, none
    of which throws (a JavaScript exception thrown into MicroPython's call would
    unwind through it uncaught). setItem and rename give back what the browser
    refused (a quota error's name; rename "missing" for no such key) or None; a
    storage the browser stops giving reads as empty. rename moves a value in the
    page, whatever its size, never through this heap."""

    atomic = True

    def __init__(self, area, prefix=PREFIX):
        self.area = area
        self.prefix = prefix

    def read(self, name):
        _check_name(name)
        text = self.area.getItem(self.prefix + name)
        if text is None:
            return None
        try:
            return bytes.fromhex(text)
        except ValueError:
            return b"\xff"  # not ours: the store reads it as a damaged file

    def write(self, name, data):
        _check_name(name)
        self._set(self.prefix + name, joined(data).hex())

    def _set(self, key, text):
        self._refused(self.area.setItem(key, text))

    def _refused(self, why):
        if why:
            raise OSError(QUOTA_ERRNO, "the browser's storage is full (%s)" % why)

    def rename(self, old, new):
        _check_name(old)
        _check_name(new)
        refused = self.area.rename(self.prefix + old, self.prefix + new)
        if refused == "missing":
            raise OSError(2, "no such file: " + old)
        self._refused(refused)

    def remove(self, name):
        _check_name(name)
        self.area.removeItem(self.prefix + name)

    def names(self):
        found = []
        n = len(self.prefix)
        for i in range(self.area.length):
            key = self.area.key(i)
            if key is not None and key.startswith(self.prefix):
                found.append(key[n:])
        found.sort()
        return found


class WebDevice:
    """The App on a canvas, fed button edges and stepped by the page's frames."""

    def __init__(self, canvas, frame, storage, now, today=None, seed=None):
        from crisscross.app import App

        self.frame = frame
        self.buttons = buttons.Buttons()
        self.app = App(canvas, storage, now, seed=seed, today=today)

    def down(self, button, now):
        self.buttons.down(button, now)

    def up(self, button, now):
        self.buttons.up(button, now)

    def step(self, now, clock=None, budget_ms=SLICE_MS):
        """One frame; returns wait_ms << 1 | drew (see the module's docstring).
        While the app has work due at once (a search), it runs more slices for
        up to budget_ms by `clock` (a ms counter): a hint comes as fast as the
        machine allows, and the page still gets a frame in time."""
        app = self.app
        drew = presses.run_frame(app, self.buttons, now)
        if clock is not None:
            start = clock()
            while app.next_tick(now) == 0 and buttons.diff(clock(), start) < budget_ms:
                app.tick(now)
                drew = app.render() or drew
        if self.held() or len(self.buttons):
            wait = 0  # a held button is polled each frame: its long press, repeats
        else:
            wait = app.next_tick(now)
            if wait is None or wait > IDLE_MS:
                wait = IDLE_MS
        return wait << 1 | (1 if drew else 0)

    def held(self):
        """Whether any button is down."""
        for b in range(buttons.COUNT):
            if self.buttons.held(b):
                return True
        return False

    def share_code(self):
        """The share code of the game under way or just ended, as players see it."""
        session = self.app.session
        code = getattr(session, "code", "") if session is not None else ""
        if not code:
            return None
        from crisscross import sharecode

        return sharecode.pretty(code)

    def open_link(self, link):
        """Open what the page's #hash names: "code=AVF-F6V5" or "daily" show the
        New game screen set to those dice, on Start (a saved game is asked about
        there before it is replaced), in any case. Returns None, or what is wrong
        with it."""
        link = (link or "").strip().lstrip("#")
        if not link:
            return None
        from crisscross.screens import newgame

        if link.lower() == "daily":
            screen = self.app.make("newgame")
            screen.dice = newgame.DICE.index("Daily")
        elif link.lower().startswith("code="):
            from crisscross.games import decode_deal

            code = link[5:]
            try:
                family, rules, _ = decode_deal(code)
            except ValueError as e:
                self.app.toast("Link: %s" % e, 4000)
                return str(e)
            screen = self.app.make("newgame")
            # As the code entry screen gives a typed code to New game.
            screen.dice = newgame.DICE.index("Code")
            screen.take_code(code, family, rules)
        else:
            return "unknown link #%s" % link
        keys = [row[0] for row in screen.rows()]
        screen.row = keys.index("start")
        self.app.go(screen)
        return None


# --- the page's calls (MicroPython only: framebuf, js, time) ---

device = None
frame = None


def _today():
    import time

    return tuple(time.localtime()[:3])


def _clock():
    import time

    return time.ticks_ms()


def start(now, link=None, saves=None, seed=None, unsaved=None):
    """Make the device; `saves` is the page's storage area, or None: saves kept
    in memory for this visit, and `unsaved` (or that the browser keeps none)
    told. Returns what is wrong with `link`, or None."""
    global device, frame
    import framebuf

    if saves is not None:
        storage = BrowserStorage(saves)
    else:
        from crisscross.memory_storage import MemoryStorage

        storage = MemoryStorage()
    frame = bytearray(WIDTH * HEIGHT // 8)
    canvas = framebuf.FrameBuffer(frame, WIDTH, HEIGHT, framebuf.MONO_VLSB)
    device = WebDevice(canvas, frame, storage, now, _today, seed)
    if saves is None:
        device.app.toast(unsaved or "This browser keeps no saves here", 4000)
    return device.open_link(link)


def down(button, now):
    device.down(button, now)


def up(button, now):
    device.up(button, now)


def step(now):
    return device.step(now, _clock)


def share_code():
    return device.share_code()


def open_link(link):
    return device.open_link(link)


def busy(now):
    """Whether the app has work due at once: a search under way (tests, benches)."""
    return device.app.next_tick(now) == 0
