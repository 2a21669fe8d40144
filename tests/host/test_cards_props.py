"""Card game properties (hypothesis): legality and scoring against brute force."""

from hypothesis import given, settings
from hypothesis import strategies as st

from crisscross.cards import deck, scoring
from crisscross.cards.game import PASS, Game
from crisscross.cards.table import EMPTY, SIZE

GAMES = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
    st.sampled_from([None, "joker", "strict", "joker-strict"]),
)


def fits_some_window(cells):
    """Brute force: is there a 4x4 window (anywhere) holding every cell?"""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    for wx in range(min(xs) - 3, min(xs) + 1):
        for wy in range(min(ys) - 3, min(ys) + 1):
            if all(wx <= x < wx + 4 and wy <= y < wy + 4 for x, y in cells):
                return True
    return False


def brute_lines(game, card, x, y, seat, before):
    """Score a play by walking the table after it, independently of scoring.py:
    (kind, points, beneficiary, cells) for each scoring line. A line whose cells
    all held cards sharing that same value on the table `before` the play was
    there already and does not score."""
    t = game.table
    out = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for kind, get in (
            (scoring.NUMBER, deck.number),
            (scoring.ITEM, deck.item),
            (scoring.COLOUR, deck.colour),
        ):
            want = get(card)
            run = [(x, y)]
            for sign in (-1, 1):
                cx, cy = x + sign * dx, y + sign * dy
                while t.at(cx, cy) != EMPTY and get(t.at(cx, cy)) == want:
                    run.append((cx, cy))
                    cx, cy = cx + sign * dx, cy + sign * dy
            cells = tuple(sorted(run, key=lambda c: (c[0] * dx + c[1] * dy)))
            n = len(run)
            assert n <= 4
            if all(
                before.at(cx, cy) != EMPTY and get(before.at(cx, cy)) == want
                for cx, cy in run
            ):
                continue
            if kind == scoring.COLOUR:
                if n == 4:
                    out.append((kind, 3, seat, cells))
                continue
            if n < 3:
                continue
            pts = 2 if n == 4 else 1
            if kind == scoring.NUMBER and game.has("strict"):
                continue
            out.append((kind, pts, seat, cells))
            if kind == scoring.ITEM and game.has("joker"):
                for s, j in enumerate(game.jokers()):
                    if j == want:
                        out.append((scoring.JOKER, pts, s, cells))
    return sorted(out)


@settings(max_examples=60, deadline=None)
@given(GAMES, st.data())
def test_random_games_follow_the_rules(params, data):
    players, seed, variant = params
    g = Game(players, seed, variant)
    totals = [0] * players
    while not g.over:
        moves = g.legal_moves()
        seat = g.turn
        occupied = [
            (x, y)
            for y in range(SIZE)
            for x in range(SIZE)
            if g.table.at(x, y) != EMPTY
        ]
        # Legality matches the rules checked by brute force, for every square.
        for card in g.hands[seat]:
            for y in range(SIZE):
                for x in range(SIZE):
                    top = g.table.at(x, y)
                    if not occupied:
                        ok = (x, y) == (3, 3)
                    elif top == EMPTY:
                        ok = fits_some_window(occupied + [(x, y)])
                    else:
                        ok = deck.number(top) == deck.number(card) and (
                            y * SIZE + x != g.table.last
                        )
                    assert ((card, x, y) in moves) == ok
        if not moves:
            g.pass_turn()
            assert g.history[-1][1] == PASS
            continue
        card, x, y = data.draw(st.sampled_from(moves))
        t_before = g.table.copy()
        lines = g.play(card, x, y)
        after = g.table
        got = sorted((ln.kind, ln.points, ln.seat, ln.cells) for ln in lines)
        assert got == brute_lines(g, card, x, y, seat, t_before)
        for ln in lines:
            totals[ln.seat] += ln.points
        assert t_before.cards + 1 == after.cards
        assert after.at(x, y) == card
        assert fits_some_window(
            [
                (cx, cy)
                for cy in range(SIZE)
                for cx in range(SIZE)
                if after.at(cx, cy) != EMPTY
            ]
        )
    assert totals == g.scores
    if g.end_reason == "colour":
        assert any(ln.kind == scoring.COLOUR for ln in g.history[-1][4])
    else:
        assert not any(ln.kind == scoring.COLOUR for h in g.history for ln in h[4])
    if g.end_reason == "cards":
        assert all(not g.hands[s] and not g.piles[s] for s in range(players))
    if g.end_reason == "blocked":
        assert any(g.hands[s] for s in range(players))


@settings(max_examples=40, deadline=None)
@given(GAMES, st.data())
def test_quick_gains_match_the_lines_scored(params, data):
    players, seed, variant = params
    g = Game(players, seed, variant)
    for _ in range(data.draw(st.integers(0, 20))):
        moves = g.legal_moves()
        if g.over or not moves:
            break
        g.play(*data.draw(st.sampled_from(moves)))
    x = data.draw(st.integers(0, SIZE - 1))
    y = data.draw(st.integers(0, SIZE - 1))
    prof = scoring.profile(g.table, x, y)
    pot = scoring.potentials(prof, g.rules)
    for card in range(64):
        seat = deck.colour(card) % players
        slow = scoring.gains(scoring.award(prof, card, seat, g.rules), players)
        assert scoring.card_gains(pot, card, seat, g.rules, players) == slow
        if slow[0] != [0] * players:
            assert scoring.could_score(prof)
