"""A play and the table as text for people: the command line (host/play/play_words.py),
self-play's summaries and tests. No game needs it while it is played, so it is
not part of crisscross.words.game or .board (docs/architecture.md).
"""

from crisscross.compat import const
from crisscross.words import deck
from crisscross.words.board import LETTER_MASK, WILD_BIT, Board
from crisscross.words.game import put_int

_CELL_MAX = const(1000)  # |row| and |column| written by cells_text's buffer
_CELL_CHARS = const(12)  # "-999,-999,A " at most per card


def cells_text(cells, head=""):
    """'3,3,C 3,5,n' for a play (lower case: a wild card), after `head`.

    Written into one buffer: a string and a tuple per card would be garbage (the
    command line and `selfplay.summary` write a play's cells with it)."""
    buf = bytearray(len(head) + _CELL_CHARS * len(cells))
    k = 0
    for ch in head:
        buf[k] = ord(ch)
        k += 1
    for r, c, letter, wild in cells:
        if not (-_CELL_MAX < r < _CELL_MAX and -_CELL_MAX < c < _CELL_MAX):
            return head + _cells_text(cells)  # off any table: written plainly
        if k > len(head):
            buf[k] = 32  # " "
            k += 1
        k = put_int(buf, k, r)
        buf[k] = 44  # ","
        k = put_int(buf, k + 1, c)
        buf[k] = 44
        buf[k + 1] = (97 if wild else 65) + letter
        k += 2
    return str(memoryview(buf)[:k], "ascii")


def _cells_text(cells):
    parts = []
    for r, c, letter, wild in cells:
        ch = deck.ALPHABET[letter]
        parts.append("%d,%d,%s" % (r, c, ch.lower() if wild else ch))
    return " ".join(parts)


def rows(board):
    """The layout as text lines ('.' empty, lowercase for a wild card)."""
    lines = []
    for r in range(board.top, board.bottom + 1):
        chars = []
        for c in range(board.left, board.right + 1):
            v = board.get(r, c)
            if v < 0:
                chars.append(".")
            else:
                ch = chr(65 + (v & LETTER_MASK))
                chars.append(ch.lower() if v & WILD_BIT else ch)
        lines.append("".join(chars))
    return lines


def from_rows(lines, top=0, left=0):
    """A board from text lines as `rows` writes them (for tests and notation)."""
    b = Board()
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if ch != "." and ch != " ":
                b.put(top + i, left + j, ord(ch.upper()) - 65, ch.islower())
    return b


def parse_hand(text):
    """'AEH*' -> [0, 4, 7, 26]; raises ValueError on other characters."""
    out = []
    for ch in text:
        c = deck.code(ch)
        if c < 0:
            raise ValueError("not a card: %r" % ch)
        out.append(c)
    return out
