"""The word game on the handheld's screens, through button presses only: laying a
word with the cursor and the hand strip, the preview, refusals with their reason,
AI turns split over ticks, hints, saving and continuing, pass-and-play."""

from appdriver import SOLO, WORDS, Driver
from crisscross import records
from crisscross.screens.title import Title
from crisscross.screens.handover import Handover
from crisscross.words.ui.menu import WordsMenu
from crisscross.words.ui.play import OK, WordsPlay
from crisscross.words.ui.results import WordsResults
from crisscross.words import ai, autoplay, deck
from crisscross.words import session as ws
from crisscross.words.board import LETTER_MASK
from crisscross.words.game import Game
from crisscross.words import notation
from crisscross.words.restore import each_action, replay

CLEAR = "wait:6000"  # let a toast go by itself (a key would close it and act)


def is_a(obj, cls):
    """isinstance by class name: on a board the app unloads a game's modules at
    the title (crisscross.families), so a later game's screens come
    from a fresh import, not from the classes this test imported."""
    return type(obj).__name__ == cls.__name__


def actions(game):
    """The game's actions, as a list of strings."""
    return list(each_action(game.actions_text))


def thinking(d):
    """Whether the thinking screen is up (an AI seat's turn or a hint)."""
    return d.name() == "WordsThink"


def solo(seed=5, changes=()):
    d = Driver(seed=seed)
    d.start_game(WORDS, SOLO, *changes)
    assert is_a(d.screen, WordsPlay)
    assert len(d.app.session.seats) == 1
    return d


def strip_to(d, target):
    """Left/right presses that move the strip selection to item `target`."""
    scr = d.screen
    n = len(scr.items())
    right = (target - scr.sel) % n
    d.press(
        " ".join(["right"] * right if right <= n - right else ["left"] * (n - right))
    )
    assert scr.sel == target


def lay(d, cells, before=()):
    """Lay `cells` (one row or column) through the buttons, short of OK, after
    the cards of lines picked `before`."""
    scr = d.screen
    d.press(CLEAR)
    r0, c0 = cells[0][0], cells[0][1]
    r, c = scr.cursor
    keys = ["down" if r0 > r else "up"] * abs(r0 - r)
    keys += ["right" if c0 > c else "left"] * abs(c0 - c)
    d.press(" ".join(keys))
    assert scr.cursor == (r0, c0)
    across = len(cells) == 1 or cells[0][0] == cells[1][0]
    if scr.dir != (0 if across else 1):
        d.press("b")
    d.press("a")
    for _, _, letter, wild in cells:
        want = deck.WILD if wild else letter
        items = scr.items()
        hand = scr.hand()
        target = 0
        while items[target] == OK or hand[items[target]] != want:
            target += 1
        strip_to(d, target)
        d.press("a")
        if wild:
            turns = (letter - scr.picks[-1][1]) % 26
            d.press(" ".join(["down"] * turns))
    assert scr.cells() == list(before) + list(cells), (scr.cells(), cells)


def confirm(d):
    strip_to(d, len(d.screen.items()) - 1)
    d.press("a")


def test_a_word_is_previewed_then_scored_as_previewed():
    d = solo()
    s = d.app.session
    game = s.game
    cells, res = autoplay.choose(game, 300)
    lay(d, cells)
    shown = d.screen.preview()
    assert shown.error is None and shown.score == res.score
    # The top line shows the word and its score before it is confirmed.
    left, right = d.screen._preview_text()
    assert left == " ".join(res.words) and right == deck.tenths(res.score)
    hand_before = len(game.hand())
    confirm(d)
    assert game.board.get(cells[0][0], cells[0][1]) & LETTER_MASK == cells[0][2]
    bonus = game.players[0].empties * 1250
    assert game.players[0].score == res.score + bonus
    assert len(actions(game)) == 1 and actions(game)[0][0] not in "+-"
    if not bonus:
        assert len(game.hand()) == hand_before - len(cells)
    assert " ".join(res.words) in d.toast()
    assert is_a(d.screen, WordsPlay) and s.phase == ws.PLAY


