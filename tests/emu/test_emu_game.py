"""Whole games on the real firmware in the emulated Pico, against the same game
code under CPython (tests/emu/emu_twin.py): every press is a GPIO edge at an
emulated instant, and the panel must show the CPython frame at each key point.

The device picks its dice from its clock; here both sides get the same dice the
way a player shares a game: New game, "Dice: Code", the share code typed with the
arrows. The moves come from the engine's greedy policy on the CPython side.
"""

import random
import re
import time

from conftest import BOOT_MS, host_flash
from emu_twin import CPythonSide, Twin, quick_seed, save_body, share_code
from crisscross import buttons, presses, records, ui
from crisscross.dice import ai, policies
from crisscross.dice.session import new_game
from crisscross.dice.symbols import rank_title
from host.screen import fbcanvas
from host.bench.pico_play import has_text
from host.emu.cli import EmuDevice

KEY = "symbols-basic"


def quick(rng):
    return quick_seed(rng, KEY)


def start(board, seed):
    tw = Twin(board)
    tw.new_game("symbols", code=share_code(seed, KEY))
    tw.settle()
    assert type(tw.screen).__name__ == "Play"
    assert tw.screen.game.seed == seed
    return tw


def play_greedy(tw, rounds=None):
    """Place the greedy move and roll on, comparing frames after each; the moves."""
    game = tw.screen.game
    moves = []
    while not game.over and (rounds is None or len(moves) < rounds):
        move = policies.greedy_move(game)
        tw.place(move)
        tw.settle()  # the placement on the sheet, "placed", the points
        assert game.history[-1] == move
        moves.append(move)
        tw.press("a")  # roll on (the last one: the results)
        tw.settle()
    return moves


def engine_total(seed, moves):
    game = new_game("symbols", seed, 1, 0, "basic", [1])
    for move in moves:
        game.place(move)
    assert game.over
    return game.score(0).total


def text_band(text, y):
    """The frame rows y..y+7 with `text` centred, as ui.center draws it."""
    buf = bytearray(1024)
    canvas = fbcanvas.FrameBuffer(buf, 128, 64, fbcanvas.MONO_VLSB)
    ui.center(canvas, text, y)
    return band(bytes(buf), y)


