"""Restoring a word game: reading the cards of a play and replaying the actions.

Only a continued game (and host tools, tests) needs this, so it is not part of
crisscross.words.game or .session: `Session.from_text` imports it, and as no
session or screen needs it resident the app unloads it at the next change of
screen: a game in progress never carries its code (docs/architecture.md).

Saves of version 2 hold a Game's compact `actions_text` (crisscross.words.game);
those of version 1 the actions as "p 3,3,C 3,4,A/d/x" (`replay_old`).
"""

from crisscross.compat import const
from crisscross.words import deck
from crisscross.words.game import (
    CELL_HIGH,
    CELL_LOW,
    DECLARED,
    DRAW,
    EDGE,
    JOIN,
    MAX_RESTARTS,
    PASS,
    RESTART,
    SIDE,
    TOPIC,
    WIDE,
    Game,
)
from crisscross.protocol import AI, HUMAN

_FIELDS = const(9)  # a save: words|version|seats|level|code|daily|rules|seed|actions
OLD_SEP = "/"  # between two actions of a version 1 save
_MASK = const(0xFFFFFFFF)
_MAX_TURNS = const(1000000)


def parse_cells(text):
    """The inverse of notation.cells_text; raises ValueError with a readable message."""
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


def _letter(ch):
    return "A" <= ch <= "Z" or "a" <= ch <= "z"


def _after_cell(text, i):
    """Where the run whose first cell starts at text[i] has its first letter."""
    if text[i] == WIDE:
        end = text.find("}", i)
        if end < 0:
            raise ValueError("a wide cell without its }")
        return end + 1
    if CELL_HIGH.find(text[i].encode()) < 0:
        raise ValueError("unknown %r" % text[i])
    if i + 1 >= len(text):
        raise ValueError("a cell needs two characters")
    return i + 2


def _action_end(text, i):
    """Where the action that starts at text[i] ends (the text's grammar only)."""
    ch = text[i]
    if ch == DRAW or ch == PASS:
        return i + 1
    if ch == RESTART:
        end = text.find(RESTART, i + 1)
        if end < 0:
            raise ValueError("a re-deal without its closing ~")
        return end + 1
    if ch == DECLARED:
        i += 1
    if i < len(text) and text[i] == TOPIC:
        i += 1
    while True:  # runs: a first cell, letters, JOIN and the next run
        if i >= len(text):
            raise ValueError("a play without its cards")
        i = _after_cell(text, i)
        if i >= len(text) or not _letter(text[i]):
            raise ValueError("a run of cards without letters")
        while i < len(text) and _letter(text[i]):
            i += 1
        if i < len(text) and text[i] == JOIN:
            i += 1
        else:
            return i


def each_action(text):
    """The actions of a Game's `actions_text`, one string at a time (a draw
    "+", a pass "-", a play, a re-deal "~...~"); ValueError naming the first
    that cannot be read."""
    i = 0
    count = 0
    while i < len(text):
        count += 1
        try:
            end = _action_end(text, i)
        except ValueError as e:
            raise ValueError("action %d: %s" % (count, e))
        yield text[i:end]
        i = end


def _cell(text, i):
    """(row, col, down, where its letters start) of the run at text[i]."""
    if text[i] == WIDE:
        end = text.find("}", i)
        bits = text[i + 1 : end].split(",")
        if len(bits) != 3 or bits[2] not in ("0", "1"):
            raise ValueError("a wide cell is {ROW,COL,0 or 1}")
        try:
            return int(bits[0]), int(bits[1]), bits[2] == "1", end + 1
        except ValueError:
            raise ValueError("a wide cell is {ROW,COL,0 or 1}")
    if i + 1 >= len(text):
        raise ValueError("a cell needs two characters")
    high = CELL_HIGH.find(text[i].encode())
    low = CELL_LOW.find(text[i + 1].encode())
    if high < 0 or low < 0:
        raise ValueError("not a cell: %r" % text[i : i + 2])
    v = high * len(CELL_LOW) + low
    if v >= SIDE * SIDE * 2:
        raise ValueError("not a cell: %r" % text[i : i + 2])
    down = v & 1
    v >>= 1
    return v // SIDE - EDGE, v % SIDE - EDGE, down == 1, i + 2


def play_cells(board, text):
    """(cells, declared, topic) of a play as actions_text writes it, `board`
    the table before it (the inverse of game.play_text); ValueError if it is
    not one."""
    i = 0
    declared = topic = False
    if text[:1] == DECLARED:
        declared = True
        i += 1
    if text[i : i + 1] == TOPIC:
        topic = True
        i += 1
    cells = []
    while i < len(text):
        r, c, down, i = _cell(text, i)
        first = True
        while i < len(text) and _letter(text[i]):
            if not first:
                r, c = board.free_after(r, c, down)
            first = False
            ch = text[i]
            wild = ch >= "a"
            cells.append((r, c, ord(ch) - (97 if wild else 65), wild))
            i += 1
        if first:
            raise ValueError("a run of cards without letters")
        if i < len(text):
            if text[i] != JOIN or i + 1 == len(text):
                raise ValueError("not a play: %r" % text)
            i += 1
    if not cells:
        raise ValueError("a play without its cards")
    return cells, declared, topic


