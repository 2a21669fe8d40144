"""Random buttons inside word games: no exception, a consistent session, and a save
that always restores the same position.

The AI's budget is cut to a few hundred lookups: this test is about the screens and the
flow, not the search (tests/portable/test_words_app.py checks the search itself).
"""

import random

from crisscross import buttons
from crisscross.words.ui.play import WordsPlay
from crisscross.words import session as ws
from crisscross.words import notation

from appdriver import Driver
from test_app_fuzz import edge


def let_go(d):
    """Release every held button (one frame each) before a scripted press."""
    for b in range(buttons.COUNT):
        if d.buttons.held(b):
            edge(d, b, 20, True)


EVENTS = 20_000
ROUND_TRIP_EVERY = 500


def check(app):
    assert app.screen is not None
    s = app.session
    if not isinstance(s, ws.Session):
        return
    game = s.game
    assert len(s.seats) == len(game.players)
    assert (s.phase == ws.OVER) == game.over
    if s.phase == ws.PLAY:
        assert s.is_human(game.turn)
    elif s.phase == ws.AI_TURN:
        assert not s.is_human(game.turn)
    for p in game.players:
        assert len(p.hand) <= game.options.hand_limit + 6 * game.options.rolls


def round_trip(s):
    again = ws.Session.from_text(s.to_text())
    assert notation.rows(again.game.board) == notation.rows(s.game.board)
    assert again.game.scores() == s.game.scores()
    assert [p.hand for p in again.game.players] == [p.hand for p in s.game.players]
    assert again.game.turn == s.game.turn


def test_mashing_buttons_in_word_games(monkeypatch):
    monkeypatch.setattr(ws, "BUDGETS", (150, 300))
    rng = random.Random(8)
    d = Driver(seed=3, today=lambda: (2026, 11, 22))
    app = d.app
    words_events = 0
    trips = 0
    ended = 0
    restarted = 0  # a stall starts a game over (3 times) before it ends it
    last_over = None
    plays = 0
    for k in range(EVENTS):
        if app.session is None and type(app.screen).__name__ == "Title":
            # Steer towards the word game: New game, Words, some seats, Start.
            seats = rng.choice(("", "down down right", "down down down right"))
            let_go(d)
            d.choose("New game")
            for _ in range(4):  # the Game row may show the last game played
                if d.screen.family() == "words":
                    break
                d.press("right")
            d.press(seats)
            rows = d.screen.rows()
            d.press(" ".join(["down"] * (len(rows) - 1 - d.screen.row) + ["a"]))
            if getattr(d.screen, "asking", None) is not None:  # replace: yes
                d.press("right a")
            continue
        scr = app.screen
        if isinstance(scr, WordsPlay) and rng.random() < 0.03:
            # Now and then a real move: the hint, laid with A on OK.
            let_go(d)
            d.press("long-a")
            while type(app.screen).__name__ == "WordsThink":
                d.press("wait:20")
            d.press("a")
        b = rng.randrange(buttons.COUNT)
        if rng.random() < 0.3:
            b = buttons.A
        edge(d, b, rng.choice((5, 20, 50, 400, 700)), k % 5 == 0)
        check(app)
        if isinstance(app.session, ws.Session):
            words_events += 1
            if app.session.phase == ws.OVER and app.session is not last_over:
                last_over = app.session
                ended += 1
            plays = max(plays, len(app.session.game.board))
            restarted = max(restarted, app.session.game.restarts)
            if words_events % ROUND_TRIP_EVERY == 0:
                round_trip(app.session)
                trips += 1
    app.render()
    assert words_events > EVENTS // 2 and trips > 5
    print(words_events, trips, ended, restarted, plays)
    # Games were played, and finished or (stalled by mashed passes) started over.
    assert (ended > 0 or restarted > 0) and plays > 10