def band(frame, y):
    """The pixels of rows y..y+7, as a tuple of bits."""
    return tuple(
        (frame[(r // 8) * 128 + x] >> (r % 8)) & 1
        for r in range(y, y + 8)
        for x in range(128)
    )


def test_a_whole_symbols_game_through_gpio_scores_what_the_engine_scores(board):
    seed = random.Random(20261123).randrange(1, 1 << 24)
    tw = start(board, seed)
    moves = play_greedy(tw)
    assert type(tw.screen).__name__ == "Results"
    total = engine_total(seed, moves)
    assert 10 <= len(moves) <= 12  # 12 rounds, fewer when no pair is left
    # The glass shows the engine's total and rank (and the CPython frame: settle).
    frame = board.frame()
    assert band(frame, 14) == text_band("%d points" % total, 14)
    assert band(frame, 25) == text_band(rank_title(total), 25)
    # The result went into the board's high scores as the CPython store wrote
    # it (the same header fields and JSON data; MicroPython orders the keys of
    # a dict its own way), and the saved game is cleared.
    saved = tw.board_file("records.sav")
    want = tw.cpy.storage.read("records.sav")
    assert saved.split()[:3] == want.split()[:3]  # CCP1 records <seq>
    assert save_body(saved) == save_body(want)
    assert tw.board_file("game.sav") == tw.cpy.storage.read("game.sav")
    assert records.high_scores(tw.app.store, KEY)[0]["score"] == total
    assert records.high_scores(tw.app.store, KEY)[0]["code"] == share_code(seed, KEY)


def test_holding_a_shows_the_hint_and_places_nothing(board):
    seed = quick(random.Random(7))
    tw = start(board, seed)
    game = tw.screen.game
    want_move, want_points = ai.hint(new_game("symbols", seed, 1, 0, "basic", [1]))
    before = board.frame()
    tw.press("a", 700)  # long-a: held past the firmware's 600 ms
    tw.settle()  # the toast with the expected score, the cursor on the hint
    assert tw.app._toast is not None
    assert "Hint: about %d points" % want_points in " ".join(tw.app._toast)
    tw.wait(1600)  # the toast goes
    tw.settle()
    assert game.history == []
    assert tw.screen.move() == (want_move, True)
    assert board.frame() != before  # the cursor moved to the hint
    # A places the hinted pair: the save then holds that one move, no other.
    tw.press("a")
    tw.settle()
    assert game.history == [want_move]
    saved = tw.board_file("game.sav")
    assert saved == tw.cpy.storage.read("game.sav")
    assert game.encode().encode() in saved


def test_a_press_made_while_the_board_is_busy_is_not_lost(board):
    """Start game, then at once (while the board saves the settings and opens the
    play screen) a long A: the hint. Place, then at once A again: the roll. The
    board scans its pins only between frames; a release and a new press of the
    same button in between must still be two events (firmware/pocket/keys.py)."""
    seed = quick(random.Random(8))
    tw = Twin(board)
    tw.new_game("symbols", code=share_code(seed, KEY))  # no settle: press on
    tw.press("a", 700)
    tw.settle()
    assert tw.app._toast is not None and "Hint" in " ".join(tw.app._toast)
    tw.wait(1600)
    tw.settle()
    game = tw.screen.game
    tw.press("a", 80, 40)  # place ...
    tw.press("a")  # ... and roll on, 40 ms after letting go
    tw.settle()
    assert len(game.history) == 1 and tw.app.session.phase == 0  # PLACE: rolled


def _erasing(tw, within_ms=100):
    """Run the board up to within_ms, 1 ms at a time, until it erases a flash
    sector (a save's); True once the erase has begun (the core stalled in it)."""
    board = tw.board
    erased = board.stats()["flash_sectors_erased"]
    for _ in range(within_ms):
        board.run_ms(1)
        if board.stats()["flash_sectors_erased"] > erased:
            return True
    return False


def test_a_20_ms_tap_during_a_save_is_not_lost(board):
    """Placements until a save erases a flash sector (45 ms, interrupts off, the
    firmware in littlefs: no Python runs); in it, A is tapped for 20 ms to roll
    on. The board must roll on as the CPython twin does: the pin interrupt is
    a hard one and keeps the press (firmware/pocket/keys.py)."""
    seed = quick(random.Random(8))
    tw = start(board, seed)
    game = tw.screen.game
    while not game.over:
        tw.aim(policies.greedy_move(game))
        tw.settle()
        tw.press("a", gap_ms=0)  # place: the save starts
        if tw.screen.asking is not None:
            tw.press("a", gap_ms=0)  # yes, leave the lone cell
        if _erasing(tw):
            break
        tw.settle()
        tw.press("a")  # roll on (saved too)
        tw.settle()
    assert not game.over, "no save of this game erased a sector: pick another seed"
    placed = len(game.history)
    ops = board.stats()["flash_ops"]
    tw.press("a", 20, 0)
    assert board.stats()["flash_ops"] == ops  # the erase is still under way
    tw.wait(200)
    tw.settle()  # the board rolled on: the next dice, as on the CPython side
    assert len(game.history) == placed and tw.app.session.phase == 0  # PLACE


def test_a_hold_in_a_window_slower_than_real_time_stays_a_hold(board):
    """`make emu`'s window on a host that runs the emulator at a third of real
    time or less: A held 0.7 s on the wall clock reaches the board as a 0.7 s
    press of its own time, past the 0.6 s of a long press: the hint, as the
    CPython twin gives it for the same hold; nothing placed."""
    seed = quick(random.Random(7))
    tw = start(board, seed)
    game = tw.screen.game
    real = board.run_ns

    def slow(ns, *args):  # each slice of emulated time takes twice as long again
        out = real(ns, *args)
        time.sleep(2 * ns / 1e9)
        return out

    sent = []
    pin_at = board.pin_at

    def logged(name, pressed, at_ns):
        sent.append(at_ns)
        pin_at(name, pressed, at_ns)

    board.run_ns, board.pin_at = slow, logged
    device = EmuDevice(board)
    try:
        board.start(paced=True)
        device.down(buttons.A, 0)
        time.sleep(0.7)
        device.up(buttons.A, 0)
        while board.now_ns() < sent[1] + 300_000_000:  # the hint shows
            time.sleep(0.05)
    finally:
        board.stop()
        board.run_ns, board.pin_at = real, pin_at
    down, up = (int(ns / 1e6) - tw.t0 for ns in sent)
    assert up - down >= 700
    tw.cpy.advance(down)
    presses.hold(tw.cpy, buttons.A, down, up - down)
    tw.cpy.advance(tw.ms())
    tw.settle()
    assert game.history == [] and "Hint" in " ".join(tw.app._toast or ())


def test_power_cycle_mid_game_continues_the_same_sheet_round_and_dice(board):
    seed = quick(random.Random(9))
    tw = start(board, seed)
    play_greedy(tw, rounds=4)
    game = tw.screen.game
    # 1. Cut right after a placement: the sheet, "placed", the round.
    tw.place(policies.greedy_move(game))
    placed = tw.settle()
    tw.reboot()
    assert "Continue" in tw.screen.items and tw.screen.selected == 0
    tw.press("a")
    assert tw.settle() == placed
    tw.press("a")  # roll on
    tw.settle()
    # 2. Cut with the next dice on show: the cursor where a fresh play screen
    # puts it, so only the sheet, round and dice can make a difference.
    fresh = type(tw.screen)(tw.app)
    tw.aim(fresh.move()[0])
    rolled = tw.settle()
    history = list(tw.screen.game.history)
    dice = tw.screen.game.dice()
    tw.reboot()
    tw.press("a")
    assert tw.settle() == rolled
    game = tw.screen.game
    assert game.history == history and game.dice() == dice
    # and the game plays on to the engine's total
    moves = history + play_greedy(tw)
    assert type(tw.screen).__name__ == "Results"
    assert band(board.frame(), 14) == text_band(
        "%d points" % engine_total(seed, moves), 14
    )


def daily_start(twin):
    """From the title: New game, its dice row set to Daily, Start."""
    twin.choose("New game")
    twin.to_row("dice")
    twin.press("right")
    twin.to_row("start")
    twin.press("a")


def test_daily_waits_for_the_clock_host_flash_sets(board):
    # A board's clock starts at the port's fixed date at every reset: Daily says
    # the clock is not set, as the CPython game with no calendar does.
    twin = Twin(board)
    daily_start(twin)
    frame = twin.settle()
    assert has_text(frame, "The clock is") and has_text(frame, "not set:")
    # `host flash` on the running board (nothing to copy) sets the clock from
    # the PC's; its soft reset keeps it.
    with board.running():
        status, out, _ = host_flash(board.port)
    assert status == 0, out
    m = re.search(r"the board's clock set to (\d+)-(\d+)-(\d+) ", out)
    assert m, out
    day = tuple(int(v) for v in m.groups())
    board.run_ms(BOOT_MS)  # the game starting again after the soft reset
    twin.cpy = CPythonSide(twin.ms(), today=lambda: day)
    twin.settle()  # the title again
    daily_start(twin)
    frame = twin.settle()  # the day's dice, as the game given that date deals them
    assert not has_text(frame, "The clock is")
    assert twin.app.session.daily == "%04d-%02d-%02d" % day
