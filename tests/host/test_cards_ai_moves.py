"""The card AI's choices, pinned: easy's and hard's move on many seeded positions
equal the moves recorded in cards_ai_moves.txt (the AI as of issue 15's walker
change). A change that makes the AI faster or leaner must leave every move as it
was; one that changes its play on purpose writes the file again:

    .venv/bin/python tests/host/test_cards_ai_moves.py --write

The positions come from seeded games of 2-4 seats and every variant, moved on by
a random legal move (not the AI's), so one changed choice does not hide others.
At each position both levels choose with the same seeded Rng; each line of the
file is a game: its seats, seed and variant, then per position `easy/hard` as
move codes (`-` for a pass).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "shared"))

from crisscross.rng import Rng  # noqa: E402
from crisscross.cards import ai, scoring  # noqa: E402
from crisscross.cards.game import Game, move_code  # noqa: E402

FILE = os.path.join(HERE, "cards_ai_moves.txt")
VARIANTS = (None, "joker", "strict", "joker-strict")
GAMES = 48


def _code(game, move):
    if move is None:
        return "-"
    card, x, y = move
    return move_code((game.turn, card, x, y, ()))


def game_line(k):
    seats = 2 + k % 3
    variant = VARIANTS[k // 3 % len(VARIANTS)]
    seed = 1000003 * k + 17
    g = Game(seats, seed, variant)
    walk = Rng(seed ^ 0x5EED)
    out = ["%d %d %s" % (seats, seed, variant or "standard")]
    n = 0
    while not g.over:
        rng_seed = seed + 7919 * n
        easy = ai.choose(g, ai.EASY, Rng(rng_seed))
        hard = ai.choose(g, ai.HARD, Rng(rng_seed))
        out.append("%s/%s" % (_code(g, easy), _code(g, hard)))
        moves = g.legal_moves()
        if not moves:
            g.pass_turn()
        else:
            g.play(*moves[walk.below(len(moves))])
        n += 1
    return " ".join(out)


def lines():
    return [game_line(k) for k in range(GAMES)]


def test_the_ai_chooses_the_recorded_move_at_every_position():
    with open(FILE) as f:
        want = f.read().splitlines()
    got = lines()
    assert len(got) == len(want)
    positions = 0
    for k in range(len(want)):
        a = got[k].split(" ")
        b = want[k].split(" ")
        assert a[:3] == b[:3], k
        for p in range(3, max(len(a), len(b))):
            assert a[p : p + 1] == b[p : p + 1], "game %d (%s), position %d" % (
                k,
                " ".join(b[:3]),
                p - 3,
            )
        positions += len(b) - 3
    assert positions > 1000  # many positions, early and late, every variant


def test_a_choice_made_in_steps_is_the_choice():
    # The hint's search (choose_steps, a step per screen tick) is choose().
    g = Game(3, 12345, "joker")
    walk = Rng(9)
    while not g.over:
        for level in ai.LEVELS:
            out = []
            for _ in ai.choose_steps(g, level, Rng(len(g.history)), out):
                pass
            assert out == [ai.choose(g, level, Rng(len(g.history)))]
        moves = g.legal_moves()
        if moves:
            g.play(*moves[walk.below(len(moves))])
        else:
            g.pass_turn()


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    with open(FILE, "w") as f:
        f.write("\n".join(lines()) + "\n")


def test_the_quick_skip_agrees_with_the_profile_everywhere():
    # ai._could_score reads the cells; scoring.could_score reads a profile.
    checked = 0
    for k in range(12):
        g = Game(2 + k % 3, 77 * k + 5, VARIANTS[k % len(VARIANTS)])
        walk = Rng(k + 1)
        while not g.over:
            t = g.table
            for i in range(49):
                x = i % 7
                y = i // 7
                want = scoring.could_score(scoring.profile(t, x, y))
                assert ai._could_score(t.top, x, y) == want, (k, x, y)
                checked += want
            moves = g.legal_moves()
            if moves:
                g.play(*moves[walk.below(len(moves))])
            else:
                g.pass_turn()
    assert checked > 1000
