"""The word game's menu (hold B) and its pass-and-play hand-over screen.

The menu offers the turns that lay no card (draw, pass), another line for the
cards being picked (a Square Effect may lay several rows or columns at once),
accepting a word by the players' vote (rule option, pass-and-play only), the
scores, the last moves, the rules, save and quit, abandon.
"""

from crisscross import buttons, ui
from crisscross.screens import Screen
from crisscross.screens.listmenu import ListMenu
from crisscross.words import deck
from crisscross.words import session as ws

RESUME = "Resume"
DRAW = "Draw cards"
PASS = "Pass"
VOTE = "Accept word (vote)"
LINE = "Another line"
SCORES = "Scores"
NEWS = "Last moves"
RULES = "Rules"
QUIT = "Save & quit"
ABANDON = "Abandon game"


def scores_text(s):
    """Every seat's score and cards, the deck and the target, one per line."""
    game = s.game
    lines = []
    for i in range(len(game.players)):
        p = game.players[i]
        mark = "*" if i == game.current and not game.over else " "
        name = "%s%d%s" % ("P" if s.is_human(i) else "AI", i + 1, mark)
        lines.append("%-4s%7s %dc" % (name, deck.tenths(p.score), len(p.hand)))
    lines.append("Deck %d cards" % len(game.deck))
    target = game.options.target
    lines.append("Target %d" % target if target else "No target")
    return "\n".join(lines)


class WordsMenu(ListMenu):
    title = "MENU"

    def __init__(self, app, play=None):
        s = app.session
        items = [RESUME]
        if play is not None and s.phase == ws.PLAY:
            items += [DRAW, PASS]
            if play.picks:
                items.append(LINE)  # Square Effect plays over several lines
            if s.game.options.names and play.cells():
                items.append(VOTE)
        items += [SCORES, NEWS, RULES, QUIT, ABANDON]
        ListMenu.__init__(self, app, items)
        self.play = play  # the play screen, kept with its cursor and cards
        self.armed = False  # abandon asks twice

    def back(self):
        if self.play is not None:
            self.app.go(self.play)
        else:
            self.app.session.open(self.app)

    def choose(self, i):
        from crisscross.screens.textview import TextView

        app = self.app
        s = app.session
        item = self.items[i]
        if item == RESUME:
            self.back()
        elif item == DRAW or item == PASS:
            from crisscross.screens.words_play import after_turn

            if item == DRAW:
                s.draw()
            else:
                s.pass_turn()
            after_turn(app)
        elif item == LINE:
            self.play.add_line()
            app.go(self.play)
        elif item == VOTE:
            self.app.go(self.play)
            self.play.confirm(True)
        elif item == SCORES:
            app.go(TextView(app, "SCORES", scores_text(s), self))
        elif item == NEWS:
            text = "\n".join(s.news) if s.news else "Nothing yet."
            app.go(TextView(app, "LAST MOVES", text, self))
        elif item == RULES:
            from crisscross import texts

            app.go(TextView(app, "RULES", texts.WORDS, self))
        elif item == QUIT:
            app.leave_game(True)
        elif item == ABANDON:
            if not self.armed:
                self.armed = True
                app.toast("Press A again to abandon this game")
                return
            app.leave_game(False)


class WordsHandover(Screen):
    """Between humans: the next one takes the handheld before seeing a hand."""

    def key(self, b, kind):
        app = self.app
        if kind == buttons.PRESS and b == buttons.A:
            from crisscross.screens.words_play import save

            app.session.proceed()
            save(app)
            app.session.open(app)
        elif kind == buttons.LONG and b == buttons.B:
            app.go(WordsMenu(app))

    def draw(self, c):
        s = self.app.session
        ui.bar(c, "NEXT PLAYER")
        ui.center(c, "Player %d" % (s.game.current + 1), 16)
        ui.center(c, "Pass the", 30)
        ui.center(c, "handheld", 39)
        ui.center(c, "A: I'm ready", 55)
