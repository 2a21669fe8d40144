"""One input model on every screen, driven through button edges with times.

Where a button has a long meaning (hold A: hint, hold B: the menu), its short
meaning acts on release, the long one at buttons.LONG_MS, and the release after
a long press does nothing. Elsewhere a button acts on its press, once, however
long it is held. Each screen: a long press of A and of B does only its long
meaning (or, without one, exactly what a tap does)."""

from appdriver import SOLO, WORDS, Driver
from crisscross import buttons
from crisscross.dice import session as sess
from crisscross.screens import LONG_AB, LONG_B

CLEAR = "wait:6000"  # a message goes by itself


def symbols(seed=5, *changes):
    d = Driver(seed=seed)
    d.start_game(*changes)
    assert d.name() == "Play"
    return d


def test_screens_declare_which_buttons_have_a_long_meaning():
    from crisscross.cards.ui.play import CardsPlay
    from crisscross.screens.handover import Handover
    from crisscross.screens.newgame import NewGame
    from crisscross.dice.ui.play import Play
    from crisscross.screens.title import Title
    from crisscross.words.ui.play import WordsPlay
    from crisscross.words.ui.think import WordsThink

    assert LONG_AB == 1 << buttons.A | 1 << buttons.B and LONG_B == 1 << buttons.B
    for cls in (Play, CardsPlay, WordsPlay):
        assert cls.long_keys == LONG_AB, cls
    for cls in (Handover, WordsThink):
        assert cls.long_keys == LONG_B, cls
    for cls in (Title, NewGame):
        assert cls.long_keys == 0, cls


def test_a_short_a_places_on_release_not_on_press():
    d = symbols()
    game = d.app.session.game
    d.down("a").wait(300)
    assert len(game.history) == 0  # held: nothing yet, it may become a hint
    d.up("a")
    assert len(game.history) == 1 and d.app.session.phase == sess.PLACED


def test_a_long_a_gives_the_hint_at_the_threshold_and_never_places():
    for changes in ((), ("right",)):  # symbols, digits
        d = symbols(5, *changes)
        game = d.app.session.game
        sheet = bytes(game.sheet_of(0))
        d.down("a").wait(buttons.LONG_MS - 40)
        assert d.app._toast is None
        d.wait(60)  # the threshold passes while the button is still down
        assert "Hint" in d.toast(), changes
        d.up("a")
        assert bytes(game.sheet_of(0)) == sheet and len(game.history) == 0
        assert d.app.session.phase == sess.PLACE and d.name() == "Play"
        d.press(CLEAR)
        assert len(game.history) == 0 and d.name() == "Play"


def test_a_long_b_opens_the_menu_without_turning_the_pair():
    d = symbols()
    scr = d.screen
    pair = scr.move()
    d.press("long-b")
    assert d.name() == "Pause"
    assert scr.move() == pair  # not turned on the way


def test_a_short_b_turns_on_release_only():
    d = symbols()
    scr = d.screen
    pair = scr.move()
    d.down("b").wait(200)
    assert scr.move() == pair
    d.up("b")
    assert scr.move() != pair and d.name() == "Play"


def test_digits_b_opens_the_menu_short_or_long_once():
    for press in ("b", "long-b"):
        d = symbols(5, "right")
        d.press(press)
        assert d.name() == "Pause" and d.screen.selected == 0, press


def test_the_release_after_a_long_press_acts_on_no_other_screen():
    # Long-A on a menu item that opens the play screen: the play screen was not
    # there at the press, so neither the long press nor the release places.
    d = Driver()
    d.choose("New game")
    rows = d.screen.rows()
    d.press(" ".join(["down"] * (len(rows) - 1)))
    d.press("long-a")
    assert d.name() == "Play"
    assert len(d.app.session.game.history) == 0
    assert d.app._toast is None  # and no hint


