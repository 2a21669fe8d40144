"""The in-game menu (hold B) in every family: Hint where a hint exists, Resume
back to the screen as it was, Abandon confirmed by exactly one more A."""

from appdriver import SOLO, WORDS, Driver
from crisscross.dice import session as sess


def dice(*changes):
    d = Driver(seed=5)
    d.start_game(*changes)
    assert d.name() == "Play"
    return d


def test_the_menu_offers_the_hint_and_it_is_the_long_press_hint():
    for changes in ((), ("right",)):  # symbols, digits
        d = dice(*changes)
        scr = d.screen
        d.press("long-a")
        hinted = (scr.cursor, scr.dir, d.toast())
        d = dice(*changes)
        scr = d.screen
        d.press("right right down long-b")
        assert d.screen.items[:2] == ["Resume", "Hint"], changes
        d.choose("Hint")
        assert d.screen is scr and (scr.cursor, scr.dir, d.toast()) == hinted
        assert len(d.app.session.game.history) == 0


def test_no_hint_in_the_menu_when_there_is_nothing_to_place():
    d = dice()
    d.press("a")  # placed: A rolls on, B takes it back
    assert d.app.session.phase == sess.PLACED
    d.press("long-b")
    assert "Hint" not in d.screen.items and "Undo" in d.screen.items


def test_resume_keeps_the_cursor_and_the_pair_where_they_were():
    d = dice()
    scr = d.screen
    d.press("right right down b")
    where = (scr.cursor, scr.dir)
    assert where[0] != 12
    d.press("long-b").choose("Resume")
    assert d.screen is scr and (scr.cursor, scr.dir) == where
    d.press("long-b").choose("Controls")
    d.press("b").choose("Resume")  # back through a text: still the same
    assert d.screen is scr and (scr.cursor, scr.dir) == where


def test_undo_from_the_menu_keeps_the_cursor_on_the_pair_taken_back():
    d = dice()
    scr = d.screen
    d.press("up left")
    cursor = scr.cursor
    d.press("a")
    assert d.app.session.phase == sess.PLACED
    d.press("long-b").choose("Undo")
    assert d.screen is scr and scr.cursor == cursor
    assert d.app.session.phase == sess.PLACE and not d.app.session.game.history


def test_abandon_takes_exactly_one_more_a_however_soon():
    d = dice()
    d.press("long-b").choose("Abandon game")
    assert d.name() == "Pause" and d.screen.asking
    d.press("a")  # right away, with no message to wait for
    assert d.name() == "Title" and d.app.store.load_game() is None


def test_abandon_is_not_done_by_any_other_key():
    for key in ("b", "up", "down", "left", "right"):
        d = dice()
        d.press("a")  # a placement: the game is saved
        assert d.app.store.load_game() is not None
        d.press("long-b").choose("Abandon game")
        d.press(key)
        assert d.name() == "Pause" and not d.screen.asking, key
        assert d.app.store.load_game() is not None
        d.choose("Resume")
        assert d.name() == "Play"


def _cards():
    from test_cards_app import settle, start

    d = Driver(seed=8)
    start(d)
    settle(d)
    return d


def test_cards_menu_hint_and_resume_keep_the_hand_choice():
    d = _cards()
    scr = d.screen
    d.press("right")
    sel = scr.sel
    d.press("long-b").choose("Resume")
    assert d.screen is scr and scr.sel == sel and scr.mode == 0
    d.press("long-b")
    assert "Hint" in d.screen.items
    d.choose("Hint")
    assert d.screen is scr and scr.note in ("hint", "pass")
    e = _cards()
    e.press("right long-a")
    assert (e.screen.sel, e.screen.cx, e.screen.cy, e.screen.mode) == (
        scr.sel,
        scr.cx,
        scr.cy,
        scr.mode,
    )


def test_cards_abandon_takes_one_more_a():
    d = _cards()
    d.press("long-b").choose("Abandon game").press("a")
    assert d.name() == "Title" and d.app.store.load_game() is None


def _words():
    d = Driver(seed=5)
    d.start_game(WORDS, SOLO)
    assert d.name() == "WordsPlay"
    return d


def _thought(d):
    for _ in range(200):
        if d.name() != "WordsThink":
            return
        d.press("wait:20")
    assert False, "the hint never ended"


def test_words_menu_hint_is_the_long_press_hint():
    d = _words()
    d.press("long-a")
    _thought(d)
    hinted = d.screen.cells()
    d = _words()
    d.press("long-b")
    assert d.screen.items[:2] == ["Resume", "Hint"]
    d.choose("Hint")
    assert d.name() == "WordsThink"
    _thought(d)
    assert d.name() == "WordsPlay" and d.screen.cells() == hinted


def test_words_abandon_takes_one_more_a_and_other_keys_keep_the_game():
    d = _words()
    d.press("long-b").choose("Abandon game").press("b")
    assert d.name() == "WordsMenu" and d.app.session is not None
    d.choose("Abandon game").press("a")
    assert d.name() == "Title" and d.app.store.load_game() is None


def test_the_menus_controls_are_the_keys_of_the_game_played():
    from crisscross import texts, ui
    from crisscross.screens.textview import COLS

    for make, keys in (
        (dice, texts.SYMBOLS_KEYS),
        (lambda: dice("right"), texts.DIGITS_KEYS),
        (_cards, texts.CARDS_KEYS),
        (_words, texts.WORDS_KEYS),
    ):
        d = make()
        d.press("long-b").choose("Controls")
        assert d.name() == "TextView" and d.screen.lines == ui.wrap(keys, COLS), keys
        rules = getattr(texts, d.app.session.game.FAMILY.upper())
        assert keys in rules or d.app.session.game.FAMILY in ("symbols", "digits")
