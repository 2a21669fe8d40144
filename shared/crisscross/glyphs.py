"""Bitmaps: the six symbols (8x8), a 3x5 digit font for scores, small icons.

Symbols are drawn as 8x8 MONO_VLSB FrameBuffers built once at import and blitted,
so a cell costs one call. The shapes differ in outline, not only in detail, so
they stay apart on a small OLED: slash, X, circle, triangle, three bars, hash.
"""

import framebuf

_SYMBOL_ROWS = (
    (  # slash
        ".......#",
        "......##",
        ".....##.",
        "....##..",
        "...##...",
        "..##....",
        ".##.....",
        "##......",
    ),
    (  # cross
        "#......#",
        "##....##",
        ".##..##.",
        "..####..",
        "..####..",
        ".##..##.",
        "##....##",
        "#......#",
    ),
    (  # circle
        "..####..",
        ".##..##.",
        "##....##",
        "#......#",
        "#......#",
        "##....##",
        ".##..##.",
        "..####..",
    ),
    (  # triangle
        "...##...",
        "...##...",
        "..#..#..",
        "..#..#..",
        ".#....#.",
        ".#....#.",
        "#......#",
        "########",
    ),
    (  # three bars
        "########",
        "########",
        "........",
        "########",
        "########",
        "........",
        "########",
        "########",
    ),
    (  # hash
        "..#..#..",
        "..#..#..",
        "########",
        "..#..#..",
        "..#..#..",
        "########",
        "..#..#..",
        "..#..#..",
    ),
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


def _build():
    plain = [None]
    inverse = [None]
    for rows in _SYMBOL_ROWS:
        data = _vlsb(rows)
        plain.append(framebuf.FrameBuffer(data, 8, 8, framebuf.MONO_VLSB))
        inv = bytearray(b ^ 0xFF for b in data)
        inverse.append(framebuf.FrameBuffer(inv, 8, 8, framebuf.MONO_VLSB))
    return tuple(plain), tuple(inverse)


SYMBOLS, SYMBOLS_INVERSE = _build()


def symbol(canvas, sym, x, y, inverse=False):
    """Draw symbol 1..6 with its top-left corner at (x, y)."""
    canvas.blit((SYMBOLS_INVERSE if inverse else SYMBOLS)[sym], x, y)


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
