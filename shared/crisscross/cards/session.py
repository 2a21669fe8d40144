"""A card game on the handheld: who sits where, whose move it is, saving.

Humans take the first seats, each with the colour chosen for it, AI foes the rest
(the other colours, Sun first). The phase says
what the screen must do next:
  PLAY      the human at `game.turn` chooses a card and a square (or passes)
  AI_TURN   an AI seat moves next (the play screen lets it, one move per tick)
  HANDOVER  pass-and-play: another human must take the handheld first
  OVER      the results
A save is the seed, the rules, the seats, their colours, the AI's random states and
the moves: restoring replays every move through the engine's checks. A save of
version 1 (no colours) is played on by that version's rules (`Game.legacy`).
The AI's module stays resident while the game goes on (`resident()`): the hint and
every AI seat's move use it (docs/architecture.md).
"""

from crisscross.compat import const
from crisscross import protocol, resident
from crisscross.protocol import AI, AI_TURN, HANDOVER, HUMAN, OVER, PLAY
from crisscross.protocol import HINT_AFTER_TAP_MS
from crisscross.rng import Rng
from crisscross.cards.deck import COLOUR_LETTERS
from crisscross.cards.game import Game, move_code

HEAD = "cards"
SAVE_VERSION = "2"
LEGACY_VERSION = "1"  # before the colour choice: seat i colour i, legacy rules

RULES = ("", "joker", "strict", "joker-strict")
EASY = "easy"  # crisscross.cards.ai's levels, named here so that the session
HARD = "hard"  # needs the AI's code only in a game (New game, saves: not)
LEVELS = (EASY, HARD)
HINT_LEVEL = HARD
AI_SEED_STEP = const(7919)  # seat s's AI draws from Rng(seed + STEP * (s + 1))
_HINT_SEED_STEP = const(104729)  # a prime, apart from AI_SEED_STEP
_FIELDS = const(11)
_MASK = const(0xFFFFFFFF)


def ai_rng(seed, seat):
    """The random stream of seat `seat`'s AI (autoplay's whole games use it too)."""
    return Rng((seed + AI_SEED_STEP * (seat + 1)) & _MASK)


def seat_colours(chosen, seats):
    """The humans' `chosen` colours, then the colours left (Sun first) for the rest."""
    out = list(chosen)
    for c in range(4):
        if len(out) < seats and c not in out:
            out.append(c)
    return out


def new_session(seed, humans, ais, rules, level, code="", daily="", colours=()):
    """A fresh game as the New game screen asks for it; `colours` are the humans'."""
    seats = [HUMAN] * humans + [AI] * ais
    return Session(
        seed,
        seats,
        rules,
        level,
        code,
        daily,
        colours=seat_colours(colours, len(seats)),
    )


def hint_steps(game, out):
    """The hint for the seat to play in `game` (Session.hint_steps; also the
    command line's), a step at a time."""
    from crisscross.cards import ai

    yield
    rng = Rng((game.seed + _HINT_SEED_STEP * (len(game.history) + 1)) & _MASK)
    yield from ai.choose_steps(game, HINT_LEVEL, rng, out)


def hint(game):
    """hint_steps() at once: the move, or None when the seat must pass."""
    out = []
    for _ in hint_steps(game, out):
        pass
    return out[0]


