"""Typing a share code with the buttons: up/down change a character, left/right
move, A checks the code, B goes back without it."""

from crisscross import buttons, sharecode, ui
from crisscross.games import decode_deal
from crisscross.screens import Screen

N = sharecode.CODE_LENGTH
ALPHA = sharecode.ALPHABET


class CodeEntry(Screen):
    def __init__(self, app, back):
        Screen.__init__(self, app)
        self.under = back  # the New game screen: the code is given to it
        code = back.code or ALPHA[0] * N
        self.chars = [ALPHA.find(ch) for ch in code]
        self.pos = 0

    def key(self, b, kind):
        if kind == buttons.LONG:
            return
        if b == buttons.UP:
            self.chars[self.pos] = (self.chars[self.pos] + 1) % len(ALPHA)
        elif b == buttons.DOWN:
            self.chars[self.pos] = (self.chars[self.pos] - 1) % len(ALPHA)
        elif b == buttons.LEFT:
            self.pos = (self.pos - 1) % N
        elif b == buttons.RIGHT:
            self.pos = (self.pos + 1) % N
        elif kind == buttons.REPEAT:
            return
        elif b == buttons.B:
            self.app.go(self.under)
        elif b == buttons.A:
            code = "".join(ALPHA[v] for v in self.chars)
            try:
                family, rules, _ = decode_deal(code)
            except ValueError as e:
                why = str(e)
                self.app.toast(why[:1].upper() + why[1:])  # a sentence, as others
                return
            self.under.take_code(code, family, rules)
            self.app.go(self.under)

    def draw(self, c):
        ui.bar(c, "SHARE CODE")
        x0 = (ui.W - N * 12) // 2
        for k in range(N):
            x = x0 + k * 12
            if k == self.pos:
                c.fill_rect(x - 2, 24, 12, 12, 1)
                c.text("^", x, 14)
                c.text("v", x, 38)
            c.text(ALPHA[self.chars[k]], x, 26, 0 if k == self.pos else 1)
        ui.center(c, "A:check B:back", 55)


SCREEN = CodeEntry
