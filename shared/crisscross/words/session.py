"""A word game on the handheld: who sits where, whose turn it is, AI turns, saving.

Humans take the first seats, AI foes the rest. The phase says what the screen must
do next:
  PLAY      the human at `game.turn` lays cards, draws or passes
  AI_TURN   an AI seat thinks, one slice of its search per tick (`ai_step`)
  HANDOVER  pass-and-play: another human must take the handheld first
  OVER      the results
A save is the seed, the rules, the seats and the players' actions: restoring
replays every action through the engine's checks.
"""

from crisscross import protocol, resident
from crisscross.compat import const

# The phases and seat kinds of every family (crisscross.protocol).
from crisscross.protocol import AI, AI_TURN, HANDOVER, HUMAN, OVER, PLAY  # noqa: F401
from crisscross.words import deck, rules
from crisscross.words.game import Game

HEAD = "words"
SAVE_VERSION = "2"  # 1: the actions written out (words/restore.py reads both)

RULES = ("", "tournament", "optional")
# AI levels: dictionary lookups per move (the play found depends only on these).
LEVELS = ("quick", "strong")
BUDGETS = (1000, 4000)  # strong: crisscross.words.ai.DEFAULT_BUDGET
# Per tick, at most SLICE lookups and about SLICE_READS blocks decoded from flash:
# a slice short enough that the keys stay live on the slowest board (the word
# search's figures: docs/performance.md).
SLICE = const(150)
SLICE_READS = const(40)
# The game's log is only read for news, right after each action (`_noted`): the
# last entry is kept (the end of a game, for a look from the REPL), no more.
LOG_KEEP = const(1)
_NEWS_KEEP = const(12)
# Dictionary blocks kept decoded, searching or not: a second one saves few of
# the search's block reads for a whole block of heap.
_BLOCKS = const(1)

_lookup = None  # one open dictionary for every session (a file on flash)


def _search_steps(game, budget, out):
    """The search for the seat to move in `game`, a slice per step (a generator
    that appends the play found to `out`: crisscross.words.ai)."""
    # Its modules each on its own: an import inside another module's holds that
    # module's file open meanwhile (App.make).
    __import__("crisscross.words.lines")
    from crisscross.words.ai import stepper

    return stepper(game, budget).steps(out, SLICE, SLICE_READS)


def dictionary():
    global _lookup
    if _lookup is None:
        from crisscross.words.dictionary import Dictionary

        _lookup = Dictionary(cache=_BLOCKS)
    return _lookup


def options_for(rules_name, seats):
    """Options of a rule set: the tournament, or the optional 30-card draw (7.1).
    With two humans or more a word the dictionary lacks may be accepted by vote."""
    tournament = rules_name == "tournament"
    return rules.Options(
        tournament=tournament,
        big_hands=rules_name == "optional",
        names=seats.count(HUMAN) > 1 and not tournament,
        players=len(seats),
    )


def new_session(seed, humans, ais, rules_name, level, code="", daily=""):
    """A fresh game as the New game screen asks for it (crisscross.words.deal)."""
    from crisscross.words.deal import new_session

    return new_session(Session, seed, humans, ais, rules_name, level, code, daily)


_NAMES = ("P1 ", "P2 ", "P3 ", "P4 ")  # built once, not at every line of news


def who(game, seat):
    """'P2 ' in a game of several players, '' in a solo game."""
    if len(game.players) < 2:
        return ""
    return _NAMES[seat] if seat < len(_NAMES) else "P%d " % (seat + 1)


def _words(words):
    """The words of a play, space-separated (most plays form one word)."""
    return words[0] if len(words) == 1 else " ".join(words)


def describe(game, entry):
    """One log entry as a short line for the screen, or None."""
    text = _describe(game, entry)
    if text and "a" <= text[0] <= "z":  # most lines start with P2 or a word
        return text[:1].upper() + text[1:]
    return text


def _describe(game, entry):
    a = entry["action"]
    seat = entry["player"]
    name = who(game, seat) if seat >= 0 else ""
    if a == "play":
        text = "%s%s +%s" % (name, _words(entry["words"]), deck.tenths(entry["score"]))
        if entry.get("bonus"):
            text += " bonus +%s" % deck.tenths(entry["bonus"])
        return text
    if a == "reject":
        return "%snot a word: %s" % (name, _words(entry["words"]))
    if a == "exchange":  # rule 6.2
        return "%swild for JQVXZ: swapped" % name
    if a == "draw":
        if entry.get("lost"):
            return "%srolled %d: over the limit, 2 turns lost" % (name, entry["roll"])
        if not entry["roll"]:
            return "%sno cards left" % name
        return "%sdrew %d" % (name, entry["drawn"])
    if a == "pass":
        return "%spassed" % name
    if a == "skip":
        return "%sloses a turn" % name
    if a == "restart":
        return "Nobody could move: dealt again"
    if a == "end":
        return "Game over: " + entry["why"]
    return None


