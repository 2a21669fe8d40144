"""The handheld's application: a state machine fed button events and a clock.

    app = App(canvas, storage, now_ms, seed=None, today=None)
    app.feed(button, kind, now_ms)   # every event of crisscross.buttons, in order
    app.tick(now_ms)                 # timers: messages, AI turns
    if app.render(): show(canvas)    # redraws only after something changed

It never reads hardware: the host injects the canvas (framebuf API, 128x64,
MONO_VLSB), a storage object (crisscross.storage) and the time. `today` is a
callable returning (year, month, day), or None where the board has no clock.
"""

from crisscross import buttons, ui
from crisscross.compat import forget, gc_collect

TOAST_MS = 1500
TOAST_COLS = 14  # characters on a line of a message box
TOAST_ROWS = 5  # lines of a message box
# Modules needed only while one screen is up (menus, texts, share codes): unloaded
# at every change of screen and imported again when wanted, so the play screen
# never carries them (docs/performance.md). A screen on show keeps what it uses.
TRANSIENT = (
    "crisscross.screens.newgame",
    "crisscross.screens.rulesmenu",
    "crisscross.screens.textview",
    "crisscross.screens.scores",
    "crisscross.screens.codeentry",
    "crisscross.screens.pause",
    "crisscross.texts",
    "crisscross.sharecode",
    "crisscross.words.menu",
    "crisscross.words.results",
    "crisscross.families",
    "crisscross.records",
    "crisscross.games",
)


class App:
    def __init__(self, canvas, storage=None, now_ms=0, seed=None, today=None):
        self.canvas = canvas
        self.now = now_ms
        self.seed = seed  # a fixed seed for the first new game (simulator --seed)
        self.today = today
        self.store = None
        if storage is not None:
            from crisscross.store import Store

            self.store = Store(storage)
        self.screen = None
        self._waiting = 0  # bits of pressed buttons whose meaning waits (feed)
        self.session = None
        self._played = False  # a session was shown since the last unload()
        self.dirty = True
        self._toast = None
        self._toast_until = 0
        self.events = 0
        from crisscross.screens.title import Title

        self.go(Title(self))
        warning = self.store.pop_warning() if self.store else None
        if warning:
            self.toast(warning, 4000)

    # ---- navigation -------------------------------------------------------
    def go(self, screen):
        """Show another screen; the old one is dropped and memory collected."""
        self.screen = None
        if self.session is not None:
            self._played = True  # a game's modules may be loaded from now on
        elif self._played:  # no game going any more: none of its modules
            self._played = False
            from crisscross.families import unload

            unload()
        forget(TRANSIENT)
        gc_collect()
        self.screen = screen
        self._waiting = 0  # a press held on the last screen means nothing here
        self.dirty = True

    def toast(self, text, ms=TOAST_MS):
        """A short message over the current screen; any key dismisses it. `text`
        is a string or a list of lines (news: no joining them to split again)."""
        self._toast = toast_lines([text] if isinstance(text, str) else text)
        self._toast_until = self.now + ms
        self.dirty = True

    def save(self):
        """Save the session after a move; a failing flash is told once, never fatal."""
        if self.store is not None and self.session is not None:
            self.store.save_game(self.session.to_text())
            warning = self.store.pop_warning()
            if warning:
                self.toast(warning, 3000)

    def leave_game(self, keep):
        """Back to the title: Save & quit (`keep`) or abandon (the save is cleared)."""
        if keep:
            self.save()
        elif self.store is not None:
            self.store.clear_game()
        self.session = None
        from crisscross.screens.title import Title

        self.go(Title(self))

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
        return self.store.finish_game(key, score, rank, self.date_text(), s.code)

    def date_text(self):
        """Today as "YYYY-MM-DD", or "" where the board has no clock."""
        d = self.today() if self.today else None
        return "%04d-%02d-%02d" % d if d else ""

    def next_seed(self):
        """A fixed seed once (from the host), then seeds from the clock and events."""
        if self.seed is not None:
            s, self.seed = self.seed, None
            return s
        from crisscross.rng import scramble

        return (
            scramble((self.now * 2654435761 + self.events * 40503) & 0xFFFFFFFF)
            & 0xFFFFFF
        )

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
                self._toast = None
                self.dirty = True
                if button >= buttons.A:
                    return  # A or B only dismisses the message
            if self.screen.long_keys & bit:
                self._waiting |= bit
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
        if not self.dirty:
            return False
        self.dirty = False
        c = self.canvas
        c.fill(0)
        self.screen.draw(c)
        if self._toast is not None:
            ui.box(c, self._toast)
        return True


def toast_lines(texts):
    """The lines of a message box: ui.wrap("\\n".join(texts), TOAST_COLS), at
    most TOAST_ROWS of them, without joining the texts to split them again."""
    out = []
    for text in texts:
        out += ui.wrap(text, TOAST_COLS)
        if len(out) >= TOAST_ROWS:
            del out[TOAST_ROWS:]
            break
    if not out:
        out.append("")  # wrap("") is one empty line
    return out
