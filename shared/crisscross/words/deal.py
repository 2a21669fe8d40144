"""What a word game runs only at its start, at a re-deal and at its end.

A session and its game stay resident while they are played, and with them
every method of their classes: the code that sets them up (the checks, the
options, the seats, the first deal), deals again when nobody can move, or ends
the game is here instead, imported when it runs. No session or screen needs it
resident, so the app unloads it at the next change of screen and a search never
carries it (docs/performance.md, "The word game's heap").

`Session.__init__`, `Game.__init__`, `Options.__init__`, `Game._stalled` and
`Game._end` call it. (Not the opening play's rules: the first search runs them,
and this module would then be loaded through that search.)
"""

from crisscross.protocol import HUMAN, PLAY
from crisscross.rng import Rng
from crisscross.words import deck, rules
from crisscross.words.board import Board
from crisscross.words.game import MAX_RESTARTS, RESTART, Game, Player


# ---- a session ------------------------------------------------------------------
def need_word_list():
    """No word game without its word list: OSError naming the missing file, which
    the New game screen and Continue show (the save is kept for when it is back)."""
    import os
    from crisscross.words.dictopen import default_path

    try:
        os.stat(default_path())
    except OSError:
        raise OSError("the word list words.bin is missing")


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


def new_session(cls, seed, humans, ais, rules_name, level, code="", daily=""):
    """A fresh session of class `cls` as the New game screen asks for it."""
    from crisscross.protocol import AI

    need_word_list()
    return cls(seed, [HUMAN] * humans + [AI] * ais, rules_name, level, code, daily)


def seat(s, seed, seats, rules_name, level, code, daily, actions):
    """Session.__init__: its fields, its game, and `actions` replayed on it (a
    game's `actions_text`, a list of its actions, or a version 1 save's, see
    restore.session_from_text)."""
    from crisscross.words.session import LEVELS, RULES, dictionary

    if rules_name not in RULES:
        raise ValueError("unknown word game rules: %s" % rules_name)
    if level not in LEVELS:
        raise ValueError("unknown AI level: %s" % level)
    if not 1 <= len(seats) <= 4 or HUMAN not in seats:
        raise ValueError("1 to 4 seats, one human at least")
    s.seats = seats
    s.rules = rules_name
    s.level = level
    s.code = code  # share code of the seed and rules, shown on the results
    s.daily = daily  # "2026-11-22" for a daily game, else ""
    # The word list opens at the game's first check or search (Game.lookup), on
    # the play screen: not here, in the New game screen's key(), whose code is
    # still in the heap (docs/performance.md, "The word game's heap").
    s.game = Game(len(seats), seed, options_for(rules_name, seats), dictionary)
    s.news = []  # recent events as lines of text
    s.unseen = []  # events the human at the handheld has not been shown
    s.last_cells = []  # (r, c) of the cards laid last
    s.recorded = False  # results written to the store (once)
    s._search = None  # the AI's search in progress
    s._saved = None  # to_text() as last built: (fields, the actions in two)
    if actions:
        from crisscross.words.restore import replay_into

        replay_into(s.game, actions, lambda mark: s._noted(mark, False))
    s.unseen = []
    # The human who holds the handheld; unknown after a restore, so a
    # pass-and-play game resumes behind the hand-over screen.
    s.last_human = seats.index(HUMAN) if s.humans == 1 else -1
    s.phase = PLAY
    s._update()


# ---- its game -------------------------------------------------------------------
def set_options(
    o,
    tournament=False,
    big_hands=False,
    wild_halves=None,
    junk_ban=None,
    names=False,
    topic=False,
    target=None,
    tiebreak=True,
    players=2,
    long_opening=False,
):
    """rules.Options.__init__: the rule switches. `tournament` forces rules
    6.1-6.4 (the "required" ones)."""
    if tournament and big_hands:
        raise ValueError("the 30-card limit is not allowed in the tournament")
    if tournament and (names or topic):
        raise ValueError("names and topic games are not allowed in the tournament")
    o.tournament = tournament
    o.big_hands = big_hands
    # 6.3 / 7.1: hand limit and number of dice rolled to draw a fresh hand.
    if tournament:
        o.hand_limit, o.rolls = 18, 3
    elif big_hands:
        o.hand_limit, o.rolls = 30, 5
    else:
        o.hand_limit, o.rolls = 24, 4
    o.wild_halves = tournament if wild_halves is None else wild_halves
    o.junk_ban = tournament if junk_ban is None else junk_ban
    o.names = names
    o.topic = topic
    o.tiebreak = tiebreak
    # "must lay down 5 cards at once": exactly 5 unless this house rule is on.
    o.long_opening = long_opening
    if target is None:
        # The tournament plays until the cards run out; 6000 is the solo goal,
        # about 3000 suits 2 or 3 players.
        target = 0 if tournament else (6000 if players == 1 else 3000)
    o.target = target  # whole points; 0 = no target


