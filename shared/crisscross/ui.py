"""Drawing helpers shared by the screens: text layout, lists, frames, the sheet.

The canvas is any framebuf.FrameBuffer-like object, 128x64, MONO_VLSB. Text is
MicroPython's built-in 8x8 font: 16 characters by 8 lines.
"""

from crisscross import glyphs
from crisscross.compat import const

W = const(128)
H = const(64)
CHAR = const(8)
COLS = const(16)  # characters per line
LINES = const(8)  # text lines per screen

# The 5x5 sheet: cells on an 11 px pitch (10 px inside a 1 px grid), 56 px square.
PITCH = const(11)
SHEET = const(56)


def center(canvas, text, y, c=1):
    canvas.text(text, (W - len(text) * CHAR) // 2, y, c)


def right(canvas, text, x_end, y, c=1):
    canvas.text(text, x_end - len(text) * CHAR, y, c)


def bar(canvas, text, y=0):
    """An inverted title bar, one text line high."""
    canvas.fill_rect(0, y, W, CHAR + 1, 1)
    center(canvas, text, y + 1, 0)


def wrap(text, width=COLS):
    """Split text into lines of at most `width` characters, at spaces."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:  # a word longer than a line
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def scrollbar(canvas, top, shown, total, y0=10, y1=H):
    """A thin bar at the right edge when `total` lines do not fit in `shown`."""
    if total <= shown:
        return
    span = y1 - y0
    h = max(3, span * shown // total)
    y = y0 + (span - h) * top // max(1, total - shown)
    canvas.vline(W - 1, y0, span, 0)
    canvas.fill_rect(W - 2, y, 2, h, 1)


def menu(canvas, items, selected, top, y0=10, rows=6):
    """A list with the selected row inverted; returns the scroll offset used."""
    if selected < top:
        top = selected
    elif selected >= top + rows:
        top = selected - rows + 1
    for k in range(rows):
        i = top + k
        if i >= len(items):
            break
        y = y0 + k * (CHAR + 1)
        label = items[i]
        if i == selected:
            canvas.fill_rect(0, y - 1, W - 3, CHAR + 1, 1)
            canvas.text(label[: COLS - 1], 2, y, 0)
        else:
            canvas.text(label[: COLS - 1], 2, y, 1)
    scrollbar(canvas, top, rows, len(items), y0 - 1)
    return top


def box(canvas, lines, y=None):
    """A framed message box centred on the screen (a toast or a question)."""
    w = 0
    for ln in lines:
        w = max(w, len(ln))
    bw = w * CHAR + 8
    bh = len(lines) * (CHAR + 1) + 6
    x = (W - bw) // 2
    if y is None:
        y = (H - bh) // 2
    canvas.fill_rect(x, y, bw, bh, 0)
    canvas.rect(x, y, bw, bh, 1)
    canvas.rect(x + 1, y + 1, bw - 2, bh - 2, 0)
    for k in range(len(lines)):
        canvas.text(
            lines[k], x + 4 + (w - len(lines[k])) * CHAR // 2, y + 4 + k * (CHAR + 1)
        )


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
