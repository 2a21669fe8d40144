"""New game opens on the game, rules, players, AI foes and their strength
started last (settings.sav's new_game; a damaged entry gives the defaults), and
Daily takes the date the host gives."""

from appdriver import Driver
from crisscross import records


def shown(d):
    """{row key: value text} of the New game screen."""
    return dict((key, value) for key, _, value in d.screen.rows())


def test_the_next_new_game_opens_on_the_last_game_and_rules():
    d = Driver(seed=5)
    d.start_game("right down right")  # Digits, C&Cross
    d.press("long-b")
    d.choose("Save & quit")
    d.choose("New game")
    got = shown(d)
    assert (got["game"], got["rules"]) == ("Digits", "C&Cross")


def test_the_next_new_game_opens_on_the_last_players_and_ai_foes():
    d = Driver(seed=5)
    d.choose("New game")
    for key in ("game", "rules", "humans", "ais", "level"):
        d.to_row(key).press("right")
    want = shown(d)
    assert (want["humans"], want["ais"], want["level"]) == ("2", "1", "Strong")
    d.to_row("start").press("a")
    d.press("long-b")
    d.choose("Save & quit")
    d.choose("New game")
    assert shown(d) == want
    # Another game's choices are brought into its range: Cards seat 2-4.
    records.save_settings(
        d.app.store,
        {"new_game": {"game": "cards", "rules": 0, "humans": 9, "ais": 5, "level": 7}},
    )
    d.press("b").choose("New game")
    got = shown(d)
    assert (got["game"], got["humans"], got["ais"]) == ("Cards", "4", "0")


def test_each_game_shows_the_players_chosen_fitted_to_its_seats_and_gives_them_back():
    d = Driver(seed=5)
    d.choose("New game")
    d.to_row("game").press("right")  # Digits: solo, as chosen
    assert (shown(d)["humans"], shown(d)["ais"]) == ("1", "0")
    d.press("right")  # Cards: two seats at least, so one AI foe shown
    assert (shown(d)["game"], shown(d)["ais"]) == ("Cards", "1")
    d.press("right right right")  # Words, Symbols, Digits: solo again
    assert (shown(d)["game"], shown(d)["ais"]) == ("Digits", "0")
    d.to_row("rules").press("right right")  # Versus: two seats, an AI shown
    assert shown(d)["rules"] == "Versus" and d.screen.ais == 1
    d.press("right")  # back to the plain rules: solo, as chosen
    assert d.screen.ais == 0
    d.to_row("humans").press(" ".join(["right"] * 7))  # eight players
    d.to_row("game").press("left")  # Symbols: six seats at most
    assert (shown(d)["game"], shown(d)["humans"]) == ("Symbols", "6")
    d.press("right")  # Digits: the eight chosen, not the six shown
    assert shown(d)["humans"] == "8"


def test_a_damaged_entry_gives_the_defaults():
    fresh = Driver(seed=5)
    fresh.choose("New game")
    want = shown(fresh)
    for saved in (
        {"new_game": 7},
        {"new_game": [1, 2]},
        {"new_game": {"game": "chess", "rules": "two"}},
        {"new_game": {"humans": "2", "ais": None, "level": [1]}},
    ):
        d = Driver(seed=5)
        records.save_settings(d.app.store, saved)
        d.choose("New game")
        assert shown(d) == want, saved


def daily(d):
    """From the title: New game, Dice: Daily, Start."""
    d.choose("New game").to_row("dice").press("right")
    d.to_row("start").press("a")


def test_daily_takes_the_date_of_a_clock_as_time_localtime_gives_it():
    # A board passes time.localtime: its clock after a reset reads the port's
    # start date (the rp2 port's 2021-01-01) until a PC sets it.
    d = Driver(seed=5, today=lambda: (2021, 1, 1, 0, 3, 12, 4, 1))
    daily(d)
    assert d.name() == "NewGame"
    assert " ".join(d.app._toast) == "The clock is not set: flash from a PC"
    d = Driver(seed=5, today=lambda: (2026, 11, 29, 13, 5, 0, 6, 333))
    daily(d)
    assert d.app.session.daily == "2026-11-29"
