"""Power cuts in the middle of saves, on the real firmware's littlefs.

The board starts from files written over the REPL in the store's format (high
scores, and a symbols game a few moves from its end, both made by the CPython
Store). Then, again and again: power on, Continue, make the move that saves (a
placement, a roll, the last move that records the result and clears the game),
and cut the power after a seeded random number of flash operations of that save
(0: at the button's release, before the flash is touched). At the next power-on
the board must show exactly what the game code under CPython shows for the state
before that save or for the state after it, and the high scores set up first must
still be there (the High scores screen matches CPython's, every time a result is
written, and the records file read over the REPL at the end).

`make test` runs CUTS_QUICK cuts; `make soak` (CRISSCROSS_SOAK=1) runs CUTS_SOAK.
"""

import os
import random

import pytest

from emu_twin import (
    SAVE_DIR,
    CPythonSide,
    Mismatch,
    Twin,
    frame_diff,
    quick_code,
    share_code,
)
from crisscross import buttons, presses
from crisscross.dice import policies
from crisscross.memory_storage import MemoryStorage
from crisscross.dice.session import HUMAN, OVER, Session, new_game
from crisscross import records
from crisscross.store import Store

CUTS_QUICK = 12
CUTS_SOAK = 50
MOVES_DONE = 9  # the saved game starts this many placements in: its end comes soon
MAX_OPS = 4  # cut after 0..MAX_OPS flash operations (a placement saves in 1-2:
# littlefs takes the game file written in place; a result saves in more)
KEY = "symbols-basic"
HIGH = ((31, 0, "2026-11-01", "ABM-QX2T"), (24, 2, "2026-11-02", ""), (17, 3, "", ""))


def soak():
    return os.environ.get("CRISSCROSS_SOAK") == "1"


def start_files(seed):
    """The store's files: three high scores, and a game MOVES_DONE moves in."""
    storage = MemoryStorage()
    store = Store(storage)
    for score, rank, date, code in HIGH:
        records.record_result(store, KEY, score, rank, date, code)
    game = new_game("symbols", seed, 1, 0, "basic", [1])
    for _ in range(MOVES_DONE):
        game.place(policies.greedy_move(game))
    session = Session(game, [HUMAN], share_code(seed, KEY), "device", "")
    store.save_game(session.to_text())
    return storage


def write_files(board, storage):
    """Put the files on the board (safe mode, the REPL), in its save folder."""
    board.power_on_safe()
    board.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % SAVE_DIR)
    for name in storage.names():
        board.exec(
            "import binascii\nf=open(%r,'wb')\nf.write(binascii.unhexlify(%r))\n"
            "f.close()" % ("%s/%s" % (SAVE_DIR, name), storage.read(name).hex())
        )
    board.power_off()


def copy(storage):
    return MemoryStorage(storage.snapshot())


def press_all(board, sides, name, hold_ms=80, gap_ms=120):
    """One press as GPIO edges on the board and as the same edges on each
    CPython side."""
    b = buttons.NAMES.index(name)
    down = int(board.down(name))
    board.run_ms(hold_ms)
    up = int(board.up(name))
    board.run_ms(gap_ms)
    for side in sides:
        side.advance(down)
        presses.hold(side, b, down, up - down)
        side.advance(int(board.now_ms()))


def saved_over(side):
    """Whether the game a side's store would continue is finished (Continue
    then shows the results and records them: the save of a result)."""
    from crisscross.games import restore

    text = side.app.store.load_game()
    return text is not None and restore(text).phase == OVER


def identify(tw, candidates, cut):
    """After a power-on: which candidate state (name -> storage) the board shows,
    on the title and, for a game to go on with, after Continue. Each candidate
    runs on a CPython side started at the board's power-on; the board must match
    one of them. Returns (name, its CPython side)."""
    board = tw.board
    sides = {}
    for name in sorted(candidates):
        sides[name] = CPythonSide(tw.ms(), storage=copy(candidates[name]))

    def matching():
        frame = board.frame()
        return [n for n in sorted(sides) if sides[n].frame() == frame]

    def wait(what):
        if not board.run_until(lambda b: matching(), timeout_ms=20000, step_ms=20):
            raise Mismatch(
                "cut %d, %s: the board shows neither state\n%s"
                % (
                    cut,
                    what,
                    "\n".join(
                        "%s: %s" % (n, frame_diff(sides[n].frame(), board.frame()))
                        for n in sorted(sides)
                    ),
                )
            )
        tw.idle()
        return matching()

    names = wait("title")
    over = [n for n in names if saved_over(sides[n])]
    if "Continue" in sides[names[0]].app.screen.items and not over:
        press_all(board, [sides[n] for n in names], "a")
        names = [n for n in wait("Continue") if n in names]
        assert names, "cut %d: the title and the game are of different states" % cut
    assert len(names) == 1 or not over, (cut, names, over)
    return names[0], sides[names[0]]


