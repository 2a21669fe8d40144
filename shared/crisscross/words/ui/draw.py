"""Drawing the word game's table, top line and hand: shared by the play screen
and the thinking screen (words/ui/think.py), which shows the same table
while a search runs without the play screen's editing code in memory.

The table is a scrolling view of VIEW_ROWS x VIEW_COLS cards of CELL pixels; the
view is the (row, column) of its top-left card.
"""

from array import array

from crisscross import ui
from crisscross.compat import const
from crisscross.words import deck
from crisscross.words.board import LETTER_MASK, WILD_BIT, key

# A play screen's state(), kept by the menu and the thinking screen while the
# play screen's module is unloaded: the play screen's fields of these names, in
# this order (WordsPlay.state() packs them, WordsPlay(app, at) unpacks them):
# the cursor, the direction, the view, the mode, the line's start, the cards
# picked in it, the lines picked before (each with its cards), the strip's
# selection and its scroll. The thinking screen and the menu read by index:
STATE = ("cursor", "dir", "view", "mode", "start", "picks", "lines", "sel", "left")
STATE_VIEW = STATE.index("view")
STATE_PICKS = STATE.index("picks")
STATE_LINES = STATE.index("lines")

CELL = const(9)  # px per card: the 8x8 font letter and a 1 px gap
VIEW_COLS = const(14)
VIEW_ROWS = const(5)
BX = const(1)  # the view's top-left pixel
BY = const(9)
STRIP_Y = const(56)
THINK_AFTER_MS = const(1)  # an AI starts thinking this long after a word is laid
_NEWS_MS = const(700)  # a message of news shows this long per line, on top of TOAST_MS


