"""What a play is, whether it is legal, and what it scores (see docs/rules.md).

A play is a list of cells (r, c, letter, wild) laid in one turn. Two kinds are legal:
- a plain play: cards in one row or column, no gap, joined to the layout along that
  line, forming exactly one word of 3 or more letters;
- a Square Effect play: the new cards complete at least one 2x2 square of cards; then
  every word they form counts (2-letter words too) and the cards may span lines.
A square play must join the cards on the table like any other. Scores are integer
tenths. A plain play scores (sum of SV) x (letters); a square play adds that for
every word formed and multiplies by the sum of the precise values of the cards in
the fresh squares. A Square Effect that multiplies spends the cards of its squares
and of every word it formed; a square is fresh when none of its cards is spent and
no word this play forms through it holds a spent card ("not using the words in the
previous Square Effect").
"""

from crisscross.compat import const
from crisscross.words import deck
from crisscross.words.board import ACROSS, DOWN, LETTER_MASK, SPAN, SPENT_BIT, WILD_BIT
from crisscross.words.board import key, unkey

OPENING_MIN = const(5)  # the first player lays at least 5 cards
MIN_WORD = const(3)  # no 2-letter words except with the Square Effect
EMPTY_BONUS = const(125)  # x number of times the hand has been emptied
TIEBREAK_CARDS = const(6)  # rule 9: the tied draw six cards each
MAX_TIEBREAKS = const(5)  # tie-breaks at most, then the tie stands
_REST_BITS = const(13)  # words.exact.REST_BITS
# v & _SPENT_TEST == SPENT_BIT: a spent card (an empty place, -1, has bit 7 too).
_SPENT_TEST = const(192)


class Options:
    """Rule switches: tournament, big_hands, wild_halves, junk_ban, names, topic,
    target, tiebreak, players, long_opening (keywords; `tournament` forces rules
    6.1-6.4, the "required" ones). They are set by crisscross.words.deal's
    set_options: code a game runs once, not resident while it is played."""

    def __init__(self, **switches):
        from crisscross.words.deal import set_options

        set_options(self, **switches)


class Result:
    """The outcome of checking a play; `error` is None when it may be laid.

    The numbers start as class attributes: an instance only holds what a check
    sets, so its attribute table is not grown field by field at every check."""

    error = None
    score = 0  # tenths
    rest = 0  # and rest / 2**13 of a tenth (rule 6.1's halvings; words.exact)
    word_points = 0  # whole points before the square multiplier
    multiplier = 0  # tenths of the precise-value sum; 0 = no Square Effect
    halvings = 0
    cards = 0
    # Rule 6.2 (tournament): wild cards used to remove J, Q, V, X or Z go back to
    # the deck in exchange for as many cards, and the play is not laid.
    exchange = 0

    def __init__(self):
        self.bad_words = []  # formed but not in the dictionary: the turn is lost
        self.words = []  # upper case, wild cards in lower case
        self.square = []  # (r, c) of the cards the Square Effect spends

    def fail(self, message):
        self.error = message
        return self


class _Overlay:
    """The board with the new cards laid on top, without copying it."""

    def __init__(self, board, new):
        self.new = new
        self._cells = board._cells  # Board.get's, read with the same key

    def get(self, r, c):
        k = key(r, c)
        v = self.new.get(k, -1)
        return v if v >= 0 else self._cells.get(k, -1)


def _run(view, r, c, direction):
    """(start r, start c, length) of the maximal run of cards through (r, c)."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    while view.get(r - dr, c - dc) >= 0:
        r, c = r - dr, c - dc
    n = 0
    while view.get(r + n * dr, c + n * dc) >= 0:
        n += 1
    return r, c, n


def _joined(view, r, c, direction):
    """Whether (r, c) has a card beside it along `direction` (a run of 2+):
    _run(...)[2] > 1 without the tuple."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    return view.get(r - dr, c - dc) >= 0 or view.get(r + dr, c + dc) >= 0


