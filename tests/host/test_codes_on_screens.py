"""What the screens show of codes and scores, read from the frames with the font
as a player reads them: a share code as the results show it (AVF-F6V5) on every
screen, and the high scores opening on the game played last."""

from appdriver import Driver
from screentour import _finish

from crisscross import sharecode
from host.bench.pico_play import has_text


def test_a_typed_code_shows_on_new_game_as_on_the_results():
    d = Driver(seed=5)
    d.choose("New game")
    while d.screen.rows()[d.screen.row][0] != "dice":
        d.press("down")
    d.press("right right a")  # Code: the entry screen, AAAAAAA to start from
    typed = sharecode.clean("AVF-F6V5")
    for ch in typed:  # each character up from A, then on to the next
        d.press(" ".join(["up"] * sharecode.ALPHABET.find(ch) + ["right"]))
    d.press("a")
    assert d.name() == "NewGame" and d.screen.code == typed
    frame = d.frame()
    assert has_text(frame, sharecode.pretty(typed)) and not has_text(frame, typed)


def test_high_scores_show_the_code_as_the_results_do_where_there_is_no_date():
    d = Driver(seed=5)  # a board without a clock: no day to show
    d.start_game()
    _finish(d)
    code = sharecode.pretty(d.app.session.code)
    assert has_text(d.frame(), code)  # the results
    d.press("b b")
    d.choose("High scores")
    assert has_text(d.frame(), code)


def test_a_mistyped_code_is_told_in_a_sentence():
    d = Driver(seed=5)
    d.choose("New game")
    while d.screen.rows()[d.screen.row][0] != "dice":
        d.press("down")
    d.press("right right a up a")  # BAAAAAA: its check fails
    told = " ".join(d.app._toast)
    assert d.name() == "CodeEntry"
    assert told.startswith("Share code check failed"), told


def test_high_scores_open_on_the_game_played_last():
    from crisscross import records
    from crisscross.screens.scores import TITLES
    from crisscross.games import RULESETS

    d = Driver(seed=5)
    d.choose("High scores")
    assert has_text(d.frame(), "<%s>" % TITLES[0])  # nothing played yet
    d.press("b")
    d.start_game("right")  # digits
    _finish(d)
    d.press("b b")
    assert records.latest(d.app.store) == "digits"
    d.choose("High scores")
    assert has_text(d.frame(), "<%s>" % TITLES[RULESETS.index("digits")])


def test_high_scores_go_through_each_games_rule_sets_together():
    from crisscross.screens.scores import TITLES

    d = Driver(seed=5)
    d.choose("High scores")
    seen = []
    for _ in range(len(TITLES)):
        seen.append([t for t in TITLES if has_text(d.frame(), "<%s>" % t)][-1])
        d.press("right")
    assert sorted(seen) == sorted(TITLES)
    games = [t.split()[0] for t in seen]
    assert games == sorted(games, key=["SYMBOLS", "DIGITS", "CARDS", "WORDS"].index)
