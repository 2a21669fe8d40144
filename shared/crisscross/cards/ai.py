"""Computer opponents for the card game: 'easy' and 'hard'.

easy: plays the card and place that score it the most points now (ties broken at
random), but one turn in _EASY_WANDER it plays any legal move instead.
hard: scores every move as its own points minus the best reply it leaves any
opponent (one ply of look-ahead). Opponents' hands are hidden, so a reply may use
any card of their colour not yet on the table. A reply that ends the game with a
colour four while this seat is not ahead counts as a loss, so hard blocks it; a
colour four of its own is taken only when it wins. To stay fast on the device, only
the cells whose lines run through the new card are looked at again after each
candidate move; every other cell keeps the value it had before.
Randomness (easy's wandering, ties) comes from the Rng passed in.
"""

from crisscross.compat import const
from crisscross.cards import scoring
from crisscross.cards.table import CELLS, EMPTY, SIZE

EASY = "easy"
HARD = "hard"
LEVELS = (EASY, HARD)
_EASY_WANDER = const(4)
_WIN = const(1000)  # beyond any points a single move can make
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
_REACH = const(3)  # a scoring run is at most 4 long, so 3 cells either side


def choose(game, level, rng):
    """The move (card, x, y) for the seat to play, or None when it must pass."""
    out = []
    for _ in choose_steps(game, level, rng, out):
        pass
    return out[0]


def choose_steps(game, level, rng, out):
    """choose() appended to `out`, a step at a time: a generator that yields
    after each piece of a few ms on a board (a row of the opponents' replies, a
    candidate move's replies of one opponent), so a screen can search while A
    is held. The same move."""
    if level != EASY and level != HARD:
        raise ValueError("unknown level: %s" % level)
    n = _count(game)
    if not n:
        out.append(None)
    elif level == EASY:
        out.append(_easy(game, n, rng))
    else:
        yield from _hard_steps(game, rng, out)


# The moves are game.legal_moves(): every card of the hand in turn, each on its
# spots row by row. The searches walk them cell by cell instead (_moves), what
# any card scores at a cell worked out once and let go, with no list of every
# move nor of every cell's profile (both large on a bare table): a move is its
# key, card * CELLS + cell (its rank in legal_moves() order), and the tied best
# moves are put back in that order before one is picked.
def _moves(game, pot=None, only=-1):
    """The legal moves of the seat to play, cell by cell (row by row), each
    cell's cards in hand order, or hand index `only` alone: yields each move's
    key j * CELLS + i (hand index j, cell i), so a move makes no object. With
    `pot`, a list of one: pot[0] is what any card scores at the cell
    (scoring.potentials) when one of its moves is yielded, made once per cell."""
    t = game.table
    hand = game.hands[game.turn]
    first = 0 if only < 0 else only
    stop = len(hand) if only < 0 else only + 1
    for i in range(CELLS):
        x = i % SIZE
        y = i // SIZE
        made = pot is None
        for j in range(first, stop):
            if t.can_place(hand[j], x, y):
                if not made:
                    pot[0] = scoring.potentials(scoring.profile(t, x, y), game.rules)
                    made = True
                yield j * CELLS + i


def _count(game):
    """len(game.legal_moves()), without the list."""
    if game.over:
        return 0
    n = 0
    for _ in _moves(game):
        n += 1
    return n


def _nth(game, k):
    """game.legal_moves()[k], without the list: card by card, cell by cell."""
    for j in range(len(game.hands[game.turn])):
        for key in _moves(game, None, j):
            if not k:
                return _move(game, key)
            k -= 1
    return None


