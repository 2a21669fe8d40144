"""The AI in the digits game: legal in every variant, deterministic, sensible."""

from crisscross.dice import ai, notation
from crisscross.dice.digits import DigitsGame


def position(text, digit, variant="", players=1, rounds_done=20):
    """A game at `rounds_done` with this sheet (digits as text) and next digit."""
    game = DigitsGame(2, players, variant)
    game.sheets[0][:] = notation.parse(text, "digits")
    rolls = bytearray(game.rolls)
    rolls[len(game.sheets) + rounds_done] = digit
    game.rolls = bytes(rolls)
    game.round = rounds_done
    game.turn = rounds_done % 2 if variant == "versus" else 0
    return game


def play_out(game, level):
    while not game.over:
        move = ai.choose(game, level)
        assert game.is_legal(move)
        game.place(move)
    return game


def test_every_level_plays_legal_moves_in_every_variant():
    for level in ("device", "greedy", "random"):
        for game in (
            DigitsGame(1),
            DigitsGame(2, 3, "cc"),
            DigitsGame(3, 2, "versus"),
        ):
            play_out(game, level)
            assert game.round == 24
            for sheet in game.sheets:
                assert all(sheet)


def test_strongest_plays_legal_moves_late_in_a_game():
    for variant, players in (("", 1), ("cc", 2), ("versus", 2)):
        game = DigitsGame(8, players, variant)
        while game.round < 19:
            game.place(ai.choose(game, "device"))
        play_out(game, "strongest")


def test_same_position_same_move():
    for variant, players in (("", 1), ("cc", 1), ("versus", 2)):
        a = DigitsGame(6, players, variant)
        b = DigitsGame(6, players, variant)
        for _ in range(7):
            a.place(ai.choose(a, "device"))
            b.place(ai.choose(b, "device"))
        for level in ("device", "strongest", "random"):
            assert ai.hint(a, level) == ai.hint(b, level)


def test_versus_rows_seat_takes_a_row_point():
    # Seat 0 scores rows. A 7 makes a pair only in row 1 (cells 5-9), where the
    # one empty cell is 9; its column E holds no 7, so the columns gain nothing.
    text = """
    1 2 3 4 .
    7 9 0 5 .
    2 4 6 . .
    8 . 3 . 1
    . 0 . 5 9
    """
    for level in ("device", "strongest"):
        game = position(text, 7, "versus", 2, rounds_done=16)
        assert game.turn == 0
        rows_before = game.score(0).total
        move = ai.choose(game, level)
        game.place(move)
        assert game.score(0).total > rows_before, (level, move)


def test_columns_seat_scores_for_itself():
    # Seat 1 scores columns: with a 3 it takes the column C pair (3 under 3).
    # (Row A reads 1 2 3 6: no sequence of the rows' to spoil with the 3.)
    text = """
    1 2 3 6 .
    7 9 . 5 .
    2 4 6 . .
    8 . 0 . 1
    . 0 . 5 9
    """
    for level in ("device", "strongest"):
        game = position(text, 3, "versus", 2, rounds_done=15)
        assert game.turn == 1
        before = game.score(1).total
        game.place(ai.choose(game, level))
        assert game.score(1).total > before


def test_criss_and_cross_lifts_the_lower_side():
    # Rows score 3 (the 5s), columns 0. An 8 in cell 24 pairs column E's 8; in
    # cell 3 it scores nothing. Two digits are left.
    text = """
    5 5 5 . 1
    0 2 4 6 8
    1 3 7 9 6
    4 0 8 2 7
    9 6 1 3 .
    """
    for level in ("device", "strongest"):
        game = position(text, 8, "cc", rounds_done=22)
        assert game.score(0).total == 0
        move = ai.choose(game, level)
        assert move == 24, (level, move)
        assert game.score(0).total == 0
        game.place(move)
        assert game.score(0).total == 1


def test_hint_values():
    game = DigitsGame(4)
    move, value = ai.hint(game, "device")
    assert game.is_legal(move) and 5 < value < 80
    assert ai.hint(game, "greedy")[1] is None


def test_the_look_ahead_gives_the_plain_expectation_on_random_sheets():
    """Lookahead (the line values it needs tabled once, the best cell found
    from the gains) gives every candidate the expectation Sheet.expected()
    computes by placing the candidate and each next digit in every cell and
    valuing the whole sheet afresh, on random sheets of every variant and
    stage; and a sheet kept up to date by set() is valued as one built afresh."""
    from crisscross.dice import ai_digits as D
    from crisscross.rng import Rng

    rng = Rng(77)
    table = D.table()
    checked = 0
    for n in range(12):
        variant = ("", "cc", "versus")[n % 3]
        seat = rng.below(2) if variant == "versus" else 0
        cells = bytearray(25)
        for _ in range(rng.below(24)):
            free = [c for c in range(25) if not cells[c]]
            cells[free[rng.below(len(free))]] = 1 + rng.below(10)
        sheet = D.Sheet(cells, table, variant, seat)
        d = rng.below(10)
        ahead = D.Lookahead(sheet, d)
        for cell in sheet.empties():
            sheet.set(cell, d, 1)
            want = sheet.expected()
            fresh = D.Sheet(sheet.cells, table, variant, seat)
            assert sheet.totals() == fresh.totals()
            sheet.set(cell, d, -1)
            if want is None:  # the candidate fills the sheet
                want = fresh.worth(seat)
            assert ahead.expected(cell) == want, (bytes(cells), d, cell, variant)
            checked += 1
        assert bytes(sheet.cells) == bytes(cells)  # every candidate taken back
    assert checked > 40
