"""Restoring a word game: reading the cards of a play and replaying the actions.

Only a continued game (and host tools, tests) needs this, so it is not part of
crisscross.words.game or .session: `Session.from_text` imports it, and as no
session or screen needs it resident the app unloads it at the next change of
screen: a game in progress never carries its code (docs/performance.md).
"""

from crisscross.compat import const
from crisscross.words import deck
from crisscross.words.game import ACTION_SEP, Game
from crisscross.protocol import AI, HUMAN

_FIELDS = const(9)  # a save: words|version|seats|level|code|daily|rules|seed|actions


def parse_cells(text):
    """The inverse of game.cells_text; raises ValueError with a readable message."""
    cells = []
    for part in text.replace(";", " ").split():
        bits = part.split(",")
        if len(bits) != 3 or len(bits[2]) != 1 or not bits[2].isalpha():
            raise ValueError("a card is written ROW,COL,LETTER, not %r" % part)
        try:
            r, c = int(bits[0]), int(bits[1])
        except ValueError:
            raise ValueError("a card is written ROW,COL,LETTER, not %r" % part)
        letter = deck.code(bits[2])
        if letter < 0 or letter == deck.WILD:
            raise ValueError("not a letter: %r" % bits[2])
        cells.append((r, c, letter, bits[2].islower()))
    return cells


def each_action(text):
    """The actions in a Game's `actions_text`, one string at a time: what
    text.split(ACTION_SEP) gives ('' gives none), without building the list."""
    if not text:
        return
    start = 0
    while True:
        end = text.find(ACTION_SEP, start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def replay_into(game, actions, noted=None):
    """Play `actions` (a Game's `actions_text`, or a list of its actions) on
    `game`, through the engine's checks; `noted(mark)` after each, with the
    length the game's log had before it. Raises ValueError naming the first
    action that does not fit."""
    if isinstance(actions, str):
        actions = each_action(actions)  # one action's string at a time
    i = 0
    for a in actions:
        i += 1
        if game.over:
            raise ValueError("action %d: the game was already over" % i)
        mark = len(game.log)
        if a == "d":
            game.draw()
        elif a == "x":
            game.pass_turn()
        elif a[:1] == "p":
            parts = a.split(" ", 1)
            head = parts[0]
            cells = parse_cells(parts[1] if len(parts) > 1 else "")
            res = game.play(cells, "!" in head, "#" in head)
            if res.error:
                raise ValueError("action %d: %s" % (i, res.error))
        else:
            raise ValueError("action %d: unknown %r" % (i, a))
        if noted is not None:
            noted(mark)


def replay(players, seed, options, lookup, actions):
    """The game that `actions` (see replay_into) leads to from `seed`."""
    g = Game(players, seed, options, lookup)
    replay_into(g, actions)
    return g


def session_from_text(cls, text):
    """A word session (of class `cls`) rebuilt from its save text (a str, or
    to_text()'s parts) by replaying it; ValueError with a reason if it is not one."""
    if isinstance(text, tuple):
        text = "".join(text)
    parts = text.split("|")
    if len(parts) != _FIELDS or parts[0] != cls.HEAD:
        raise ValueError("not a saved word game")
    if parts[1] != cls.SAVE_VERSION:
        raise ValueError("word game save of another version")
    _, _, seat_text, level, code, daily, rules_name, seed, actions = parts
    from crisscross.games import save_seats

    seats = save_seats(seat_text, HUMAN, AI)
    if not seed.isdigit():
        raise ValueError("bad seed in save")
    return cls(int(seed), seats, rules_name, level, code, daily, actions)
