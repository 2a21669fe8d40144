"""The word game's menu (hold B) and its pass-and-play hand-over screen.

The menu offers a hint, the turns that lay no card (draw, pass), another line for the
cards being picked (a Square Effect may lay several rows or columns at once),
accepting a word by the players' vote (rule option, pass-and-play only), the
scores, the last moves, the rules, save and quit, abandon.
"""

from crisscross import buttons, ui
from crisscross.compat import forget
from crisscross.screens import LONG_B, Screen
from crisscross.screens.listmenu import ListMenu
from crisscross.words.view import STATE_LINES, STATE_PICKS
from crisscross.words import deck
from crisscross.words import session as ws

RESUME = "Resume"
HINT = "Hint"
DRAW = "Draw cards"
PASS = "Pass"
VOTE = "Accept word (vote)"
LINE = "Another line"
SCORES = "Scores"
NEWS = "Last moves"
RULES = "Rules"
QUIT = "Save & quit"
ABANDON = "Abandon game"
ASK_ABANDON = ("Abandon game?", "A: yes  B: no")


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


# Unloaded while the menu is up: it keeps the play screen's state() instead,
# so the menu and the texts it opens never share the heap with the play screen.
PLAY_MODULES = ("crisscross.words.play",)


class WordsMenu(ListMenu):
    """`at`: the state() of the play screen it was opened from, taken up again on
    Resume; `back`: a screen to go back to (the thinking screen); neither: the
    screen of the session's phase (from the hand-over screen)."""

    title = "MENU"

    def __init__(self, app, back=None, at=None):
        forget(PLAY_MODULES)
        s = app.session
        items = [RESUME]
        if at is not None and s.phase == ws.PLAY:
            items.append(HINT)  # from the play screen (not while one is thought)
        if (at is not None or back is not None) and s.phase == ws.PLAY:
            items += [DRAW, PASS]
            if at is not None and at[STATE_PICKS]:
                items.append(LINE)  # Square Effect plays over several lines
            if (
                at is not None
                and s.game.options.names
                and (at[STATE_PICKS] or at[STATE_LINES])
            ):
                items.append(VOTE)
        items += [SCORES, NEWS, RULES, QUIT, ABANDON]
        ListMenu.__init__(self, app, items)
        self.at = at
        self.back_to = back
        self.asking = False  # "Abandon game?" is up: A abandons, any other key not

    def _play(self):
        """The play screen again, as it was when the menu opened, on show."""
        from crisscross.words.play import WordsPlay

        play = WordsPlay(self.app, self.at)
        self.app.go(play)
        return play

    def back(self):
        if self.back_to is not None:
            self.app.go(self.back_to)
        elif self.at is not None:
            self._play()
        else:
            self.app.session.open(self.app)

    def choose(self, i):
        from crisscross.screens.textview import TextView

        app = self.app
        s = app.session
        item = self.items[i]
        if item == RESUME:
            self.back()
        elif item == HINT:
            from crisscross.words.think import WordsThink

            app.go(WordsThink(app, self.at))
        elif item == DRAW or item == PASS:
            from crisscross.words.play import after_turn

            if item == DRAW:
                s.draw()
            else:
                s.pass_turn()
            after_turn(app)
        elif item == LINE:
            self._play().add_line()
        elif item == VOTE:
            self._play().confirm(True)
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
            self.asking = True

    def key(self, b, kind):
        if self.asking:
            self.asking = False
            if b == buttons.A:
                self.app.leave_game(False)
            return
        ListMenu.key(self, b, kind)

    def draw(self, c):
        if self.asking:  # the question alone: no menu row cut by its frame
            ui.bar(c, self.title)
            ui.box(c, ASK_ABANDON)
            return
        ListMenu.draw(self, c)


class WordsHandover(Screen):
    """Between humans: the next one takes the handheld before seeing a hand."""

    long_keys = LONG_B  # hold B: the menu

    def key(self, b, kind):
        app = self.app
        if kind == buttons.PRESS and b == buttons.A:
            from crisscross.words.play import save

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
