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


# 3x5 digits for line scores under narrow columns: 3 bytes (one per column, bit 0
# on top) for each character of _MINI_CHARS, in its order.
_MINI_CHARS = "0123456789-+"
_MINI = (
    b"\x1f\x11\x1f"  # 0
    b"\x12\x1f\x10"  # 1
    b"\x1d\x15\x17"  # 2
    b"\x15\x15\x1f"  # 3
    b"\x07\x04\x1f"  # 4
    b"\x17\x15\x1d"  # 5
    b"\x1f\x15\x1d"  # 6
    b"\x01\x01\x1f"  # 7
    b"\x1f\x15\x1f"  # 8
    b"\x17\x15\x1f"  # 9
    b"\x04\x04\x04"  # -
    b"\x04\x0e\x04"  # +
)
MINI_W = 4  # advance per character, including one blank column


def mini_text(canvas, text, x, y, c=1):
    """Draw digits (and - +) in the 3x5 font; returns the width drawn."""
    for ch in text:
        k = _MINI_CHARS.find(ch)
        if k >= 0:
            for dx in range(3):
                bits = _MINI[3 * k + dx]
                for dy in range(5):
                    if bits >> dy & 1:
                        canvas.pixel(x + dx, y + dy, c)
        x += MINI_W
    return len(text) * MINI_W


def mini_width(text):
    return len(text) * MINI_W - 1
