"""Hints and computer opponents for the two dice games, at five levels.

    choose(game, level="device", rng=None) -> move
    hint(game, level="device") -> (move, expected final score or None)

Levels, strongest first:
  strongest  learned values plus a deeper look-ahead over the dice (`host play
             --level strongest`, `bench ai`)
  device     learned values of each afterstate plus a look-ahead over the next
             roll or digit for the best candidates, as much as a handheld
             affords within the hint's time: the hint, and strong AI seats
  casual     learned values of each afterstate alone, each blurred by a few
             points of noise fixed by the position: normal AI seats
  greedy     the move that raises the score most now
             (crisscross.dice.policies): easy AI seats
  random     any legal move (crisscross.dice.policies)
The move is for the current player of a SymbolsGame or DigitsGame, on its own
sheet and for its own score (in digits "versus" the seat's lines against the
opponent's). The AI only sees the current roll, never game.rolls ahead.
Same position, same level -> same move, on MicroPython as on CPython.
"""

import sys

STRONGEST = "strongest"
DEVICE = "device"
CASUAL = "casual"
GREEDY = "greedy"
RANDOM = "random"
LEVELS = (STRONGEST, DEVICE, CASUAL, GREEDY, RANDOM)
DEFAULT_LEVEL = DEVICE
HUNDREDTHS = 100  # the searches value sheets in hundredths of a point


def _check(game, level):
    if level not in LEVELS:
        raise ValueError("unknown AI level %r: one of %s" % (level, ", ".join(LEVELS)))
    if game.over:
        raise ValueError("the game is over: no move to choose")


def _state_rng(game):
    """An Rng fixed by the position, so `random` is deterministic without one."""
    from crisscross.rng import Rng

    return Rng(game.seed * 1009 + len(game.history) * 31 + game.turn)


def _search_steps(game, level, out):
    """(move, expected score in hundredths) from the family's search, appended
    to `out` a step at a time (a generator: the imports and the opening of the
    tables are steps of their own)."""
    rng = _state_rng(game) if level == CASUAL else None
    if game.FAMILY == "symbols":
        from crisscross.dice import ai_symbols

        yield
        model = ai_symbols.model(game.advanced)
        yield
        yield from ai_symbols.choose_steps(game, model, level, out, rng)
        return
    from crisscross.dice import ai_digits

    yield
    table = ai_digits.table()
    yield
    yield from ai_digits.choose_steps(game, table, level, out, rng)


def hint_steps(game, level, out):
    """hint(game, level) appended to `out`, a step at a time: a generator that
    yields after each piece of a few ms on a board, so a screen can search while
    A is held (dropping it abandons the search). The same move as hint()."""
    _check(game, level)
    if level == RANDOM or level == GREEDY:
        out.append(hint(game, level))
        return
    found = []
    yield from _search_steps(game, level, found)
    move, value = found[0]
    # Round half up in integers: the same on every board.
    out.append((move, (value + HUNDREDTHS // 2) // HUNDREDTHS))


def hint(game, level=DEFAULT_LEVEL, rng=None):
    """(move, expected final score in whole points, or None for the baselines:
    greedy and random)."""
    _check(game, level)
    if level == RANDOM or level == GREEDY:
        # The baselines only (imported when used: a hint at the device level
        # does not load them).
        from crisscross.dice import policies

        if level == RANDOM:
            return policies.random_move(game, rng or _state_rng(game)), None
        return policies.greedy_move(game), None
    out = []
    for _ in hint_steps(game, level, out):  # every step at once
        pass
    return out[0]


def choose(game, level=DEFAULT_LEVEL, rng=None):
    """The move the AI at `level` makes for the current player."""
    return hint(game, level, rng)[0]


def let_go():
    """Let go of what the searches built and opened, keeping their code: the
    symbol search's layout and tables, the digit search's table (a search opens
    them anew). After a hint and after the AI seats' turns; nothing to do for a
    search whose module is not loaded."""
    symbols = sys.modules.get("crisscross.dice.ai_symbols")
    if symbols is not None:
        symbols.drop_tables()
    digits = sys.modules.get("crisscross.dice.ai_digits")
    if digits is not None:
        digits.drop_table()
