"""The emulated Pico's game, played as a person plays it, for `host bench pico`
(host/bench/pico.py measures with it): the screen read in the 8x8 font, a
`Driver` that presses buttons at times and times each response, and one scripted
whole game per family against an AI seat, noting each step's figures.
"""

from host.screen import render
from host.screen.font8x8 import FIRST_CHAR, FONT

FAMILIES = ("symbols", "digits", "cards", "words")  # in the New game menu
LONG_MS = 600  # crisscross.buttons.LONG_MS: a long press acts this long after its edge
TAP_MS = 80  # a tap holds the button this long
GAP_MS = 150  # and leaves this much time before the next
IDLE_MS = 4000  # emulated ms of idle measured
QUIET_MS = 200  # no display write and an idle CPU this long: the response is over
HINT_TIMEOUT_MS = 20000
# The dice are seeded from the clock at Start: the script presses it at this
# emulated instant, whatever the boot and the menus took, so the same script
# plays the same dice on every version of the code (the seed is the same as long
# as the app counts as many events before it, and takes the press at the same
# millisecond). The card and word games are dealt from share codes (CODES).
START_AT_MS = 12000


class PicoError(Exception):
    """The measurement could not run (no firmware, the script lost its way)."""


# ---- reading the screen ----------------------------------------------------


def _columns(frame):
    """The frame as 128 ints, bit y = pixel (x, y)."""
    cols = []
    for x in range(128):
        v = 0
        for page in range(8):
            v |= frame[page * 128 + x] << (8 * page)
        cols.append(v)
    return cols


def _glyphs(text):
    out = []
    for ch in text:
        k = (ord(ch) - FIRST_CHAR) * 8
        out += FONT[k : k + 8]
    return out


def has_text(frame, text):
    """True if `text` is drawn anywhere in the 8x8 font (normal or inverted)."""
    cols = _columns(frame)
    inv = [~c & 0xFFFFFFFFFFFFFFFF for c in cols]
    g = _glyphs(text)
    n = len(g)
    for y in range(57):
        for src in (cols, inv):
            row = [(c >> y) & 0xFF for c in src]
            first = g[0]
            for x in range(129 - n):
                if row[x] == first and row[x : x + n] == g:
                    return True
    return False


def title_frame():
    """The title as the game draws it at power-on on a blank board (no save): the
    same code on the host's canvas, which draws the board's bytes."""
    from crisscross.app import App
    from crisscross.memory_storage import MemoryStorage
    from host.screen import fbcanvas

    frame = bytearray(render.frame_bytes(128, 64))
    canvas = fbcanvas.FrameBuffer(frame, 128, 64, fbcanvas.MONO_VLSB)
    App(canvas, MemoryStorage()).render()
    return frame


# ---- driving the board -----------------------------------------------------


