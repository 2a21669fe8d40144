"""What the app unloads to keep a board's heap small (docs/performance.md): a
game's AI only when the game ends (its session keeps it resident while the
game goes on: the hint and the AI seats use it), every module of a game once
no game is going, and the
store's loading code once it has run. CPython keeps modules (compat.forget does
nothing there), so the sys.modules checks run inside MicroPython (make test-mpy)
and under CPython with the app's unloading made real
(tests/host/test_unloading_real.py)."""

import sys

from appdriver import WORDS, Driver
from crisscross.dice import policies
from crisscross.cards import ai as cards_ai
from crisscross.cards import session as cs
from crisscross.memory_storage import MemoryStorage
from full_storage import FullStorage
from crisscross.words import ai as words_ai
from crisscross.words import session as ws

ON_BOARD = sys.implementation.name == "micropython"
CARDS = "right right"  # the Game row: symbols -> digits -> cards
WAIT = "wait:1400"  # longer than the card game shows a move


def loaded(*prefixes):
    out = []
    for name in sys.modules:
        for p in prefixes:
            if name.startswith(p):
                out.append(name)
    return sorted(out)


def test_the_sessions_name_the_levels_and_budgets_their_ai_knows():
    # The sessions name these without importing the AI: they must agree.
    assert cs.LEVELS == cards_ai.LEVELS and cs.HINT_LEVEL == cards_ai.HARD
    assert cs.EASY == cards_ai.EASY
    assert ws.BUDGETS[-1] == words_ai.DEFAULT_BUDGET


def test_a_card_games_ai_stays_while_the_game_goes_on():
    d = Driver(seed=3)
    d.start_game(CARDS)
    for _ in range(20):  # the AI may open: let it move
        if d.app.session.phase == cs.PLAY and d.screen.show is None:
            break
        d.press(WAIT)
    assert d.app.session.phase == cs.PLAY
    d.down("a").wait(80)  # a tap imports nothing (the search starts later)
    d.up("a")
    d.press("b")
    d.press("long-a")  # a hint loads the AI: kept for the AI seats' moves
    assert d.screen.note in ("hint", "pass")
    if ON_BOARD:
        assert "crisscross.cards.ai" in sys.modules
    d.press("long-b").choose("Save & quit")
    assert d.name() == "Title"
    if ON_BOARD:
        assert loaded("crisscross.cards") == []


def test_the_symbol_search_stays_with_its_game_and_goes_when_left():
    d = Driver(seed=3)
    d.start_game()  # symbols, solo
    assert "crisscross.dice.session" in sys.modules
    if ON_BOARD:
        assert loaded("crisscross.dice.ai") == []
    d.press("long-a")  # a hint loads the search: kept while the game goes on
    assert d.app._toast is not None
    if ON_BOARD:
        assert loaded("crisscross.dice.ai") == [
            "crisscross.dice.ai",
            "crisscross.dice.ai_symbols",
            "crisscross.dice.ai_symbols_tables",
        ]
    before = d.app.session.to_text()
    d.press("wait:6000 long-b").choose("Save & quit")  # the hint's message gone
    assert d.name() == "Title" and d.app.session is None
    if ON_BOARD:
        assert loaded("crisscross.dice") == []
    d.choose("Continue")
    assert d.name() == "Play"
    assert d.app.session.to_text() == before
    game = d.app.session.game
    d.place(policies.greedy_move(game))  # the game goes on
    assert len(game.history) == 1


def test_the_digit_search_stays_with_its_game():
    d = Driver(seed=3)
    d.start_game("right")  # digits, solo
    d.press("long-a")
    assert d.app._toast is not None  # the hint
    if ON_BOARD:
        assert loaded("crisscross.dice.ai") == [
            "crisscross.dice.ai",
            "crisscross.dice.ai_digits",
        ]


