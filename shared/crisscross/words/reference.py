"""The word game's AI search written for reading (crisscross.words.ai is the fast
one): the play it picks when its budget lets it finish.

No budget, no slices, no tables worked out ahead: every play of the kind the
search looks at is listed (`plays`), valued by the rules, and the best one taken
(`best_play`). Tests check on thousands of random positions that the search
picks the same play, of the same value (tests/host/test_words_reference.py). It
is portable code like the rest of the engine, but only tests import it: a board
never loads it.

The plays the search looks at:
- On an empty table (the opening): a word of the hand's cards across row 0 from
  column 0, of rules.OPENING_MIN letters (or more, with long openings).
- Otherwise: a word of 2 letters or more along one row or column, from a free
  cell to a free cell. The table's cards stand where they lie, and the hand
  lays at least one card in the free cells between. Every card laid beside
  cards across the line makes a word across with them, and the word touches
  the table: it holds a card of the table or lays one beside one.
- The card laid for a letter is its own card while the hand holds one, else a
  wild card.
A play's value is the rules' score plus the bonus for emptying the hand, in
tenths. A play the rules refuse or turn into an exchange (rule 6.2), or one that
forms a word the list lacks, has none.

The play picked is the one of the best value; among plays of equal value, the
first in the order the search meets them. On an empty table that is the words
in alphabetical order. Otherwise: fewer cards laid first, then by line (the rows
top to bottom, then the columns left to right), by the word's first cell along
its line, then the words in alphabetical order (a word before the longer words
it begins).
"""

from crisscross.words import deck, rules
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK

_BONUS = rules.EMPTY_BONUS * 10  # in tenths, per time the hand was emptied


def best_play(board, hand, lookup, options, empties=0):
    """The play the search picks: (cells, value in tenths), or None."""
    best = None
    for order, value, cells in plays(board, hand, lookup, options, empties):
        if best is None or value > best[1] or value == best[1] and order < best[0]:
            best = (order, value, cells)
    return None if best is None else (best[2], best[1])


def plays(board, hand, lookup, options, empties=0):
    """Every play the search looks at that has a value: (its place in the
    search's order, value, cells), in no particular order."""
    counts = [hand.count(card) for card in range(deck.KINDS)]
    out = []
    if board.is_empty():
        most = len(hand) if options.long_opening else rules.OPENING_MIN
        found = []
        _words(board, ACROSS, 0, 0, "", [], counts, lookup, found)
        for word, cells in found:
            if rules.OPENING_MIN <= len(word) <= most:
                value = _value(board, cells, len(hand), lookup, options, empties)
                if value is not None:
                    out.append(((word,), value, cells))
        return out
    for number, (direction, line) in enumerate(_lines(board)):
        first, last = _extent(board, direction)
        for start in range(first - len(hand), last + 2):
            if board.get(*_cell(direction, line, start - 1)) >= 0:
                continue  # a word starts after a free cell
            if not _near(board, direction, line, start, len(hand)):
                continue  # the hand cannot reach the table from here
            found = []
            _words(board, direction, line, start, "", [], counts, lookup, found)
            for word, cells in found:
                if len(word) >= 2 and _touches(board, word, cells):
                    value = _value(board, cells, len(hand), lookup, options, empties)
                    if value is not None:
                        out.append(((len(cells), number, start, word), value, cells))
    return out


def _lines(board):
    """The rows and columns a play may lie in, in the search's order."""
    rows = [(ACROSS, r) for r in range(board.top - 1, board.bottom + 2)]
    columns = [(DOWN, c) for c in range(board.left - 1, board.right + 2)]
    return rows + columns


def _extent(board, direction):
    """The first and last place along a line of that direction holding cards."""
    if direction == ACROSS:
        return board.left, board.right
    return board.top, board.bottom


def _cell(direction, line, place):
    """(row, column) of a place along a line."""
    return (line, place) if direction == ACROSS else (place, line)


def _near(board, direction, line, place, cards):
    """Whether a cell from `place` on, within `cards` cells, holds a card or
    lies beside one."""
    for p in range(place, place + cards + 1):
        r, c = _cell(direction, line, p)
        for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            if board.get(r + dr, c + dc) >= 0:
                return True
    return False


def _words(board, direction, line, place, word, cells, counts, lookup, out):
    """The words of the list that begin with `word` and go on at `place` along
    the line, ending before a free cell, into `out`: (word, the cards laid for
    it). `cells` holds the cards laid so far, `counts` what is left of the hand
    (by card code); both are as they were when it returns."""
    r, c = _cell(direction, line, place)
    on_table = board.get(r, c)
    if on_table >= 0:  # the word goes through the table's card
        word += chr(97 + (on_table & LETTER_MASK))
        if lookup.has_prefix(word):
            _words(board, direction, line, place + 1, word, cells, counts, lookup, out)
        return
    if cells and lookup.contains(word):  # a free cell: the word may end here
        out.append((word, list(cells)))
    before, after = _across(board, direction, r, c)
    for k in range(26):
        card = k if counts[k] else deck.WILD
        if not counts[card]:
            continue
        letter = chr(97 + k)
        if not lookup.has_prefix(word + letter):
            continue
        if (before or after) and not lookup.contains(before + letter + after):
            continue
        counts[card] -= 1
        cells.append((r, c, k, card == deck.WILD))
        _words(
            board, direction, line, place + 1, word + letter, cells, counts, lookup, out
        )
        cells.pop()
        counts[card] += 1


def _across(board, direction, r, c):
    """The letters of the cards just before and just after (r, c) across the
    line (up and down for a row), as two strings."""
    dr, dc = (1, 0) if direction == ACROSS else (0, 1)
    before = after = ""
    i = 1
    while board.get(r - i * dr, c - i * dc) >= 0:
        before = _letter(board, r - i * dr, c - i * dc) + before
        i += 1
    i = 1
    while board.get(r + i * dr, c + i * dc) >= 0:
        after += _letter(board, r + i * dr, c + i * dc)
        i += 1
    return before, after


def _letter(board, r, c):
    return chr(97 + (board.get(r, c) & LETTER_MASK))


def _touches(board, word, cells):
    """Whether the word holds a card of the table or lays one beside one."""
    if len(cells) < len(word):
        return True
    for r, c, _, _ in cells:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if board.get(r + dr, c + dc) >= 0:
                return True
    return False


def _value(board, cells, hand_size, lookup, options, empties):
    """The play's value in tenths, or None when it has none."""
    res = rules.evaluate(board, cells, lookup, options)
    if res.error or res.exchange or res.bad_words:
        return None
    if len(cells) == hand_size:  # the hand emptied
        return res.score + _BONUS * (empties + 1)
    return res.score
