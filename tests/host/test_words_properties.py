"""Properties of the word game's rules over many random positions (hypothesis)."""

from hypothesis import given, settings, strategies as st

from crisscross.words import autoplay, rules, selfplay
from crisscross.words.dictionary import Dictionary

LOOKUP = Dictionary()
OPTIONS = rules.Options(target=0)
POSITIONS = {}


def position(seed):
    """A realistic layout: a few turns of a seeded AI game."""
    if seed not in POSITIONS:
        from crisscross.words.game import Game

        g = Game(2, seed, OPTIONS, LOOKUP)
        for _ in range(4 + seed % 5):
            autoplay.take_turn(g, 300)
        POSITIONS[seed] = g
    return POSITIONS[seed]


cell = st.tuples(
    st.integers(-4, 8), st.integers(-4, 16), st.integers(0, 25), st.booleans()
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 7), st.lists(cell, min_size=0, max_size=6))
def test_evaluate_is_total_and_consistent(seed, cells):
    g = position(seed)
    before = dict(g.board._cells)
    res = rules.evaluate(g.board, cells, LOOKUP, OPTIONS)
    assert g.board._cells == before  # checking never changes the table
    if res.error is not None:
        assert isinstance(res.error, str) and res.error
        return
    assert res.words and all(len(w) >= 2 for w in res.words)
    assert res.score >= 0 and res.cards == len(cells)
    if res.multiplier == 0:
        assert res.score == res.word_points * 10
    if len(res.words) > 1 or min(len(w) for w in res.words) < 3:
        # Only a completed 2x2 square allows several words or 2-letter ones.
        rows = [c[0] for c in cells]
        cols = [c[1] for c in cells]
        board = g.board
        keys = set((r, c) for r, c, _, _ in cells)

        def filled(r, c):
            return (r, c) in keys or board.filled(r, c)

        assert any(
            filled(r + a, c + b)
            and filled(r + a, c + b + 1)
            and filled(r + a + 1, c + b)
            and filled(r + a + 1, c + b + 1)
            for r, c in zip(rows, cols)
            for a in (-1, 0)
            for b in (-1, 0)
        )


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 7))
def test_ai_plays_are_legal_and_apply_cleanly(seed):
    g = position(seed)
    found = autoplay.choose(g, 800)
    if found is None:
        return
    cells, res = found
    check = g.check(cells)
    assert check.error is None and check.bad_words == []
    assert check.score == res.score and check.words == res.words


def test_whole_games_conserve_cards():
    for seed in range(3):
        g = selfplay.play_game(
            3, seed, rules.Options(target=800, players=3), LOOKUP, 300
        )
        in_hands = sum(len(p.hand) for p in g.players)
        assert len(g.board) + in_hands + len(g.deck) == 300
        assert g.over