def test_directions_act_on_press_and_repeat_while_held():
    d = symbols()
    scr = d.screen
    start = scr.cursor
    d.down("right")
    assert scr.cursor == (start // 5) * 5 + (start % 5 + 1) % 5
    d.wait(buttons.REPEAT_DELAY_MS + 2 * buttons.REPEAT_MS)
    d.up("right")
    # One press, then a repeat at the first frame past REPEAT_DELAY_MS and one
    # REPEAT_MS after that frame.
    assert scr.cursor % 5 == (start % 5 + 3) % 5


def test_a_long_press_on_screens_without_a_long_meaning_acts_once():
    d = Driver()
    d.press("down")  # the title's second item
    assert d.screen.items[d.screen.selected] != "New game"
    d.press("up long-a")  # New game, held: one press
    assert d.name() == "NewGame" and d.screen.row == 0
    game = d.screen.game
    d.press("long-a")  # the Game row: A changes it once, not again at LONG
    assert d.screen.game == (game + 1) % 4
    d.press("long-b")  # back once: the title keeps its item
    assert d.name() == "Title" and d.screen.items[d.screen.selected] == "New game"
    d.press("long-b")  # the title has no back: nothing
    assert d.name() == "Title"


def test_the_hand_over_screen_long_b_is_the_menu_and_a_is_ready():
    d = Driver(seed=3)
    d.start_game("down down right")  # two players pass the handheld
    if d.name() == "Handover":
        d.press("a")
    d.press("a")  # the cursor starts on a legal pair
    if d.screen.asking is not None:
        d.press("a")  # it leaves a lone cell: yes
    d.press("a")  # the next player
    assert d.name() == "Handover"
    d.press("long-b")
    assert d.name() == "Pause" and d.app.session.phase == sess.HANDOVER
    d.choose("Resume")
    assert d.name() == "Handover"
    d.press("long-a")  # A has no long meaning here: ready, once
    assert d.name() == "Play" and d.app.session.phase == sess.PLACE
    assert len(d.app.session.game.history) == 1


def _cards():
    from test_cards_app import settle, start

    d = Driver(seed=8)
    start(d)
    settle(d)
    return d


def test_cards_long_a_is_the_hint_only_and_long_b_the_menu_only():
    d = _cards()
    scr = d.screen
    game = d.app.session.game
    played = len(game.history)
    d.press("long-a")
    assert len(game.history) == played and scr.note in ("hint", "pass")
    mode, sel = scr.mode, scr.sel
    d.press("long-b")
    assert d.name() == "Pause"
    assert scr.mode == mode and scr.sel == sel and len(game.history) == played


def test_cards_short_a_picks_up_on_release():
    d = _cards()
    scr = d.screen
    assert scr.mode == 0 and scr.can_play()
    d.down("a").wait(200)
    assert scr.mode == 0
    d.up("a")
    assert scr.mode == 1


def _words():
    d = Driver(seed=5)
    d.start_game(WORDS, SOLO)
    assert d.name() == "WordsPlay"
    return d


def test_words_long_a_is_the_hint_only_and_long_b_the_menu_only():
    from crisscross.words.ui.play import CURSOR

    d = _words()
    scr = d.screen
    across = scr.dir
    d.press("long-a")  # short A would start a word (the hand strip)
    assert d.name() in ("WordsThink", "WordsPlay")
    for _ in range(100):
        if d.name() == "WordsPlay":
            break
        d.press("wait:20")
    assert d.screen.picks or "No" in d.toast()  # the hint laid out, or a message
    d = _words()
    d.press("long-b")
    assert d.name() == "WordsMenu"
    d.choose("Resume")
    assert d.name() == "WordsPlay" and d.screen.dir == across  # B did not switch
    assert d.screen.mode == CURSOR


def test_words_short_b_switches_on_release():
    d = _words()
    scr = d.screen
    across = scr.dir
    d.down("b").wait(200)
    assert scr.dir == across
    d.up("b")
    assert scr.dir == 1 - across


def test_words_thinking_and_hand_over_screens_long_b_is_the_menu():
    d = Driver(seed=5)
    d.start_game(WORDS)  # one AI foe
    d.press("long-b")
    d.frame_ms = 700  # a board busy with the AI's search: a frame per slice
    d.choose("Pass")  # the AI's turn: the thinking screen
    assert d.name() == "WordsThink" and d.app.session.game.turn == 1
    assert "passed" in d.toast()
    d.press("long-b")  # the message goes, and B does what it does without it
    assert d.name() == "WordsMenu" and d.app._toast is None
    assert d.app.session.game.turn == 1
    d = Driver(seed=6)
    d.start_game(WORDS, "down down right", "down left")  # two humans, no AI
    assert d.app.session.seats == [0, 0]
    if d.name() == "Handover":
        d.press("a")
    d.press("long-b")
    d.choose("Pass")
    assert d.name() == "Handover"
    d.press(CLEAR)
    d.press("long-b")  # the menu, not "I'm ready"
    assert d.name() == "WordsMenu" and d.app.session.phase == 2  # HANDOVER
    d.choose("Resume")
    assert d.name() == "Handover"
    d.press("long-a")  # A has no long meaning here: ready, once
    assert d.name() == "WordsPlay" and d.screen.mode == 0


def _same_as_a_tap(path, key):
    """A long press of `key` after `path` (a function making a driver on some
    screen) does exactly what a tap does there, once: the same screen, frame."""
    tap = path()
    tap.press(key)
    held = path()
    held.press("long-" + key)
    held.press("wait:%d" % (buttons.LONG_MS + 200))  # nothing comes later either
    tap.press("wait:%d" % (buttons.LONG_MS + 200))
    return tap.name() == held.name() and tap.frame() == held.frame()


def _title_item(item):
    def path():
        d = Driver(seed=5)
        d.choose(item)
        return d

    return path


def _in_game_menu():
    d = symbols()
    d.press("right long-b")
    assert d.name() == "Pause"
    return d


def _code_entry():
    d = Driver(seed=5)
    d.choose("New game")
    while d.screen.rows()[d.screen.row][0] != "dice":
        d.press("down")
    d.press("right right a")  # Code: type one
    assert d.name() == "CodeEntry"
    return d


def _results():
    from crisscross.dice import policies

    d = symbols()
    game = d.app.session.game
    while not game.over:
        d.place(policies.greedy_move(game))
        d.press("a")
    assert d.name() == "Results"
    return d


def _card_results():
    from test_cards_app import finish, start

    d = Driver(seed=5)
    start(d)
    finish(d)
    assert d.name() == "CardsResults"
    return d


def test_screens_without_a_long_meaning_act_once_on_a_long_press():
    paths = (
        ("TextView", _title_item("Controls")),
        ("Scores", _title_item("High scores")),
        ("RulesMenu", _title_item("Rules")),
        ("Pause", _in_game_menu),
        ("CodeEntry", _code_entry),
        ("Results", _results),
        ("CardsResults", _card_results),
    )
    for screen, path in paths:
        assert path().name() == screen
        for key in ("a", "b"):
            assert _same_as_a_tap(path, key), (screen, key)


def test_a_key_pressed_while_a_message_shows_acts_and_closes_it():
    # The hint's message (the cursor on the hinted move), then A about 1 s
    # later: the placement is made, as without the message, which closes.
    for changes in ((), ("right",)):  # symbols, digits
        d = symbols(5, *changes)
        game = d.app.session.game
        scr = d.screen
        d.press("long-a wait:700")
        assert "Hint" in d.toast(), changes
        hinted, legal = scr.move()
        assert legal
        d.press("a")
        assert d.app._toast is None
        assert game.history == [hinted] and d.app.session.phase == sess.PLACED
    # B while a message shows turns the pair, as without it.
    d = symbols()
    scr = d.screen
    d.press("long-a")
    turned = scr.dir
    d.press("b")
    assert d.app._toast is None and scr.dir == (turned + 1) % 4
