"""Hints and computer opponents for the two dice games, at four levels.

    choose(game, level="device", rng=None) -> move
    hint(game, level="device") -> (move, expected final score or None)

Levels, strongest first:
  strongest  learned values plus a look-ahead over the next roll (host, sim)
  device     learned values of each afterstate, looking ahead only where that is
             cheap (symbols: late in the game; digits: 3 candidates): <130k
             executed lines per hint, the handheld's default
  greedy     the move that raises the score most now (crisscross.policies)
  random     any legal move (crisscross.policies)
The move is for the current player of a SymbolsGame or DigitsGame, on its own
sheet and for its own score (in digits "versus" the seat's lines against the
opponent's). The AI only sees the current roll, never game.rolls ahead.
Same position, same level -> same move, on MicroPython as on CPython.
"""

from crisscross.compat import forget

STRONGEST = "strongest"
DEVICE = "device"
GREEDY = "greedy"
RANDOM = "random"
LEVELS = (STRONGEST, DEVICE, GREEDY, RANDOM)
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


# The searches and their learned tables: the biggest modules of the game; with
# this front end itself and the baselines, as the caller holds what it needs.
# (The symbol game's tables are files, read a stage at a time by ai_symbols.)
SEARCH_MODULES = (
    "crisscross.ai",
    "crisscross.policies",
    "crisscross.ai_symbols",
    "crisscross.ai_digits",
    "crisscross.ai_digits_table",
)


def release():
    """Give the searches' code and tables back to the heap (on boards; ~40 KB for
    the symbol game) until the next move. The app calls it after a hint or a run of
    AI turns, so they are in memory only while the AI thinks."""
    forget(SEARCH_MODULES)


def _search(game, level):
    """(move, expected score in hundredths) from the family's search."""
    lookahead = level == STRONGEST
    if game.FAMILY == "symbols":
        from crisscross import ai_symbols

        return ai_symbols.choose(game, ai_symbols.model(game.advanced), lookahead)
    from crisscross import ai_digits

    width = ai_digits.SEARCH_WIDTH if lookahead else ai_digits.DEVICE_WIDTH
    return ai_digits.choose(game, ai_digits.table(), True, width)


def hint(game, level=DEFAULT_LEVEL, rng=None):
    """(move, expected final score in whole points, or None for the baselines)."""
    _check(game, level)
    if level == RANDOM or level == GREEDY:
        # The baselines only (imported when used: a hint at the device level
        # does not load them).
        from crisscross import policies

    if level == RANDOM:
        return policies.random_move(game, rng or _state_rng(game)), None
    if level == GREEDY:
        return policies.greedy_move(game), None
    move, value = _search(game, level)
    # Round half up in integers: the same on every board.
    return move, (value + HUNDREDTHS // 2) // HUNDREDTHS


def choose(game, level=DEFAULT_LEVEL, rng=None):
    """The move the AI at `level` makes for the current player."""
    return hint(game, level, rng)[0]
