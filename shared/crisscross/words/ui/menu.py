"""The word game's menu (hold B): the one in-game menu (screens/pause.py) with
the word game's items. It offers a hint, the turns that lay no card (draw, pass), another line for the
cards being picked (a Square Effect may lay several rows or columns at once),
accepting a word by the players' vote (rule option, pass-and-play only), the
scores, the last moves, the rules, save and quit, abandon.
"""

from crisscross.screens.pause import Pause
from crisscross.words.ui.draw import STATE_LINES, STATE_PICKS, go_on
from crisscross.words import deck
from crisscross.words import session as ws

DRAW = "Draw cards"
PASS = "Pass"
VOTE = "Accept by vote"
LINE = "Another line"
SCORES = "Scores"
NEWS = "Last moves"


def scores_text(s):
    """Every seat's score and cards, the deck and the target, one per line."""
    game = s.game
    lines = []
    for i in range(len(game.players)):
        p = game.players[i]
        mark = "*" if i == game.turn and not game.over else " "
        name = "%s%d%s" % ("P" if s.is_human(i) else "AI", i + 1, mark)
        lines.append("%-4s%6s %dc" % (name, deck.tenths(p.score), len(p.hand)))
    lines.append("Deck %d cards" % len(game.deck))
    target = game.options.target
    lines.append("Target %d" % target if target else "No target")
    return "\n".join(lines)


class WordsMenu(Pause):
    """The menu of every family with the word game's items. `at`: the state() of
    the play screen it was opened from, taken up again on Resume (the play
    screen's module is not resident meanwhile); `under`: a screen to go back to
    (the thinking screen, the hand-over screen); neither: the session's screen."""

    def __init__(self, app, under=None, at=None):
        self.at = at
        Pause.__init__(self, app, under)

    def can_hint(self, app, under):
        return self.at is not None and app.session.phase == ws.PLAY

    def family_items(self, app, under):
        s = app.session
        at = self.at
        items = []
        if (at is not None or under is not None) and s.phase == ws.PLAY:
            items += [DRAW, PASS]
            if at is not None and at[STATE_PICKS]:
                items.append(LINE)  # Square Effect plays over several lines
            if (
                at is not None
                and s.game.options.names
                and (at[STATE_PICKS] or at[STATE_LINES])
            ):
                items.append(VOTE)
        return items + [SCORES, NEWS]

    def _play(self):
        """The play screen again, as it was when the menu opened, on show."""
        return self.app.show("words.play", self.at)

    def back(self):
        if self.under is None and self.at is not None:
            self._play()
        else:
            Pause.back(self)

    def hint(self):
        self.app.show("words.think", self.at)

    def again(self):
        return self  # the same menu: it keeps the play screen's state

    def choose_family(self, item):
        app = self.app
        s = app.session
        if item == DRAW or item == PASS:
            if item == DRAW:
                s.draw()
            else:
                s.pass_turn()
            go_on(app)
        elif item == LINE:
            self._play().add_line()
        elif item == VOTE:
            self._play().confirm(True)
        elif item == SCORES:
            app.show("textview", "SCORES", scores_text(s), self)
        elif item == NEWS:
            text = "\n".join(s.news) if s.news else "Nothing yet."
            app.show("textview", "LAST MOVES", text, self)


SCREEN = WordsMenu