def check_high_scores(tw, cut):
    """The High scores screen on the board is CPython's for the same state."""
    tw.choose("High scores")
    tw.settle()
    assert type(tw.screen).__name__ == "Scores", cut
    tw.press("b")
    tw.settle()


def press_and_cut(board, k, hold_ms=80):
    """Press A and cut the power after k flash operations counted from the press
    (0: at its release); the operations done when the power went."""
    ops0 = board.stats()["flash_ops"]
    down = board.down("a")
    if k and board.run_until_flash_ops(k, timeout_ms=hold_ms):
        return k  # still held: the press acted at once (Continue on the title)
    board.run_ms(max(0, down + hold_ms - board.now_ms()))
    done = board.stats()["flash_ops"] - ops0
    board.up("a")
    if k > done:
        board.run_until_flash_ops(k - done, timeout_ms=1000)
    return board.stats()["flash_ops"] - ops0


def places_last(tw):
    """Whether the placement under the cursor ends the game."""
    game = tw.app.session.game
    twin = type(game).decode(game.encode())
    twin.place(tw.screen.move()[0])
    return twin.over


@pytest.mark.parametrize("firmware", ["board", "stock_board"])
def test_power_cuts_during_saves_load_the_last_or_previous_state(firmware, request):
    board = request.getfixturevalue(firmware)  # the default firmware, the official
    rng = random.Random(4242)
    cuts = CUTS_SOAK if soak() else CUTS_QUICK
    seed = rng.randrange(1, 1 << 24)
    state = start_files(seed)
    write_files(board, state)
    tw = Twin(board, boot=False)
    board.power_on()
    tw.cpy = CPythonSide(tw.ms(), storage=copy(state))
    tw.settle()
    outcomes = {"before": 0, "after": 0}
    ops_seen = []
    results = 0  # cuts during the save of a game's result
    for cut in range(cuts):
        # The move whose save is cut is one press of A: on the title, Continue
        # with a finished game (its result is saved); in play, a placement, a
        # roll, or the end of the game after the last placement.
        scr = tw.screen
        if type(scr).__name__ == "Title":
            if "Continue" not in scr.items:
                tw.new_game("symbols", code=quick_code(rng, KEY))
                tw.settle()
            elif not saved_over(tw.cpy):
                tw.press("a")
                tw.settle()
        scr = tw.screen
        ending = type(scr).__name__ == "Title"
        if not ending:
            session = tw.app.session
            if session.phase == 0:  # PLACE: aim at the greedy move
                tw.aim(policies.greedy_move(session.game))
                tw.settle()
                if places_last(tw):  # placed whole; the cut is in the end's save
                    tw.place(tw.screen.move()[0])
                    tw.settle()
            ending = session.game.over
        results += ending
        before = copy(tw.cpy.storage)
        # The CPython side makes the whole move first, at the instants the board
        # will: the state after the save. A placement that leaves a lone cell
        # asks first: A twice.
        t = tw.ms()
        tw.cpy.advance(t)
        presses.hold(tw.cpy, buttons.A, t, 80)
        taps = 1
        if getattr(tw.screen, "asking", None) is not None:
            presses.hold(tw.cpy, buttons.A, t + 200, 80)
            taps = 2
        tw.cpy.advance(t + 200 * taps + 1000)
        after = copy(tw.cpy.storage)
        assert (
            before.snapshot() != after.snapshot()
        ), "cut %d: the move saved nothing (screen %s)" % (
            cut,
            type(tw.screen).__name__,
        )
        if taps == 2:
            board.down("a")
            board.run_ms(80)
            board.up("a")
            board.run_ms(120)
        # The cut: after k flash operations of the save (0: at the release).
        ops_seen.append(press_and_cut(board, rng.randrange(MAX_OPS + 1)))
        board.power_off()
        board.power_on()
        which, side = identify(tw, {"before": before, "after": after}, cut)
        outcomes[which] += 1
        tw.cpy = side
        if ending and which == "after":
            check_high_scores(tw, cut)
    print(
        "%d cuts: %s; flash operations done at each cut %s; %d during a result's save"
        % (cuts, outcomes, ops_seen, results)
    )
    # The instants were drawn over the whole save: some cuts kept the state
    # before the save, some came after it had committed.
    assert outcomes["before"] and outcomes["after"], (outcomes, ops_seen)
    assert results, "no cut fell in the save of a game's result"
    # The high scores set up first are all still there, read over the REPL.
    board.power_off()
    board.power_on_safe()
    files = {}
    for name in ("records.sav", "records.sav.tmp", "records.sav.bak"):
        data = tw.board_file(name)
        if data is not None:
            files[name] = data
    loaded = Store(MemoryStorage(files))
    assert loaded.pop_warning() is None
    high = records.high_scores(loaded, KEY)
    assert high == records.high_scores(tw.app.store, KEY)
    kept = [(h["score"], h["date"], h["code"]) for h in high]
    for score, _, date, code in HIGH:  # unless games since scored more
        assert (score, date, code) in kept or len(high) == 5, kept
