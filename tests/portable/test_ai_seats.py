"""AI seats of a dice game: the strength chosen on New game (Easy, Normal, Strong)
is the level they play; the hint stays the device level's whatever they play."""

from appdriver import Driver
from crisscross.dice import ai
from crisscross.dice import session as sess


def new_game_with_a_foe(*changes):
    """New game opened, one AI foe added (game row first changed by `changes`);
    the cursor on the AI row."""
    d = Driver(seed=8)
    d.choose("New game")
    for keys in changes:
        d.press(keys)
    scr = d.app.screen
    d.press("down down down right")  # AI foes: 1
    keys = [r[0] for r in scr.rows()]
    d.press(" ".join(["down"] * (keys.index("level") - scr.row)))
    return d, scr


def value(scr, key):
    for k, _, v in scr.rows():
        if k == key:
            return v
    return None


def test_the_strength_row_offers_easy_normal_strong_normal_first():
    for changes in ((), ("right",)):  # symbols, digits
        d, scr = new_game_with_a_foe(*changes)
        assert value(scr, "level") == "Normal"
        seen = []
        for _ in range(3):
            d.press("right")
            seen.append(value(scr, "level"))
        assert seen == ["Strong", "Easy", "Normal"]


def test_ai_seats_play_the_strength_chosen_and_the_hint_is_the_device_levels():
    for presses, level in (("left", "greedy"), ("", "casual"), ("right", "device")):
        d, scr = new_game_with_a_foe()
        if presses:
            d.press(presses)
        rows = scr.rows()
        d.press(" ".join(["down"] * (len(rows) - 1 - scr.row)) + " a")
        session = d.app.session
        assert session.seats == [sess.HUMAN, sess.AI] and session.level == level
        game = session.game
        want = ai.hint(game, ai.DEVICE)
        d.press("long-a")
        assert "about %d points" % want[1] in d.toast()
        # A places (the hint closes); the AI seat's placement, when A rolls
        # on, is its level's choice.
        d.press("a")
        assert len(game.history) == 1
        shadow = sess.new_game("symbols", game.seed, 1, 1, "basic", game.starts)
        shadow.place(game.history[0])
        d.press("a")
        assert game.history[1] == ai.choose(shadow, level)


def test_a_save_from_before_the_strengths_plays_strong():
    game = sess.new_game("digits", 12, 1, 1, "")
    saved = sess.Session(game, [sess.HUMAN, sess.AI], "", "strongest").to_text()
    assert sess.Session.from_text(saved).level == "device"
    saved = sess.Session(game, [sess.HUMAN, sess.AI], "", "greedy").to_text()
    assert sess.Session.from_text(saved).level == "greedy"
