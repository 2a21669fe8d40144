"""A game of the word family: seats, the deck, dice draws, turns, scores, the end.

All dice come from one `Rng(seed)`, so a game is its seed plus its list of actions.
On their turn a player does one thing: `play(cells)`, `draw()` (roll one die, take
that many cards; over the hand limit means no cards and this turn and the next are
lost) or `pass_turn()`. Scores are integer tenths. `log` records every action as a
small dict of ints, strings and lists (JSON-ready); `actions_text` records only what
the players chose, compactly (a save is its seed, its options and this text, and
must stay small: docs/saves.md), so `restore.replay(seed, ..., actions_text)`
rebuilds the game:

  "+" a draw, "-" a pass; a play is "!" if declared (a name...), "#" if a topic
  play, then a run of cards: its first cell and direction in two characters
  (`_cell`) and one letter a card (lower case: a wild card), each card on the
  next cell of that row or column that no card on the table holds; a play of
  several runs (a Square Effect) joins them with "&". After a re-deal the text
  starts again from "~RESTARTS,TURNS,RNG STATE~".

e.g. "7<HOUSE+-" is HOUSE laid across from (0, 0), a draw and a pass.
"""

from crisscross.compat import const
from crisscross.words import deck, rules

_TOPIC_BONUS = const(50)  # per card laid, topic games (rule 7.3)
STALL_ROUNDS = const(3)  # rounds in which nobody lays or draws a card end the game
MAX_RESTARTS = const(3)  # re-deals when nobody can open
_FOLD_AT = const(
    64
)  # Game._act: the latest actions' length that joins them to the rest
_REST_BITS = const(13)  # words.exact.REST_BITS
# actions_text's characters (see above; crisscross.words.restore reads them).
DRAW = "+"
PASS = "-"
DECLARED = "!"
TOPIC = "#"
JOIN = "&"  # the next run of the same play
RESTART = "~"  # "~RESTARTS,TURNS,RNG STATE~": the game as it was re-dealt
WIDE = "{"  # "{ROW,COL,DIRECTION}": a run's first cell beyond _cell's square
# A run's first cell (row, col in -_EDGE.._EDGE-1) and direction are the number
# ((row + _EDGE) * _SIDE + col + _EDGE) * 2 + direction, written as one character
# of CELL_HIGH (none of which starts anything else) and one of CELL_LOW (any
# character a save may hold: printable ASCII but '"', "\\", "|").
CELL_HIGH = b"$%'()*,./0123456789:;<=>?@[]^_`}"
CELL_LOW = (
    b"!#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`"
    b"abcdefghijklmnopqrstuvwxyz{}~"
)
EDGE = const(19)
SIDE = const(38)  # 2 * EDGE: 32 * 91 >= 38 * 38 * 2 numbers


class Player:
    def __init__(self, name):
        self.name = name
        self.hand = []  # card codes, kept sorted
        self.score = 0  # tenths
        self.rest = 0  # and rest / 2**13 of a tenth (rule 6.1, words.exact)
        self.empties = 0  # times the hand was emptied
        self.skips = 0  # turns still to lose after an over-limit draw


def put_int(buf, k, v):
    """Write v (|v| < 1000) in decimal at buf[k]; returns the index after it."""
    if v < 0:
        buf[k] = 45  # "-"
        k += 1
        v = -v
    if v >= 100:
        buf[k] = 48 + v // 100
        k += 1
    if v >= 10:
        buf[k] = 48 + v // 10 % 10
        k += 1
    buf[k] = 48 + v % 10
    return k + 1


def _sorted(cells):
    """Whether the cells come in (row, col) order, as the text writes them."""
    for i in range(1, len(cells)):
        r0, c0, _, _ = cells[i - 1]
        r, c, _, _ = cells[i]
        if r0 > r or r0 == r and c0 > c:
            return False
    return True


