"""One module per screen. A screen has key(button, kind), tick(now), draw(canvas).

Screens are reached by name through App.show ("pause", "cards.play"): a name
without a dot is a module here, "family.name" the module crisscross.family.name.
Each screen module names its class SCREEN; the engine modules it needs while it
is up are listed in crisscross.resident (the app unloads every other game module
at a change of screen; docs/architecture.md)."""

from crisscross import buttons

LONG_B = 1 << buttons.B  # long_keys of a screen where only B has a long meaning
LONG_AB = LONG_B | 1 << buttons.A


class Screen:
    """Defaults: no timers; subclasses draw and handle keys.

    long_keys: bits (1 << button) of the buttons with a long meaning here. App
    gives key() their PRESS on release (unless held to LONG), and their LONG at
    the threshold; other buttons' PRESS on the edge and never a LONG.
    key() never sees RELEASE."""

    long_keys = 0
    resident = ()  # set by App.make: resident.SCREENS[name] and its own module
    under = None  # a screen this one goes back to as it was (kept resident too)

    def __init__(self, app):
        self.app = app

    def needs(self):
        """The module names this screen needs resident (App.unload)."""
        if self.under is None:
            return self.resident
        return self.resident + self.under.needs()

    def held(self, button):
        """A button of long_keys went down (App.feed): its meaning waits for the
        release or the long press. A screen may start work its long press wants."""

    def key(self, button, kind):
        pass

    def tick(self, now):
        pass

    def tick_in(self, now):
        """Milliseconds until tick() has work (0: at once), None: no timer. A
        screen that has a tick() says here when it is due (App.next_tick)."""
        return None

    def draw(self, c):
        pass


class Search:
    """A hint's search run a step at a time. Its first step only imports what
    the search needs (`load()`; nothing to do, nothing allocated when those
    modules are resident), its second makes the generator `make(out)`, which
    yields after each piece of work of a few ms on a board and appends its
    result to `out`. step() runs one piece (from `at`, an app time, on),
    finish() the rest. A screen keeps one and restarts it (start): a tap that
    abandons it after its first step has allocated nothing."""

    def __init__(self, make, load):
        self.make = make
        self.load = load
        self.steps = None
        self.out = []
        self.at = 0
        self.loaded = False
        self.done = False

    def start(self, at):
        self.steps = None
        if self.out:
            self.out.pop()
        self.at = at
        self.loaded = False
        self.done = False

    def step(self):
        """One piece of the work; True once it is all done."""
        if not self.done:
            if not self.loaded:
                self.load()
                self.loaded = True
                return False
            if self.steps is None:
                self.steps = self.make(self.out)
            try:
                next(self.steps)
            except StopIteration:
                self.done = True
                self.steps = None
        return self.done

    def finish(self):
        while not self.step():
            pass


class HintScreen(Screen):
    """A play screen whose long A shows a hint. Its search starts when A goes down
    (held), or the session's hint_start_ms() after it, and runs between key
    presses a step at a time (search_tick, a few ms each), so the hint is
    usually found by the time the press is long; letting go of A before that
    abandons it (a tap acts as before). A long press that comes first shows a
    mark (thinking) while the rest is searched at once.

    What the search imports is the session's hint_modules(), its first step;
    whether they stay between searches is the session's resident() (App.unload),
    as for every other module.

    A subclass gives hint_steps(out) (a generator of the search) and
    show_hint(result), calls search_tick/search_tick_in from its timers,
    drop_search() on any other key, and draws its mark where thinking says."""

    long_keys = LONG_AB  # hold A: hint; hold B: the menu
    search = None  # the hint's Search while A is held or its hint is awaited
    kept = None  # the screen's one Search, restarted at each press of A
    thinking = False  # the long press came first: the mark is shown
    mark_frame = 0  # app.frames when the mark was asked for: once a frame is
    # drawn after it, the mark is on the screen and the rest of the search may run

    def can_hint(self):
        return False

    def load_hint(self):
        """The search's first step: import the session's hint_modules() (at
        once when they are resident)."""
        for name in self.app.session.hint_modules():
            __import__(name)

    def hint_steps(self, out):
        raise NotImplementedError

    def hint_done(self):
        """A search that imported its modules ended (found or abandoned): let go
        of what it built that those modules (resident, maybe) would hold."""

    def show_hint(self, result):
        pass

    def held(self, button):
        if button == buttons.A and self.can_hint():
            self._start(self.app.session.hint_start_ms())

    def _start(self, after_ms):
        s = self.kept
        if s is None:  # the first press on this screen
            s = self.kept = Search(self.hint_steps, self.load_hint)
        s.start(self.app.now + after_ms)
        self.search = s

    def drop_search(self):
        """Abandon a search under way (a key other than the long A came); its
        frames are garbage."""
        if self.search is not None:
            if self.search.loaded:
                self.hint_done()
            self.search.start(0)
            self.search = None
            self.thinking = False

    def hint(self):
        """The long A (or the menu's Hint): the hint now, or the mark until found."""
        if self.search is None:  # no press before it (the menu): search at once
            self._start(0)
            self.search.finish()
        if self.search.done:
            self._found()
        else:
            self.thinking = True
            self.mark_frame = self.app.frames
            self.app.dirty = True

    def _found(self):
        result = self.search.out.pop()
        self.hint_done()
        self.search.start(0)
        self.search = None  # the search's frames go
        self.thinking = False
        self.app.tidy()
        self.show_hint(result)
        self.app.dirty = True

    def search_tick(self, now):
        s = self.search
        if s is None:
            return
        if self.thinking:
            if self.app.frames != self.mark_frame:
                s.finish()
                self._found()
        elif not s.done and buttons.diff(now, s.at) >= 0:
            s.step()

    def search_tick_in(self, now):
        """0 while the search has work (or a hint awaits it), else None."""
        s = self.search
        if s is None or (s.done and not self.thinking):
            return None
        if self.thinking:
            return 0
        left = buttons.diff(s.at, now)
        return left if left > 0 else 0

    def draw_mark(self, c, x, y):
        """The thinking mark at (x, y) while a long press awaits the search;
        returns whether it was drawn."""
        if not self.thinking:
            return False
        c.text("hint..", x, y)
        return True
