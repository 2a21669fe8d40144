"""Sheets as text: 5 lines of 5 cells, spaces between cells optional.

Symbols: / X O ^ = # and . for empty. Digits: 0-9 and . for empty.
"""

from crisscross.dice import symbols, digits


class NotationError(ValueError):
    """A malformed sheet; `line` and `cell` are 1-based (cell 0: the line itself)."""

    def __init__(self, message, line=0, cell=0):
        ValueError.__init__(self, message)
        self.message = message
        self.line = line
        self.cell = cell


def _chars_for(game):
    return symbols.CHARS if game == "symbols" else digits.CHARS


def parse(text, game="symbols"):
    """Text -> bytearray(25) in the engine's cell values; NotationError if bad."""
    chars = _chars_for(game)
    lines = [ln for ln in text.replace("\r", "").split("\n") if ln.strip()]
    n = len(lines)
    if n != 5:
        raise NotationError(
            "expected 5 lines of 5 cells, got %d line%s" % (n, "" if n == 1 else "s")
        )
    cells = bytearray(25)
    for r in range(5):
        row = lines[r].replace(" ", "").replace("\t", "")
        if game == "symbols":
            row = row.replace("x", "X").replace("o", "O")
        for c in range(len(row)):
            if c >= 5:
                raise NotationError(
                    "line %d: more than 5 cells (%r)" % (r + 1, lines[r].strip()),
                    r + 1,
                    6,
                )
            v = chars.find(row[c])
            if v < 0:
                raise NotationError(
                    "line %d, cell %d: %r is not one of %s"
                    % (r + 1, c + 1, row[c], " ".join(chars)),
                    r + 1,
                    c + 1,
                )
            cells[r * 5 + c] = v
        if len(row) < 5:
            raise NotationError(
                "line %d: %d cells, expected 5" % (r + 1, len(row)), r + 1, len(row) + 1
            )
    return cells


def row_text(cells, r, game="symbols", sep=""):
    chars = _chars_for(game)
    return sep.join(chars[cells[r * 5 + c]] for c in range(5))


def format_sheet(cells, game="symbols", sep=" "):
    return "\n".join(row_text(cells, r, game, sep) for r in range(5))