def play_text(board, cells, head):
    """A play as actions_text writes it (see above), after `head` ("" or flags):
    `cells` in (row, col) order, `board` the table before they are laid. Written
    into one buffer; restore.play_cells reads it back."""
    n = len(cells)
    buf = bytearray(len(head) + 15 * n)  # "&{-512,-512,1}X" at most per card
    k = 0
    for ch in head:
        buf[k] = ord(ch)
        k += 1
    i = 0
    while i < n:
        r, c, _, _ = cells[i]
        down = i + 1 < n and cells[i + 1][1] == c  # else across (one card: either)
        if i:
            buf[k] = 38  # JOIN
            k += 1
        if -EDGE <= r < EDGE and -EDGE <= c < EDGE:
            v = ((r + EDGE) * SIDE + c + EDGE) * 2 + down
            buf[k] = CELL_HIGH[v // len(CELL_LOW)]
            buf[k + 1] = CELL_LOW[v % len(CELL_LOW)]
            k += 2
        else:
            buf[k] = 123  # WIDE
            k = put_int(buf, k + 1, r)
            buf[k] = 44  # ","
            k = put_int(buf, k + 1, c)
            buf[k] = 44
            buf[k + 1] = 49 if down else 48
            buf[k + 2] = 125  # "}"
            k += 3
        while True:  # this card, then the next ones on free cells of the run
            _, _, letter, wild = cells[i]
            buf[k] = (97 if wild else 65) + letter
            k += 1
            i += 1
            if i == n:
                break
            r, c = board.free_after(r, c, down)
            r1, c1, _, _ = cells[i]
            if r1 != r or c1 != c:
                break  # the next card starts a run of its own
    return str(memoryview(buf)[:k], "ascii")


class Game:
    """Seats 0..n-1; `turn` is the seat to act; `over` / `winner` at the end."""

    FAMILY = "words"

    def __init__(self, players=2, seed=0, options=None, lookup=None, tiebreak=None):
        """A game of `players` seats dealt from `seed`: its fields are set by
        crisscross.words.deal.set_up (code a game runs once, not resident)."""
        if not 1 <= players <= 8:
            raise ValueError("1 to 8 players")
        from crisscross.words.deal import set_up

        options = options or rules.Options(players=players)
        set_up(self, Player, players, seed, options, lookup, tiebreak)

    @property
    def lookup(self):
        """The word list (`contains(word)`...). Given to the game as a function
        that opens it (a session's `dictionary`, or the Dictionary class), it is
        opened here, at the first check or search (see deal.set_up)."""
        lookup = self._lookup
        if callable(lookup):
            lookup = self._lookup = lookup()
        return lookup

    @property
    def actions_text(self):
        """The players' actions as one text (see above): what a save holds."""
        return self._done + self._recent

    def actions_parts(self):
        """(older, latest) strings that join into actions_text: the save writes
        them one after the other, neither copied."""
        return self._done, self._recent

    def _act(self, text):
        recent = self._recent + text
        if len(recent) >= _FOLD_AT:
            self._done += recent
            recent = ""
        self._recent = recent

    # --- dealing ----------------------------------------------------------------
    def _roll(self, times):
        return [self.rng.die() for _ in range(times)]

    def _take(self, seat, n):
        """Up to n cards from the end of the deck into the seat's hand."""
        hand = self.players[seat].hand
        cards = self.deck
        k = len(cards)
        stop = k - n if k > n else 0
        while k > stop:
            k -= 1
            hand.append(cards[k])
        got = len(cards) - k
        if got:
            cards[k:] = b""  # a bytearray has no pop(): one slice shrinks it in place
        hand.sort()
        return got

    def _note(self, seat, action, **fields):
        entry = {"turn": self.turns, "player": seat, "action": action}
        entry.update(fields)
        self.log.append(entry)
        return entry

    def _note_play(self, seat, action, cells, words, score=None):
        """_note for a play or a rejected word, without a dict of keywords (a play
        also gets its score, and a bonus filled in later). Its cells are the
        play's own list: a text of them (notation.cells_text) is made only by who shows
        them (host/play/play_words.py), not at every play."""
        entry = {
            "turn": self.turns,
            "player": seat,
            "action": action,
            "cells": cells,
            "words": words,
        }
        if score is not None:
            entry["score"] = score
            entry["bonus"] = 0
        self.log.append(entry)
        return entry

    # --- asking ---------------------------------------------------------------
    def hand(self, seat=None):
        return self.players[self.turn if seat is None else seat].hand

    def scores(self):
        return [p.score for p in self.players]

    def _has_cards(self, cells):
        hand = self.hand()
        for _, _, letter, wild in cells:  # a few cards: counted card by card
            kind = deck.WILD if wild else letter
            need = 0
            for _, _, other, other_wild in cells:
                if (deck.WILD if other_wild else other) == kind:
                    need += 1
            if need > hand.count(kind):
                return False
        return True

    def check(self, cells, declared=False):
        """The Result of laying `cells` now, without changing anything."""
        res = rules.evaluate(self.board, cells, self.lookup, self.options, declared)
        if not res.error and not self._has_cards(cells):
            res.error = "those cards are not in your hand"
        return res

    # --- acting ---------------------------------------------------------------
    def play(self, cells, declared=False, topic=False):
        """Lay cards. A Result with `error` changes nothing; a word that is not in the
        dictionary costs the turn (the cards go back to the hand, 0 points)."""
        if self.over:
            res = rules.Result()
            return res.fail("the game is over")
        res = self.check(cells, declared)
        if res.error:
            return res
        seat = self.turn
        if not _sorted(cells):  # a human may lay a word's cards in any order
            cells = sorted(cells)
        head = ""
        if declared or topic:
            head = (DECLARED if declared else "") + (TOPIC if topic else "")
        self._act(play_text(self.board, cells, head))
        if res.exchange:  # rule 6.2, rare: its code loads only then
            from crisscross.words.exchange import exchange

            exchange(self, seat, res, cells)
            return res
        if res.bad_words:
            self._note_play(seat, "reject", cells, res.bad_words)
            self._quiet += 1
            self._next()
            return res
        p = self.players[seat]
        for r, c, letter, wild in cells:
            self.board.put(r, c, letter, wild)
            p.hand.remove(deck.WILD if wild else letter)
        for r, c in res.square:
            self.board.spend(r, c)
        gained = res.score
        bonus = 0
        if topic and self.options.topic:
            bonus += _TOPIC_BONUS * len(cells) * 10
        self.last_play = cells
        entry = self._note_play(seat, "play", cells, res.words, res.score)
        if res.multiplier:
            entry["square"] = res.multiplier
        if res.rest:
            entry["rest"] = res.rest
            p.rest += res.rest
            if p.rest >> _REST_BITS:
                p.rest -= 1 << _REST_BITS
                p.score += 1
        if not p.hand:
            p.empties += 1
            bonus += rules.EMPTY_BONUS * p.empties * 10
            rolls = self._roll(self.options.rolls)
            entry["rolls"] = rolls
            entry["drawn"] = self._take(seat, sum(rolls))
        entry["bonus"] = bonus
        p.score += gained + bonus
        self._quiet = 0
        target = self.options.target
        if target and p.score >= target * 10:
            self._end("reached %d" % target)
        else:
            self._next()
        return res

    def draw(self):
        """Roll one die and take that many cards; returns the log entry."""
        if self.over:
            return None
        self._act(DRAW)
        seat = self.turn
        p = self.players[seat]
        if not self.deck:
            entry = self._note(seat, "draw", roll=0, drawn=0)
            self._end("no cards left to draw")
            return entry
        roll = self.rng.die()
        # The cards the roll brings: the deck's last ones when it has fewer.
        if len(p.hand) + min(roll, len(self.deck)) > self.options.hand_limit:
            p.skips += 1  # this turn and the next one are lost
            entry = self._note(seat, "draw", roll=roll, drawn=0, lost=True)
            self._quiet += 1
        else:
            entry = self._note(seat, "draw", roll=roll, drawn=self._take(seat, roll))
            self._quiet = 0
        self._next()
        return entry

    def pass_turn(self):
        if self.over:
            return
        self._act(PASS)
        self._note(self.turn, "pass")
        if not self.deck:
            self._end("no cards left to draw")
            return
        self._quiet += 1
        self._next()

    # --- turn order and the end -------------------------------------------------
    def _next(self):
        n = len(self.players)
        while True:
            if self._quiet >= STALL_ROUNDS * n:
                self._stalled()
                return
            self.turns += 1
            self.turn = (self.turn + 1) % n
            p = self.players[self.turn]
            if not p.skips:
                return
            p.skips -= 1
            self._note(self.turn, "skip")

    def _stalled(self):
        # "no one can make a move because of the design of the laid-out cards ...
        # the game starts over ... the scores all start back on zero": opened or not.
        if self.restarts < MAX_RESTARTS:
            self.restarts += 1
            self._restart(self.rng.state)
            return
        self._end("nobody can lay or draw cards")

    def _restart(self, state):
        """Deal again from the Rng's `state`: what came before no longer matters,
        so actions_text starts again from here (a save stays small)."""
        self._note(-1, "restart")
        self._recent = ""
        self._done = "%s%d,%d,%d%s" % (
            RESTART,
            self.restarts,
            self.turns,
            state,
            RESTART,
        )
        self.rng.state = state
        from crisscross.words.deal import start  # the deal, as at a game's start

        start(self)

    def _end(self, reason):
        self.over = True
        self.reason = reason
        scores = [(p.score, p.rest) for p in self.players]  # exact
        top = max(scores)
        tied = [i for i in range(len(scores)) if scores[i] == top]
        if len(tied) > 1 and self.options.tiebreak:  # rule 9, in words/autoplay.py
            from crisscross.words.autoplay import tie_break

            tied = tie_break(self, tied)
        self.winner = tied[0] if len(tied) == 1 else None
        self._note(self.winner if self.winner is not None else -1, "end", why=reason)
