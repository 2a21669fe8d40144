"""100,000 seeded random button edges (a button goes down, or up if it was down,
at random times; several may be held): no exception, a valid state after each
frame. The app gets only what crisscross.buttons makes of the edges.

The dice games' AI (their AI seats and hints) is the one-move greedy policy
here, and the word game's search has a small budget: this test is about the
state machine, and the real searches' thinking time would only slow it down.
The functions are swapped on the modules themselves, which stay loaded under
CPython (the app unloads modules on a board only, crisscross.compat.forget).
"""

import random

from crisscross import buttons
from crisscross.dice import policies
from crisscross.dice import session as sess
from crisscross.dice.ui.play import Play

from appdriver import Driver

EVENTS = 100_000


def fast_ai(monkeypatch):
    """crisscross.dice.ai's choose, hint and hint_steps play greedy moves;
    returns the list of the moves they gave."""
    from crisscross.dice import ai

    given = []

    def hint(game, level=ai.DEFAULT_LEVEL, rng=None):
        given.append(policies.greedy_move(game))
        return given[-1], None

    def hint_steps(game, level, out):
        out.append(hint(game, level))
        yield

    monkeypatch.setattr(ai, "hint", hint)
    monkeypatch.setattr(ai, "hint_steps", hint_steps)
    monkeypatch.setattr(ai, "choose", lambda game, *args: hint(game)[0])
    return given


def check(app):
    assert app.screen is not None
    s = app.session
    if s is None:
        return
    if getattr(s.game, "FAMILY", "") == "cards":
        check_cards(app)
        return
    if s.game.FAMILY == "words":  # the word game has checks of its own
        return
    game = s.game
    assert len(s.seats) == game.players
    assert 0 <= game.turn < game.players
    assert game.round <= game.ROUNDS
    for p in range(game.players):
        sheet = game.sheet_of(p)
        assert len(sheet) == 25
        top = 6 if game.FAMILY == "symbols" else 10
        assert max(sheet) <= top
    if s.phase == sess.OVER:
        assert game.over
    if s.phase == sess.PLACE and isinstance(app.screen, Play):
        assert not game.over and s.is_human(game.turn)
        assert game.legal_moves()


def check_cards(app):
    from crisscross.cards import session as cs
    from crisscross.cards.ui.play import CardsPlay

    s = app.session
    game = s.game
    assert len(s.seats) == game.seats and 0 <= game.turn < game.seats
    assert sum(len(h) for h in game.hands) <= 4 * game.seats
    assert (s.phase == cs.OVER) == game.over
    if isinstance(app.screen, CardsPlay) and s.phase == cs.PLAY:
        assert s.is_human(game.turn) and game.hands[game.turn]


def test_random_button_mashing_never_breaks_the_app(monkeypatch):
    greedy = fast_ai(monkeypatch)
    # The word game's AI searches the dictionary: a small budget keeps it quick.
    from crisscross.words import session as word_session

    monkeypatch.setattr(word_session, "BUDGETS", (40, 40))
    rng = random.Random(20261122)
    d = Driver(seed=1, today=lambda: (2026, 11, 22))
    app = d.app
    games = 0
    for k in range(EVENTS):
        b = rng.randrange(buttons.COUNT)
        # Lean on A so that games really get played, not only menus browsed.
        if rng.random() < 0.25:
            b = buttons.A
        edge(d, b, rng.choice((5, 20, 50, 400, 700)), k % 7 == 0)
        check(app)
        if app.session is not None and app.session.phase == sess.OVER:
            games += 1
    app.render()
    assert games > 0, "the fuzzer never finished a game"
    assert greedy, "the dice AI was not the greedy policy"


def edge(d, b, ms, render):
    """`ms` later, button `b` goes down (or up if it is down); one frame runs."""
    d.now += ms
    keys = d.buttons
    if keys.held(b):
        keys.up(b, d.now)
    else:
        keys.down(b, d.now)
    keys.poll(d.now)
    event = keys.get()
    while event is not None:
        d.app.feed(event[0], event[1], d.now)
        event = keys.get()
    d.app.tick(d.now)
    if render:
        d.app.render()


def test_a_mashed_button_loses_no_event_and_never_overflows():
    q = buttons.Buttons()
    for k in range(1000):
        q.down(buttons.A, k)
        q.up(buttons.A, k)
    got = 0
    while q.get() is not None:
        got += 1
    assert got == buttons.QUEUE_SIZE and q.dropped == 2000 - buttons.QUEUE_SIZE
    # Drained between frames, as the hosts do: nothing is dropped.
    q = buttons.Buttons()
    got = 0
    for k in range(1000):
        q.down(buttons.RIGHT, k)
        q.up(buttons.RIGHT, k)
        while q.get() is not None:
            got += 1
    assert got == 2000 and q.dropped == 0