def test_leaving_a_card_game_for_the_title_unloads_it_and_continue_reloads_it():
    d = Driver(seed=3)
    d.start_game(CARDS)
    assert "crisscross.cards.session" in sys.modules
    before = d.app.session.to_text()
    d.press("long-b").choose("Save & quit")
    assert d.name() == "Title" and d.app.session is None
    if ON_BOARD:
        assert loaded("crisscross.cards") == []
    d.choose("Continue")
    assert d.name() in ("CardsPlay", "Handover")
    assert d.app.session.to_text() == before


def test_leaving_a_word_game_unloads_it_and_closes_the_word_list():
    d = Driver(seed=5)
    d.start_game(WORDS)
    s = d.app.session

    def ai_thinks():
        for _ in range(60):  # one slice of its search per tick
            if s.phase == ws.PLAY:
                return
            d.press("wait:20")
        assert False, "the AI never handed back"

    ai_thinks()  # the AI may open
    d.press("wait:6000 long-b").choose("Pass")
    assert s.phase == ws.AI_TURN
    ai_thinks()
    if ON_BOARD:  # the search is not kept between turns
        assert loaded("crisscross.words.ai") == []
    module = sys.modules["crisscross.words.session"]
    assert module._lookup is not None  # the word list is open while playing
    d.press("wait:6000 long-b").choose("Save & quit")
    assert d.name() == "Title"
    if ON_BOARD:
        assert loaded("crisscross.words") == []
        assert module._lookup is None  # closed with its module
    d.choose("Continue")
    assert d.name() in ("WordsPlay", "Handover", "WordsThink")
    if ON_BOARD:  # the replay's code is given back once the game is rebuilt
        assert loaded("crisscross.words.restore") == []


def test_the_play_screen_is_unloaded_while_a_search_runs_and_comes_back():
    d = Driver(seed=5)
    d.start_game(WORDS)
    s = d.app.session
    for _ in range(60):  # the AI may open: it thinks on the thinking screen
        if s.phase == ws.PLAY:
            break
        assert d.name() == "WordsThink"
        if ON_BOARD:
            assert loaded("crisscross.words.ui.play") == []
        d.press("wait:20")
    d.press("wait:6000 right down b")  # a cursor and direction of the player's own
    play = d.screen
    at = (play.cursor, play.dir, play.view)
    d.press("long-a")
    assert d.name() == "WordsThink" and d.screen.steps is not None
    if ON_BOARD:
        assert loaded("crisscross.words.ui.play") == []
    for _ in range(60):
        if d.name() != "WordsThink":
            break
        d.press("wait:20")
    scr = d.screen
    assert type(scr).__name__ == "WordsPlay" and scr is not play
    if ON_BOARD:  # and the thinking screen's code is given back in turn
        assert loaded("crisscross.words.ui.think") == []
    if scr.cells():  # the hint is laid out where it plays, ready for OK
        assert scr.cursor == sorted(scr.cells())[0][:2]
    else:  # none found: the player's cursor and direction as they were
        assert (scr.cursor, scr.dir, scr.view) == at


def test_the_app_unloads_the_stores_loading_code_once_it_has_run():
    st = MemoryStorage()
    for _ in range(2):  # built again: the code is imported again and works
        st.write("game.sav", b"CCP1 game 1 2 0badc0de\n{}")  # a bad CRC
        d = Driver(storage=st)
        assert d.toast() == "Saved game was damaged; starting afresh."
        if ON_BOARD:
            assert loaded("crisscross.storeload", "crisscross.records") == []
        d.press("a")  # the message goes


def test_a_failed_save_loads_the_loading_code_and_the_app_unloads_it_again():
    d = Driver(storage=FullStorage("game."))  # settings still fit
    assert d.toast() == ""
    d.start_game()
    d.press("a")  # a placement is saved: the flash refuses it
    text = "Saved game could not be saved (storage full or read-only)."
    assert d.toast() == text
    if ON_BOARD:
        assert loaded("crisscross.storeload", "crisscross.records") == []
    assert d.app.store.load_game() is None  # what the (empty) storage holds