def test_the_menu_during_a_hint_goes_back_to_the_search():
    d = solo()
    want = autoplay.choose(d.app.session.game, d.app.session.budget())
    d.frame_ms = 400  # a board whose search slices take long: few frames a second
    d.press("long-a")
    think = d.screen
    assert thinking(d) and think.steps is not None
    d.press("long-b")
    assert is_a(d.screen, WordsMenu) and "Draw cards" in d.screen.items
    d.choose("Resume")
    assert d.screen is think  # the same search, where it was
    d.frame_ms = 20
    for _ in range(60):
        if not thinking(d):
            break
        d.press("wait:20")
    assert is_a(d.screen, WordsPlay) and d.screen.cells() == sorted(want[0])


def test_the_menu_gives_back_the_cards_being_laid_and_the_frame():
    import sys

    d = solo()
    cells, _ = autoplay.choose(d.app.session.game, 300)
    lay(d, cells)
    before = d.screen
    state, frame = before.state(), d.frame()
    d.press("long-b")
    assert is_a(d.screen, WordsMenu)
    if sys.implementation.name == "micropython":  # unloaded while the menu is up
        assert "crisscross.words.ui.play" not in sys.modules
    d.choose("Resume")
    scr = d.screen
    assert is_a(scr, WordsPlay) and scr is not before
    assert scr.state() == state and scr.cells() == before.cells()
    assert d.frame() == frame


def test_a_bad_shape_is_refused_with_its_reason_and_changes_nothing():
    d = solo()
    game = d.app.session.game
    hand = list(game.hand())
    d.press("a a a")  # start at the cursor, lay two cards
    assert len(d.screen.picks) == 2
    confirm(d)
    assert "5 cards" in d.toast()
    assert game.board.is_empty() and game.hand() == hand and not game.actions_text
    d.press(CLEAR + " b b b")  # take both cards back, then back to the cursor
    assert d.screen.mode == 0 and not d.screen.picks


def test_a_word_missing_from_the_dictionary_costs_the_turn():
    d = solo()
    s = d.app.session
    game = s.game
    hand = list(game.hand())
    d.press("a a a a a a")  # the first five cards: not a word for this seed
    word = d.screen._line_text()
    assert not game.lookup.contains(word.lower()), word
    confirm(d)
    assert "not a word" in d.toast().lower() and word in d.toast().replace(" ", "")
    assert game.board.is_empty() and game.hand() == hand
    assert len(actions(game)) == 1 and actions(game)[0][0] not in "+-"
    assert game.turns == 1
    assert s.news[-1].startswith("Not a word")


def test_a_refused_word_is_told_with_the_ai_move_that_follows():
    d = Driver(seed=5)
    d.start_game(WORDS)  # one human, one AI foe
    s = d.app.session
    assert s.seats == [ws.HUMAN, ws.AI] and s.phase == ws.PLAY
    d.press(CLEAR + " a a a a a a")  # the first five cards: not a word for this seed
    word = d.screen._line_text()
    assert not s.game.lookup.contains(word.lower()), word
    confirm(d)
    for _ in range(200):  # the AI thinks over ticks until the human is back
        if s.phase == ws.PLAY and not thinking(d):
            break
        d.press("wait:20")
    told = d.toast()
    assert "not a word" in told.lower() and word in told.replace(" ", ""), told
    assert "P2" in told, told


def test_a_wild_card_takes_the_letter_chosen_with_up_and_down():
    d = solo(seed=5)
    game = d.app.session.game
    assert deck.WILD in game.hand()
    d.press("a")
    scr = d.screen
    strip_to(d, scr.items().index(game.hand().index(deck.WILD)))
    d.press("a")
    assert scr.cells()[0][2:] == (4, True)  # E by default
    d.press("down down up up up")
    assert scr.cells()[0][2:] == (3, True)  # D
    assert scr._line_text() == "d"


