"""The emulated board and the game under CPython, driven by the same presses.

`Twin` holds a `host.emu.board.Board` running the flashed firmware and a CPython
`App` (the headless simulator's path: `crisscross.presses.run_frame` over a
`crisscross.buttons.Buttons`) with a `MemoryStorage`. Every press is a real GPIO
edge on the board at an emulated instant; the CPython app gets the same edges at
the same milliseconds. Frames can then be compared: the board's panel (what the
glass shows) against the CPython canvas.

Used by the tests in tests/emu/test_emu_*.py; see tests/emu/conftest.py for the
`flashed` image they start from.
"""

import json

from crisscross import buttons, presses, sharecode
from crisscross.app import App
from crisscross.memory_storage import MemoryStorage
from host.screen import fbcanvas, render

from appdriver import arrows

TAP_MS = 80  # a tap holds the button this long (host/emu/cli.py)
GAP_MS = 120  # then this long passes before the next press
LONG_MS = presses.HOLD_MS  # `long-a`: held 700 ms (the firmware's long is 600)
SETTLE_TIMEOUT_MS = 20000  # the board may think (AI, hint) before it draws
SAVE_DIR = "saves"  # firmware/pocket/setup.py: FolderStorage("saves")


class Mismatch(AssertionError):
    pass


def frame_diff(want, got):
    """A readable report of two frames that differ."""
    n = render.diff_frames(want, got)
    return "%d pixels differ\nCPython:\n%s\nboard:\n%s" % (
        n,
        render.to_ascii(want),
        render.to_ascii(got),
    )


class CPythonSide:
    """The same game code under CPython with a clock set from the board's edges."""

    def __init__(self, now, storage=None, today=None):
        self.buf = bytearray(1024)
        self.canvas = fbcanvas.FrameBuffer(self.buf, 128, 64, fbcanvas.MONO_VLSB)
        self.storage = storage if storage is not None else MemoryStorage()
        self.buttons = buttons.Buttons()
        self.now = now
        # firmware/pocket/setup.py: App(display, FolderStorage(SAVE_DIR), now,
        # time.localtime, ...): no fixed seed; the board's date is `today`'s, none
        # until a PC sets its clock.
        self.app = App(self.canvas, self.storage, now, today=today)
        self.app.render()

    def step(self, now):
        """One pass of the board's loop (firmware/pocket/loop.py)."""
        self.now = now
        presses.run_frame(self.app, self.buttons, now)

    def advance(self, until, frame_ms=presses.FRAME_MS):
        """Let time pass to `until`, a frame every frame_ms (timers, toasts)."""
        while self.now < until:
            self.step(min(self.now + frame_ms, until))

    def frame(self):
        return bytes(self.buf)