class Driver:
    """A board from power-on with timed presses and the response of each."""

    def __init__(self, image, heap_snapshot=False, uf2=None):
        from host.emu.board import Board

        self.board = Board(
            uf2=uf2, flash_path=image, save=False, heap_snapshot=heap_snapshot
        )
        self.flash_at = []  # ms of each flash erase or program while settling

    def close(self):
        self.board.close()

    def stats(self):
        return self.board.stats()

    def last_write_end(self, since_ms):
        ends = [e for s, e, _ in self.board.display_updates if e >= since_ms]
        return max(ends) if ends else None

    def settle(self, timeout_ms=HINT_TIMEOUT_MS, step_ms=20):
        """Run until no display write and a sleeping CPU for QUIET_MS."""
        b = self.board
        quiet = 0
        end = b.now_ms() + timeout_ms
        while b.now_ms() < end:
            n = len(b.display_updates)
            s0 = b.stats()
            self._run_noting_flash(step_ms)
            s1 = b.stats()
            busy = (s1["busy_cycles"] - s0["busy_cycles"]) / max(
                1, s1["cycles"] - s0["cycles"]
            )
            if len(b.display_updates) == n and busy < 0.5:
                quiet += step_ms
                if quiet >= QUIET_MS:
                    return
            else:
                quiet = 0
        raise PicoError("the board did not settle within %d ms" % timeout_ms)

    def _run_noting_flash(self, ms):
        """run_ms(ms), the instant of each flash operation noted in flash_at."""
        b = self.board
        end = b.now_ms() + ms
        while b.now_ms() < end:
            if b.run_ns((end - b.now_ms()) * 1e6, stop_after_flash_ops=1) == "time":
                return
            self.flash_at.append(b.now_ms())

    def tap(self, key, hold_ms=TAP_MS):
        """A tap; ms from the edge that acts (press for arrows, release for A and
        B, whose short meaning acts when let go) to the last display byte."""
        b = self.board
        t_down = b.down(key)
        b.run_ms(hold_ms)
        t_up = b.up(key)
        self.settle()
        start = t_down if key in ("up", "down", "left", "right") else t_up
        end = self.last_write_end(start)
        return None if end is None else end - start

    def long(self, key, hold_ms=LONG_MS + 100):
        """A long press; ms from the long press (600 ms after the edge) to the last
        display byte once the board is quiet again."""
        b = self.board
        t_down = b.down(key)
        b.run_ms(hold_ms)
        b.up(key)
        self.settle()
        end = self.last_write_end(t_down + LONG_MS)
        return None if end is None else end - (t_down + LONG_MS)

    def frame(self):
        return self.board.frame()

    def shows(self, text):
        return has_text(self.frame(), text)


def boot(d):
    """Power on; ms to the title drawn."""
    b = d.board
    b.power_on()
    title = title_frame()
    if not b.run_until(
        lambda bd: render.diff_frames(title, bd.frame()) == 0, 8000, step_ms=10
    ):
        raise PicoError("the title did not appear within 8 s of power-on")
    return d.last_write_end(0)


def idle_busy(d, ms=IDLE_MS):
    """Percent of cycles the CPU executes over `ms` with no key pressed."""
    b = d.board
    s0 = b.stats()
    b.run_ms(ms)
    s1 = b.stats()
    return round(
        100.0
        * (s1["busy_cycles"] - s0["busy_cycles"])
        / max(1, s1["cycles"] - s0["cycles"]),
        2,
    )


def find_text(frame, text):
    """[(x, y, inverted)] where `text` is drawn in the 8x8 font."""
    cols = _columns(frame)
    inv = [~c & 0xFFFFFFFFFFFFFFFF for c in cols]
    g = _glyphs(text)
    n = len(g)
    out = []
    for y in range(57):
        for src, inverted in ((cols, False), (inv, True)):
            row = [(c >> y) & 0xFF for c in src]
            for x in range(129 - n):
                if row[x] == g[0] and row[x : x + n] == g:
                    out.append((x, y, inverted))
    return out


def _ais_shown(frame):
    """The AI foes value on the chosen (inverted) row, or None."""
    rows = [(x, y) for x, y, inv in find_text(frame, "AI foes") if inv]
    if not rows:
        return None
    y = rows[0][1]
    for n in range(6):
        if any(yy == y and inv and x > 64 for x, yy, inv in find_text(frame, str(n))):
            return n
    return None


# The card and word games' deals, typed on the New game screen as a player types
# a share code (Deal: Code, then the code screen), so every run plays the same
# games: dealt from the clock, any change that moved the emulated boot by a
# millisecond, or what the game does before Start, dealt other hands. The cards
# rule set's code that takes the fewest presses to type (3: C up twice, 9 down
# once from AAAAAAA; seed 1,077,852); chosen for that, not for its hints. The word
# game's (6: E up 4 times, 8 down twice; seed 7,080,985, Normal rules) happens to
# be a long game, its table crowded late: a hard test of the hint's time.
CARDS_CODE = "C9AAAAA"
WORDS_CODE = "E8AAAAA"
CODES = {"cards": CARDS_CODE, "words": WORDS_CODE}


