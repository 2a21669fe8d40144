"""Drawing helpers shared by the screens: text layout, title bars, message boxes
(the dice games' sheet is drawn by crisscross.dice.ui.draw; menus and scroll
bars by crisscross.screens.listmenu, loaded only outside a game's play).

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


def box(canvas, lines, y=None):
    """A framed message box centred on the screen (a toast or a question).
    Returns (x, y, w): where its text begins and its widest line, in characters."""
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
    return x + 4, y + 4, w
