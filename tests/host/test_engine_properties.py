"""Property tests (hypothesis) for scoring and legal placement."""

import itertools

from hypothesis import given, settings, strategies as st

from crisscross.dice import digits, symbols
from crisscross.dice.digits import DigitsGame
from crisscross.dice.grid import COLS, ROWS, isolated
from crisscross.rng import Rng
from crisscross.dice.symbols import SymbolsGame

symbol_sheets = st.lists(st.integers(0, 6), min_size=25, max_size=25).map(bytearray)
digit_sheets = st.lists(st.integers(0, 10), min_size=25, max_size=25).map(bytearray)


def reference_runs(values):
    """Independent reference: itertools.groupby over the line."""
    total = 0
    for v, group in itertools.groupby(values):
        n = len(list(group))
        if v:
            total += {1: 0, 2: 2, 3: 3, 4: 8, 5: 10}[n]
    return total


def transpose(cells):
    return bytearray(cells[c * 5 + r] for r in range(5) for c in range(5))


@given(symbol_sheets)
def test_symbol_lines_match_a_reference(cells):
    s = symbols.score_sheet(cells)
    assert s.rows == [reference_runs([cells[i] for i in line]) for line in ROWS]
    assert s.cols == [reference_runs([cells[i] for i in line]) for line in COLS]
    assert s.total == sum(s.rows) + sum(s.cols)


@given(symbol_sheets)
def test_transposing_swaps_rows_and_columns(cells):
    a, b = symbols.score_sheet(cells), symbols.score_sheet(transpose(cells))
    assert a.rows == b.cols and a.cols == b.rows


@given(symbol_sheets)
def test_advanced_total_is_basic_plus_penalties_and_double_diagonal(cells):
    basic = symbols.score_sheet(cells)
    adv = symbols.score_sheet(cells, advanced=True)
    zeros = sum(1 for v in basic.rows + basic.cols if v == 0)
    diag = symbols.line_score(cells, (20, 16, 12, 8, 4))
    assert adv.total == basic.total - 5 * zeros + 2 * (diag or -5)
    assert all(v != 0 for v in adv.rows + adv.cols)


@given(symbol_sheets, st.permutations(range(6)))
def test_renaming_symbols_keeps_the_score(cells, perm):
    renamed = bytearray(perm[v - 1] + 1 if v else 0 for v in cells)
    assert (
        symbols.score_sheet(renamed, True).total
        == symbols.score_sheet(cells, True).total
    )


@given(digit_sheets, st.permutations(range(5)))
def test_digit_lines_ignore_order_within_the_line(cells, perm):
    for line in ROWS + COLS:
        shuffled = tuple(line[k] for k in perm)
        assert digits.line_score(cells, line) == digits.line_score(cells, shuffled)


@given(st.lists(st.integers(0, 9), min_size=5, max_size=5))
def test_digit_line_score_matches_a_reference(values):
    cells = bytearray(v + 1 for v in values) + bytearray(20)
    counts = [values.count(d) for d in range(10)]
    expected = sum({0: 0, 1: 0, 2: 1, 3: 3, 4: 6, 5: 10}[c] for c in counts)
    s = set(values)
    runs = [set(range(k, k + 5)) for k in range(6)] + [{6, 7, 8, 9, 0}]
    if len(s) == 5 and s in runs:
        expected += 5
    assert digits.line_score(cells, (0, 1, 2, 3, 4)) == expected


@settings(max_examples=60)
@given(st.integers(0, 2**31), st.integers(0, 11), st.integers(0, 10**6))
def test_legal_moves_are_exactly_the_adjacent_empty_pairs(seed, steps, pick):
    g = SymbolsGame(seed)
    rng = Rng(pick)
    for _ in range(steps):
        if g.over:
            return
        moves = g.legal_moves()
        g.place(moves[rng.below(len(moves))])
    if g.over:
        return
    cells = g.sheet()
    a, b = g.dice()
    expected = set()
    for i in range(25):
        for j in range(25):
            r1, c1, r2, c2 = i // 5, i % 5, j // 5, j % 5
            if abs(r1 - r2) + abs(c1 - c2) == 1 and not cells[i] and not cells[j]:
                if a != b or i < j:
                    expected.add((i, j))
    assert set(g.legal_moves()) == expected
    for m in expected:
        assert g.is_legal(m)
    before = bytes(cells)
    i, j = sorted(expected)[pick % len(expected)]
    g.place((i, j))
    changed = [k for k in range(25) if before[k] != g.sheet_of(0)[k]]
    assert sorted(changed) == sorted((i, j))


@settings(max_examples=60)
@given(st.integers(0, 2**31), st.integers(0, 10**6), st.booleans())
def test_every_game_ends_full_or_with_only_isolated_cells(seed, pick, advanced):
    g = SymbolsGame(seed, 1, advanced)
    rng = Rng(pick)
    while not g.over:
        moves = g.legal_moves()
        g.place(moves[rng.below(len(moves))])
    empty = [i for i in range(25) if not g.sheet_of(0)[i]]
    assert g.round <= 12
    assert sorted(isolated(g.sheet_of(0))) == empty
    assert len(g.history) == 12 - len(empty) // 2


@settings(max_examples=40)
@given(st.integers(0, 2**31), st.integers(0, 24), st.sampled_from(["", "cc", "versus"]))
def test_codes_round_trip_mid_game(seed, steps, variant):
    g = DigitsGame(seed, 2, variant)
    rng = Rng(seed)
    for _ in range(steps):
        moves = g.legal_moves()
        g.place(moves[rng.below(len(moves))])
    h = DigitsGame.decode(g.encode())
    assert [bytes(s) for s in h.sheets] == [bytes(s) for s in g.sheets]
    assert (h.round, h.turn, h.over) == (g.round, g.turn, g.over)
