"""Screens at the pixel: nothing touches or overruns anything, and each screen
says what its keys do. (The golden frames hold every pixel; these tests say
which gaps must stay empty, so a change that closes one fails by name.)"""

from appdriver import WORDS, Driver


def lit(d, x0, x1, y0, y1):
    """Lit pixels in columns x0..x1 and rows y0..y1 (inclusive)."""
    n = 0
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            n += d.canvas.pixel(x, y)
    return n


def shows(d, text, x, y):
    """Whether `text` is drawn at (x, y) on the screen, pixel for pixel (all of
    it: a text running off the screen is not shown)."""
    import canvas

    if x + 8 * len(text) > 128:
        return False

    buf, ref = canvas.new()
    ref.text(text, x, y, 1)
    for yy in range(y, y + 8):
        for xx in range(x, min(128, x + 8 * len(text))):
            if ref.pixel(xx, yy) != d.canvas.pixel(xx, yy):
                return False
    return True


def test_a_text_page_keeps_its_more_below_mark_clear_of_the_text_and_bar():
    from crisscross.screens import textview

    d = Driver()
    d.choose("Controls")
    scr = d.screen
    assert len(scr.lines) > textview.ROWS  # more below: the mark shows
    assert max(len(line) for line in scr.lines) <= textview.COLS
    # The text ends at x=111; the mark's column, then the scroll bar at 126.
    assert lit(d, 112, 115, 11, 63) == 0
    assert lit(d, textview.MORE_X, textview.MORE_X + 6, 58, 61) == 7 + 5 + 3 + 1
    assert lit(d, 123, 125, 10, 63) == 0
    d.press("right right right right right")  # the last page: no mark
    assert scr.top + textview.ROWS >= len(scr.lines)
    assert lit(d, textview.MORE_X, textview.MORE_X + 6, 58, 61) == 0


def test_new_game_values_stay_clear_of_the_scroll_bar_and_show_their_marks():
    d = Driver()
    d.choose("New game")
    scr = d.screen
    assert len(scr.rows()) > 6  # the scroll bar shows
    for _ in range(len(scr.rows())):
        key = scr.rows()[scr.row][0]
        y = 11 + (scr.row - scr.top) * 9
        # Column 125 stays empty on every row, the gap before the scroll bar;
        # values end at 118, so 119..125 stay empty on the rows not chosen.
        assert lit(d, 125, 125, 10, 63) == 0, key
        assert lit(d, 119, 125, 10, 63) == lit(d, 119, 125, y - 1, y + 7), key
        right = lit(d, 120, 122, y, y + 7)  # inverted row: a mark is unlit
        assert (right < 21) == scr.can_change(key), key
        d.press("down")
    # The rows' labels: no "Start" row but "> Start game", dice for dice games.
    labels = [r[1] for r in scr.rows()]
    assert labels.count("> Start game") == 1 and "Start" not in labels
    assert "First symbol" in labels and "Dice" in labels


def test_new_game_marks_only_values_that_can_change():
    d = Driver()
    d.choose("New game")
    scr = d.screen
    assert scr.can_change("game") and scr.can_change("rules")
    assert not scr.can_change("start")
    d.press("right right")  # cards: at least two seats
    assert scr.can_change("ais") and scr.can_change("colour0")
    d.press("down down " + "right " * 3)  # four humans: every colour taken
    assert scr.humans == 4 and not scr.can_change("colour0")
    assert not scr.can_change("ais")  # no seat left for an AI
    d.to_row("game").press("left left")  # symbols: six humans take every symbol
    assert scr.can_change("start0")
    d.to_row("humans").press("right " * 2)
    assert scr.humans == 6 and not scr.can_change("start0")


def test_a_friends_code_is_dropped_when_the_game_or_rules_change():
    from crisscross import sharecode

    code = sharecode.encode(1234, 2)  # a digits code
    d = Driver()
    d.choose("New game")
    scr = d.screen
    for key, step in (("rules", "right"), ("game", "left")):
        d.to_row("dice")
        if scr.dice != 2:
            d.press("right right")  # Random, Daily, Code
        d.press("a")  # the code screen, from AAAAAAA: each character typed
        for ch in code:
            d.press(" ".join(["up"] * sharecode.ALPHABET.index(ch) + ["right"]))
        d.press("a")
        assert d.screen is scr and scr.family() == "digits"
        assert [r[2] for r in scr.rows() if r[0] == "dice"] == [scr.shown_code]
        d.to_row(key).press(step)
        dice = [r[2] for r in scr.rows() if r[0] == "dice"]
        assert scr.code == "" and dice == ["Code"], key
    d.to_row("start").press("a")  # no code: it asks for one
    assert d.screen is scr
    assert " ".join(d.app._toast) == "Enter a code first (A on Dice)"


def test_card_and_word_games_deal_they_do_not_roll_dice():
    d = Driver()
    d.choose("New game")
    labels = {}
    for fam in ("Symbols", "Digits", "Cards", "Words"):
        rows = d.screen.rows()
        assert rows[0][2] == fam
        labels[fam] = [r[1] for r in rows if r[0] == "dice"][0]
        d.press("right")
    assert labels == {
        "Symbols": "Dice",
        "Digits": "Dice",
        "Cards": "Deal",
        "Words": "Deal",
    }


