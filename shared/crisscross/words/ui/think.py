"""The word game while a search runs: an AI seat's turn, or the hint a human asked for.

A search is the moment of the game with the most live heap (the AI's code, its
tables and the dictionary's blocks), so the play screen's editing code (cursor,
hand strip, pending cards: the biggest module of the game) is not among what this
screen keeps (crisscross.resident): the app unloads it meanwhile, and it is imported again when the
search ends (docs/architecture.md). This screen shows
what the play screen showed then: the table without a cursor, the hand of the
human at the handheld, "P2 thinking ..." or "Hint: thinking" on the top line.

One slice of the search runs per tick, so keys stay live: hold B for the menu.
A search is a generator (crisscross.words.ai, `Search.steps`; docs/architecture.md,
"A search in steps"): a tick runs it to its next yield, the hint's here, an AI
seat's through the session (`ai_step`).
An AI starts on the tick after the screen opens, so the key that laid a word does
not also run a slice of the search. When the hint is found, the play screen comes
back with it laid out, ready for OK; when an AI has moved, the game goes on with
the next seat (another AI thinks here, its play in view).
"""

from crisscross import buttons
from crisscross.compat import gc_collect
from crisscross.screens import LONG_B, Screen
from crisscross.words.ui import draw as wd
from crisscross.words import session as ws


class WordsThink(Screen):
    """`at`: the state() of the play screen that asked for a hint, given back
    to it afterwards; None for an AI seat's turn, which starts `after_ms` later."""

    long_keys = LONG_B  # hold B: the menu

    def __init__(self, app, at=None, after_ms=wd.THINK_AFTER_MS):
        Screen.__init__(self, app)
        s = app.session
        self.at = at
        self.steps = None  # the hint's search (a generator), made at the first tick
        self.found = []  # ...where it puts the play it finds
        if at is not None:  # the hint's search starts on the first tick
            self.view = at[wd.STATE_VIEW]
        else:
            self.view = wd.start_view(s)
        self.think_from = app.now + after_ms

    def key(self, b, kind):
        if kind == buttons.LONG and b == buttons.B:
            self.app.show("words.menu", self)

    def tick(self, now):
        app = self.app
        s = app.session
        if app.screen is not self:
            return
        if self.at is not None:  # a hint
            if self.steps is None:
                # Set up here, not in the play screen's key() that opened this
                # screen: the play screen's code has left the heap by now, and
                # the game's first search opens the word list (Game.lookup).
                self.steps = s.hint_steps(self.found)
                return
            try:
                next(self.steps)
            except StopIteration:
                self._hint_found()
            return
        if s.phase != ws.AI_TURN or buttons.diff(now, self.think_from) < 0:
            return
        if s.ai_step():
            self._ai_moved()

    def tick_in(self, now):
        if self.at is not None:
            return 0  # the hint's search: set up, or its next slice
        if self.app.session.phase != ws.AI_TURN:
            return None
        left = buttons.diff(self.think_from, now)
        return left if left > 0 else 0

    def _hint_found(self):
        """Back to the play screen, the hint laid out (or a message)."""
        app = self.app
        found = self.found.pop()
        self.steps = None
        app.screen = None  # the search's code and heap back (no screen needs it)
        app.unload(None)
        gc_collect()  # before the play screen's code is loaded
        play = app.show("words.play", self.at)
        play.show_hint(found)

    def _ai_moved(self):
        """Save; stay while another AI moves, else go where the game is now."""
        app = self.app
        s = app.session
        app.save()
        app.dirty = True
        if s.phase == ws.AI_TURN:  # the next AI: its turn starts with this play
            self.view = wd.start_view(s)
            return
        # The play screen shows the news of the turns since a human's last; the
        # hand-over screen leaves them for the next human's play screen.
        news = s.take_unseen() if s.phase == ws.OVER else None
        gc_collect()  # the search's heap back before the next screen's code
        app.open_session()
        wd.tell(app, news)

    def draw(self, c):
        s = self.app.session
        game = s.game
        if self.at is not None:
            wd.draw_top(c, "Hint: thinking", "")
        else:
            wd.draw_top(c, wd.thinking(game.turn), "...")
        wd.draw_table(c, game.board, self.view, s.last_cells)
        c.hline(0, wd.STRIP_Y - 2, 128, 1)
        seat = game.turn if s.phase == ws.PLAY else s.last_human
        if seat >= 0 and s.is_human(seat):
            wd.draw_hand(c, game.hand(seat))


SCREEN = WordsThink
