"""Digits game scoring: the dice book's examples and edge cases."""

from crisscross.dice import digits, notation

LINE = (0, 1, 2, 3, 4)


def row(text):
    """A sheet whose first row is `text` (5 chars, '.' empty)."""
    return notation.parse(text + "\n.....\n.....\n.....\n.....", "digits")


def score(text):
    return digits.line_score(row(text), LINE)


def test_roll_to_digit_table_from_the_book():
    table = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 0, 11: 1, 12: 2}
    for total, d in table.items():
        a = min(6, total - 1)
        assert digits.digit(a, total - a) == d


def test_equal_digits_anywhere_in_the_line():
    assert score("77777") == 10
    assert score("7777.") == 6
    assert score("7.777") == 6  # a gap does not matter
    assert score("3.3.3") == 3
    assert score("12.21") == 2  # two pairs
    assert score("5.5.4") == 1
    assert score("12345") == 5 and score("13579") == 0


def test_pair_and_triplet_in_one_line_score_4():
    assert score("88988") == 6  # four equal and a single
    assert score("66966") == 6
    assert score("44455") == 4


def test_sequences_in_any_order():
    assert score("46573") == 5
    assert score("01234") == 5
    assert score("67890") == 5
    assert score("90876") == 5


def test_zero_is_never_in_the_middle_of_a_sequence():
    assert score("78901") == 0
    assert score("89012") == 0


def test_sequence_needs_five_distinct_filled_cells():
    assert score("1234.") == 0
    assert score("12344") == 1  # a pair, no sequence


def test_example_in_progress_from_the_book():
    # First row: one pair (1). Third row: a sequence (5). Third column: a triplet (3).
    cells = notation.parse("7.73.\n..7..\n56789\n..7..\n.....", "digits")
    s = digits.score_sheet(cells)
    assert s.rows == [1, 0, 5, 0, 0]
    assert s.cols[2] == 6  # four 7s in the third column: 6
    cells = notation.parse("7.73.\n.....\n56789\n..7..\n.....", "digits")
    assert digits.score_sheet(cells).cols[2] == 3


def test_criss_and_cross_scores_the_lower_total():
    cells = notation.parse("11111\n22222\n33333\n44444\n55555", "digits")
    s = digits.score_sheet(cells, "cc")
    assert s.rows_total == 50
    assert s.cols_total == 25  # each column is a sequence 1-5
    assert s.total == 25


def test_versus_seats_score_rows_and_columns():
    cells = notation.parse("11111\n22222\n33333\n44444\n55555", "digits")
    assert digits.score_sheet(cells, "versus", 0).total == 50
    assert digits.score_sheet(cells, "versus", 1).total == 25
