"""A game being played on the handheld: the game, who sits where, and the flow.

The flow of one round, for each seat in turn:
  PLACE    a human moves the cursor and confirms a placement
  PLACED   written, but the next dice are not yet revealed: A goes on, B undoes
  HANDOVER pass-and-play: the next human must confirm before seeing their sheet
AI seats play as soon as their turn comes. OVER: the results.
"""

from crisscross.compat import const


# The phases and seat kinds of every family (crisscross.protocol); a human's
# move is a placement here.
from crisscross import protocol, resident
from crisscross.protocol import AI, HANDOVER, HUMAN, OVER, PLACED
from crisscross.protocol import HINT_AFTER_TAP_MS
from crisscross.protocol import PLAY as PLACE

SAVE_VERSION = const(1)
HINT_START_MS = {"symbols": 0, "digits": HINT_AFTER_TAP_MS}
# The levels AI seats play on the handheld, easy to strong (New game's Easy,
# Normal and Strong: crisscross.screens.newgame.LEVELS); the hint is the device
# level's whatever the seats play.
SEAT_LEVELS = ("greedy", "casual", "device")


def new_game(family, seed, humans, ais, rules, starts=None):
    """Build a SymbolsGame or DigitsGame; the humans take the first seats."""
    players = humans + ais
    if family == "symbols":
        from crisscross.dice.symbols import SymbolsGame

        return SymbolsGame(seed, players, rules == "advanced", starts)
    from crisscross.dice.digits import DigitsGame

    return DigitsGame(seed, players, rules)


def new_session(seed, humans, ais, rules, level, code, daily, family, starts):
    """A fresh game of the dice `family` as the New game screen asks for it (as
    the card and word games' new_session do); `starts` are the humans' first
    symbols in the symbol game, and the AI seats take the first ones left."""
    players = humans + ais
    if family == "symbols":
        starts = list(starts)
        for s in range(1, 7):
            if len(starts) < players and s not in starts:
                starts.append(s)
    else:
        starts = None
    game = new_game(family, seed, humans, ais, rules, starts)
    seats = [HUMAN] * humans + [AI] * ais
    return Session(game, seats, code, level, daily)


def rules_key(game):
    """The high-score table a game belongs to, e.g. 'symbols-advanced'."""
    if game.FAMILY == "symbols":
        return "symbols-advanced" if game.advanced else "symbols-basic"
    return "digits-" + game.variant if game.variant else "digits"


def share_code(game, key=None):
    """The share code of a game's seed and rule set (`key` defaults to rules_key)."""
    from crisscross import games

    return games.share_code(key or rules_key(game), game.seed)


class Session(protocol.Session):
    def __init__(
        self, game, seats, code="", level="device", daily="", placed=False, last=-1
    ):
        self.game = game
        self.seats = seats  # one of HUMAN / AI per player
        self.code = code  # share code of the seed, shown on the results
        self.daily = daily  # "2026-11-22" for a daily challenge
        self.level = level
        self.last_human = last
        self.ai_log = []  # (player, move) of AI placements since the last human one
        if placed and game.history and not game.over:
            # Restored right after a placement: the next dice stay hidden.
            self.phase = PLACED
        else:
            self.phase = PLACE
            self._ai_turns()

    @property
    def humans(self):
        return self.seats.count(HUMAN)

    def is_human(self, player):
        return self.seats[player] == HUMAN

    def _ai_turns(self):
        """Let AI seats play until a human must act; then set the phase."""
        game = self.game
        if not game.over and not self.is_human(game.turn):
            from crisscross.dice import ai

            while not game.over and not self.is_human(game.turn):
                move = ai.choose(game, self.level)
                self.ai_log.append((game.turn, move))
                game.place(move)
            ai.let_go()  # what the search built goes with it
        if game.over:
            self.phase = OVER
        elif self.humans > 1 and game.turn != self.last_human:
            self.phase = HANDOVER
        else:
            self.phase = PLACE

    def shown_round(self):
        """The round on screen: after a placement, still the round just played."""
        game = self.game
        if self.phase == PLACED and game.history:
            if game.over or game.turn <= self.last_human:
                return game.round - 1
        return game.round

    def confirm(self, move):
        """A human's confirmed placement; it can be undone until `proceed()`."""
        self.last_human = self.game.turn
        self.ai_log = []
        self.game.place(move)
        self.phase = PLACED

    def can_undo(self):
        return self.phase == PLACED

    def undo(self):
        if self.phase != PLACED:
            return False
        self.game.undo()
        self.phase = PLACE
        return True

    def proceed(self):
        """After PLACED (A: roll / next player) or HANDOVER (A: ready)."""
        if self.phase == HANDOVER:
            self.phase = PLACE
            self.last_human = self.game.turn
        elif self.phase == PLACED:
            self._ai_turns()

    # ---- the app ----------------------------------------------------------
    # By phase: PLAY, PLACED, HANDOVER, OVER, AI_TURN.
    SCREENS = ("dice.play", "dice.play", "handover", "dice.results", "dice.play")

    def resident(self):
        """The modules a dice game keeps (crisscross.resident): its rules' and
        its search's until it is over."""
        return resident.game(self.game.FAMILY, self.phase == OVER)

    def hint_modules(self):
        return resident.SEARCH[self.game.FAMILY]

    def hint_start_ms(self):
        return HINT_START_MS[self.game.FAMILY]

    # ---- saving -----------------------------------------------------------
    def to_text(self):
        """One line: version|seats|level|share code|daily|phase|game code."""
        # A list, not a generator: this runs at every save, and MicroPython's
        # generator objects are bigger garbage than the list.
        seats = "".join(["h" if s == HUMAN else "a" for s in self.seats])
        fields = (
            str(SAVE_VERSION),
            seats,
            self.level,
            self.code,
            self.daily,
            str(self.phase),
            str(self.last_human),
            self.game.encode(),
        )
        return "|".join(fields)

    @classmethod
    def from_text(cls, text):
        """Rebuild a saved session; ValueError with a reason when it is not one."""
        parts = text.split("|")
        if len(parts) != 8 or parts[0] != str(SAVE_VERSION):
            raise ValueError("not a saved game of this version")
        _, seats, level, code, daily, phase, last, gcode = parts
        if gcode.startswith("S"):
            from crisscross.dice.symbols import SymbolsGame as cls_game
        elif gcode.startswith("D"):
            from crisscross.dice.digits import DigitsGame as cls_game
        else:
            raise ValueError("unknown game in save")
        game = cls_game.decode(gcode)
        if level not in SEAT_LEVELS:  # a save from before the strengths
            level = SEAT_LEVELS[-1]
        seat_list = [HUMAN if ch == "h" else AI for ch in seats]
        if len(seat_list) != game.players or not seats:
            raise ValueError("seats do not match the game")
        last = int(last) if last.lstrip("-").isdigit() else -1
        return cls(game, seat_list, code, level, daily, phase == str(PLACED), last)
