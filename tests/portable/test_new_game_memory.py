"""New game opens on the choices of the game started last: the game, its rules,
players, AI foes and their strength (the settings file keeps them); values
that do not fit the game any more, or a damaged entry, give the defaults."""

from appdriver import Driver
from crisscross import records


def shown(d):
    """{row key: value text} of the New game screen."""
    return dict((key, value) for key, _, value in d.screen.rows())


def back_to_title(d):
    d.press("long-b")
    d.choose("Save & quit")
    assert type(d.screen).__name__ == "Title"


def test_the_next_new_game_opens_on_the_last_ones_choices():
    d = Driver(seed=5)
    d.choose("New game")
    fresh = shown(d)
    assert (fresh["humans"], fresh["ais"]) == ("1", "0")
    # Symbols, Advanced, 2 players, 1 AI foe, Strong: a row down, right.
    d.press("down right down right down right down down down right")
    chosen = shown(d)
    assert chosen["rules"] == "Advanced" and chosen["humans"] == "2"
    assert chosen["ais"] == "1" and chosen["level"] == "Strong"
    rows = d.screen.rows()
    d.press(" ".join(["down"] * (len(rows) - 1 - d.screen.row)) + " a")
    assert type(d.screen).__name__ != "NewGame"
    back_to_title(d)
    d.choose("New game")
    again = shown(d)
    for key in ("game", "rules", "humans", "ais", "level"):
        assert again[key] == chosen[key], key
    assert again["dice"] == "Random"  # the deal is chosen afresh


def test_damaged_or_unfitting_choices_give_the_defaults():
    fresh = Driver(seed=5)
    fresh.choose("New game")
    want = shown(fresh)
    for saved in (
        {"new_game": 7},
        {"new_game": {"humans": "two", "ais": -1, "level": 1.5, "rules": None}},
        {"new_game": {"game": "chess", "humans": [2]}},
    ):
        d = Driver(seed=5)
        records.save_settings(d.app.store, saved)
        d.choose("New game")
        assert shown(d) == want, saved
    # Counts past what the game takes are fitted to it: cards seat 2 to 4.
    d = Driver(seed=5)
    new = {"game": "cards", "rules": 9, "humans": 9, "ais": 9, "level": 9}
    records.save_settings(d.app.store, {"new_game": new})
    d.choose("New game")
    got = shown(d)
    assert got["game"] == "Cards" and got["humans"] == "4" and got["ais"] == "0"


def test_starting_a_game_keeps_the_other_settings():
    d = Driver(seed=5)
    records.save_settings(d.app.store, {"later": [1, "two"]})
    d.start_game("right")  # digits
    kept = records.settings(d.app.store)
    assert kept["later"] == [1, "two"] and kept["new_game"]["game"] == "digits"
