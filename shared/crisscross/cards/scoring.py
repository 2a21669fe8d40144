"""Which lines a played card completes and who scores for them.

A line is a run of consecutive cells (row, column or diagonal) through the played
card whose top cards all share its number, its item or its colour. Because every
card fits a 4x4 grid, a run is at most 4 long. The run that counts is the longest
one through the played card: 3 scores _THREE_POINTS, 4 scores _FOUR_POINTS (a four
does not also count the threes inside it). Number and item runs are separate lines,
so three "2 Key" cards in a row score for both. A run of 4 in the card's colour (the
player's own) scores COLOUR_POINTS and ends the game. A line scores only when the play
makes it match in a way it did not match before: a card stacked on another scores no
line of an attribute the covered card shared with it (its number always; its item
when equal), as that line was already there. `Rules.restack` (saves of version 1)
scores them again. See docs/rules.md.

`profile` reads the neighbours of one cell once; `award` then scores any card there.
The AI scores many cards at one cell that way; the game uses the same two calls.
"""

from crisscross.compat import const
from crisscross.cards.table import EMPTY, SIZE

_THREE_POINTS = const(1)
_FOUR_POINTS = const(2)
COLOUR_POINTS = const(3)
_RUN_MIN = const(3)  # shortest run that scores
_RUN_MAX = const(4)

# Kinds of scoring line: the first three equal the deck's attribute indexes.
NUMBER = const(0)
ITEM = const(1)
COLOUR = const(2)
JOKER = const(3)  # a bonus for the holder of the joker with that item
KIND_NAMES = ("number", "item", "colour", "joker")

# Row, column, diagonal, anti-diagonal; each runs both ways from the cell.
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
_ATTRS = const(3)
_SLOTS = const(24)  # 4 directions x 2 sides x 3 attributes


class Rules:
    """The scoring variant: `strict` drops number lines; `jokers[seat]` is the item of
    that seat's joker, or -1 when the Joker Bonus is not played; `restack`: a card
    stacked on an equal attribute scores that attribute's lines again (the reading
    of saves of version 1)."""

    def __init__(self, seats, strict=False, jokers=None, restack=False):
        self.strict = strict
        self.jokers = tuple(jokers) if jokers else (-1,) * seats
        self.restack = restack


class Line:
    """One scoring line: `points` for `seat` (who may not be the player, for a joker).
    `cells` lists the run's (x, y) from one end to the other."""

    def __init__(self, kind, value, cells, points, seat):
        self.kind = kind
        self.value = value  # the shared number-1, item or colour (0..3)
        self.cells = cells
        self.points = points
        self.seat = seat

    def __repr__(self):
        return "Line(%s %d %r %d->%d)" % (
            KIND_NAMES[self.kind],
            self.value,
            self.cells,
            self.points,
            self.seat,
        )


def profile(table, x, y):
    """The neighbourhood of (x, y): for each direction, side and attribute, the value
    of the adjacent card and how many cards in a row from there share it.
    Returns (values, counts, under): two bytearrays indexed (dir * 2 + side) * 3 +
    attr, and the top card at (x, y) a card played there would cover (or EMPTY).
    The AI calls this for every cell a candidate move changes: it walks the
    cards without building lists, and stops once no attribute runs on."""
    values = bytearray(_SLOTS)
    counts = bytearray(_SLOTS)
    top = table.top
    k = 0
    for dx, dy in DIRS:
        for sign in (-1, 1):
            sx = sign * dx
            sy = sign * dy
            cx = x + sx
            cy = y + sy
            if 0 <= cx < SIZE and 0 <= cy < SIZE:
                c = top[cy * SIZE + cx]
                if c != EMPTY:
                    n0 = n1 = n2 = 1  # the run of each attribute so far
                    v0 = c & 3
                    v1 = (c >> 2) & 3
                    v2 = (c >> 4) & 3
                    live = 7  # bit a: attribute a's run goes on
                    m = 1
                    while live and m < _RUN_MAX - 1:
                        cx += sx
                        cy += sy
                        if not (0 <= cx < SIZE and 0 <= cy < SIZE):
                            break
                        c = top[cy * SIZE + cx]
                        if c == EMPTY:
                            break
                        if live & 1:
                            if c & 3 == v0:
                                n0 += 1
                            else:
                                live &= 6
                        if live & 2:
                            if (c >> 2) & 3 == v1:
                                n1 += 1
                            else:
                                live &= 5
                        if live & 4:
                            if (c >> 4) & 3 == v2:
                                n2 += 1
                            else:
                                live &= 3
                        m += 1
                    values[k] = v0
                    values[k + 1] = v1
                    values[k + 2] = v2
                    counts[k] = n0
                    counts[k + 1] = n1
                    counts[k + 2] = n2
            k += _ATTRS
    return values, counts, top[y * SIZE + x]


