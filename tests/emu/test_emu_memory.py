"""Whole games of each family on the official firmware (no ROMFS: the game's
bytecode in RAM) with a heap of 112 KB (HEAP, 111,936 B: what an ESP32 without
PSRAM gives MicroPython after its first heap growth): no MemoryError.

The board is powered on with A held (safe mode: the REPL is free); over the raw
REPL a ballast takes all of the heap but HEAP bytes, then the game starts
as main.py starts it (pocket.start.main). The game is then played with GPIO
edges, against the same game code under CPython (tests/emu/emu_twin.py), whose
frames the panel must show at every steady point. A MemoryError would show the
error screen (firmware/pocket/start.py) instead, append to error.log, and enter
m_malloc_fail (counted in stats() with $MICROPYTHON_STOCK_ELF): all three are
checked.

The word game against the AI is long on a Pico (each AI turn is a search of
thousands of dictionary lookups): `make test` plays its first WORDS_TURNS_QUICK
turns; `make soak` (CRISSCROSS_SOAK=1) plays it to the end.
"""

import os
import random


from emu_twin import CPythonSide, Mismatch, Twin, frame_diff, quick_code
from crisscross.dice import policies

HEAP = 111_936  # the heap the game gets: all the rest is ballast
WORDS_TURNS_QUICK = 2  # turns of the word game in `make test`: the hint, then the AI
STEADY_MS = 60000  # the longest the board may think before it shows a steady frame


def soak():
    return os.environ.get("CRISSCROSS_SOAK") == "1"


def start_with_ballast(board):
    """Safe mode, the ballast, then the game as main.py starts it; the twin."""
    board.power_on_safe()
    # The ballast's bytes and its object's 16 leave HEAP for everything else.
    code = (
        "import gc\n"
        "gc.collect()\n"
        "_ballast = bytearray(gc.mem_free() + gc.mem_alloc() - %d - 16)\n"
        "gc.collect()\n"
        "print('heap', gc.mem_free() + gc.mem_alloc() - len(_ballast) - 16)\n"
        "from pocket import start\n"
        "start.main()\n" % HEAP
    )
    board.exec(code, wait=False)
    heap = int(board.serial.read_until(b"\r\n", 5000).split()[-1])
    assert HEAP - 16 <= heap <= HEAP, heap
    tw = Twin(board, boot=False)
    tw.cpy = CPythonSide(tw.ms())
    tw.settle()  # the title
    return tw


def steady(tw, max_ms=STEADY_MS):
    """Let the CPython side run its timers out (AI turns, moves on show, toasts),
    then the board until it shows the same frame, and on to the same instant."""
    cpy = tw.cpy
    end = cpy.now + 30000
    while cpy.now < end and cpy.app.next_tick(cpy.now) is not None:
        cpy.advance(cpy.now + 20)
    want = cpy.frame()
    board = tw.board
    ok = board.run_until(lambda b: b.frame() == want, timeout_ms=max_ms, step_ms=20)
    if not ok:
        errors = board.stats().get("memory_errors")
        raise Mismatch(
            "after %s: the board does not reach the CPython frame in %d ms "
            "(MemoryErrors: %s): %s"
            % (tw.log[-3:], max_ms, errors, frame_diff(want, board.frame()))
        )
    if tw.ms() < cpy.now:
        board.run_ms(cpy.now - tw.ms())
    tw.settle()


def no_memory_error(tw):
    """The three signs of a MemoryError, none of them there."""
    board = tw.board
    stats = board.stats()
    if board.heap_symbols:
        assert stats["memory_errors"] == 0, stats
        # the least the heap had free after a collection, ballast included
        print(
            "least free after a collection: %d B"
            % (stats["heap_total"] - stats["heap_peak_live_after_gc"])
        )
    log = tw.board.exec(
        "try:\n print(open('error.log').read())\nexcept OSError:\n print('none')"
    )
    assert log.strip() == "none", log
    return stats


