"""The symbol bitmaps: the bytes the app blits are the shapes drawn here."""

import canvas as fb
from crisscross import glyphs, ui

SHAPES = (
    ".......# #......# ..####.. ...##... ######## ..#..#..",
    "......## ##....## .##..##. ...##... ######## ..#..#..",
    ".....##. .##..##. ##....## ..#..#.. ........ ########",
    "....##.. ..####.. #......# ..#..#.. ######## ..#..#..",
    "...##... ..####.. #......# .#....#. ######## ..#..#..",
    "..##.... .##..##. ##....## .#....#. ........ ########",
    ".##..... ##....## .##..##. #......# ######## ..#..#..",
    "##...... #......# ..####.. ######## ######## ..#..#..",
)  # slash, cross, circle, triangle, three bars, hash


def rows_of(k):
    return [line.split()[k] for line in SHAPES]


def test_the_symbol_bytes_are_the_drawn_shapes():
    assert len(glyphs.SYMBOL_BITS) == 6 * 8
    for k in range(6):
        assert glyphs.SYMBOL_BITS[8 * k : 8 * k + 8] == bytes(glyphs._vlsb(rows_of(k)))


def test_a_symbol_is_drawn_plain_or_inverse_at_its_place():
    buf, canvas = fb.new(16, 16)
    ui.use_sprites(fb.FrameBuffer)  # as App does: the sprites' class
    for k in range(6):
        for inverse in (False, True):
            canvas.fill(0)
            glyphs.symbol(canvas, k + 1, 5, 3, inverse)
            rows = rows_of(k)
            for y in range(16):
                for x in range(16):
                    inside = 5 <= x < 13 and 3 <= y < 11
                    want = inside and (rows[y - 3][x - 5] == "#") != inverse
                    assert canvas.pixel(x, y) == int(want), (k, inverse, x, y)
