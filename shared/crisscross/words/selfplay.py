"""Whole games between AI seats: for the command line, benchmarks and parity tests."""

from crisscross.words import autoplay
from crisscross.words.game import Game
from crisscross.words.notation import cells_text

MAX_TURNS = 5000  # a guard only: a game ends long before (see Game._next)


def play_game(
    players, seed, options, lookup, budget=autoplay.DEFAULT_BUDGET, on_turn=None
):
    """Play a seeded game with every seat run by the AI; returns the finished Game.
    `on_turn(game, action)` is called after each turn (progress output)."""
    game = Game(players, seed, options, lookup)
    while not game.over and game.turns < MAX_TURNS:
        action = autoplay.take_turn(game, budget)
        if on_turn is not None:
            on_turn(game, action)
    return game


def summary(game):
    """The result as plain data: scores in tenths, the log (a play's cells as
    text, "3,3,C 3,4,A")."""
    return {
        "seed": game.seed,
        "players": len(game.players),
        "scores": game.scores(),
        "winner": game.winner,
        "reason": game.reason,
        "moves": [_shown(entry) for entry in game.log],
    }


def _shown(entry):
    cells = entry.get("cells")
    if cells is None:
        return entry
    entry = dict(entry)
    entry["cells"] = cells_text(cells)
    return entry
