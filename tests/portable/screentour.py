"""A tour of every screen, driven by button events; yields (name, frame).

The same tour runs under CPython and inside MicroPython: the frames must be the
same bytes (tests/host/test_screen_parity.py) and match the golden frames under
tests/golden/ (refresh them on purpose with `make golden`).
"""

from appdriver import Driver
from crisscross import policies


def _finish(d):
    """Play the session to its end with the greedy policy, through the buttons."""
    from crisscross.screens.handover import Handover

    game = d.app.session.game
    while not game.over:
        if isinstance(d.screen, Handover):
            d.press("a")
        d.place(policies.greedy_move(game))
        d.press("a")


def tour():
    d = Driver(seed=5, today=lambda: (2026, 11, 22))
    yield "title", d.frame()
    d.choose("New game")
    yield "new-game", d.frame()
    d.press("right")
    yield "new-game-digits", d.frame()
    d.press("down right right")
    yield "new-game-digits-versus", d.frame()
    d.press("b").choose("Rules")
    yield "rules-menu", d.frame()
    d.press("a")
    yield "rules-symbols", d.frame()
    d.press("down down down")
    yield "rules-symbols-scrolled", d.frame()
    d.press("b down a")
    yield "rules-digits", d.frame()
    d.press("b b").choose("Controls")
    yield "controls", d.frame()
    d.press("b").choose("About")
    yield "about", d.frame()
    d.press("b").choose("High scores")
    yield "high-scores-empty", d.frame()
    d.press("b").start_game()  # symbols, basic rules
    yield "play-symbols", d.frame()
    d.press("b")
    yield "play-symbols-turned", d.frame()
    d.press("up up left left")
    yield "play-symbols-blocked", d.frame()
    d.press("a")
    yield "play-symbols-refused", d.frame()
    d.press("b down down a")
    yield "play-symbols-placed", d.frame()
    d.press("a")
    yield "play-symbols-round-2", d.frame()
    d.press("long-b")
    yield "pause-menu", d.frame()
    d.press("b")
    _finish(d)
    yield "results-solo", d.frame()
    d.press("a")
    yield "results-sheet", d.frame()
    d.press("down down down down down down")
    yield "results-sheet-column", d.frame()
    d.press("b b")
    yield "title-after-game", d.frame()
    d.choose("High scores")
    yield "high-scores", d.frame()
    d.press("down")
    yield "statistics", d.frame()
    d.press("down")
    yield "last-games-chart", d.frame()
    # Advanced rules: the diagonal on the results sheet.
    d.press("b").start_game("down right")
    _finish(d)
    d.press("a up")
    yield "results-sheet-advanced-diagonal", d.frame()
    # Pass and play, two humans.
    d.press("b b").start_game("down left down right")
    yield "handover", d.frame()
    d.press("a")
    yield "play-player-1", d.frame()
    _finish(d)
    yield "results-ranking", d.frame()
    # Digits, solo.
    d.press("b").start_game("right")
    yield "play-digits", d.frame()
    d.press("left b")
    yield "pause-digits", d.frame()
    d.press("b")
    _finish(d)
    d.press("a")
    yield "results-digits-sheet", d.frame()
    # Share code entry with a typo.
    d.press("b b").choose("New game")
    d.press("up up left a")
    yield "code-entry", d.frame()
    d.press("up a")
    yield "code-entry-refused", d.frame()