def _redeal(game, text):
    """The game re-dealt as "~RESTARTS,TURNS,STATE~" says."""
    bits = text[1:-1].split(",")
    if len(bits) != 3 or not all(b.isdigit() for b in bits):
        raise ValueError("a re-deal is ~RESTARTS,TURNS,STATE~, not %r" % text)
    restarts, turns, state = int(bits[0]), int(bits[1]), int(bits[2])
    if not 1 <= restarts <= MAX_RESTARTS or turns > _MAX_TURNS:
        raise ValueError("not a re-deal of a game: %r" % text)
    if not 0 < state <= _MASK:
        raise ValueError("not a dice state: %r" % text)
    game.restarts = restarts
    game.turns = turns
    game._restart(state)


def replay_into(game, actions, noted=None):
    """Play `actions` (a Game's `actions_text`, or a list of its actions as
    each_action gives them) on `game`, through the engine's checks;
    `noted(mark)` after each, with the length the game's log had before it.
    Raises ValueError naming the first action that does not fit."""
    if isinstance(actions, _Old):  # a version 1 save's
        return replay_old(game, actions.text, noted)
    if isinstance(actions, str):
        actions = each_action(actions)  # one action's string at a time
    _replay(game, actions, noted, _act)


def _replay(game, actions, noted, act):
    """replay_into's loop, one save version's `act(game, action, number)` doing
    each action: it returns why the action does not fit, or nothing."""
    i = 0
    for a in actions:
        i += 1
        if game.over:
            raise ValueError("action %d: the game was already over" % i)
        mark = len(game.log)
        why = act(game, a, i)
        if why:
            raise ValueError("action %d: %s" % (i, why))
        if noted is not None:
            noted(mark)


def _act(game, a, i):
    """One action of a version 2 save (see _replay)."""
    if a == DRAW:
        game.draw()
    elif a == PASS:
        game.pass_turn()
    elif a[:1] == RESTART and len(a) > 2 and a[-1] == RESTART:
        if i > 1:
            return "a re-deal comes first"
        try:
            _redeal(game, a)
        except ValueError as e:
            return str(e)
    elif a:
        try:
            cells, declared, topic = play_cells(game.board, a)
        except ValueError as e:
            return str(e)
        return game.play(cells, declared, topic).error
    else:
        return "empty"


def each_old_action(text):
    """The actions of a version 1 save: what text.split(OLD_SEP) gives ('' gives
    none), without building the list."""
    if not text:
        return
    start = 0
    while True:
        end = text.find(OLD_SEP, start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def replay_old(game, actions, noted=None):
    """replay_into for the actions of a version 1 save ("p 3,3,C 3,4,A/d/x",
    "!" declared and "#" topic after the p, or a list of them)."""
    if isinstance(actions, str):
        actions = each_old_action(actions)
    _replay(game, actions, noted, _act_old)


def _act_old(game, a, i):
    """One action of a version 1 save (see _replay)."""
    if a == "d":
        game.draw()
    elif a == "x":
        game.pass_turn()
    elif a[:1] == "p":
        parts = a.split(" ", 1)
        head = parts[0]
        cells = parse_cells(parts[1] if len(parts) > 1 else "")
        return game.play(cells, "!" in head, "#" in head).error
    else:
        return "unknown %r" % a


def replay(players, seed, options, lookup, actions):
    """The game that `actions` (see replay_into) leads to from `seed`."""
    g = Game(players, seed, options, lookup)
    replay_into(g, actions)
    return g


def session_from_text(cls, text):
    """A word session (of class `cls`) rebuilt from its save text (a str, or
    to_text()'s parts) by replaying it; ValueError with a reason if it is not one.
    A save of version 1 is read too (its game is saved as version 2 next)."""
    if isinstance(text, tuple):
        text = "".join(text)
    parts = text.split("|")
    if len(parts) != _FIELDS or parts[0] != cls.HEAD:
        raise ValueError("not a saved word game")
    if parts[1] != cls.SAVE_VERSION and parts[1] != "1":
        raise ValueError("word game save of another version")
    _, version, seat_text, level, code, daily, rules_name, seed, actions = parts
    from crisscross.games import save_seats

    seats = save_seats(seat_text, HUMAN, AI)
    if not seed.isdigit():
        raise ValueError("bad seed in save")
    if version == "1":
        actions = _Old(actions)
    return cls(int(seed), seats, rules_name, level, code, daily, actions)


class _Old:
    """A version 1 save's actions, which Session hands to replay_into."""

    def __init__(self, text):
        self.text = text

    def __len__(self):
        return len(self.text)
