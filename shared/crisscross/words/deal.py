"""What a word game runs only at its start and at a re-deal.

A session and its game stay resident while they are played, and with them
every method of their classes: the code that sets them up (the New game
screen's checks, the options, the game's fields, the deal) is here instead,
imported when it runs. No session or screen needs it resident, so the app
unloads it at the next change of screen and a search never carries it
(docs/architecture.md).

`Options.__init__`, `Game.__init__`, `Game._restart` (a re-deal)
and the session's `new_session` and `from_text` call it. It imports none of
them (what it needs from them is given): no import circle.
"""

from crisscross.protocol import AI, HUMAN
from crisscross.rng import Rng
from crisscross.words import deck
from crisscross.words.board import Board


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


def new_session(cls, seed, humans, ais, rules_name, level, code="", daily=""):
    """A fresh session of class `cls` as the New game screen asks for it."""
    need_word_list()
    return cls(seed, [HUMAN] * humans + [AI] * ais, rules_name, level, code, daily)


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


def set_up(g, player, players, seed, options, lookup, tiebreak):
    """Game.__init__: a game of `players` seats (each a `player`, the Player
    class) dealt from `seed`, with `options` (rules.Options)."""
    g.options = options
    if lookup is None:  # the word list beside the code, opened at its first use
        from crisscross.words.dictionary import Dictionary

        lookup = Dictionary
    # The word list, or a function that opens it (Game.lookup calls it once).
    g._lookup = lookup
    g.seed = seed
    g.rng = Rng(seed)
    # tiebreak(hand, lookup, options) -> best score in tenths; None = the AI's.
    g._tiebreak = tiebreak
    g.players = [player("P%d" % (i + 1)) for i in range(players)]
    g.log = []
    g.over = False
    g.winner = None
    g.reason = ""
    g.restarts = 0
    g.turns = 0  # turns played
    # The players' actions (crisscross.words.game) in two strings, the older ones
    # and the latest few (`actions_parts`): an action copies only the latest few,
    # and they join the older ones once they are _FOLD_AT characters long (one
    # string grown by every action copied the whole game's text each time).
    # The save writes both as they are.
    g._done = ""
    g._recent = ""
    g.last_play = None  # the cells of the last play laid on the table
    start(g)


def start(g):
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