def test_the_view_follows_the_cursor_across_the_table():
    d = solo()
    scr = d.screen
    d.press(" ".join(["right"] * 20) + " " + " ".join(["down"] * 9))
    assert scr.cursor == (9, 20)
    r, c = scr.cursor
    vr, vc = scr.view
    assert vr <= r < vr + 5 and vc <= c < vc + 14


def test_hold_a_lays_out_the_hint_ready_to_confirm():
    d = solo()
    game = d.app.session.game
    want = autoplay.choose(game, d.app.session.budget())
    d.press("long-a")
    assert d.screen.steps is not None  # the thinking screen: over the next ticks
    for _ in range(40):
        if not thinking(d):
            break
        d.press("wait:20")
    scr = d.screen
    assert not thinking(d) and scr.cells() == sorted(want[0])
    assert scr.items()[scr.sel] == OK
    d.press("a")
    assert game.players[0].score >= want[1].score and len(actions(game)) == 1


def test_the_ai_thinks_over_ticks_and_plays_what_the_search_finds():
    d = Driver(seed=11)
    d.start_game(WORDS)  # one human, one AI foe
    s = d.app.session
    game = s.game
    assert s.seats == [ws.HUMAN, ws.AI]
    for _ in range(60):
        if s.phase == ws.PLAY:
            break
        d.press("wait:20")
    assert s.phase == ws.PLAY and game.turn == 0
    d.press(CLEAR + " long-b")
    assert is_a(d.screen, WordsMenu)
    d.choose("Pass")
    assert s.phase == ws.AI_TURN
    twin = replay(2, game.seed, game.options, game.lookup, game.actions_text)
    expect = autoplay.choose(twin, s.budget())
    ticks = 0
    while s.phase == ws.AI_TURN and ticks < 60:
        d.press("wait:20")
        ticks += 1
    assert ticks > 1  # the search was split over several ticks
    if expect is None:
        assert actions(game)[-1] in ("+", "-")
    else:
        assert actions(game)[-1][0] not in "+-" and s.last_cells == [
            (c[0], c[1]) for c in expect[0]
        ]


def test_save_and_continue_restores_the_same_position():
    d = solo(seed=7)
    game = d.app.session.game
    cells, _ = autoplay.choose(game, 300)
    lay(d, cells)
    confirm(d)
    d.press(CLEAR + " long-b")
    d.choose("Save & quit")
    assert is_a(d.screen, Title)
    rows, hand, score = notation.rows(game.board), list(game.hand()), game.scores()
    d.choose("Continue")
    assert is_a(d.screen, WordsPlay)
    again = d.app.session.game
    assert again is not game
    assert notation.rows(again.board) == rows and again.hand() == hand
    assert again.scores() == score and again.actions_text == game.actions_text


def test_a_damaged_save_is_refused_with_a_reason():
    s = ws.new_session(3, 1, 0, "", "quick")
    text = "".join(s.to_text())
    assert text.startswith("words|")
    assert ws.Session.from_text(text).game.hand() == s.game.hand()
    bad = (
        text.replace("|quick|", "|genius|"),
        text + "7<Q",  # no Q in the hand
        text + "7",  # a cell cut short
        text + "q",
        text + "+~1,0,5~",  # a re-deal after an action
        text + "~9,0,5~",
        "words|2|h",
        text.replace("words|2|", "words|9|"),
    )
    for t in bad:
        try:
            ws.Session.from_text(t)
        except ValueError as e:
            assert str(e)
        else:
            assert False, "accepted: " + t


def test_pass_and_play_hands_over_between_humans():
    d = Driver(seed=5)
    d.start_game(WORDS, "down down right", "down left")  # 2 humans, no AI
    s = d.app.session
    assert s.seats == [ws.HUMAN, ws.HUMAN]
    assert is_a(d.screen, Handover)
    first = s.game.turn
    d.press("a")
    assert is_a(d.screen, WordsPlay) and s.phase == ws.PLAY
    d.press("long-b")
    assert "Accept by vote" not in d.screen.items  # nothing laid yet
    d.choose("Draw cards")
    assert is_a(d.screen, Handover)
    assert s.game.turn == 1 - first
    d.press(CLEAR + " a")
    assert is_a(d.screen, WordsPlay) and s.last_human == 1 - first
    # With two humans a word the dictionary lacks may be accepted by vote.
    d.press("a a a a a a")
    d.press("long-b")
    assert "Accept by vote" in d.screen.items
    d.choose("Accept by vote")
    assert not s.game.board.is_empty()
    assert is_a(d.screen, Handover) and s.game.turn == first


