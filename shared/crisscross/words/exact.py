"""Exact scores as text (rule 6.1), for the results and tools: loaded only there.

Rule 6.1 halves a Square Effect once per wild card ("6.5 ... 3.25 and so on"), so
a score is integer tenths plus a rest of REST_BITS binary places of a tenth
(`rules.Result.rest`, `game.Player.rest`; 13 wild cards halve 13 times at most).
"""

from crisscross.compat import const
from crisscross.words.deck import tenths

REST_BITS = const(13)
_REST_MASK = const(8191)


def points(value, rest=0, most=6):
    """Tenths `value` and rest / 8192 of a tenth as points, exactly but with at most
    `most` decimals (what fits): (32, 4096) -> '3.25', (65, 0) -> '6.5'."""
    text = tenths(value)
    if not rest:
        return text
    if "." not in text:
        text += ".0"
    n = 1
    while rest and n < most:
        rest *= 10
        text += str(rest >> REST_BITS)
        rest &= _REST_MASK
        n += 1
    return text