class Session(protocol.Session):
    HINT_MODULES = resident.SEARCH["cards"]
    HINT_START_MS = HINT_AFTER_TAP_MS

    def __init__(
        self,
        seed,
        seats,
        rules="",
        level=HARD,
        code="",
        daily="",
        moves="",
        rng_states=None,
        colours=None,
        legacy=False,
    ):
        if rules not in RULES:
            raise ValueError("unknown card rules: %s" % rules)
        if level not in LEVELS:
            raise ValueError("unknown AI level: %s" % level)
        self.seats = seats
        self.rules = rules
        self.level = level
        self.code = code  # share code of the seed and rules, shown on the results
        self.daily = daily  # "2026-11-22" for a daily game, else ""
        self.game = Game(len(seats), seed, rules or None, colours, legacy)
        self.game.replay(moves)
        self.rngs = [ai_rng(seed, s) for s in range(len(seats))]
        if rng_states is not None:
            if len(rng_states) != len(seats):
                raise ValueError("AI states do not match the seats")
            for s in range(len(seats)):
                if not 0 < rng_states[s] <= 0xFFFFFFFF:
                    raise ValueError("bad AI state")
                self.rngs[s].state = rng_states[s]
        # The human who holds the handheld; unknown after a restore, so a
        # pass-and-play game resumes behind the hand-over screen.
        self.last_human = seats.index(HUMAN) if self.humans == 1 else -1
        self.recorded = False  # results written to the store (once)
        # The save text is built at every move: its fixed fields and the moves
        # encoded so far are kept, so a save encodes only the moves since the last.
        self._head = None
        self._codes = ""
        self._coded = 0  # history entries in _codes
        self._saved = None  # the last to_text() parts
        self._states = None  # the AI states in its first part
        self.phase = PLAY
        self._update()
        # Built now, with the game: a save in play only appends a move's code.
        self.to_text()

    @property
    def humans(self):
        return self.seats.count(HUMAN)

    def is_human(self, seat):
        return self.seats[seat] == HUMAN

    def rules_key(self):
        """The high-score table and share-code rule set: 'cards', 'cards-joker'..."""
        return HEAD + "-" + self.rules if self.rules else HEAD

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

    # ---- moves ------------------------------------------------------------
    def play(self, card, x, y):
        """The human to move plays `card` at (x, y); returns the lines it scored."""
        if self.phase != PLAY:
            raise ValueError("not a human's turn")
        lines = self.game.play(card, x, y)
        self._update()
        return lines

    def pass_turn(self):
        if self.phase != PLAY:
            raise ValueError("not a human's turn")
        self.game.pass_turn()
        self._update()

    def ai_step(self):
        """One AI seat moves (or passes); returns its history entry
        (seat, card or game.PASS, x, y, lines)."""
        if self.phase != AI_TURN:
            raise ValueError("not an AI's turn")
        from crisscross.cards import ai

        game = self.game
        move = ai.choose(game, self.level, self.rngs[game.turn])
        if move is None:  # as autoplay.step: no legal move, so it passes
            game.pass_turn()
        else:
            game.play(move[0], move[1], move[2])
        self._update()
        return game.history[-1]

    def hint(self):
        """The hard AI's choice for the human to move, or None when it must pass.
        Its own random stream, so asking never changes what the AI seats do."""
        return hint(self.game)

    def hint_steps(self, out):
        """hint() appended to `out`, a step at a time (a generator: the play
        screen searches while A is held); the AI's import is the first step."""
        return hint_steps(self.game, out)

    def proceed(self):
        """Hand-over confirmed: the human to move now holds the handheld."""
        if self.phase == HANDOVER:
            self.last_human = self.game.turn
            self._update()

    def can_undo(self):
        return False  # cards are drawn blind: taking a move back would show them

    def undo(self):
        return False

    # ---- the app ------------------------------------------------------------
    # By phase: PLAY, PLACED, HANDOVER, OVER, AI_TURN.
    SCREENS = ("cards.play", "cards.play", "handover", "cards.results", "cards.play")

    def resident(self):
        return resident.game("cards", self.phase == OVER)

    # ---- saving -------------------------------------------------------------
    def to_text(self):
        """The save, as two strings that join into its text:
        'cards|2|seats|level|code|daily|rules|seed|colours|AI states|' and the
        moves; colours one letter per seat (YRGB). A game of version 1 saves as
        it was (no colours field).

        A save follows every move (the human's at once, each AI seat's after it):
        the store writes the parts one after the other (Store.save_game takes a
        str or such a tuple), so no text of the whole save is built. The fixed
        fields are built once, the AI states' part again only when an AI seat has
        drawn since, and the moves text grows by the moves since the last save."""
        if self._head is None:
            game = self.game
            fields = [
                HEAD,
                LEGACY_VERSION if game.legacy else SAVE_VERSION,
                "".join(["h" if s == HUMAN else "a" for s in self.seats]),
                self.level,
                self.code,
                self.daily,
                self.rules,
                str(game.seed),
            ]
            if not game.legacy:
                fields.append("".join([COLOUR_LETTERS[c] for c in game.colours]))
            fields.append("")  # the AI states and the moves follow
            self._head = "|".join(fields)
        history = self.game.history
        if self._coded > len(history):  # never: moves are not taken back
            self._codes = ""
            self._coded = 0
        while self._coded < len(history):
            entry = history[self._coded]
            self._codes = (
                move_code(entry, self._codes) if self._coded else move_code(entry)
            )
            self._coded += 1
        saved = self._saved
        rngs = self.rngs
        k = 0
        if saved is not None:  # the states' part holds while no AI has drawn
            states = self._states
            while k < len(rngs) and rngs[k].state == states[k]:
                k += 1
        if saved is None or k < len(rngs):
            self._states = [r.state for r in rngs]
            states = ",".join(["%x" % r.state for r in rngs])
            saved = ("%s%s|" % (self._head, states), self._codes)
        elif saved[1] is not self._codes:
            saved = (saved[0], self._codes)
        self._saved = saved  # the same tuple until the next move: not saved again
        return saved

    @classmethod
    def from_text(cls, text):
        """Rebuild a saved game by replaying it; ValueError with a reason if the
        text (a str, or to_text()'s parts) is not one."""
        if isinstance(text, tuple):
            text = "".join(text)
        parts = text.split("|")
        legacy = len(parts) > 1 and parts[1] == LEGACY_VERSION
        if legacy:
            parts.insert(8, "")  # version 1 had no colours: seat i colour i
        if len(parts) != _FIELDS or parts[0] != HEAD:
            raise ValueError("not a saved card game")
        if parts[1] != SAVE_VERSION and not legacy:
            raise ValueError("card save of another version")
        _, _, seat_text, level, code, daily, rules, seed, cols, states, moves = parts
        colours = None
        if not legacy:
            colours = [COLOUR_LETTERS.find(ch) for ch in cols]
            if len(colours) != len(seat_text):
                raise ValueError("bad colours in save")
        from crisscross.games import save_seats

        seats = save_seats(seat_text, HUMAN, AI)
        if HUMAN not in seats:
            raise ValueError("no human seat in save")
        if not seed.isdigit():
            raise ValueError("bad seed in save")
        try:
            rng_states = [int(t, 16) for t in states.split(",")]
        except ValueError:
            raise ValueError("bad AI states in save")
        return cls(
            int(seed),
            seats,
            rules,
            level,
            code,
            daily,
            moves,
            rng_states,
            colours,
            legacy,
        )
