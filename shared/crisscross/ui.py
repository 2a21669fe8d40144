"""Drawing helpers shared by the screens: text layout, lists, frames (the dice
games' sheet is drawn by crisscross.dice.sheetdraw).

The canvas is any framebuf.FrameBuffer-like object, 128x64, MONO_VLSB. Text is
MicroPython's built-in 8x8 font: 16 characters by 8 lines. Small pictures
(sprites, blitted) are made by the class the host gave the app (`sprite`): the
engine never imports `framebuf`.
"""

from crisscross.compat import const

W = const(128)
H = const(64)
_CHAR = const(8)
COLS = const(16)  # characters per line
LINES = const(8)  # text lines per screen
_MONO_VLSB = const(0)  # framebuf.MONO_VLSB

# What makes a sprite: a class called as framebuf.FrameBuffer is (App sets it).
_maker = None


def use_sprites(maker):
    """Sprites are made by `maker(data, w, h, MONO_VLSB)`: framebuf.FrameBuffer
    on a board, the host's canvas class on CPython (App's `sprite`)."""
    global _maker
    _maker = maker


def sprite(data, w, h):
    """A w x h MONO_VLSB picture over `data` (one byte per column, bit 0 on top),
    to blit onto the canvas."""
    return _maker(data, w, h, _MONO_VLSB)


def center(canvas, text, y, c=1):
    canvas.text(text, (W - len(text) * _CHAR) // 2, y, c)


def right(canvas, text, x_end, y, c=1):
    canvas.text(text, x_end - len(text) * _CHAR, y, c)


def bar(canvas, text, y=0):
    """An inverted title bar, one text line high."""
    canvas.fill_rect(0, y, W, _CHAR + 1, 1)
    center(canvas, text, y + 1, 0)


def wrap(text, width=COLS):
    """Split text into lines of at most `width` characters, at spaces."""
    if len(text) <= width and "\n" not in text and text[:1] != " ":
        return [text]  # one line that fits (a leading space would be dropped)
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
        y = y0 + k * (_CHAR + 1)
        label = items[i]
        if i == selected:
            canvas.fill_rect(0, y - 1, W - 3, _CHAR + 1, 1)
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
    bw = w * _CHAR + 8
    bh = len(lines) * (_CHAR + 1) + 6
    x = (W - bw) // 2
    if y is None:
        y = (H - bh) // 2
    canvas.fill_rect(x, y, bw, bh, 0)
    canvas.rect(x, y, bw, bh, 1)
    canvas.rect(x + 1, y + 1, bw - 2, bh - 2, 0)
    for k in range(len(lines)):
        canvas.text(
            lines[k], x + 4 + (w - len(lines[k])) * _CHAR // 2, y + 4 + k * (_CHAR + 1)
        )
