"""What the app unloads to keep a board's heap small (docs/performance.md): the
card and word games' AI between its turns, and every module of those games once
no game is going. CPython keeps modules (compat.forget does nothing there), so
the sys.modules checks only run inside MicroPython (make test-mpy)."""

import sys

from appdriver import Driver
from crisscross.cards import ai as cards_ai
from crisscross.cards import session as cs
from crisscross.words import ai as words_ai
from crisscross.words import session as ws

ON_BOARD = sys.implementation.name == "micropython"
CARDS = "right right"  # the Game row: symbols -> digits -> cards
WORDS = "right right right"
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


def test_a_card_game_keeps_its_ai_out_of_memory_between_its_turns():
    d = Driver(seed=3)
    d.start_game(CARDS)
    for _ in range(20):  # the AI may open: let it move
        if d.app.session.phase == cs.PLAY and d.screen.show is None:
            break
        d.press(WAIT)
    assert d.app.session.phase == cs.PLAY
    d.press("long-a")  # a hint loads the AI and gives it back
    assert d.screen.note in ("hint", "pass")
    if ON_BOARD:
        assert "crisscross.cards.ai" not in sys.modules


def test_leaving_a_card_game_for_the_title_unloads_it_and_continue_reloads_it():
    d = Driver(seed=3)
    d.start_game(CARDS)
    assert "crisscross.cards.session" in sys.modules
    before = d.app.session.to_text()
    d.press("long-b").choose("Save & quit")
    assert type(d.screen).__name__ == "Title" and d.app.session is None
    if ON_BOARD:
        assert loaded("crisscross.cards", "crisscross.screens.cards_") == []
    d.choose("Continue")
    assert type(d.screen).__name__ in ("CardsPlay", "Handover")
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
    assert module._lookup[0] is not None  # the word list is open while playing
    d.press("wait:6000 long-b").choose("Save & quit")
    assert type(d.screen).__name__ == "Title"
    if ON_BOARD:
        assert loaded("crisscross.words", "crisscross.screens.words_") == []
        assert module._lookup[0] is None  # closed with its module
    d.choose("Continue")
    assert type(d.screen).__name__ in ("WordsPlay", "WordsHandover")
