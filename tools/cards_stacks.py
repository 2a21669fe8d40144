"""What the stacking rule does to AI card games: `python3 tools/cards_stacks.py`.

Plays the same seeded AI games (hard against hard, and easy against hard) under two
readings of "completing" a line when a card is stacked on another:

  new      a line scores only if the play makes it match in a way it did not
           before (the engine's rule; docs/rules.md)
  restack  every line through the played card scores, even one the covered card
           already made (the reading of card saves of version 1)

and prints, per reading and table size: the share of all points (jokers included)
scored by plays onto a stack, the share of plays that go onto a stack, the mean
game length in turns (cards played, and passes), mean points per game, and how
games end. Seeds are 0..N-1, so runs are repeatable.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "shared"))

from crisscross.cards import ai
from crisscross.cards.game import Game
from crisscross.cards.session import ai_rng
from crisscross.cards.table import EMPTY

READINGS = ("new", "restack")
MATCHES = (("hard", "hard"), ("easy", "hard"))


def play(players, seed, levels, restack, variant=None):
    """One AI game; returns a dict of counts."""
    game = Game(players, seed, variant)
    game.rules.restack = restack
    rngs = [ai_rng(seed, s) for s in range(players)]
    out = {"plays": 0, "stacks": 0, "passes": 0, "points": 0, "stack_points": 0}
    while not game.over:
        seat = game.turn
        move = ai.choose(game, levels[seat % len(levels)], rngs[seat])
        if move is None:
            game.pass_turn()
            out["passes"] += 1
            continue
        card, x, y = move
        stacked = game.table.at(x, y) != EMPTY
        before = sum(game.scores)
        game.play(card, x, y)
        gained = sum(game.scores) - before
        out["plays"] += 1
        out["points"] += gained
        if stacked:
            out["stacks"] += 1
            out["stack_points"] += gained
    out["end"] = game.end_reason
    return out


def measure(players, levels, restack, games, variant=None):
    tot = {"plays": 0, "stacks": 0, "passes": 0, "points": 0, "stack_points": 0}
    ends = {}
    for seed in range(games):
        r = play(players, seed, levels, restack, variant)
        for k in tot:
            tot[k] += r[k]
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    return {
        "stack_point_share": tot["stack_points"] / max(1, tot["points"]),
        "stack_play_share": tot["stacks"] / max(1, tot["plays"]),
        "turns": (tot["plays"] + tot["passes"]) / games,
        "plays": tot["plays"] / games,
        "points": tot["points"] / games,
        "ends": ends,
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="seeds per table size")
    p.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    p.add_argument("--variant", choices=("joker", "strict"), default=None)
    args = p.parse_args(argv)
    print(
        "%-9s %-9s %2s  %7s %7s %6s %6s %7s  %s"
        % (
            "levels",
            "reading",
            "P",
            "stk pts",
            "stk pl",
            "turns",
            "plays",
            "points",
            "ends",
        )
    )
    for levels in MATCHES:
        for players in args.players:
            for reading in READINGS:
                m = measure(
                    players, levels, reading == "restack", args.games, args.variant
                )
                ends = " ".join("%s %d" % (k, m["ends"][k]) for k in sorted(m["ends"]))
                print(
                    "%-9s %-9s %2d  %6.1f%% %6.1f%% %6.1f %6.1f %7.1f  %s"
                    % (
                        "/".join(levels),
                        reading,
                        players,
                        100 * m["stack_point_share"],
                        100 * m["stack_play_share"],
                        m["turns"],
                        m["plays"],
                        m["points"],
                        ends,
                    )
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