def finish_dice_game(tw):
    """Greedy placements and rolls to the results, frames compared throughout."""
    game = tw.screen.game
    while not game.over:
        tw.place(policies.greedy_move(game))
        tw.settle()
        tw.press("a")
        tw.settle()
    assert type(tw.screen).__name__ == "Results"


def test_symbols_game_on_a_112_kb_heap(stock_board):
    tw = start_with_ballast(stock_board)
    tw.new_game("symbols", code=quick_code(random.Random(61), "symbols-basic"))
    tw.settle()
    finish_dice_game(tw)
    no_memory_error(tw)


def test_digits_game_on_a_112_kb_heap(stock_board):
    tw = start_with_ballast(stock_board)
    tw.new_game("digits", code=quick_code(random.Random(62), "digits"))
    tw.settle()
    assert tw.screen.game.FAMILY == "digits"
    finish_dice_game(tw)
    no_memory_error(tw)


def test_cards_game_against_the_ai_on_a_112_kb_heap(stock_board):
    tw = start_with_ballast(stock_board)
    tw.new_game("cards", code=quick_code(random.Random(63), "cards"), ais=1)
    steady(tw)
    s = tw.app.session
    assert s.seats == [0, 1]
    moves = 0
    while type(tw.screen).__name__ == "CardsPlay":
        scr = tw.screen
        if scr.can_play():
            # the first card of the hand that has a square: its nearest square
            hand = scr.hand()
            spots = [bool(s.game.table.spots(card)) for card in hand]
            for _ in range((spots.index(True) - scr.sel) % len(hand)):
                tw.press("right")
            tw.press("a")  # pick it up: the cursor on its nearest square
            tw.press("a")  # play it there
        else:
            tw.press("a")  # nothing fits: pass
        moves += 1
        steady(tw)
        assert moves < 200, "the game does not end"
    assert type(tw.screen).__name__ == "CardsResults"
    assert s.game.over and len(s.game.history) > 6
    no_memory_error(tw)


def words_turn(tw, hint=True):
    """The human's turn: the hint (hold A), laid out, OK; if it finds nothing, or
    without the hint, draw cards (or pass) from the menu (hold B)."""
    from crisscross.words.ui.play import OK

    if hint:
        tw.press("a", 700)
        steady(tw)
    scr = tw.screen
    if hint and type(scr).__name__ == "WordsPlay" and scr.cells():
        assert scr.items()[scr.sel] == OK
        tw.press("a")
    else:
        tw.press("b", 700)
        tw.settle()
        game = tw.app.session.game
        tw.choose("Draw cards" if game.deck else "Pass")
    steady(tw)


def test_words_game_against_the_ai_on_a_112_kb_heap(stock_board):
    # A long word game cuts the heap up: what this holds to is that the
    # dictionary's decoded-block buffers are made once, when it opens (not grown
    # in a search), and that the collection threshold (pocket/setup.py) keeps a
    # hole for littlefs to open a file (an import, a save) under the ballast.
    # docs/performance.md, "Collections".
    whole = soak()
    tw = start_with_ballast(stock_board)
    tw.new_game("words", code=quick_code(random.Random(64), "words"), ais=1)
    steady(tw)
    s = tw.app.session
    game = s.game
    assert s.seats == [0, 1]
    turns = 0
    while not game.over and (whole or game.turns < WORDS_TURNS_QUICK):
        assert type(tw.screen).__name__ == "WordsPlay", tw.screen
        # The whole game: the hint's search every third turn of the human (the
        # AI searches at each of its turns), cards drawn otherwise: a search is
        # most of a turn's time on the emulated Pico.
        words_turn(tw, hint=not whole or turns % 3 == 0)
        turns += 1
        assert turns < 400, "the game does not end"
    if whole:
        assert game.over
        assert type(tw.screen).__name__ == "WordsResults"
    else:
        assert game.turns >= WORDS_TURNS_QUICK
    no_memory_error(tw)
