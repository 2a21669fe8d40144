"""The dice games' 5x5 sheet on the canvas: the grid, a cell (a symbol or a
digit), the whole sheet, a hatched cell. Only the dice games' screens import it.
"""

from crisscross import glyphs
from crisscross.compat import const

# Cells on an 11 px pitch (10 px inside a 1 px grid), 56 px square.
PITCH = const(11)
SHEET = const(56)


def cell_xy(i, x0, y0):
    """Top-left pixel inside the grid for cell i of a sheet drawn at (x0, y0)."""
    return x0 + 1 + (i % 5) * PITCH, y0 + 1 + (i // 5) * PITCH


def grid(canvas, x0, y0):
    for k in range(6):
        canvas.hline(x0, y0 + k * PITCH, SHEET, 1)
        canvas.vline(x0 + k * PITCH, y0, SHEET, 1)


def cell(canvas, family, value, i, x0, y0, inverse=False):
    """Draw one cell's content; inverse fills the cell (cursor / highlight)."""
    # cell_xy() inlined: its tuple would be garbage for every cell of every redraw.
    x = x0 + 1 + (i % 5) * PITCH
    y = y0 + 1 + (i // 5) * PITCH
    if inverse:
        canvas.fill_rect(x, y, PITCH - 1, PITCH - 1, 1)
    if not value:
        return
    if family == "symbols":
        glyphs.symbol(canvas, value, x + 1, y + 1, inverse)
    else:
        canvas.text(chr(47 + value), x + 1, y + 1, 0 if inverse else 1)


def sheet(canvas, family, cells, x0, y0, highlight=None, diagonal=False):
    """The whole 5x5 sheet; `highlight` is a tuple of cells drawn inverted."""
    grid(canvas, x0, y0)
    if diagonal:  # mark the scored diagonal with dots in the corners of its cells
        for i in (20, 16, 12, 8, 4):
            x = x0 + 1 + (i % 5) * PITCH
            y = y0 + 1 + (i // 5) * PITCH
            canvas.pixel(x, y + PITCH - 2, 1)
            canvas.pixel(x + PITCH - 2, y, 1)
    for i in range(25):
        inv = highlight is not None and i in highlight
        if cells[i] or inv:
            cell(canvas, family, cells[i], i, x0, y0, inv)


def hatch(canvas, i, x0, y0):
    """Mark a cell as not allowed: a dotted frame."""
    x, y = cell_xy(i, x0, y0)
    for k in range(0, PITCH - 1, 2):
        canvas.pixel(x + k, y, 1)
        canvas.pixel(x + k, y + PITCH - 2, 1)
        canvas.pixel(x, y + k, 1)
        canvas.pixel(x + PITCH - 2, y + k, 1)