def home(session):
    """Where a turn's cursor starts: the last play, the middle of the cards, or
    (0, 0) on an empty table."""
    if session.last_cells:
        return session.last_cells[0]
    b = session.game.board
    if b.is_empty():
        return (0, 0)
    return ((b.top + b.bottom) // 2, (b.left + b.right) // 2)


def start_view(session):
    """The view a turn starts with: on the last play, else on home()."""
    return look_at(session.last_cells or [home(session)])


def go_on(app):
    """After a turn taken off the play screen (the menu's draw or pass): save,
    show the screen the session wants now and the news of the turn."""
    app.save()
    news = app.session.take_unseen()
    app.open_session()
    tell(app, news)


def tell(app, news):
    """Show lines of news (the turns since a human's last) in one message; where
    they are more than it holds, its last line says where all of them are (the
    menu's Last moves)."""
    if news:
        from crisscross.app import TOAST_MS

        app.toast(news, TOAST_MS + _NEWS_MS * len(news), "More: hold B")


def look_at(cells):
    """The view centred on these (r, c): the play just made."""
    r0 = r1 = cells[0][0]
    c0 = c1 = cells[0][1]
    for p in cells:
        r0 = min(r0, p[0])
        r1 = max(r1, p[0])
        c0 = min(c0, p[1])
        c1 = max(c1, p[1])
    return ((r0 + r1) // 2 - VIEW_ROWS // 2, (c0 + c1) // 2 - VIEW_COLS // 2)


def draw_top(c, left, right):
    """The inverted top line: `left` (cut with ~ where `right` needs the room)
    and `right`, right-aligned."""
    c.fill_rect(0, 0, 128, CELL, 1)
    width = ui.COLS - len(right) - (1 if right else 0)
    if len(left) > width:
        left = left[: width - 1] + "~"
    c.text(left, 0, 1, 0)
    ui.right(c, right, 128, 1, 0)


def draw_table(c, board, view, last, pending=None):
    """The cards in the view: the words of the `last` play, (r, c) pairs,
    between arrows in the empty cells at their ends (a letter looks the same
    marked or not), `pending` a dict {(r, c): letter} of cards being laid,
    drawn inverted; a dot on other free cells."""
    vr, vc = view
    cells = board._cells  # by key, as Board.get reads them: no call per cell
    arrows = _arrows(board, last)  # how many
    for i in range(VIEW_ROWS):
        r = vr + i
        y = BY + i * CELL
        k = key(r, vc)
        for j in range(VIEW_COLS):
            cc = vc + j
            x = BX + j * CELL
            # No (r, cc) tuple per cell and frame unless cards are pending.
            ch = pending.get((r, cc)) if pending else None
            if ch is not None:
                c.fill_rect(x, y, CELL, CELL, 1)
                c.text(ch, x + 1, y + 1, 0)
                continue
            v = cells.get(k + j, -1)
            if v >= 0:
                c.text(
                    chr((97 if v & WILD_BIT else 65) + (v & LETTER_MASK)),
                    x + 1,
                    y + 1,
                    1,
                )
            elif not (arrows and _arrow(c, arrows, k + j, x, y)):
                c.pixel(x + 4, y + 4, 1)


# The arrows of the last play, worked out once per play (_arrows) into arrays
# made once: no allocation when a play is laid. An arrow is the key of its empty
# cell and the step from it into its word (+-1 across, +-_DOWN down).
_DOWN = const(1024)  # board.SPAN: one row down in a key
_MOST = const(16)  # arrows at most: two per word (a Square Effect's first words)
_keys = array("i", [0] * _MOST)
_steps = array("i", [0] * _MOST)
_count = 0
_cached = None  # the play (its `last` list) they are of
_cached_board = None  # and its board


def _arrows(board, last):
    """How many arrows there are around the words of the play `last` (_keys,
    _steps): each word its cards lie in, along their line (a lone card's: both
    ways), from the empty cell before it to the one after it."""
    global _count, _cached, _cached_board
    if last is _cached and board is _cached_board:
        return _count
    cells = board._cells
    ways = 0  # 1: two cards share a row, 2: a column
    for p in last:
        for q in last:
            if p is not q:
                ways |= (p[0] == q[0]) | (p[1] == q[1]) << 1
    n = 0
    for step in (1, _DOWN):
        if ways and not ways & (1 if step == 1 else 2):
            continue
        for p in last:
            k = key(p[0], p[1])
            if k not in cells:
                continue
            start = k
            while start - step in cells:
                start -= step
            end = k
            while end + step in cells:
                end += step
            if start != end and n < _MOST and not _has(n, start - step, step):
                _keys[n], _steps[n] = start - step, step
                _keys[n + 1], _steps[n + 1] = end + step, -step
                n += 2
    _count, _cached, _cached_board = n, last, board
    return n


def _has(n, k, step):
    for i in range(n):
        if _keys[i] == k and _steps[i] == step:
            return True
    return False


def _arrow(c, n, k, x, y):
    """Draw the arrows of the empty cell at key `k` (its pixel x, y), each
    pointing into its word, two pixels clear of every letter around; False
    if it has none."""
    found = False
    for i in range(n):
        if _keys[i] == k:
            found = True
            step = _steps[i]
            if step == 1 or step == -1:  # across: base, middle, tip
                base = 3 if step == 1 else 5
                c.vline(x + base, y + 2, 5, 1)
                c.vline(x + 4, y + 3, 3, 1)
                c.pixel(x + 8 - base, y + 4, 1)
            else:
                base = 3 if step > 0 else 5
                c.hline(x + 2, y + base, 5, 1)
                c.hline(x + 3, y + 4, 3, 1)
                c.pixel(x + 4, y + 8 - base, 1)
    return found


def draw_hand(c, hand):
    """The whole hand in order along the bottom line, '>' when it runs over."""
    n = len(hand)
    x = 0
    for i in range(n):
        if x + 8 > (128 if i == n - 1 else 120):
            c.text(">", 120, STRIP_Y, 1)
            return
        c.text(deck.char(hand[i]), x, STRIP_Y, 1)
        x += 8


_THINKING = ("P1 thinking", "P2 thinking", "P3 thinking", "P4 thinking")


def thinking(seat):
    """The top line while seat `seat` (an AI) thinks: made once, not per frame."""
    return _THINKING[seat] if seat < len(_THINKING) else "P%d thinking" % (seat + 1)