def _row_chosen(d, label):
    """Whether the New game row `label` is the chosen (inverted) one."""
    return any(inv for _, _, inv in find_text(d.frame(), label))


def enter_code(d, code):
    """On New game's Deal/Dice row: Code, A opens the code screen, the code typed
    with up/down on each character from A, A checks it."""
    from crisscross import sharecode

    for _ in range(2):  # Random -> Daily -> Code
        d.tap("right")
    d.tap("a")
    if not d.shows("SHARE CODE"):
        raise PicoError("A on Code did not open the code screen:\n" + _screen_dump(d))
    n = len(sharecode.ALPHABET)
    for k, ch in enumerate(code):
        v = sharecode.ALPHABET.index(ch)
        for _ in range(v if v <= n // 2 else n - v):
            d.tap("up" if v <= n // 2 else "down")
        if k < len(code) - 1:
            d.tap("right")
    d.tap("a")
    if not d.shows("NEW GAME") or not d.shows(sharecode.pretty(code)):
        raise PicoError("the code %s was not taken:\n%s" % (code, _screen_dump(d)))


def new_game(d, family, ais=1, code=None, start_at=START_AT_MS):
    """From the title (New game selected): the family, `ais` AI seats, the deal
    or dice of share code `code` when given (else the clock's), Start."""
    if has_text(d.frame(), "Continue"):
        raise PicoError("the flash holds a saved game: the title offers Continue")
    d.tap("a")  # New game
    if not d.shows("NEW GAME"):
        raise PicoError("A on the title did not open New game:\n" + _screen_dump(d))
    for _ in range(FAMILIES.index(family)):
        d.tap("right")
    for _ in range(3):  # rows: game, rules, players, AI foes
        d.tap("down")
    for _ in range(8):
        if _ais_shown(d.frame()) == ais:
            break
        d.tap("right")
    else:
        raise PicoError("new game: cannot set %d AI foes:\n%s" % (ais, _screen_dump(d)))
    if code:
        label = "Deal" if family in ("cards", "words") else "Dice"
        for _ in range(8):
            if _row_chosen(d, label):
                break
            d.tap("down")
        else:
            raise PicoError("new game: no %s row:\n%s" % (label, _screen_dump(d)))
        enter_code(d, code)
        d.tap("down")  # the row after Deal/Dice: Start
    else:
        for _ in range(4):  # up from row 3 past row 0 wraps to Start
            d.tap("up")
    if not _row_chosen(d, "> Start game"):
        raise PicoError("new game: Start is not chosen:\n" + _screen_dump(d))
    wait = start_at - d.board.now_ms()
    if wait < 0:
        raise PicoError("Start reached %.0f ms after %d ms" % (-wait, start_at))
    d.board.run_ms(wait)
    d.tap("a")


TOUR = ("right", "down", "left", "up")


def _note_peak(d, fig, step):
    """Remember `step` if it raised the largest heap live after a collection."""
    live = d.stats().get("heap_peak_live_after_gc") or 0
    if live > fig.get("peak", 0):
        fig["peak"] = live
        fig["peak_at"] = step


def _screen_dump(d):
    return render.to_ascii(d.frame())


def dice_game(d, family, fig, tour_rounds=3, max_steps=200):
    """A whole dice game against one AI seat: a cursor tour in the
    first rounds, a hint every turn, its placement, the roll; into `fig`. Starts
    on the game's play screen (new_game)."""
    rounds = 0

    def note(kind):
        _note_peak(d, fig, "round %d %s" % (rounds, kind))

    for _ in range(max_steps):
        f = d.frame()
        if has_text(f, "GAME OVER") or has_text(f, "RESULTS"):
            return rounds
        if has_text(f, "Leaves a lone"):
            fig["place"].append(d.tap("a"))
        elif has_text(f, "A:put"):
            if rounds < tour_rounds:
                for key in TOUR:
                    s0 = d.stats()
                    fig["move"].append(d.tap(key))
                    s1 = d.stats()
                    fig["move_bytes"].append(
                        s1["i2c_panel_bytes"] - s0["i2c_panel_bytes"]
                    )
            rounds += 1
            fig["hint"].append(d.long("a"))
            note("hint")
            d.board.run_ms(1600)  # the hint's message goes by itself
            d.settle()
            s0 = d.stats()
            fig["place"].append(d.tap("a"))
            s1 = d.stats()
            fig["place_flash"].append(
                s1["flash_bytes_programmed"] - s0["flash_bytes_programmed"]
            )
            note("placement")
        elif has_text(f, "A:roll") or has_text(f, "A:next"):
            fig["roll"].append(d.tap("a"))
            note("roll")
        elif has_text(f, "A:end"):
            d.tap("a")
        else:
            d.tap("a")  # a hand-over screen
    raise PicoError("the %s game did not end:\n%s" % (family, _screen_dump(d)))


def cards_game(d, fig, tour_turns=3, max_steps=400):
    """A whole card game against one AI seat: each turn two hand moves (in the
    first turns), a hint, then A puts the hinted card (`place`: to the card on
    the glass, saved before it is drawn; `reply`: the AI seat's move after it);
    the AI's turns and the moves on show go by with the clock."""
    turns = 0
    for _ in range(max_steps):
        f = d.frame()
        if has_text(f, "GAME OVER"):
            return turns
        if has_text(f, "A:pick"):
            turns += 1
            if turns <= tour_turns:
                for key in ("right", "left"):
                    s0 = d.stats()
                    fig["move"].append(d.tap(key))
                    s1 = d.stats()
                    fig["move_bytes"].append(
                        s1["i2c_panel_bytes"] - s0["i2c_panel_bytes"]
                    )
            fig["hint"].append(d.long("a"))
            _note_peak(d, fig, "turn %d hint" % turns)
            if has_text(d.frame(), "A:put"):
                s0 = d.stats()
                t = _tap_edge(d, "a")
                # The play: A let go -> the card on the glass, its save done
                # before it is drawn (the first frame after the release). The
                # AI seat's reply follows from the next tick: its own figure,
                # from that frame to the reply's last one.
                bursts = _bursts(d, t)
                if bursts:
                    fig["place"].append(round(bursts[0][1] - t, 1))
                    if len(bursts) > 1:
                        fig["reply"].append(round(bursts[-1][1] - bursts[0][1], 1))
                s1 = d.stats()
                fig["place_flash"].append(
                    s1["flash_bytes_programmed"] - s0["flash_bytes_programmed"]
                )
                _note_peak(d, fig, "turn %d play" % turns)
        elif has_text(f, "A:pass"):
            d.tap("a")
        elif has_text(f, "A:put"):
            d.tap("b")  # a card picked up without a hint: back to the hand
        else:
            d.board.run_ms(500)  # the AI's turn, a move on show
            d.settle()
            _note_peak(d, fig, "turn %d AI" % turns)
    raise PicoError("the card game did not end:\n%s" % _screen_dump(d))


# ---- the word game ---------------------------------------------------------

NEWS_WAIT_MS = 4500  # the news of the AI's turn goes by itself (TOAST_MS + 700/line)
BURST_GAP_MS = 5  # display writes closer than this are one frame's pages
SEARCH_GAP_MS = 50  # a longer gap inside one response is an AI seat searching


def _bursts(d, since_ms):
    """[(start, end)] of the runs of display writes after `since_ms`: the pages
    of one frame go out back to back."""
    spans = [(s, e) for s, e, _ in d.board.display_updates if s >= since_ms]
    return _runs(spans, BURST_GAP_MS)


def _runs(spans, gap):
    """[(start, end)] of `spans` (in time order) joined where one begins within
    `gap` ms of the last one's end."""
    out = []
    for s, e in spans:
        if out and s - out[-1][1] <= gap:
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


def _strip_ok(frame):
    """The hint laid out: OK on the hand strip (the bottom line)."""
    return any(y >= 50 for _, y, _ in find_text(frame, "OK"))


def _human_move(d, fig, key_tap):
    """The human's move (`key_tap` makes it and returns the acting edge's ms),
    then the AI seat's turn, which follows by itself: the move with its save is
    timed to its frame on the glass (the first frame after the edge: the play
    screen draws after the save), each AI move from the frame before it to its
    own frame (a long gap between two frames of one response is a search). An AI
    move that changes nothing on the glass (a draw while the human's turn is
    lost, when the AI moves again) ends at its save: _saves_in."""
    n_flash = d.stats()["flash_bytes_programmed"]
    t = key_tap()
    bursts = _bursts(d, t)
    if not bursts:
        return None
    fig["place_flash"].append(d.stats()["flash_bytes_programmed"] - n_flash)
    shown = bursts[0][1]
    mark = shown
    for (_s0, e0), (s1, e1) in zip(bursts, bursts[1:]):
        if s1 - e0 > SEARCH_GAP_MS:
            for saved in _saves_in(d, e0, s1)[:-1]:  # the last is the move shown
                fig["ai"].append(round(saved - mark, 1))
                mark = saved
            fig["ai"].append(round(e1 - mark, 1))
            mark = e1
    return round(shown - t, 1)


def _saves_in(d, start, end):
    """The ms each save began between `start` and `end`: a save's flash
    operations come closer together than SEARCH_GAP_MS."""
    ops = [(at, at) for at in d.flash_at if start < at < end]
    return [s for s, _ in _runs(ops, SEARCH_GAP_MS)]


def words_game(d, fig, tour_turns=3, max_turns=200, log=None, stop_after=None):
    """A whole word game against one AI seat (its quick level): each turn of the
    human a cursor tour (the first turns), the hint (hold A: the AI's search for
    the human, on the thinking screen), then A on OK lays the hinted word with
    its save; when the hint finds none, the menu's Draw cards. The AI seat's turn
    follows each (figures: `_human_move`). Starts on the game's play screen;
    with `stop_after`, ends after that many turns of the human (bench-check)."""
    turns = 0
    for _ in range(max_turns):
        d.board.run_ms(NEWS_WAIT_MS)  # the news is read, and gone
        d.settle()
        f = d.frame()
        if has_text(f, "GAME OVER") or has_text(f, "RESULTS"):
            return turns
        if stop_after and turns >= stop_after:
            return turns
        if has_text(f, "MENU") or has_text(f, "thinking"):
            raise PicoError("the word game lost its way:\n%s" % _screen_dump(d))
        turns += 1
        if log and turns % 10 == 0:
            log("bench pico: words, turn %d" % turns)
        if turns <= tour_turns:
            for key in TOUR:
                s0 = d.stats()
                fig["move"].append(d.tap(key))
                s1 = d.stats()
                fig["move_bytes"].append(s1["i2c_panel_bytes"] - s0["i2c_panel_bytes"])
        fig["hint"].append(d.long("a"))
        _note_peak(d, fig, "turn %d hint" % turns)
        if _strip_ok(d.frame()):
            fig["place"].append(_human_move(d, fig, lambda: _tap_edge(d, "a")))
            _note_peak(d, fig, "turn %d play and AI" % turns)
        else:  # "No play found" (or a play the strip cannot lay out): draw
            d.board.run_ms(NEWS_WAIT_MS)
            d.settle()
            d.long("b")
            d.tap("down")  # from Resume: Hint, Draw cards
            d.tap("down")
            if not any(inv for _, _, inv in find_text(d.frame(), "Draw cards")):
                raise PicoError("no Draw cards in the menu:\n%s" % _screen_dump(d))
            _human_move(d, fig, lambda: _tap_edge(d, "a"))
            _note_peak(d, fig, "turn %d draw and AI" % turns)
    raise PicoError("the word game did not end:\n%s" % _screen_dump(d))


def _tap_edge(d, key):
    """A tap of A or B (it acts when let go), the board settled after it: the
    release edge's ms."""
    b = d.board
    b.down(key)
    b.run_ms(TAP_MS)
    t_up = b.up(key)
    d.settle()
    return t_up