def could_score(prof):
    """False when no card at all could complete a line here (a quick skip)."""
    values = prof[0]
    counts = prof[1]
    for d in range(4):
        k = d * 6
        for a in range(_ATTRS):
            left = counts[k + a]
            right = counts[k + 3 + a]
            if values[k + a] == values[k + 3 + a] and left and right:
                n = left + right
            else:
                n = left if left > right else right
            if n + 1 >= _RUN_MIN:
                return True
    return False


def award(prof, card, seat, rules):
    """The lines `card` played by `seat` completes at the profiled cell, as tuples
    (kind, direction, left, right, points, beneficiary); left and right count the
    run's cards on each side of the played one."""
    values, counts, under = prof
    if rules.restack:
        under = EMPTY
    out = []
    for d in range(4):
        k = d * 6
        for a in range(_ATTRS):
            v = (card >> (2 * a)) & 3
            if under != EMPTY and ((under >> (2 * a)) & 3) == v:
                continue  # the covered card made this line already
            left = counts[k + a] if values[k + a] == v else 0
            right = counts[k + 3 + a] if values[k + 3 + a] == v else 0
            run = 1 + left + right
            if run < _RUN_MIN:
                continue
            if a == COLOUR:
                if run >= _RUN_MAX:
                    out.append((COLOUR, d, left, right, COLOUR_POINTS, seat))
                continue
            points = _FOUR_POINTS if run >= _RUN_MAX else _THREE_POINTS
            if a == NUMBER and rules.strict:
                continue
            out.append((a, d, left, right, points, seat))
            if a == ITEM:
                for s in range(len(rules.jokers)):
                    if rules.jokers[s] == v:
                        out.append((JOKER, d, left, right, points, s))
    return out


def potentials(prof, rules):
    """What any card would score at the profiled cell, by attribute value: points of
    number lines by number-1, of item lines by item, and how many fours each colour
    would make (two directions can make two at once). The same sums as `award`,
    without building lines (for the AI)."""
    values, counts, under = prof
    if rules.restack:
        under = EMPTY
    by_number = [0, 0, 0, 0]
    by_item = [0, 0, 0, 0]
    four = [0, 0, 0, 0]
    for d in range(4):
        k = d * 6
        for a in range(_ATTRS):
            left = counts[k + a]
            right = counts[k + 3 + a]
            if left + right + 1 < _RUN_MIN:
                continue  # no value runs long enough here
            lv = values[k + a]
            rv = values[k + 3 + a]
            # Only a neighbour's value can make a run of _RUN_MIN: lv, and rv
            # when it differs (a side without a card counts 0 either way).
            for j in range(2):
                v = lv if j == 0 else rv
                if j == 1 and rv == lv:
                    break
                if under != EMPTY and ((under >> (2 * a)) & 3) == v:
                    continue
                run = 1 + (left if lv == v else 0) + (right if rv == v else 0)
                if run < _RUN_MIN:
                    continue
                if a == COLOUR:
                    if run >= _RUN_MAX:
                        four[v] += 1
                    continue
                points = _FOUR_POINTS if run >= _RUN_MAX else _THREE_POINTS
                if a == NUMBER:
                    by_number[v] += points
                else:
                    by_item[v] += points
    return by_number, by_item, four


def card_gains(pot, card, seat, rules, seats):
    """`gains(award(...))` for one card, from `potentials`: (points per seat, ends)."""
    by_number, by_item, four = pot
    g = [0] * seats
    item = (card >> 2) & 3
    mine = by_item[item]
    if not rules.strict:
        mine += by_number[card & 3]
    fours = four[card >> 4]
    ends = fours > 0
    if ends:
        mine += COLOUR_POINTS * fours
    g[seat] = mine
    if by_item[item]:
        for s in range(seats):
            if rules.jokers[s] == item:
                g[s] += by_item[item]
    return g, ends


def gains(awarded, seats):
    """Points per seat from `award`'s tuples, and whether the game ends."""
    g = [0] * seats
    ends = False
    for t in awarded:
        g[t[5]] += t[4]
        if t[0] == COLOUR:
            ends = True
    return g, ends


def lines(awarded, card, x, y):
    """`award`'s tuples as Line objects with their cells, for screens and logs."""
    out = []
    for kind, d, left, right, points, seat in awarded:
        dx, dy = DIRS[d]
        cells = []
        for i in range(-left, right + 1):
            cells.append((x + i * dx, y + i * dy))
        value = (card >> (2 * (ITEM if kind == JOKER else kind))) & 3
        out.append(Line(kind, value, tuple(cells), points, seat))
    return out