def test_results_record_a_solo_game_in_whole_points():
    d = solo(seed=5)
    s = d.app.session
    s.game.players[0].score = 61234  # tenths: as if the game had been long
    s.game._end("reached 6000")
    s._update()
    d.app.open_session()
    assert is_a(d.screen, WordsResults)
    high = records.high_scores(d.app.store, "words")
    assert [h["score"] for h in high] == [6123]
    assert d.app.store.load_game() is None
    d.press("a")
    assert is_a(d.screen, Title)


def test_a_search_in_slices_finds_what_the_one_call_search_finds():
    game = Game(2, 4, None, ws.dictionary())
    for _ in range(4):
        for budget in (150, 600):
            p = game.players[game.turn]
            s = ai.Search(
                game.board, p.hand, game.lookup, game.options, budget, empties=0
            )
            want = s.best()
            out = []
            steps = 0
            for _ in ai.stepper(game, budget).steps(out, 23):
                steps += 1
            assert steps > 3
            if want is None:
                assert out == [None]
            else:
                assert out[0][0] == want[0]
                assert out[0][1].score == want[1].score
        autoplay.take_turn(game, 300)


def test_a_square_effect_over_two_lines_is_picked_line_by_line():
    # The rules' example: CENT and TEN laid at once, in two rows, 862.4 points.
    from crisscross.words.notation import from_rows

    d = solo(seed=5)
    game = d.app.session.game
    rows = ["TRIVIAS", "...E...", "...N...", "...I...", "...C...", "...E..."]
    game.board = from_rows(rows)
    game.players[0].hand = sorted(notation.parse_hand("CNTTEX"))
    scr = d.screen
    scr.cursor = (0, 0)
    scr._reset()
    cent = [(1, 2, 2, False), (1, 4, 13, False), (1, 5, 19, False)]
    lay(d, cent)  # C, N, T around the E of VENICE: CENT
    d.press("long-b")
    d.choose("Another line")
    scr = d.screen  # the menu builds the play screen again from its state
    assert is_a(scr, WordsPlay) and scr.mode == 0 and scr.cells() == cent
    ten = [(2, 1, 19, False), (2, 2, 4, False)]
    lay(d, ten, cent)  # T, E before the N of VENICE: TEN
    res = scr.preview()
    assert res.error is None and res.score == 8624, (res.error, res.score)
    d.press("b b b")  # both cards of TEN back, then back into the CENT line
    assert scr.mode == 1 and scr.cells() == cent and scr.start == (1, 2)
    d.press("long-b")
    d.choose("Another line")
    lay(d, ten, cent)
    confirm(d)
    assert game.players[0].score == 8624
    assert notation.rows(game.board)[1:3] == ["..CENT.", ".TEN..."]


def test_the_ai_starts_thinking_on_the_thinking_screens_own_tick():
    # Neither with the key that laid the word nor in the play screen's tick
    # that hands over: the play screen's code is let go before the search runs.
    d = Driver(seed=11)
    d.start_game(WORDS)  # one human, one AI foe
    s = d.app.session
    for _ in range(60):
        if s.phase == ws.PLAY:
            break
        d.press("wait:20")
    d.press(CLEAR + " long-a")
    while thinking(d):
        d.press("wait:20")
    n = len(actions(s.game))
    d.press("a")  # lays the hinted word
    assert len(actions(s.game)) == n + 1 and s.phase == ws.AI_TURN
    assert s._steps is None  # no slice of the AI's search ran with the key
    d.press("wait:%d" % d.frame_ms)  # the next frame: the thinking screen...
    assert d.name() == "WordsThink" and s._steps is None
    d.press("wait:%d" % d.frame_ms)  # ...whose own first tick starts the search
    assert s._steps is not None or s.phase != ws.AI_TURN


