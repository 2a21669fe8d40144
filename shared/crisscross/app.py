"""The handheld's application: a state machine fed button events and a clock.

    app = App(canvas, storage, now_ms, seed=None, today=None, sprite=None)
    app.feed(button, kind, now_ms)   # every event of crisscross.buttons, in order
    app.tick(now_ms)                 # timers: messages, AI turns
    if app.render(): show(canvas)    # redraws only after something changed

It never reads hardware: the host injects the canvas (framebuf API, 128x64,
MONO_VLSB), a storage object (crisscross.storage) and the time. `today` is a
callable returning (year, month, day, ...), as time.localtime does; without it,
or while it reads a year before 2025 (a board's clock after a reset, until a
PC sets it: `host flash` does), the game has no date.
`sprite` makes the small pictures the screens blit, called as
framebuf.FrameBuffer(data, w, h, MONO_VLSB) is: a board whose canvas is its
display driver passes framebuf.FrameBuffer; by default it is the canvas's own
class (a plain FrameBuffer, or the host's canvas on CPython). The engine never
imports framebuf.
"""

import sys

from crisscross import buttons, resident, ui
from crisscross.compat import const, forget, gc_collect

TOAST_MS = 1500
WARNING_MS = const(4000)  # a message from the store (a save refused, a damaged file)
TOAST_COLS = 14  # characters on a line of a message box
TOAST_ROWS = 5  # lines of a message box
_FIRST_YEAR = const(2025)  # a clock that reads earlier was never set


def screen_module(name):
    """The module of screen `name`: "pause" is crisscross.screens.pause, and a
    family's screen is in its ui package: "cards.play" is crisscross.cards.ui.play."""
    dot = name.find(".")
    if dot >= 0:
        return "crisscross.%s.ui%s" % (name[:dot], name[dot:])
    return "crisscross.screens." + name


