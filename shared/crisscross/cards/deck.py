"""The Janken Deck cards Criss Cross uses: 4 colours x 4 items x numbers 1-4.

A card is one small int, `colour * 16 + item * 4 + (number - 1)`, so each attribute is
two bits: number in bits 0-1, item in bits 2-3, colour in bits 4-5. `scoring` reads
them by shift, which is why the three attribute indexes below are 0, 1, 2.
"""

from crisscross.compat import const

# Colours (kingdoms), in the rules' high-card order: Sun beats Mountain beats ...
SUN = const(0)
_MOUNTAIN = const(1)
_FOREST = const(2)
OCEAN = const(3)
# Items, also in high-card order: Key beats Axe beats Shield beats Coin.
KEY = const(0)
AXE = const(1)
SHIELD = const(2)
COIN = const(3)

COLOURS = const(4)
ITEMS = const(4)
_NUMBERS = const(4)
_PER_COLOUR = const(16)
DECK_SIZE = const(64)

# Attribute indexes; attribute a of a card is (card >> (2 * a)) & 3.
NUMBER_ATTR = const(0)
ITEM_ATTR = const(1)
COLOUR_ATTR = const(2)

COLOUR_NAMES = ("Sun", "Mountain", "Forest", "Ocean")
# The colours printed on the cards (yellow, red, green, blue): one letter each,
# distinct from the item letters so a short code reads unambiguously.
COLOUR_LETTERS = "YRGB"
ITEM_NAMES = ("Key", "Axe", "Shield", "Coin")
ITEM_LETTERS = "KASC"


def make(colour, item, number):
    """The card of this colour and item with number 1..4."""
    return colour * 16 + item * 4 + number - 1


def number(card):
    return (card & 3) + 1


def item(card):
    return (card >> 2) & 3


def colour(card):
    return card >> 4


def attr(card, a):
    """Attribute `a` (NUMBER_ATTR, ITEM_ATTR, COLOUR_ATTR) as 0..3."""
    return (card >> (2 * a)) & 3


def rank(card):
    """High-card value 0..63: number first, then item, then colour (63 = 4 Sun Key)."""
    return (card & 3) * 16 + (3 - item(card)) * 4 + (3 - colour(card))


def colour_cards(c):
    """The 16 cards of colour `c`, in a fixed order."""
    return list(range(c * _PER_COLOUR, (c + 1) * _PER_COLOUR))


def short(card):
    """Three letters: colour, number, item; 'Y3K' is the Sun 3 Key."""
    return COLOUR_LETTERS[colour(card)] + str(number(card)) + ITEM_LETTERS[item(card)]


def name(card):
    """Long name, e.g. 'Sun 3 Key'."""
    return "%s %d %s" % (
        COLOUR_NAMES[colour(card)],
        number(card),
        ITEM_NAMES[item(card)],
    )


def parse(text):
    """The card for a short code like 'Y3K' (any case), or None if it is not one."""
    t = text.strip().upper()
    if len(t) != 3:
        return None
    c = COLOUR_LETTERS.find(t[0])
    i = ITEM_LETTERS.find(t[2])
    if c < 0 or i < 0 or t[1] not in "1234":
        return None
    return make(c, i, int(t[1]))
