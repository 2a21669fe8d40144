"""A page of text that scrolls: rules, help, about. Nothing is cut off."""

from crisscross import buttons, ui
from crisscross.screens import Screen
from crisscross.screens.listmenu import scrollbar

ROWS = 6  # text lines under the title bar
COLS = 14  # characters a line: the "more below" mark and the scroll bar beside them
MORE_X = 116  # the mark's x: clear of the text (ends at 111) and of the bar (126)
MORE_Y = 58  # its top: a triangle pointing down, 7 wide, 4 high, on the last line


class TextView(Screen):
    def __init__(self, app, title, text, back=None):
        Screen.__init__(self, app)
        self.title = title
        self.lines = ui.wrap(text, COLS)
        self.top = 0
        self.under = back

    def key(self, b, kind):
        last = max(0, len(self.lines) - ROWS)
        if b == buttons.UP:
            self.top = max(0, self.top - 1)
        elif b == buttons.DOWN:
            self.top = min(last, self.top + 1)
        elif b == buttons.LEFT and kind != buttons.REPEAT:
            self.top = max(0, self.top - ROWS)
        elif b == buttons.RIGHT and kind != buttons.REPEAT:
            self.top = min(last, self.top + ROWS)
        elif (b == buttons.B or b == buttons.A) and kind == buttons.PRESS:
            if self.under is not None:
                self.app.go(self.under)
            else:
                self.app.show("title")

    def draw(self, c):
        ui.bar(c, self.title)
        for k in range(ROWS):
            i = self.top + k
            if i >= len(self.lines):
                break
            c.text(self.lines[i], 0, 11 + k * 9)
        scrollbar(c, self.top, ROWS, len(self.lines), 10)
        if self.top + ROWS < len(self.lines):
            for k in range(4):  # more below: a triangle pointing down
                c.hline(MORE_X + k, MORE_Y + k, 7 - 2 * k, 1)


SCREEN = TextView