class Twin:
    """A booted board and its CPython twin. `press(name, hold_ms)` presses both."""

    def __init__(self, board, boot=True, held=()):
        self.board = board
        self.log = []  # (name, down ms, up ms) of every press, for messages
        self.t0 = 0
        if boot:
            self.boot(held)

    def boot(self, held=()):
        board = self.board
        board.power_on(held=held)
        # The game's clock (ticks_ms) and the emulated clock count from about the
        # same instant; only differences between edges matter to the game.
        self.t0 = 0
        self.cpy = CPythonSide(self.ms())
        if not held:
            self.settle()  # the title, drawn and idle

    def ms(self):
        return int(self.board.now_ms()) - self.t0

    @property
    def app(self):
        return self.cpy.app

    @property
    def screen(self):
        return self.cpy.app.screen

    # ---- presses -----------------------------------------------------------
    def press(self, name, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """Down now, up hold_ms later, then gap_ms: on the board as GPIO edges,
        on the CPython side as the same edges at the same milliseconds."""
        board = self.board
        cpy = self.cpy
        b = buttons.NAMES.index(name)
        cpy.advance(self.ms())
        down = int(board.down(name)) - self.t0
        board.run_ms(hold_ms)
        up = int(board.up(name)) - self.t0
        cpy.advance(down)
        presses.hold(cpy, b, down, up - down)
        board.run_ms(gap_ms)
        cpy.advance(self.ms())
        self.log.append((name, down, up))

    def presses(self, names):
        """Space-separated names as key files have them: a tap, long-a, wait:MS."""
        for name in names.split():
            if name.startswith("wait:"):
                self.wait(int(name[5:]))
            elif name.startswith("long-"):
                self.press(name[5:], LONG_MS)
            else:
                self.press(name)

    def wait(self, ms):
        self.board.run_ms(ms)
        self.cpy.advance(self.ms())

    # ---- frames --------------------------------------------------------------
    def settle(self, timeout_ms=SETTLE_TIMEOUT_MS, step_ms=20):
        """Run the board until its panel shows the CPython frame; the frame."""
        want = self.cpy.frame()
        ok = self.board.run_until(
            lambda b: b.frame() == want, timeout_ms=timeout_ms, step_ms=step_ms
        )
        got = self.board.frame()
        if not ok:
            raise Mismatch(
                "after %s the board's panel is not the CPython frame within "
                "%d ms: %s" % (self.log[-3:], timeout_ms, frame_diff(want, got))
            )
        self.idle()
        self.cpy.advance(self.ms())
        return got

    def idle(self, step_ms=10, quiet_steps=3, timeout_ms=SETTLE_TIMEOUT_MS):
        """Run the board until its core has slept through `quiet_steps` steps in a
        row (the loop waits for the next edge): the moment a careful player
        presses the next button."""
        board = self.board
        end = board.now_ms() + timeout_ms
        last = board.stats()["busy_cycles"]
        quiet = 0
        while quiet < quiet_steps:
            if board.now_ms() >= end:
                raise Mismatch("the board stayed busy for %d ms" % timeout_ms)
            board.run_ms(step_ms)
            busy = board.stats()["busy_cycles"]
            # under 2% busy: the loop's own wake-ups, no game code running
            quiet = quiet + 1 if busy - last < step_ms * 125000 // 50 else 0
            last = busy

    def reboot(self, held=()):
        """Power cut and power on: the board boots from its flash; the CPython
        side starts afresh on the same storage, as the board does."""
        board = self.board
        board.power_off()
        board.power_on(held=held)
        self.cpy = CPythonSide(self.ms(), storage=self.cpy.storage)
        self.log.append(("power cycle", self.ms(), self.ms()))
        self.settle()

    def same(self, what=""):
        """Assert the board shows the CPython frame now (no waiting)."""
        want = self.cpy.frame()
        got = self.board.frame()
        if want != got:
            raise Mismatch("%s: %s" % (what or self.log[-3:], frame_diff(want, got)))
        return got

    # ---- flows ----------------------------------------------------------------
    def choose(self, label):
        """Pick `label` in the current list menu with up/down and A."""
        scr = self.screen
        target = scr.items.index(label)
        step = "down" if target > scr.selected else "up"
        for _ in range(abs(target - scr.selected)):
            self.press(step)
        self.press("a")

    def new_game(self, game="symbols", rules="", code=None, ais=0, level=None):
        """From the title: New game, set the rows, Start (Yes to replace a save).

        game/rules as crisscross.screens.newgame names them; code: a share code to
        type through "Dice: Code" (it selects the game and rules too); ais: AI
        opponents; level: the AI's level name as the engine knows it."""
        from crisscross.screens import newgame as ng

        self.choose("New game")
        scr = self.screen
        self.to_row("game")
        while ng.GAMES[scr.game] != game:
            self.press("right")
        if rules:
            self.to_row("rules")
            while ng.RULES[game][scr.rules][0] != rules:
                self.press("right")
        if ais:
            self.to_row("ais")
            while scr.ais != ais:
                self.press("right")
        if level is not None:
            self.to_row("level")
            while ng.LEVELS[game][scr.level][0] != level:
                self.press("right")
        if code is not None:
            self.to_row("dice")
            while scr.dice != 2:
                self.press("right")
            self.press("a")
            self.type_code(code)
            scr = self.screen
            assert type(scr).__name__ == "NewGame", "the code was refused"
        self.to_row("start")
        self.press("a")
        if getattr(self.screen, "asking", None) is not None:
            self.press("right")
            self.press("a")

    def to_row(self, key):
        """On New game: up/down to the row `key` ("dice", "start")."""
        scr = self.screen
        keys = [r[0] for r in scr.rows()]
        target = keys.index(key)
        while scr.row != target:
            self.press("down" if target > scr.row else "up")

    def type_code(self, code):
        """On the share-code screen: each character with up/down, A to check."""
        scr = self.screen
        assert type(scr).__name__ == "CodeEntry"
        alpha = sharecode.ALPHABET
        n = len(alpha)
        for k, ch in enumerate(code):
            while scr.pos != k:
                self.press("right")
            want = alpha.index(ch)
            ahead = (want - scr.chars[k]) % n
            name = "up" if ahead <= n - ahead else "down"
            while scr.chars[k] != want:
                self.press(name)
        self.press("a")

    def symbol_keys(self, move):
        """Arrows that put the play cursor's anchor on move[0]."""
        return arrows(self.screen.cursor, move)

    def aim(self, move):
        """Move the cursor onto `move` (and turn the pair to it) without placing."""
        scr = self.screen
        for name in self.symbol_keys(move):
            self.press(name)
        if isinstance(move, tuple):
            for _ in range(4):
                if scr.move() == (move, True):
                    break
                self.press("b")
            if scr.move() != (move, True):
                a, b = scr.game.dice()  # equal dice: the other order is the same
                assert a == b and scr.move()[0] == (move[1], move[0]), (
                    move,
                    scr.move(),
                )

    def place(self, move):
        """Aim at `move` and press A (and A again to consent to a lone cell)."""
        scr = self.screen
        self.aim(move)
        self.press("a")
        if scr.asking is not None:
            self.press("a")

    # ---- the board's files ------------------------------------------------------
    def board_file(self, name):
        """A file of the board's save folder, read over the raw REPL (this stops
        the game, as mpremote does); None if it is missing."""
        code = (
            "import binascii\n"
            "try:\n"
            " f=open(%r,'rb');d=f.read();f.close()\n"
            " print(binascii.hexlify(d).decode())\n"
            "except OSError:\n"
            " print('MISSING')\n" % ("%s/%s" % (SAVE_DIR, name))
        )
        out = self.board.exec(code).strip()
        return None if out == "MISSING" else bytes.fromhex(out)


def share_code(seed, key):
    """The share code of `seed` for the rule set `key` ("symbols-basic", ...)."""
    from crisscross.games import RULESETS

    return sharecode.encode(seed & 0xFFFFFF, RULESETS.index(key))


def typing_cost(code):
    """Presses to type `code` from AAAAAAA on the share-code screen."""
    alpha = sharecode.ALPHABET
    n = len(alpha)
    moved = [k for k, ch in enumerate(code) if ch != alpha[0]]
    steps = sum(min(alpha.index(ch), n - alpha.index(ch)) for ch in code)
    return steps + (moved[-1] if moved else 0)


def quick_seed(rng, key, tries=400):
    """A seed drawn from `rng` whose share code for `key` is quick to type (the
    typing is tested once, in the whole game; elsewhere it is only the way in)."""
    seeds = [rng.randrange(1, 1 << 24) for _ in range(tries)]
    return min(seeds, key=lambda s: (typing_cost(share_code(s, key)), s))


def quick_code(rng, key):
    return share_code(quick_seed(rng, key), key)


def save_body(data):
    """The JSON body of a store file (docs/saves.md): header line, then JSON."""
    head, _, body = data.partition(b"\n")
    assert head.startswith(b"CCP1 "), head
    return json.loads(body)