def test_ai_turns_in_a_row_are_told_together_when_the_human_is_back():
    d = Driver(seed=6)
    d.start_game(WORDS, "down down down right")  # one human, two AI foes
    s = d.app.session
    assert s.seats == [ws.HUMAN, ws.AI, ws.AI]
    for _ in range(3):
        for _ in range(200):  # the AIs think over ticks until the human is back
            if s.phase == ws.PLAY:
                break
            d.press("wait:20")
        assert s.phase == ws.PLAY and s.game.turn == 0
        d.press(CLEAR + " long-b")
        d.choose("Pass")
    for _ in range(200):
        if s.phase == ws.PLAY:
            break
        d.press("wait:20")
    told = d.toast()
    assert "P2" in told and "P3" in told, told
    assert is_a(d.screen, WordsPlay)
    # The news is made from the log as each action happens: the log is not kept.
    assert len(s.game.log) == ws.LOG_KEEP and len(s.news) >= 7


# Saved by the code before the seat to act was named `turn` (it was `current`):
# a human's pass, then the AI's DDING.
OLD_SAVE = "words|1|ha|quick|EYMKXK3|||5|x/p 0,0,D 0,1,D 0,2,I 0,3,N 0,4,G"


def test_a_save_from_before_the_turn_was_named_turn_loads_and_plays_on():
    from crisscross.games import restore

    s = restore(OLD_SAVE)
    assert s.game.turn == 0 and s.phase == ws.PLAY
    # Saved again as version 2: its actions written compactly.
    assert "".join(s.to_text()) == "words|2|ha|quick|EYMKXK3|||5|-7<DDING"
    again = restore("".join(s.to_text()))
    assert again.game.board._cells == s.game.board._cells
    assert again.game.hand(0) == s.game.hand(0) and again.game.turn == 0
    s.pass_turn()
    assert s.game.turn == 1 and s.phase == ws.AI_TURN


def test_news_past_what_the_message_holds_says_where_the_rest_is():
    from crisscross.app import TOAST_ROWS
    from crisscross.words.ui.menu import NEWS

    more = "More: hold B"

    d = Driver(seed=7)
    d.start_game(WORDS, "down down down right right")  # one human, three AI foes
    s = d.app.session
    told = None
    for _ in range(3):
        for _ in range(300):  # the AIs think over ticks until the human is back
            if s.phase == ws.PLAY:
                break
            d.press("wait:20")
        told = d.app._toast
        if told and told[-1] == more:
            break
        d.press(CLEAR + " long-b")
        d.choose("Pass")
    assert told and len(told) == TOAST_ROWS and told[-1] == more, told
    # Hold B: the menu, whose Last moves has the news the message had no room for.
    d.press(CLEAR + " long-b")
    d.choose(NEWS)
    shown = " ".join(d.screen.lines)
    last = s.news[-1]
    assert last.split()[0] == "P4" and last in shown, (last, shown)


def test_the_scores_page_gives_each_seat_one_line_within_the_page():
    from crisscross.screens import textview
    from crisscross.words.ui.menu import scores_text

    d = Driver(seed=5)
    d.start_game(WORDS, "down down down right right")  # one human, three AI foes
    s = d.app.session
    for k, p in enumerate(s.game.players):
        p.score = (99995, 3640, 5, -20)[k]  # in tenths: 9999.5, 364, 0.5, -2
        p.hand = p.hand + p.hand  # twice the cards: two digits
    lines = textview.TextView(d.app, "SCORES", scores_text(s)).lines
    assert [line.replace("*", " ").split()[:2] for line in lines[:4]] == [
        ["P1", "9999.5"],
        ["AI2", "364"],
        ["AI3", "0.5"],
        ["AI4", "-2"],
    ]
    assert all(line.endswith("c") and len(line) <= textview.COLS for line in lines[:4])
