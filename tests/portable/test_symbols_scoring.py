"""Symbol game scoring: the rule books' examples and edge cases."""

from crisscross.dice import notation, symbols

# Knizia 2017 basic example; the blanks lost from the text are the sixth symbol (=).
BASIC_EXAMPLE = """
X X ^ ^ O
X / ^ ^ #
# / = = #
^ / = ^ #
X # = O #
"""

ADVANCED_EXAMPLE = """
O O / O X
X = = X ^
X # = ^ ^
X X O O ^
X # / / /
"""


def sheet(text):
    return notation.parse(text, "symbols")


def test_basic_example_scores_28_line_by_line():
    s = symbols.score_sheet(sheet(BASIC_EXAMPLE))
    assert s.rows == [4, 2, 2, 0, 0]
    assert s.cols == [2, 3, 5, 2, 8]
    assert s.diag is None
    assert s.total == 28


def test_advanced_example_scores_24_line_by_line():
    s = symbols.score_sheet(sheet(ADVANCED_EXAMPLE), advanced=True)
    assert s.rows == [2, 2, 2, 4, 3]
    assert s.cols == [8, -5, 2, -5, 3]
    assert s.diag == 4
    assert s.total == 24


def test_advanced_example_under_basic_rules_drops_diagonal_and_penalties():
    s = symbols.score_sheet(sheet(ADVANCED_EXAMPLE))
    assert s.cols == [8, 0, 2, 0, 3]
    assert s.total == 13 + 13


def test_run_lengths_score_2_3_8_10():
    cells = bytearray(25)
    for n, points in ((1, 0), (2, 2), (3, 3), (4, 8), (5, 10)):
        for c in range(5):
            cells[c] = symbols.CROSS if c < n else 0
        assert symbols.line_score(cells, (0, 1, 2, 3, 4)) == points


def test_empty_cells_break_runs_and_never_score():
    s = sheet("XX.XX\n.....\n=.=.=\n/////\n.....")
    assert s[2] == 0
    assert symbols.line_score(s, (0, 1, 2, 3, 4)) == 4  # two pairs, not a run of 4
    assert symbols.line_score(s, (5, 6, 7, 8, 9)) == 0  # empty cells are no symbol
    assert symbols.line_score(s, (10, 11, 12, 13, 14)) == 0
    assert symbols.line_score(s, (15, 16, 17, 18, 19)) == 10


def test_two_runs_in_one_line_add_up():
    s = sheet("XX/OO\n###==\n.....\n.....\n.....")
    assert symbols.score_sheet(s).rows[:2] == [4, 5]


def test_diagonal_rises_from_bottom_left_and_counts_twice():
    s = sheet("....X\n...X.\n..X..\n.X...\nX....")
    score = symbols.score_sheet(s, advanced=True)
    assert score.diag == 10
    # Every row and column holds one symbol: 10 lines at -5, plus 2 * 10.
    assert score.total == -50 + 20
    # The falling diagonal is not a line of the game.
    falling = sheet("X....\n.X...\n..X..\n...X.\n....X")
    assert symbols.score_sheet(falling, advanced=True).diag == -5


def test_zero_diagonal_costs_minus_five_twice():
    s = sheet("XXXXX\nXXXXX\nXXXXX\nXXXX/\n/XXXX")
    score = symbols.score_sheet(s, advanced=True)
    assert score.diag == 8  # X X X X above the bottom-left slash
    empty = symbols.score_sheet(bytearray(25), advanced=True)
    assert empty.diag == -5
    assert empty.total == -5 * 10 - 10


def test_solo_ranks_from_the_rule_text():
    cases = (
        (45, "Cross Master"),
        (30, "Cross Master"),
        (29, "X-tra Special"),
        (25, "X-tra Special"),
        (24, "Symbol Simon"),
        (20, "Symbol Simon"),
        (19, "Line Sweeper"),
        (15, "Line Sweeper"),
        (14, "Column Counter"),
        (0, "Column Counter"),
        (-20, "Column Counter"),
    )
    for total, title in cases:
        assert symbols.rank_title(total) == title, (total, title)


def test_lines_for_tie_break_keep_the_diagonal_single():
    s = symbols.score_sheet(sheet(ADVANCED_EXAMPLE), advanced=True)
    assert s.diag == 4 and s.lines()[-1] == 4  # its own score, not 8
    assert sorted(s.lines(), reverse=True)[0] == 8  # the column of 8