def test_the_longest_rules_leave_a_gap_between_the_label_and_the_mark():
    from crisscross.screens.newgame import VALUE_END

    d = Driver()
    d.choose("New game")
    scr = d.screen
    for _fam in range(4):
        d.press("down")  # the Rule row
        for _ in range(4):  # every rule set of the game (they wrap round)
            value = scr.rows()[1][2]
            x = VALUE_END - 8 * len(value) - 5  # the left mark
            # In the inverted row a gap is lit: a column between "Rule" and the
            # mark, and one between the mark and the value.
            assert lit(d, x - 1, x - 1, 11 + 9, 11 + 9 + 7) == 8, value
            assert lit(d, x + 3, x + 3, 11 + 9, 11 + 9 + 7) == 8, value
            d.press("right")
        d.press("up right")  # the next game


def test_the_last_placement_says_a_ends_the_game():
    from crisscross.dice import policies

    d = Driver(seed=5)
    d.start_game()
    game = d.app.session.game
    while True:
        d.place(policies.greedy_move(game))
        if game.over:
            break
        d.press("a")
    assert d.name() == "Play" and d.app.session.phase == 1  # PLACED
    # "A:end" where the other rounds say "A:roll", at the panel's x, line 47.
    assert shows(d, "A:end", 62, 47) and not shows(d, "A:roll", 62, 47)


def test_the_word_game_pick_line_fits_whole():
    d = Driver(seed=5)
    d.start_game(WORDS, "down down down left")
    d.press("a")  # lay cards from the hand: nothing picked yet
    assert d.screen.mode == 1
    assert d.screen._preview_text() == ("Lay cards", "B:back")
    assert len("Lay cards") + 1 + len("B:back") <= 16  # no "~" cut


def _card_results(seed):
    from test_cards_app import finish, start

    d = Driver(seed=seed)
    start(d)
    finish(d)
    assert d.name() == "CardsResults"
    return d


def test_card_results_name_the_colours_and_show_the_keys():
    from crisscross.cards import deck

    d = _card_results(5)  # the human wins: a new best score
    game = d.app.session.game
    for k in range(game.seats):
        place, seat = d.screen.order[k]
        colour = deck.COLOUR_NAMES[game.colours[seat]]
        assert shows(d, colour, 46, 11 + k * 9), colour
    assert shows(d, "A:table B:title", 4, 56)
    # Two seats leave room for the record and the code under the end's reason.
    assert shows(d, "New best score!", 4, 38)
    code = d.screen._code()
    assert code.startswith("Code ") and shows(d, code, 64 - 4 * len(code), 47)


def test_a_lost_card_game_shows_no_new_best_score():
    d = _card_results(1)  # the AI wins; still the first (so best) score
    assert d.screen.place == 0 and d.app.session.game.scores[0] == 0
    code = d.screen._code()
    assert d.screen._record_text(code) == code and code.startswith("Code ")
    assert not shows(d, "New best score!", 4, 47)
    assert shows(d, code, 64 - 4 * 13, 47)
    assert shows(d, "A:table B:title", 4, 56)


def test_high_scores_order_each_games_rule_sets_together_as_listed():
    # Left/right on High scores: each game's rule sets together, in RULESETS'
    # order within a game (MicroPython's sort is not stable: the order must not
    # depend on it).
    from crisscross.games import RULESETS, ruleset
    from crisscross.screens.scores import ORDER

    assert sorted(ORDER) == list(range(len(RULESETS)))
    families = [ruleset(RULESETS[i])[0] for i in ORDER]
    assert families == sorted(
        families, key=["symbols", "digits", "cards", "words"].index
    )
    for fam in ("symbols", "digits", "cards", "words"):
        mine = [i for i in ORDER if ruleset(RULESETS[i])[0] == fam]
        assert mine == sorted(mine), fam


def test_statistics_show_a_negative_mean_with_its_sign_outside():
    from crisscross import records
    from crisscross.memory_storage import MemoryStorage
    from crisscross.store import Store

    for scores, shown in (((-3, -2), "Mean -2.5"), ((-1, 0, 0), "Mean -0.3")):
        st = MemoryStorage()
        for s in scores:  # advanced rules: a 0 line scores -5
            records.record_result(Store(st), "symbols-advanced", s, 1)
        d = Driver(storage=st)
        d.choose("High scores")
        d.press("down")  # statistics
        assert shows(d, shown, 0, 20), shown


def test_a_tie_broken_in_criss_and_cross_says_by_the_higher_total():
    from crisscross.dice import ai
    from crisscross.dice import session as sess
    from crisscross.dice.digits import DigitsGame
    from crisscross.dice.ui.results import Results

    game = DigitsGame(4, 3, "cc")  # its first three tie on the lower total
    while not game.over:
        game.place(ai.choose(game, "greedy"))
    d = Driver()
    d.app.session = sess.Session(game, [sess.AI] * 3, "", "greedy", "")
    scr = Results(d.app)
    assert scr._tie_broken()
    d.app.go(scr)
    d.press("wait:10")
    assert shows(d, "tie: top total", 0, 47)
