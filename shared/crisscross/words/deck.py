"""The 300 letter cards: how many of each letter, and each letter's values.

A card is a small int: 0..25 for A..Z and WILD (26). Precise values (PV) are kept in
integer tenths (3.7 -> 37) so MicroPython and CPython agree to the last digit; score
values (SV) are the rounded whole numbers printed on the cards.
"""

from crisscross.compat import const

WILD = const(26)
KINDS = const(27)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WILD_CHAR = "*"

# Cards of each kind, A..Z then wild: 287 letters + 13 wild = 300. The tables are
# bytes, a byte per kind (a tuple holds a word per number).
COUNTS = bytes((22, 5, 7, 10, 33, 5, 9, 5, 20, 2, 5, 15, 6,
          18, 20, 7, 2, 20, 22, 25, 11, 4, 5, 2, 5, 2, 13))  # fmt: skip

# Precise value in tenths, A..Z then wild (the table at the end of the rules).
PV = bytes((9, 43, 30, 21, 6, 38, 23, 37, 10, 101, 44, 13, 36,
      11, 10, 28, 118, 10, 9, 8, 18, 53, 39, 114, 38, 93, 0))  # fmt: skip

# Score value: PV rounded to the nearest whole number (as printed on the cards).
SV = bytes((1, 4, 3, 2, 1, 4, 2, 4, 1, 10, 4, 1, 4,
      1, 1, 3, 12, 1, 1, 1, 2, 5, 4, 11, 4, 9, 0))  # fmt: skip

# The letters a wild card may not help to get rid of in the tournament (rule 6.2).
JUNK = "JQVXZ"

# A mask of letters (bit k: letter k) gives its lowest letter as LOWEST[(m & -m) %
# 37]: the powers of two up to 2**35 leave 36 different remainders mod 37, so
# one small table names the bit (the search's hot loops, which have no bit scan).
LOWEST = bytes((0, 0, 1, 0, 2, 23, 0, 0, 3, 16, 24, 0, 0, 11, 0, 13, 4, 7, 17, 0,
          25, 22, 0, 15, 0, 10, 12, 6, 0, 21, 14, 9, 5, 20, 8, 19, 18))  # fmt: skip


def total():
    """Number of cards in a full deck (300)."""
    n = 0
    for c in COUNTS:
        n += c
    return n


def new_deck():
    """A full, unshuffled deck: a bytearray of card codes, one byte per card (a
    list of small ints takes four times the room). A game draws from its end."""
    cards = bytearray(total())
    k = 0
    for kind in range(KINDS):
        for _ in range(COUNTS[kind]):
            cards[k] = kind
            k += 1
    return cards


def char(card):
    """'A'..'Z', or '*' for a wild card."""
    return WILD_CHAR if card == WILD else ALPHABET[card]


def code(ch):
    """Card code of a letter or '*'; -1 for anything else."""
    if ch == WILD_CHAR:
        return WILD
    ch = ch.upper()
    i = ALPHABET.find(ch)
    return i if len(ch) == 1 else -1


def hand_text(hand):
    """A hand as a sorted string, wild cards last: 'AEHOSU**'."""
    return "".join(char(c) for c in sorted(hand))


def tenths(value):
    """Format integer tenths as points: 450 -> '45', 8624 -> '862.4', -5 -> '-0.5'."""
    sign = "-" if value < 0 else ""
    value = -value if value < 0 else value
    if value % 10:
        return "%s%d.%d" % (sign, value // 10, value % 10)
    return "%s%d" % (sign, value // 10)
