"""The word table's mark of the last play leaves every letter as it is: each of
A-Z (and a-z, the wild cards) looks the same marked and unmarked, the 26 stay
distinct from each other, and no pixel of a mark comes within a pixel of a
letter, so no mark joins a letter's strokes (an underline under a T made it
read as I). The frames are tests/golden/words-letters*.txt."""

from crisscross.words.ui.draw import BX, BY, CELL
from screentour import words_letters


def _lit(frame):
    """{(x, y)} of the lit pixels of a 128x64 MONO_VLSB frame."""
    out = set()
    for x in range(128):
        for page in range(8):
            b = frame[page * 128 + x]
            for bit in range(8):
                if b >> bit & 1:
                    out.add((x, page * 8 + bit))
    return out


def _cells():
    """(x, y) of the top-left pixel of each letter's cell, A first (as
    screentour.words_letters lays them: three rows of 9 from column 1)."""
    return [(BX + (1 + i % 9) * CELL, BY + 2 * (i // 9) * CELL) for i in range(26)]


def _cell(lit, x0, y0):
    return tuple(
        (x - x0, y - y0)
        for (x, y) in sorted(lit)
        if 0 <= x - x0 < 9 and 0 <= y - y0 < 9
    )


def _check(wild):
    (_, plain), (_, marked) = list(words_letters(wild))
    plain, marked = _lit(plain), _lit(marked)
    letters = set()
    shapes = []
    for x0, y0 in _cells():
        shape = _cell(plain, x0, y0)
        assert shape == _cell(marked, x0, y0), (wild, x0, y0)
        shapes.append(shape)
        for dx, dy in shape:
            letters.add((x0 + dx, y0 + dy))
    assert len(set(shapes)) == 26 and () not in shapes
    # Unmarked, only dots on the free cells; marked, more (the arrows): each of
    # their pixels has no letter pixel among its 24 neighbours.
    marks = marked - plain
    assert plain <= marked and len(marks) >= 6 * 8
    for x, y in marks:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                assert (x + dx, y + dy) not in letters, (wild, x, y)


def test_a_marked_letter_looks_as_it_does_unmarked():
    _check(False)


def test_a_marked_wild_letter_looks_as_it_does_unmarked():
    _check(True)