class App:
    def __init__(
        self, canvas, storage=None, now_ms=0, seed=None, today=None, sprite=None
    ):
        self.canvas = canvas
        ui.use_sprites(sprite or type(canvas))
        self.now = now_ms
        self.seed = seed  # a fixed seed for the first new game (screens.newgame)
        self.today = today
        self.store = None
        if storage is not None:
            from crisscross.store import Store

            self.store = Store(storage)
        self.screen = None
        self.session = None
        self._needs = {}  # screen module -> what its import loaded of its needs
        self.unload(None)  # the store's loading code has run: not resident
        self._waiting = 0  # bits of pressed buttons whose meaning waits (feed)
        self._open = None  # the session the last screen was shown with
        self.dirty = True
        self.frames = 0  # frames drawn: a screen knows its last change is shown
        self._toast = None
        self._toast_until = 0
        self.events = 0
        self._collect = False  # a change of screen's collection, due at render()
        self.show("title")

    # ---- navigation -------------------------------------------------------
    def make(self, name, *args):
        """Screen `name` built with `args`, not yet shown (a screen to go back to).

        A screen's module loaded again (the app unloaded it meanwhile) comes after
        the modules of its needs (resident.SCREENS) that its import had loaded the
        last time, each
        imported here on its own: its own imports then find them loaded. An import
        inside another's module body holds the outer module's open file (on
        littlefs a block over a KB, in one piece) while it opens its own, and a
        long game's cut-up heap may have room for one such block, not two or
        three (docs/architecture.md)."""
        module = screen_module(name)
        needs = resident.SCREENS[name]
        loading = module not in sys.modules
        if loading:
            for need in self._needs.get(module, ()):
                if need not in sys.modules:
                    __import__(need)
        mod = __import__(module, None, None, ("SCREEN",))
        if loading:
            # The names its import found or loaded; not those its code imports
            # later (the word search's), which would be loaded too early.
            self._needs[module] = tuple([n for n in needs if n in sys.modules])
        screen = mod.SCREEN(self, *args)
        screen.resident = needs + (module,)
        return screen

    def show(self, name, *args):
        """Show screen `name` (see screen_module), built with `args`."""
        screen = self.make(name, *args)
        self.go(screen)
        return screen

    def open_session(self):
        """Show the screen the session's phase wants (Session.screen())."""
        return self.show(self.session.screen())

    def go(self, screen):
        """Show a screen already built (one to go back to); the old one is
        dropped, every module no one needs is unloaded, and memory is collected
        at the next render(): once the old screen's key() or tick() that led
        here has returned, its module and locals are no longer held."""
        self.screen = None
        if self._open is not self.session:  # a game ended or another began
            close = getattr(self._open, "close", None)
            if close is not None:
                close()
            self._open = self.session
        self.unload(screen)
        self._collect = True
        self.screen = screen
        self._waiting = 0  # a press held on the last screen means nothing here
        self.dirty = True

    def tidy(self):
        """Unload what the screen and the session no longer need, without a change
        of screen: after an AI's turns or a hint, its search is not kept."""
        self.unload(self.screen)

    def unload(self, screen):
        """Forget every module of the engine that neither resident.CORE, `screen`
        nor the session needs: the one place that unloads modules."""
        keep = screen.needs() if screen is not None else ()
        if self.session is not None:
            keep = keep + self.session.resident()
        names = []
        for name in sys.modules:
            if (
                not name.startswith("crisscross.")
                or name in resident.CORE
                or name in keep
            ):
                continue
            n = len(name)
            for k in keep:
                if k.startswith(name) and k.startswith(".", n):
                    break  # a package of a module kept: kept with it
            else:
                names.append(name)
        forget(names)

    def toast(self, text, ms=TOAST_MS, more=None):
        """A short message over the current screen; any key closes it (and acts
        as it does without it). `text` is a string or a list of lines (news: no
        joining them to split again); `more` is the last line shown when they
        are more than the box holds (where to read them all)."""
        self._toast = toast_lines([text] if isinstance(text, str) else text, more)
        self._toast_until = self.now + ms
        self.dirty = True

    def save(self):
        """Save the session after a move; a failing flash is told once (render()),
        never fatal."""
        if self.store is not None and self.session is not None:
            if not self.store.save_game(self.session.to_text()):
                self.tidy()  # the store's loading code learnt what it holds

    def record_result(self, solo, key, score, rank=None):
        """At a game's end, once: a solo result goes into the high scores and
        statistics (and the save is cleared in the same write); any other game
        is only cleared. Returns the high-score place, or None."""
        s = self.session
        if getattr(s, "recorded", False):
            return None
        s.recorded = True
        if self.store is None:
            return None
        if not solo:
            self.store.clear_game()
            return None
        from crisscross import records

        date = self.date_text()
        return records.finish_game(self.store, key, score, rank, date, s.code)

    def date(self):
        """Today as (year, month, day), or None where the game has no date (no
        clock, or a board's that nobody has set)."""
        d = self.today() if self.today else None
        return d[:3] if d and d[0] >= _FIRST_YEAR else None

    def date_text(self, day=None):
        """`day` (today by default) as "YYYY-MM-DD", or "" where there is none."""
        day = day or self.date()
        return "%04d-%02d-%02d" % day if day else ""

    # ---- the host's three calls --------------------------------------------
    def feed(self, button, kind, now_ms):
        """One event of crisscross.buttons. A button with a long meaning on the
        screen (its long_keys) is held back on PRESS: the short meaning acts on
        RELEASE if LONG did not come first, the long one at LONG, and the release
        after a long press does nothing. Directions act on PRESS and REPEAT."""
        self.now = now_ms
        self.events += 1
        bit = 1 << button
        if kind == buttons.PRESS:
            if self._toast is not None:
                # Any key closes the message and does what it does without it.
                self._toast = None
                self.dirty = True
            if self.screen.long_keys & bit:
                self._waiting |= bit
                self.screen.held(button)  # it may start what a long press wants
                return
        elif kind == buttons.LONG or kind == buttons.RELEASE:
            if not self._waiting & bit:
                return  # no long meaning, a release after LONG, or another screen's
            self._waiting &= ~bit
            if kind == buttons.RELEASE:
                kind = buttons.PRESS
        self.screen.key(button, kind)
        self.dirty = True

    def tick(self, now_ms):
        self.now = now_ms
        if self._toast is not None and buttons.diff(now_ms, self._toast_until) >= 0:
            self._toast = None
            self.dirty = True
        self.screen.tick(now_ms)

    def next_tick(self, now_ms):
        """Milliseconds until tick() has work (a message to clear, an AI move, a
        search slice: 0 means at once), or None: nothing until a button. A board
        sleeps that long instead of ticking every frame."""
        ms = self.screen.tick_in(now_ms)
        if self._toast is not None:
            left = buttons.diff(self._toast_until, now_ms)
            left = left if left > 0 else 0
            if ms is None or left < ms:
                ms = left
        return ms

    def render(self):
        # What the store has to tell (a file it found damaged, a save refused:
        # settings, a move, the high scores) comes on the screen it happened on,
        # once any message shown has gone.
        store = self.store
        if store is not None and store.warnings and self._toast is None:
            self.toast(store.pop_warning(), WARNING_MS)
        if self._collect:
            self._collect = False
            gc_collect()
        if not self.dirty:
            return False
        self.dirty = False
        self.frames += 1
        c = self.canvas
        c.fill(0)
        self.screen.draw(c)
        if self._toast is not None:
            ui.box(c, self._toast)
        return True


def toast_lines(texts, more=None):
    """The lines of a message box: ui.wrap("\\n".join(texts), TOAST_COLS), at
    most TOAST_ROWS of them, without joining the texts to split them again;
    where they are more, the last one is `more` if given."""
    out = []
    for k in range(len(texts)):
        out += ui.wrap(texts[k], TOAST_COLS)
        if len(out) >= TOAST_ROWS:
            if more and (len(out) > TOAST_ROWS or k + 1 < len(texts)):
                out[TOAST_ROWS - 1] = more
            del out[TOAST_ROWS:]
            break
    if not out:
        out.append("")  # wrap("") is one empty line
    return out