def _move(game, key):
    """The move (card, x, y) of a key."""
    i = key % CELLS
    return (game.hands[game.turn][key // CELLS], i % SIZE, i // SIZE)


def _pick(keys, game, rng):
    """One of the tied best moves (their keys), as picking from them in
    legal_moves() order would."""
    keys.sort()
    return _move(game, keys[rng.below(len(keys))])


def _easy(game, n, rng):
    if rng.below(_EASY_WANDER) == 0:
        return _nth(game, rng.below(n))
    me = game.turn
    hand = game.hands[me]
    best = None
    pool = []
    pot = [None]
    for key in _moves(game, pot):
        g, _ = scoring.card_gains(
            pot[0], hand[key // CELLS], me, game.rules, game.seats
        )
        if best is None or g[me] > best:
            best = g[me]
            pool = [key]
        elif g[me] == best:
            pool.append(key)
    return _pick(pool, game, rng)


class _Replies:
    """Best replies of one opponent: its value for a cell is the most it can gain
    over this seat by playing there, or _WIN when that ends the game with this seat
    not ahead. Values of 0 or less are not kept: a reply elsewhere costs nothing."""

    def __init__(self, game, me, opp):
        self.game = game
        self.me = me
        self.opp = opp
        self.cards = game.unplayed(opp)
        self.ranked = None  # rank_steps() fills it

    def rank_steps(self):
        """Value every cell of the table as it is, best first into `ranked`
        (a generator: it yields after each row)."""
        ranked = []
        t = self.game.table
        for y in range(SIZE):
            for x in range(SIZE):
                v = self.value(t, x, y)
                if v > 0:
                    ranked.append((v, y * SIZE + x))
            yield
        ranked.sort()
        ranked.reverse()
        self.ranked = ranked  # best first

    def value(self, t, x, y):
        i = y * SIZE + x
        top = t.top[i]
        if top == EMPTY:
            if not t.fits(x, y):
                return 0
        elif i == t.last:
            return 0
        if not _could_score(t.top, x, y):
            return 0
        game = self.game
        rules = game.rules
        pot = scoring.potentials(scoring.profile(t, x, y), rules)
        by_number, by_item, four = pot
        # scoring.card_gains(...)[opp] - [me] without its list: the reply's own
        # lines and the jokers' bonus for the item lines (the whole gains only
        # when the reply ends the game, for _behind).
        strict = rules.strict
        mine = rules.jokers[self.me]
        theirs = rules.jokers[self.opp]
        best = 0
        for c in self.cards:
            if top != EMPTY and (top & 3) != (c & 3):
                continue
            item = (c >> 2) & 3
            lines = by_item[item]
            v = lines if strict else lines + by_number[c & 3]
            if lines:
                if theirs == item:
                    v += lines
                if mine == item:
                    v -= lines
            if four[c >> 4]:
                g, _ = scoring.card_gains(pot, c, self.opp, rules, game.seats)
                if _behind(game, g, self.me):
                    v = _WIN
                else:
                    v += scoring.COLOUR_POINTS * four[c >> 4]
            if v > best:
                best = v
        return best

    def after(self, t, changed, cap):
        """The best reply on table `t` (after a move) given the cells `changed` by
        it; once one is found above `cap`, that one (the move is out anyway)."""
        best = 0
        for v, i in self.ranked:
            if i in changed:
                continue
            x = i % SIZE
            y = i // SIZE
            if t.top[i] != EMPTY or t.fits(x, y):
                best = v
                break
        if best > cap:
            return best
        for i in changed:
            v = self.value(t, i % SIZE, i // SIZE)
            if v > best:
                best = v
                if best > cap:
                    return best
        return best


def _share(a, b):
    """Do cards `a` and `b` (EMPTY: no card) share a number, item or colour?"""
    if a == EMPTY or b == EMPTY:
        return False
    z = a ^ b
    return not (z & 3) or not (z & 12) or not (z & 48)


def _could_score(top, x, y):
    """scoring.could_score(scoring.profile(t, x, y)) from the cells `top` of
    table t, without the profile: in some direction the two cards next to
    (x, y) on one side, or the one on each side, share a number, item or
    colour (a card at (x, y) could make a run of 3). Most cells a candidate
    move changes can score nothing: this tells them apart in a fraction of the lines."""
    for dx, dy in scoring.DIRS:
        a = _top(top, x + dx, y + dy)
        b = _top(top, x - dx, y - dy)
        if a != EMPTY:
            if _share(a, b) or _share(a, _top(top, x + dx + dx, y + dy + dy)):
                return True
        if b != EMPTY and _share(b, _top(top, x - dx - dx, y - dy - dy)):
            return True
    return False


def _top(top, x, y):
    """Table.at from its cells."""
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return top[y * SIZE + x]
    return EMPTY


def _behind(game, g, me):
    """After gains `g`, would `me` fail to be strictly ahead of every other seat?"""
    mine = game.scores[me] + g[me]
    for s in range(game.seats):
        if s != me and game.scores[s] + g[s] >= mine:
            return True
    return False


def _occupied_run(t, x, y, dx, dy):
    """How many occupied cells follow (x, y) in direction (dx, dy)."""
    n = 0
    for _ in range(_REACH):
        x += dx
        y += dy
        if t.at(x, y) == EMPTY:
            break
        n += 1
    return n


def _changed(t, x, y, before_last):
    """Cells whose best reply a card at (x, y) can change: those a run through it
    reaches over occupied cells, if that run could be 3 long with them, and the
    previous last card, which may now be covered."""
    out = []
    for dx, dy in _STEPS:
        cx = x
        cy = y
        for k in range(1, _REACH + 1):
            cx += dx
            cy += dy
            if not (0 <= cx < SIZE and 0 <= cy < SIZE):
                break
            empty = t.top[cy * SIZE + cx] == EMPTY
            # From k = 2 on, this cell, the cards between and the new card make 3;
            # next to the new card a third must lie past this cell or behind it.
            if (
                k >= 2
                or _occupied_run(t, cx, cy, dx, dy)
                or _occupied_run(t, x, y, -dx, -dy)
            ):
                out.append(cy * SIZE + cx)
            if empty:
                break
    if before_last >= 0 and before_last not in out:
        out.append(before_last)
    return out


def _hard_steps(game, rng, out):
    me = game.turn
    hand = game.hands[me]
    table = game.table
    opponents = []
    for s in range(game.seats):
        if s != me and game.hands[s]:
            r = _Replies(game, me, s)
            yield from r.rank_steps()
            opponents.append(r)
    scratch = table.copy()  # each candidate move is placed here and taken back
    best = None
    pool = []
    pot = [None]
    cell = -1
    changed = None
    for key in _moves(game, pot):
        card = hand[key // CELLS]
        i = key % CELLS
        x = i % SIZE
        y = i // SIZE
        if i != cell:  # the cells a move changes depend on the cell alone
            cell = i
            changed = None
        g, ends = scoring.card_gains(pot[0], card, me, game.rules, game.seats)
        lead = g[me]
        for s in range(game.seats):
            if s != me and g[me] - g[s] < lead:
                lead = g[me] - g[s]
        if ends:
            v = (-_WIN if _behind(game, g, me) else _WIN) + lead
        else:
            below = scratch.top[i]
            mark = scratch.mark()
            scratch.place(card, x, y)
            if changed is None:
                changed = _changed(scratch, x, y, table.last)
            # A move whose threat goes above `cap` is worse than the best so
            # far: its search stops there (the same choice, found sooner).
            cap = _WIN + _WIN if best is None else lead - best
            threat = 0
            for r in opponents:
                t = r.after(scratch, changed, cap)
                if t > threat:
                    threat = t
                yield  # a step per opponent's replies
                if threat > cap:
                    break
            scratch.take_back(x, y, below, mark)
            v = lead - threat
        if best is None or v > best:
            best = v
            pool = [key]
        elif v == best:
            pool.append(key)
        if ends or not opponents:  # no replies looked at: a step of its own
            yield
    out.append(_pick(pool, game, rng))