def _trim(items, keep):
    """del items[:-keep], only when there is something to drop (a slice to
    delete is an object made at every call)."""
    if len(items) > keep:
        del items[:-keep]


def _places(cells):
    """[(r, c)] of the cells of a play."""
    return [(r, c) for r, c, _, _ in cells]


class Session(protocol.Session):
    HEAD = HEAD  # for crisscross.words.restore, which imports no session
    SAVE_VERSION = SAVE_VERSION

    def __init__(
        self, seed, seats, rules_name="", level="quick", code="", daily="", actions=()
    ):
        if rules_name not in RULES:
            raise ValueError("unknown word game rules: %s" % rules_name)
        if level not in LEVELS:
            raise ValueError("unknown AI level: %s" % level)
        if not 1 <= len(seats) <= 4 or HUMAN not in seats:
            raise ValueError("1 to 4 seats, one human at least")
        self.seats = seats
        self.rules = rules_name
        self.level = level
        self.code = code  # share code of the seed and rules, shown on the results
        self.daily = daily  # "2026-11-22" for a daily game, else ""
        # The word list opens at the game's first check or search (Game.lookup),
        # not here, in the New game screen's key(), whose code is still in the
        # heap.
        self.game = Game(len(seats), seed, options_for(rules_name, seats), dictionary)
        self.news = []  # recent events as lines of text
        self.unseen = []  # events the human at the handheld has not been shown
        self.last_cells = []  # (r, c) of the cards laid last
        self.recorded = False  # results written to the store (once)
        self._steps = None  # the AI's search in progress (a generator)
        self._found = []  # ...and where it puts the play it finds
        self._saved = None  # to_text() as last built: (fields, the actions in two)
        self._replay(actions)
        # The human who holds the handheld; unknown after a restore, so a
        # pass-and-play game resumes behind the hand-over screen.
        self.last_human = seats.index(HUMAN) if self.humans == 1 else -1
        self.phase = PLAY
        self._update()

    def _replay(self, actions):
        """Play `actions` (a game's `actions_text`, a list of its actions, or
        a version 1 save's, see restore.session_from_text) on the new game."""
        if actions:
            from crisscross.words.restore import replay_into

            replay_into(self.game, actions, self._replayed)
        self.unseen = []

    def _replayed(self, mark):
        self._noted(mark, False)

    @property
    def humans(self):
        return self.seats.count(HUMAN)

    def is_human(self, seat):
        return self.seats[seat] == HUMAN

    def rules_key(self):
        """The high-score table and share-code rule set: 'words-tournament'..."""
        return HEAD + "-" + self.rules if self.rules else HEAD

    def solo(self):
        return len(self.seats) == 1

    def _update(self):
        game = self.game
        if game.over:
            self.phase = OVER
        elif not self.is_human(game.turn):
            self.phase = AI_TURN
        elif self.humans > 1 and game.turn != self.last_human:
            self.phase = HANDOVER
        else:
            self.phase = PLAY

    def _noted(self, mark, show=True):
        """Turn the log entries from `mark` on into news, then trim the log."""
        game = self.game
        log = game.log
        for i in range(mark, len(log)):  # no copy of the log's tail
            entry = log[i]
            if entry["action"] == "play":
                self.last_cells = _places(game.last_play)
                game.last_play = None  # taken: the table holds the cards now
            text = describe(game, entry)
            if text:
                self.news.append(text)
                if show:
                    self.unseen.append(text)
        _trim(self.news, _NEWS_KEEP)
        _trim(self.unseen, _NEWS_KEEP)
        _trim(log, LOG_KEEP)

    # ---- a human's turn ---------------------------------------------------------
    def preview(self, cells):
        """The Result of laying `cells` now, words unchecked: a word's validity is
        only learnt by laying it (rule 4 costs the turn)."""
        game = self.game
        return rules.evaluate(game.board, cells, None, game.options, check_words=False)

    def play(self, cells, declared=False):
        """The human to move lays `cells`. A Result with `error` changed nothing;
        `bad_words` means the word was refused and the turn is lost."""
        if self.phase != PLAY:
            res = rules.Result()
            return res.fail("not your turn")
        game = self.game
        mark = len(game.log)
        res = game.play(cells, declared)
        if res.error:
            return res
        self._noted(mark)
        self._update()
        return res

    def draw(self):
        if self.phase == PLAY:
            mark = len(self.game.log)
            self.game.draw()
            self._noted(mark)
            self._update()

    def pass_turn(self):
        if self.phase == PLAY:
            mark = len(self.game.log)
            self.game.pass_turn()
            self._noted(mark)
            self._update()

    def proceed(self):
        """Hand-over confirmed: the human to move now holds the handheld."""
        if self.phase == HANDOVER:
            self.last_human = self.game.turn
            self._update()

    def can_undo(self):
        return False  # draws are blind: taking a turn back would show the cards

    def undo(self):
        return False

    def take_unseen(self):
        """The news the human at the handheld has not seen yet (then forgotten)."""
        out = self.unseen
        self.unseen = []
        return out

    # ---- AI seats and hints -------------------------------------------------------
    def budget(self):
        return BUDGETS[LEVELS.index(self.level)]

    def ai_step(self):
        """One slice of the AI's search; when it ends the AI plays (or draws, or
        passes, as autoplay.take_turn does). True when the AI has moved."""
        if self.phase != AI_TURN:
            return False
        if self._steps is None:
            self._steps = _search_steps(self.game, self.budget(), self._found)
        try:
            next(self._steps)
            return False
        except StopIteration:
            pass
        self._steps = None
        found = self._found.pop()  # (cells, Result), or None
        game = self.game
        mark = len(game.log)
        if found is None or game.play(found[0]).error:
            from crisscross.words.ai import wants_draw

            if wants_draw(game):
                game.draw()
            else:
                game.pass_turn()
        self._noted(mark)
        self._update()
        return True

    def hint_steps(self, out):
        """The hint's search for the human to move, a slice per step: a
        generator that appends (cells, Result), or None, to `out`."""
        return _search_steps(self.game, self.budget(), out)

    # ---- screens ------------------------------------------------------------------
    MENU = "words.menu"  # the in-game menu's screen
    HANDOVER_Y = 16  # the hand-over screen's "Player N" line (its own layout)
    # By phase: PLAY, PLACED, HANDOVER, OVER, AI_TURN.
    SCREENS = ("words.play", "words.play", "handover", "words.results", "words.think")

    def resident(self):
        """The modules the game needs now: the search's while one is under way."""
        return resident.game("words", self.phase == OVER, self._steps is not None)

    def close(self):
        """The game is left (App.go): the word list open on flash is closed."""
        global _lookup
        if _lookup is not None:
            _lookup.close()
            _lookup = None

    # ---- saving -------------------------------------------------------------------
    def to_text(self):
        """The save, as three strings that join into its text:
        'words|version|seats|level|code|daily|rules|seed|' and the game's
        compact `actions_text` in its two parts (crisscross.words.game), which
        keeps the file within littlefs's inline limit for a whole game
        (docs/saves.md).

        A save follows every move: the store writes the parts one after the other
        (Store.save_game takes a str or such a tuple), so the actions, the part
        that grows, are never copied into a second text. The fields never change:
        built once."""
        done, recent = self.game.actions_parts()
        saved = self._saved
        if saved is None:
            fields = (
                HEAD,
                SAVE_VERSION,
                "".join(["h" if s == HUMAN else "a" for s in self.seats]),
                self.level,
                self.code,
                self.daily,
                self.rules,
                str(self.game.seed),
                "",  # the actions follow the last "|"
            )
            saved = ("|".join(fields), done, recent)
        elif saved[1] is not done or saved[2] is not recent:
            saved = (saved[0], done, recent)
        self._saved = saved  # the same tuple until the next action: not saved again
        return saved

    @classmethod
    def from_text(cls, text):
        """Rebuild a saved game by replaying it; ValueError with a reason if the
        text (a str, or to_text()'s parts) is not one. The code that does it
        (crisscross.words.restore) is not resident: a game needs it only here."""
        from crisscross.words.deal import need_word_list
        from crisscross.words.restore import session_from_text

        need_word_list()
        return session_from_text(cls, text)
