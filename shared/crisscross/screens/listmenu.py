"""A vertical menu under a title bar: up/down choose, A selects, B goes back;
and the scroll bar that the menus, the text pages and New game draw (not in
crisscross.ui: a game's play screens never draw them)."""

from crisscross import buttons, ui
from crisscross.compat import const
from crisscross.screens import Screen

ROWS = 6
_CHAR = const(8)  # the font's height (ui's own is private)


class ListMenu(Screen):
    title = ""

    def __init__(self, app, items=None, selected=0):
        Screen.__init__(self, app)
        self.items = items or []
        self.selected = selected
        self.top = 0

    def key(self, b, kind):
        if kind == buttons.LONG:
            return
        n = len(self.items)
        if b == buttons.UP and n:
            self.selected = (self.selected - 1) % n
        elif b == buttons.DOWN and n:
            self.selected = (self.selected + 1) % n
        elif kind == buttons.REPEAT:
            return
        elif b == buttons.A and n:
            self.choose(self.selected)
        elif b == buttons.B:
            self.back()

    def choose(self, index):
        pass

    def back(self):
        self.app.show("title")

    def draw(self, c):
        ui.bar(c, self.title)
        self.top = menu(c, self.items, self.selected, self.top, 11, ROWS)


def scrollbar(canvas, top, shown, total, y0=10, y1=ui.H):
    """A thin bar at the right edge when `total` lines do not fit in `shown`
    (the menus here, the text pages, New game)."""
    if total <= shown:
        return
    span = y1 - y0
    h = max(3, span * shown // total)
    y = y0 + (span - h) * top // max(1, total - shown)
    canvas.vline(ui.W - 1, y0, span, 0)
    canvas.fill_rect(ui.W - 2, y, 2, h, 1)


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
            canvas.fill_rect(0, y - 1, ui.W - 3, _CHAR + 1, 1)
            canvas.text(label[: ui.COLS - 1], 2, y, 0)
        else:
            canvas.text(label[: ui.COLS - 1], 2, y, 1)
    scrollbar(canvas, top, rows, len(items), y0 - 1)
    return top
