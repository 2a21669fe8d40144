"""Bitmaps: the six symbols (8x8), a 3x5 digit font for scores, small icons.

Symbols are drawn as 8x8 MONO_VLSB sprites (crisscross.ui.sprite: made by the
class the host gave the app), built the first time a symbol is drawn (the card
and word games never build them) and blitted, so a cell costs one
call. The shapes differ in outline, not only in detail, so they stay apart on a
small OLED: slash, X, circle, triangle, three bars, hash.
"""

from crisscross import ui

# The symbols, 8x8 each (tests/portable/test_glyphs.py checks SYMBOL_BITS against
# these rows):
#   slash     cross     circle    triangle  bars      hash
#   .......#  #......#  ..####..  ...##...  ########  ..#..#..
#   ......##  ##....##  .##..##.  ...##...  ########  ..#..#..
#   .....##.  .##..##.  ##....##  ..#..#..  ........  ########
#   ....##..  ..####..  #......#  ..#..#..  ########  ..#..#..
#   ...##...  ..####..  #......#  .#....#.  ########  ..#..#..
#   ..##....  .##..##.  ##....##  .#....#.  ........  ########
#   .##.....  ##....##  .##..##.  #......#  ########  ..#..#..
#   ##......  #......#  ..####..  ########  ########  ..#..#..
# One byte per column, bit 0 on top (MONO_VLSB), symbol after symbol.
SYMBOL_BITS = (
    b"\x80\xc0\x60\x30\x18\x0c\x06\x03"  # slash
    b"\xc3\x66\x3c\x18\x18\x3c\x66\xc3"  # cross
    b"\x3c\x66\xc3\x81\x81\xc3\x66\x3c"  # circle
    b"\xc0\xb0\x8c\x83\x83\x8c\xb0\xc0"  # triangle
    b"\xdb\xdb\xdb\xdb\xdb\xdb\xdb\xdb"  # bars
    b"\x24\x24\xff\x24\x24\xff\x24\x24"  # hash
)


def _vlsb(rows):
    """Rows of '#'/'.' -> MONO_VLSB bytes (one byte per column, bit 0 on top)."""
    w = len(rows[0])
    out = bytearray(w * ((len(rows) + 7) // 8))
    for y in range(len(rows)):
        for x in range(w):
            if rows[y][x] == "#":
                out[(y // 8) * w + x] |= 1 << (y % 8)
    return out


# Plain and inverse: tuples of sprites, built when a symbol is first drawn.
_symbols = [None, None]


def _build(inverse):
    out = [None]
    for k in range(0, len(SYMBOL_BITS), 8):
        data = bytearray(SYMBOL_BITS[k : k + 8])
        if inverse:
            for i in range(8):
                data[i] ^= 0xFF
        out.append(ui.sprite(data, 8, 8))
    return tuple(out)


def symbol(canvas, sym, x, y, inverse=False):
    """Draw symbol 1..6 with its top-left corner at (x, y)."""
    i = 1 if inverse else 0
    if _symbols[i] is None:
        _symbols[i] = _build(inverse)
    canvas.blit(_symbols[i][sym], x, y)


# 3x5 digits for line scores under narrow columns; one byte per column, bit 0 on top.
_MINI = {
    "0": (0x1F, 0x11, 0x1F),
    "1": (0x12, 0x1F, 0x10),
    "2": (0x1D, 0x15, 0x17),
    "3": (0x15, 0x15, 0x1F),
    "4": (0x07, 0x04, 0x1F),
    "5": (0x17, 0x15, 0x1D),
    "6": (0x1F, 0x15, 0x1D),
    "7": (0x01, 0x01, 0x1F),
    "8": (0x1F, 0x15, 0x1F),
    "9": (0x17, 0x15, 0x1F),
    "-": (0x04, 0x04, 0x04),
    "+": (0x04, 0x0E, 0x04),
}
MINI_W = 4  # advance per character, including one blank column


def mini_text(canvas, text, x, y, c=1):
    """Draw digits (and - +) in the 3x5 font; returns the width drawn."""
    for ch in text:
        cols = _MINI.get(ch)
        if cols:
            for dx in range(3):
                bits = cols[dx]
                for dy in range(5):
                    if bits >> dy & 1:
                        canvas.pixel(x + dx, y + dy, c)
        x += MINI_W
    return len(text) * MINI_W


def mini_width(text):
    return len(text) * MINI_W - 1
