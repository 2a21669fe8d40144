"""A vertical menu under a title bar: up/down choose, A selects, B goes back."""

from crisscross import buttons, ui
from crisscross.screens import Screen

ROWS = 6


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
        self.top = ui.menu(c, self.items, self.selected, self.top, 11, ROWS)
