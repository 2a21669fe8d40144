"""Seeded games played to the end by the baseline policies, one line each.

Run under CPython and inside MicroPython; tests/host/test_parity.py asserts that
the two outputs are identical, byte for byte.
"""

import sys

from crisscross.dice import policies
from crisscross.dice.digits import DigitsGame
from crisscross.rng import Rng
from crisscross.dice.symbols import SymbolsGame


def setups(n):
    for seed in range(n):
        yield "symbols-basic", SymbolsGame(seed)
        yield "symbols-advanced", SymbolsGame(seed * 7 + 1, 1, True, [seed % 6 + 1])
        yield "symbols-3p", SymbolsGame(seed + 1000, 3, seed % 2 == 0, [2, 4, 6])
        yield "digits", DigitsGame(seed)
        yield "digits-cc-4p", DigitsGame(seed + 50, 4, "cc")
        yield "digits-versus", DigitsGame(seed + 90, 2, "versus")


def main(n):
    for name, game in setups(n):
        rng = Rng(game.seed + 17)
        k = 0
        while not game.over:
            if k % 2:
                move = policies.greedy_move(game)
            else:
                move = policies.random_move(game, rng)
            game.place(move)
            k += 1
        totals = [game.score(p).total for p in range(game.players)]
        print(name, game.encode(), totals, game.ranking())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
