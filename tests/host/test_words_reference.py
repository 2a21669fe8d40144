"""The word search (crisscross.words.ai) picks the play its plain reference
(crisscross.words.reference) picks, of the same value, on thousands of seeded
random positions: the tables of seeded AI games, random hands (wild cards among
them), random rule sets and bonuses. The search runs with a budget it never
reaches, so it looks at everything, as the reference does."""

import copy
import random

from crisscross.datafile import read_data
from crisscross.words import ai, autoplay, deck, reference, rules
from crisscross.words.board import Board
from crisscross.words.decode import decode_block
from crisscross.words.dictionary import Dictionary
from crisscross.words.game import Game
from crisscross.words.wordset import Tables, words_of

UNBOUNDED = 10**8
RULE_SETS = ({}, {"tournament": True}, {"long_opening": True}, {"junk_ban": True})
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Words(Tables):
    """A word list in Python sets with the Dictionary's API (wordset.Tables over
    it, every mask kept): the real list's answers, fast enough under CPython for
    thousands of whole searches."""

    def __init__(self, words):
        self.words = set(w.encode() for w in words)
        self.prefixes = set(w[:i] for w in self.words for i in range(len(w) + 1))
        self._masks = {}
        Tables.__init__(self, self)

    def has_prefix(self, p):
        return (p.encode() if isinstance(p, str) else bytes(p)) in self.prefixes

    def contains(self, w):
        return (w.encode() if isinstance(w, str) else bytes(w)) in self.words

    def _mask(self, head):
        if head not in self._masks:
            self._masks[head] = Tables._mask(self, head)
        return self._masks[head]


def every_word(d):
    """Every word of the real list: the blocks' words, and those of 2 and 3
    letters (the tables)."""
    out = []
    for b in range(d.blocks):
        block = read_data(d._src, d._data + b * d.block_size, d.block_size)
        out.extend(w.decode() for w in words_of(decode_block(block)))
    out += [a + b for a in LETTERS for b in LETTERS if d.contains(a + b)]
    out += [w + c for w in out if len(w) == 2 for c in LETTERS if d.contains(w + c)]
    return out


def positions(seed, games, lookup, hand_sizes=(1, 5)):
    """(board, hand, options, empties): every other table of `games` seeded
    games between AI seats, each with three random hands."""
    rnd = random.Random(seed)
    for _ in range(games):
        switches = rnd.choice(RULE_SETS)
        options = rules.Options(**switches)
        game = Game(rnd.choice((2, 3)), rnd.randrange(10**6), options, lookup)
        tables = [Board()]
        while not game.over and game.turns < 40:
            autoplay.take_turn(game, 150)
            tables.append(copy.deepcopy(game.board))
        for board in tables[::2]:
            for _ in range(3):
                if board.is_empty():  # an opening: 5 cards or more
                    size = rnd.randint(5, 7)
                else:
                    size = rnd.randint(*hand_sizes)
                hand = sorted(rnd.randrange(deck.KINDS) for _ in range(size))
                yield board, hand, options, rnd.randint(0, 2)


def both(board, hand, lookup, options, empties):
    """The search's play and value, and the reference's (None: no play)."""
    s = ai.Search(board, hand, lookup, options, UNBOUNDED, empties=empties)
    found = s.best()
    assert s.nodes < UNBOUNDED  # it finished
    mine = None if found is None else (found[0], s.best_value)
    if found is not None:  # the Result it gives is the rules' for its value
        bonus = s.best_value - found[1].score
        assert bonus in (0, s._bonus) and (bonus > 0) == (len(found[0]) == len(hand))
    return mine, reference.best_play(board, hand, lookup, options, empties)


def test_the_search_picks_the_reference_play_on_random_positions():
    d = Dictionary()
    words = Words(every_word(d))
    d.close()
    seen = {"opening": 0, "square": 0, "wild": 0, "none": 0, "bonus": 0}
    count = 0
    for board, hand, options, empties in positions(1, 36, words):
        mine, want = both(board, hand, words, options, empties)
        assert mine == want, (board._cells, hand, mine, want)
        count += 1
        if want is None:
            seen["none"] += 1
            continue
        cells, value = want
        res = rules.evaluate(board, cells, words, options)
        seen["opening"] += board.is_empty()
        seen["square"] += res.multiplier > 0
        seen["wild"] += any(c[3] for c in cells)
        seen["bonus"] += value > res.score
    assert count >= 2000
    # The positions reach every kind of play the search values.
    assert min(seen.values()) >= 5, seen


def test_the_search_on_the_real_dictionary_picks_the_reference_play():
    # The flash dictionary's own API (its tables, begins, across) answers the
    # search; small hands, as whole searches over it are slow under CPython.
    d = Dictionary()
    count = 0
    for board, hand, options, empties in positions(2, 2, d, (1, 3)):
        mine, want = both(board, hand, d, options, empties)
        assert mine == want, (board._cells, hand, mine, want)
        count += 1
    d.close()
    assert count >= 40


def test_the_search_reads_the_bytes_the_lines_write():
    # Each module has the values as constants of its own (no global looked up
    # in the search's loop): they are the same values.
    from crisscross.words import lines

    for name in ("_FREE", "_ANCHOR", "_SOLO", "_UNKNOWN", "_MAX_WORD"):
        assert getattr(ai, name) == getattr(lines, name), name


class Squares(ai.Search):
    """A search that asks the rules about every play it values that lays a
    card beside the cards across (a cross word: only a Square Effect allows
    one), beside what its own square check says."""

    def __init__(self, *args, **kw):
        ai.Search.__init__(self, *args, **kw)
        self.checks = []  # (the search's square check, the rules' squares, error)

    def _offer(self, n, start, counted=True):
        if self._plain_value(n, start) == -2:
            cells = self._cells(n, start)
            res = rules.Result()
            new = rules._check_cards(self.board, cells, self.options, res)
            corners = rules._squares(rules._Overlay(self.board, new), cells)
            res = rules.evaluate(
                self.board, cells, None, self.options, check_words=False
            )
            self.checks.append((self._square(n, start), bool(corners), res.error))
        return ai.Search._offer(self, n, start, counted)


def test_the_search_asks_the_rules_only_about_a_cross_word_that_makes_a_square():
    # A play laying a card beside the cards across forms a word across: the rules
    # refuse it unless the play completes a 2x2 square. The search sees the
    # squares the rules see without laying the play out, and skips the rest.
    d = Dictionary()
    words = Words(every_word(d))
    d.close()
    checks = []
    for board, hand, options, empties in positions(3, 5, words, (2, 7)):
        s = Squares(board, hand, words, options, UNBOUNDED, empties=empties)
        s.best()
        checks += s.checks
    for square, corners, error in checks:
        assert square == corners
        assert square or error
    assert sum(c[0] for c in checks) >= 500 and sum(not c[0] for c in checks) >= 2000