def _word(view, r, c, n, direction):
    """(text, sum of score values) of the run of n cards starting at (r, c)."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    chars = []
    points = 0
    for i in range(n):
        v = view.get(r + i * dr, c + i * dc)
        ch = chr(65 + (v & LETTER_MASK))
        if v & WILD_BIT:
            chars.append(ch.lower())
        else:
            chars.append(ch)
            points += deck.SV[v & LETTER_MASK]
    return "".join(chars), points


def _squares(view, cells):
    """Sorted top-left corners of complete 2x2 squares that hold a new card."""
    found = []
    for r, c, _, _ in cells:
        for tr in range(r - 1, r + 1):  # a counted loop: no tuple per card
            for tc in range(c - 1, c + 1):
                if (
                    view.get(tr, tc) >= 0
                    and view.get(tr, tc + 1) >= 0
                    and view.get(tr + 1, tc) >= 0
                    and view.get(tr + 1, tc + 1) >= 0
                ):
                    k = key(tr, tc)
                    if k not in found:
                        found.append(k)
    found.sort()
    return found


def _connected(view, cells, others):
    """True when the new cells, the cards between two of them in a line and `others`
    (keys: the cards of the completed squares) form one 4-connected group."""
    group = [key(r, c) for r, c, _, _ in cells]
    for k in others:
        if k not in group:
            group.append(k)
    for ra, ca, _, _ in cells:
        for rb, cb, _, _ in cells:
            if ra == rb and ca < cb or ca == cb and ra < rb:
                dr, dc = (0, 1) if ra == rb else (1, 0)
                between = []
                r, c = ra + dr, ca + dc
                while (r, c) != (rb, cb) and view.get(r, c) >= 0:
                    between.append(key(r, c))
                    r, c = r + dr, c + dc
                if (r, c) == (rb, cb):
                    for k in between:
                        if k not in group:
                            group.append(k)
    seen = [group[0]]
    todo = [group[0]]
    while todo:
        k = todo.pop()
        for n in (k - 1, k + 1, k - SPAN, k + SPAN):
            if n in group and n not in seen:
                seen.append(n)
                todo.append(n)
    return len(seen) == len(group)


def _check_cards(board, cells, options, res):
    """Shape-free checks: letters, free and distinct positions, tournament wilds."""
    if not cells:
        return res.fail("lay at least one card")
    new = {}
    wilds = 0
    junk = False
    for cell in cells:
        r, c, letter, wild = cell
        if not 0 <= letter < 26:
            return res.fail("not a letter")
        if board.get(r, c) >= 0:
            return res.fail("a card is already there")
        k = key(r, c)
        if k in new:
            return res.fail("two cards on one place")
        new[k] = letter | (WILD_BIT if wild else 0)
        if wild:
            wilds += 1
        if deck.ALPHABET[letter] in deck.JUNK:
            junk = True
    if options.junk_ban and wilds and junk:
        res.exchange = wilds
    res.cards = len(cells)
    return new


def _line(cells):
    """ACROSS or DOWN when all cells share a row or a column, else -1."""
    r, c, _, _ = cells[0]
    across = down = True
    for r1, c1, _, _ in cells:
        if r1 != r:
            across = False
        if c1 != c:
            down = False
    if across:
        return ACROSS
    if down:
        return DOWN
    return -1


def _gapless(view, cells, direction):
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    r, c, _, _ = min(cells)
    r1, c1, _, _ = max(cells)
    for i in range(r1 - r + c1 - c + 1):
        if view.get(r + i * dr, c + i * dc) < 0:
            return False
    return True


def _opening(view, cells, options, res):
    direction = _line(cells)
    if len(cells) == 1 or direction < 0:
        return res.fail("the first word goes in one row or column")
    if not _gapless(view, cells, direction):
        return res.fail("the first word has a gap")
    n = len(cells)
    if n < OPENING_MIN or n > OPENING_MIN and not options.long_opening:
        return res.fail("the first play lays %d cards" % OPENING_MIN)
    r, c, _, _ = min(cells)
    text, points = _word(view, r, c, len(cells), direction)
    res.words.append(text)
    res.word_points = points * len(cells)
    res.score = res.word_points * 10
    return res


def _plain(board, view, cells, res):
    direction = _line(cells)
    if direction < 0:
        return res.fail("lay the cards in one row or column (or make a Square Effect)")
    r0, c0, _, _ = cells[0]
    if len(cells) == 1:
        across = _joined(view, r0, c0, ACROSS)
        down = _joined(view, r0, c0, DOWN)
        if across and down:
            return res.fail("that makes two words: only the Square Effect allows it")
        direction = DOWN if down else ACROSS
    elif not _gapless(view, cells, direction):
        return res.fail("the cards leave a gap")
    other = DOWN if direction == ACROSS else ACROSS
    for r, c, _, _ in cells:
        if _joined(view, r, c, other):
            return res.fail("that makes two words: only the Square Effect allows it")
    r, c, n = _run(view, r0, c0, direction)
    if n == len(cells):
        return res.fail("join the cards on the table")
    if n < MIN_WORD:
        return res.fail("no 2-letter words except with the Square Effect")
    text, points = _word(view, r, c, n, direction)
    res.words.append(text)
    res.word_points = points * n
    res.score = res.word_points * 10
    return res


def _square_play(board, view, cells, corners, options, res, joined=True):
    square_keys = []
    for k in corners:
        for q in (k, k + 1, k + SPAN, k + SPAN + 1):
            if q not in square_keys:
                square_keys.append(q)
    if joined:  # a new card beside (not only diagonally to) a card on the table
        for r, c, _, _ in cells:
            k = key(r, c)
            if (
                max(
                    board.at_key(k - 1),
                    board.at_key(k + 1),
                    board.at_key(k - SPAN),
                    board.at_key(k + SPAN),
                )
                >= 0
            ):
                break
        else:
            return res.fail("join the cards on the table")
    if not _connected(view, cells, square_keys):
        return res.fail("a Square Effect play must be one connected group")
    seen = []
    points = 0
    used = []  # keys of the cards of every word formed
    tainted = []  # ...of every word formed that holds a spent card
    for r, c, _, _ in sorted(cells):
        for direction in (ACROSS, DOWN):
            sr, sc, n = _run(view, r, c, direction)
            k = key(sr, sc)
            if n > 1 and k * 2 + direction not in seen:
                seen.append(k * 2 + direction)
                text, p = _word(view, sr, sc, n, direction)
                res.words.append(text)
                points += p * n
                step = 1 if direction == ACROSS else SPAN
                spent = False
                for q in range(k, k + n * step, step):  # no list per word
                    if q not in used:
                        used.append(q)
                    if board.at_key(q) & _SPENT_TEST == SPENT_BIT:
                        spent = True
                if spent:
                    for q in range(k, k + n * step, step):
                        tainted.append(q)
    res.word_points = points
    fresh = []
    for k in corners:
        four = (k, k + 1, k + SPAN, k + SPAN + 1)
        ok = True
        for q in four:
            if board.at_key(q) & _SPENT_TEST == SPENT_BIT or q in tainted:
                ok = False
        if ok:
            for q in four:
                if q not in fresh:
                    fresh.append(q)
    if not fresh:
        res.score = points * 10  # every square here uses a spent area
        return res
    for q in used:
        if q not in fresh:
            res.square.append(unkey(q))
    fresh.sort()
    pv = 0
    wilds = 0
    for k in fresh:
        v = view.new.get(k, -1)
        if v < 0:
            v = board.at_key(k)
        if v & WILD_BIT:
            wilds += 1
        else:
            pv += deck.PV[v & LETTER_MASK]
        res.square.append(unkey(k))
    res.multiplier = pv
    score = points * pv  # whole points x tenths = tenths
    if options.wild_halves and wilds:
        # "halved again to 3.25 and so on for each extra": exactly, in tenths and
        # a rest of 2**-13 tenths (a deck holds 13 wild cards).
        res.halvings = wilds
        d = 1 << wilds
        res.rest = (score % d) << (_REST_BITS - wilds)  # wilds <= 13 cards
        score //= d
    res.score = score
    return res


def evaluate(board, cells, lookup, options, declared=False, check_words=True):
    """Check a play against the board; returns a Result (see its fields).

    `lookup` has `contains(word)`; `declared` marks a name/city/acronym the player
    vouches for (only with `options.names`). With check_words False the dictionary
    is not consulted (the AI has checked the words already).
    """
    res = Result()
    new = _check_cards(board, cells, options, res)
    if res.error:
        return res
    view = _Overlay(board, new)
    if board.is_empty():
        _opening(view, cells, options, res)
    else:
        corners = _squares(view, cells)
        if corners:
            _square_play(board, view, cells, corners, options, res)
        else:
            _plain(board, view, cells, res)
    if res.error or not check_words:
        return res
    for w in res.words:
        if not lookup.contains(w.lower()):
            res.bad_words.append(w)
    if res.bad_words and options.names and declared:
        res.bad_words = []
    return res
