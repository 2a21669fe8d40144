"""The hint's search starts when A goes down on a play screen (HintScreen).

Driven by button edges only: a tap of A places (or picks a card) as before and
abandons the search; a hold shows the same hint as the search run at once; a
long press that comes before the search ends shows the mark, then the hint;
keys without a long meaning start nothing, and an idle play screen has no timer.
"""

from appdriver import Driver
from crisscross import buttons
from crisscross.cards import session as cs
from crisscross.dice import ai
from crisscross.dice import session as sess
from test_cards_app import settle, start


def symbols(seed=5, *changes):
    d = Driver(seed=seed)
    d.start_game(*changes)
    assert d.name() == "Play"
    return d


def test_a_tap_places_what_is_under_the_cursor_and_drops_the_search():
    for changes in ((), ("right",)):  # symbols, digits
        d = symbols(7, *changes)
        scr = d.screen
        game = d.app.session.game
        move, legal = scr.move()
        assert legal
        d.down("a")
        assert scr.search is not None  # searching from the edge on
        d.wait(80)
        d.up("a")
        assert scr.search is None and not scr.thinking
        assert d.app.session.phase == sess.PLACED and len(game.history) == 1
        assert game.sheet_of(0)[move if isinstance(move, int) else move[0]]
        assert "Hint" not in d.toast()
        assert d.app.next_tick(d.now) is None  # nothing left running


def test_letting_go_before_the_long_press_abandons_the_search_and_places():
    d = symbols(9)
    scr = d.screen
    game = d.app.session.game
    move = scr.move()[0]
    d.down("a").wait(buttons.LONG_MS - 100)
    assert scr.search is not None
    d.up("a")
    assert scr.search is None and d.app._toast is None
    assert len(game.history) == 1 and game.sheet_of(0)[move[0]]
    d.wait(3000)
    assert d.app._toast is None and d.app.session.phase == sess.PLACED


def test_a_hold_shows_the_hint_the_search_run_at_once_gives():
    for changes in ((), ("right",)):  # symbols, digits
        d = symbols(11, *changes)
        scr = d.screen
        game = d.app.session.game
        move, expected = ai.hint(game, ai.DEVICE)
        d.down("a").wait(buttons.LONG_MS - 20)
        assert d.app._toast is None  # found (or not) but not shown before the threshold
        d.wait(40)
        assert "about %d points" % expected in d.toast(), changes
        assert scr.search is None and len(game.history) == 0
        if isinstance(move, tuple):
            assert scr.move() == (move, True)
        else:
            assert scr.cursor == move
        d.up("a")
        assert len(game.history) == 0 and d.app.session.phase == sess.PLACE


def test_a_long_press_before_the_search_ends_shows_the_mark_then_the_hint():
    d = symbols(11)
    d.frame_ms = 700  # a board too busy to step the search before the threshold
    scr = d.screen
    move, expected = ai.hint(d.app.session.game, ai.DEVICE)
    d.down("a").wait(buttons.LONG_MS)
    assert scr.thinking and scr.search is not None
    assert d.app.frames > scr.mark_frame  # the mark is on the screen
    assert d.app._toast is None
    assert d.app.next_tick(d.now) == 0  # the rest of the search is due at once
    d.step(d.now)
    assert not scr.thinking and scr.search is None
    assert "about %d points" % expected in d.toast()
    assert scr.move() == (move, True)


def test_keys_without_a_long_meaning_start_nothing_and_idle_has_no_timer():
    d = symbols(5)
    scr = d.screen
    assert d.app.next_tick(d.now) is None
    d.down("right")
    assert scr.search is None
    d.up("right")
    d.down("b")  # B has a long meaning (the menu), but no search
    assert scr.search is None
    d.up("b")
    assert d.app.next_tick(d.now) is None


def test_cards_tap_picks_a_card_and_a_hold_shows_the_hard_hint():
    d = Driver(seed=14)
    s = start(d)
    settle(d)
    scr = d.screen
    assert s.phase == cs.PLAY and scr.can_play()
    d.down("a").wait(80)
    assert scr.search is not None
    d.up("a")
    assert scr.search is None and scr.mode == 1  # picked up, as a tap did before
    d.press("b")
    hint = s.hint()
    d.down("a").wait(buttons.LONG_MS + 20)
    assert scr.search is None and scr.note == "hint"
    assert scr.mode == 1 and (scr.picked(), scr.cx, scr.cy) == hint
    n = len(s.game.history)
    d.up("a")  # the release after the long press does nothing
    assert scr.mode == 1 and len(s.game.history) == n


def test_digits_start_the_search_after_a_tap_as_their_session_says():
    from crisscross import protocol

    d = symbols(7, "right")  # digits
    scr = d.screen
    s = d.app.session
    assert s.hint_start_ms() == protocol.HINT_AFTER_TAP_MS
    d.down("a").wait(80)
    assert scr.search is not None and not scr.search.loaded  # a tap: none run
    d.wait(protocol.HINT_AFTER_TAP_MS)
    assert scr.search.loaded  # held on: the search has begun
    d.up("a")
    assert scr.search is None


def test_each_session_says_when_its_hint_starts_and_what_it_imports():
    from crisscross import protocol, resident
    from crisscross.cards import session as cards_session

    d = symbols(7)
    s = d.app.session
    assert s.hint_start_ms() == 0  # symbols: the whole long press is its own
    assert s.hint_modules() == resident.SEARCH["symbols"]
    for name in s.hint_modules():  # resident: a tap never imports it
        assert name in s.resident()
    d = symbols(7, "right")  # digits: resident too (hints and AI turns)
    for name in d.app.session.hint_modules():
        assert name in d.app.session.resident()
    cs_ = cards_session.Session
    assert cs_.HINT_START_MS == protocol.HINT_AFTER_TAP_MS
    assert cs_.HINT_MODULES == resident.SEARCH["cards"]
