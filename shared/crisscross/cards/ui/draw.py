"""Drawing the Janken Deck on 128x64: card faces, the table window, the hand.

A card fills a 14x14 cell (15 px pitch with the grid line): its number in the 8x8
font top left, its item as a 7x7 picture bottom right, its colour as a 5x5 mark
bottom left (the screen has one colour, so each kingdom has its own mark: Sun a
solid disc, Mountain a peak, Forest a checker of dots, Ocean stripes) and, on a
stack, how many cards lie there in small digits top right. The card played last
has its mark inverted; while a card is picked, the numbers it may stack on are. The bitmaps are built
as sprites (crisscross.ui.sprite) the first time a card is drawn, plain and
inverse, and blitted: a card costs a few calls.
"""

from crisscross import glyphs, ui
from crisscross.cards.table import SIZE
from crisscross.compat import const

PITCH = const(15)  # cell pitch on the table and in the hand
_INNER = const(14)  # drawable pixels inside a cell
VIEW = const(4)  # the table shows the 4x4 window every card must fit in

_ITEM_ROWS = (  # 8 wide, 7 high: the shapes differ in outline, not in detail
    (  # Key: a ring and a toothed shaft
        ".###....",
        "##.##...",
        "#...####",
        "##.##.##",
        ".###..##",
        "........",
        "........",
    ),
    (  # Axe: a double blade on a handle
        "##.##.##",
        "########",
        "########",
        "##.##.##",
        "...##...",
        "...##...",
        "...##...",
    ),
    (  # Shield: flat top, pointed bottom
        "########",
        "#..##..#",
        "#..##..#",
        "##.##.##",
        ".##..##.",
        "..#..#..",
        "...##...",
    ),
    (  # Coin: a double ring
        "..####..",
        ".#....#.",
        "#..##..#",
        "#.#..#.#",
        "#..##..#",
        ".#....#.",
        "..####..",
    ),
)

_MARK_ROWS = (
    (".###.", "#####", "#####", "#####", ".###."),  # Sun: a solid disc
    ("..#..", ".#.#.", ".#.#.", "#...#", "#####"),  # Mountain: a peak
    ("#.#.#", ".#.#.", "#.#.#", ".#.#.", "#.#.#"),  # Forest: dots
    ("#####", ".....", "#####", ".....", "#####"),  # Ocean: stripes
)


def _bitmaps(table):
    """(plain, inverse) sprites; inverse is 0 where the picture is, 1 around
    it, so it is blitted with key 1 onto a filled (inverted) cell."""
    plain = []
    inverse = []
    for rows in table:
        data = glyphs._vlsb(rows)
        w = len(rows[0])
        plain.append(ui.sprite(data, w, len(rows)))
        inv = bytearray(b ^ 0xFF for b in data)
        inverse.append(ui.sprite(inv, w, len(rows)))
    return tuple(plain), tuple(inverse)


# Items plain, items inverse, marks plain, marks inverse: built at the first card.
_sprites = []
_DIGITS = "0123456789"


def _built():
    """The four tables of sprites, built the first time a card is drawn."""
    if not _sprites:
        _sprites.extend(_bitmaps(_ITEM_ROWS) + _bitmaps(_MARK_ROWS))
    return _sprites


def mark(c, colour, x, y, inverse=False):
    """The 5x5 kingdom mark of `colour` (0..3) at (x, y)."""
    if inverse:
        c.blit((_sprites or _built())[3][colour], x, y, 1)
    else:
        c.blit((_sprites or _built())[2][colour], x, y, 0)


def item(c, it, x, y, inverse=False):
    if inverse:
        c.blit((_sprites or _built())[1][it], x, y, 1)
    else:
        c.blit((_sprites or _built())[0][it], x, y, 0)


def card(c, cd, x, y, inverse=False, depth=1, number_box=False, mark_box=False):
    """Card `cd` in the cell whose drawable corner is (x, y); inverse fills the cell.
    `number_box` inverts the number alone (the picked card may stack here),
    `mark_box` the kingdom mark alone (the card played last)."""
    fg = 1
    if inverse:
        c.fill_rect(x, y, _INNER, _INNER, 1)
        fg = 0
    if number_box:
        c.fill_rect(x, y, 8, 9, 1)
    # The font's digits start in its second column and row 0: one row down
    # keeps them off the grid line above.
    c.text(_DIGITS[(cd & 3) + 1], x, y + 1, 0 if number_box else fg)
    item(c, (cd >> 2) & 3, x + 6, y + 7, inverse)
    if mark_box:
        c.fill_rect(x, y + 8, 5, 6, 1)
    mark(c, cd >> 4, x, y + 9, inverse != mark_box)
    if depth > 1:
        glyphs.mini_text(c, _DIGITS[depth % 10], x + 10, y + 1, fg)


def cell_xy(col, row, x0, y0):
    """Drawable corner of cell (col, row) of a grid whose top-left line is (x0, y0)."""
    return x0 + 1 + col * PITCH, y0 + 1 + row * PITCH


def grid(c, x0, y0, cols, rows):
    for k in range(cols + 1):
        c.vline(x0 + k * PITCH, y0, rows * PITCH + 1, 1)
    for k in range(rows + 1):
        c.hline(x0, y0 + k * PITCH, cols * PITCH + 1, 1)


def dotted_edge(c, x, y, length, vertical):
    """Clear every other pixel of a grid edge: the table may still grow that way."""
    for k in range(1, length, 2):
        if vertical:
            c.pixel(x, y + k, 0)
        else:
            c.pixel(x + k, y, 0)


def spot_dot(c, x, y):
    """An empty square where the picked card may go."""
    c.fill_rect(x + 6, y + 6, 2, 2, 1)


def window(b0, b1, cur, prev):
    """Where a VIEW-wide window starts along one axis: it holds the cards (b0..b1)
    and the cursor `cur` (or -1), and moves as little as possible from `prev`."""
    lo = b1 if cur < 0 or b1 > cur else cur
    hi = b0 if cur < 0 or b0 < cur else cur
    lo = max(lo - (VIEW - 1), 0)
    hi = min(hi, SIZE - VIEW)
    if prev < lo:
        return lo
    if prev > hi:
        return hi
    return prev


def centred(b0, b1):
    """A window start that puts the cards b0..b1 in the middle."""
    return min(max(b0 - (VIEW - (b1 - b0 + 1)) // 2, 0), SIZE - VIEW)