def set_up(g, players, seed, options, lookup, tiebreak):
    """Game.__init__: a game of `players` seats dealt from `seed`."""
    if not 1 <= players <= 8:
        raise ValueError("1 to 8 players")
    g.options = options or rules.Options(players=players)
    if lookup is None:  # the word list beside the code, opened at its first use
        from crisscross.words.dictionary import Dictionary

        lookup = Dictionary
    # The word list, or a function that opens it (Game.lookup calls it once).
    g._lookup = lookup
    g.seed = seed
    g.rng = Rng(seed)
    # tiebreak(hand, lookup, options) -> best score in tenths; None = the AI's.
    g._tiebreak = tiebreak
    g.players = [Player("P%d" % (i + 1)) for i in range(players)]
    g.log = []
    g.over = False
    g.winner = None
    g.reason = ""
    g.restarts = 0
    g.turns = 0  # turns played
    # The players' actions (crisscross.words.game) in two strings, the older ones
    # and the latest few (`actions_parts`): an action copies only the latest few,
    # and they join the older ones once they are _FOLD_AT characters long (one
    # string grown by every action copied the whole game's text each time:
    # ~300-460 bytes of garbage a move). The save writes both as they are.
    g._done = ""
    g._recent = ""
    g.last_play = None  # the cells of the last play laid on the table
    _start(g)


def _start(g):
    """The deal: who starts, then every seat's first hand."""
    g.board = Board()
    g.deck = g.rng.shuffle(deck.new_deck())  # a bytearray, drawn from the end
    for p in g.players:
        p.hand = []
        p.score = p.rest = p.empties = p.skips = 0
    g.first = _roll_first(g)
    g.turn = g.first
    n = len(g.players)
    for i in range(n):
        s = (g.first + i) % n
        rolls = g._roll(g.options.rolls)
        got = g._take(s, sum(rolls))
        g._note(s, "deal", rolls=rolls, drawn=got)
    g._quiet = 0


def _roll_first(g):
    seats = list(range(len(g.players)))
    while len(seats) > 1:
        rolls = g._roll(len(seats))
        g._note(-1, "first", seats=list(seats), rolls=rolls)
        top = max(rolls)
        seats = [s for s, r in zip(seats, rolls) if r == top]
    return seats[0]


# ---- a re-deal and the end ------------------------------------------------------
def stalled(g):
    """Game._stalled: "no one can make a move because of the design of the
    laid-out cards ... the game starts over ... the scores all start back on
    zero": opened or not; after MAX_RESTARTS re-deals the game ends."""
    if g.restarts < MAX_RESTARTS:
        g.restarts += 1
        redeal(g, g.rng.state)
        return
    end(g, "nobody can lay or draw cards")


def redeal(g, state):
    """Deal again from the Rng's `state`: what came before no longer matters,
    so actions_text starts again from here (a save stays small)."""
    g._note(-1, "restart")
    g._recent = ""
    g._done = "%s%d,%d,%d%s" % (RESTART, g.restarts, g.turns, state, RESTART)
    g.rng.state = state
    _start(g)


def end(g, reason):
    """Game._end: the game is over; the winner, after rule 9's tie-break."""
    g.over = True
    g.reason = reason
    scores = [(p.score, p.rest) for p in g.players]  # exact
    top = max(scores)
    tied = [i for i in range(len(scores)) if scores[i] == top]
    if len(tied) > 1 and g.options.tiebreak:  # rule 9, in words/autoplay.py
        from crisscross.words.autoplay import tie_break

        tied = tie_break(g, tied)
    g.winner = tied[0] if len(tied) == 1 else None
    g._note(g.winner if g.winner is not None else -1, "end", why=reason)
