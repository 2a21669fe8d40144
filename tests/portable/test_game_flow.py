"""Game flow of the two dice games: rounds, turns, the end, undo, codes."""

from crisscross.dice import notation, policies, symbols
from crisscross.dice.digits import DigitsGame
from crisscross.dice.grid import CENTRE, isolated
from crisscross.rng import Rng
from crisscross.dice.symbols import SymbolsGame


# Eleven placements that leave only two isolated empty cells (6 and 13).
STUCK_AFTER_11 = [
    (1, 2),
    (3, 4),
    (5, 10),
    (7, 8),
    (9, 14),
    (11, 12),
    (15, 16),
    (17, 18),
]
STUCK_AFTER_11 += [(19, 24), (20, 21), (22, 23)]


def play_out(game, seed=1):
    rng = Rng(seed)
    while not game.over:
        game.place(policies.random_move(game, rng))
    return game


def test_same_seed_same_dice_different_seed_different_dice():
    assert SymbolsGame(7).rolls == SymbolsGame(7).rolls
    assert SymbolsGame(7).rolls != SymbolsGame(8).rolls
    for v in SymbolsGame(7).rolls:
        assert 1 <= v <= 6


def test_symbol_dice_are_fair_over_many_seeds():
    counts = [0] * 7
    for seed in range(300):
        for v in symbols.roll_all(seed):
            counts[v] += 1
    n = 300 * 24
    for v in range(1, 7):
        assert abs(counts[v] - n / 6) < n / 6 * 0.1, counts


def test_start_symbol_sits_top_left():
    g = SymbolsGame(1, 3, starts=[4, 2, 6])
    assert [g.sheet_of(p)[0] for p in range(3)] == [4, 2, 6]


def test_start_symbols_must_differ_and_be_valid():
    for bad in ([1, 1], [0, 2], [7, 1]):
        try:
            SymbolsGame(1, 2, starts=bad)
        except ValueError:
            continue
        raise AssertionError("accepted starts %r" % (bad,))
    try:
        SymbolsGame(1, 7)
    except ValueError:
        pass
    else:
        raise AssertionError("accepted 7 players")


def test_a_well_played_game_fills_the_sheet_in_12_rounds():
    g = SymbolsGame(5)
    order = []
    for r in range(5):
        for c in range(0, 5, 1):
            order.append(r * 5 + c)
    # Fill rows left to right in pairs, then the last column top to bottom.
    pairs = [(r * 5 + c, r * 5 + c + 1) for r in range(5) for c in (1, 3)]
    pairs += [(5, 10), (15, 20)]
    for p in pairs:
        assert not g.over
        g.place(p)
    assert g.over
    assert g.round == 12
    assert all(g.sheet_of(0))


def test_game_ends_early_when_only_isolated_cells_remain():
    g = SymbolsGame(2)
    for m in STUCK_AFTER_11:
        assert not g.over
        g.place(m)
    assert g.over
    assert g.round == 11
    assert sorted(isolated(g.sheet_of(0))) == [6, 13]
    assert g.legal_moves() == []


def test_the_player_must_place_when_a_pair_is_free():
    g = SymbolsGame(3)
    assert len(g.legal_moves()) > 0
    try:
        g.place((0, 1))  # the start cell is taken
    except ValueError:
        pass
    else:
        raise AssertionError("placed on the start cell")
    try:
        g.place((6, 8))  # not adjacent
    except ValueError:
        pass
    else:
        raise AssertionError("placed on cells that are not adjacent")


def test_either_order_of_the_two_symbols():
    g = SymbolsGame(11)
    a, b = g.dice()
    while a == b:
        g.place(g.legal_moves()[0])
        a, b = g.dice()
    moves = g.legal_moves()
    assert (6, 7) in moves and (7, 6) in moves
    g.place((7, 6))
    assert g.sheet_of(0)[7] == a and g.sheet_of(0)[6] == b


def test_equal_dice_list_one_order_but_accept_both():
    for seed in range(200):
        g = SymbolsGame(seed)
        a, b = g.dice()
        if a == b:
            moves = g.legal_moves()
            assert (6, 7) in moves and (7, 6) not in moves
            assert g.is_legal((7, 6))
            return
    raise AssertionError("no seed rolled a double")


def test_multiplayer_turns_share_the_roll():
    g = SymbolsGame(4, 3, starts=[1, 2, 3])
    d = g.dice()
    assert g.turn == 0
    g.place((1, 2))
    assert g.turn == 1 and g.dice() == d and g.round == 0
    g.place((1, 2))
    g.place((5, 10))
    assert g.turn == 0 and g.round == 1
    assert g.sheet_of(0)[1] == d[0] and g.sheet_of(2)[5] == d[0]


def test_a_stuck_player_is_skipped_and_the_others_go_on():
    g = SymbolsGame(2, 2, starts=[1, 2])
    moves = STUCK_AFTER_11
    other = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 14), (10, 11), (12, 13), (15, 16)]
    other += [(17, 18), (19, 24), (20, 21)]
    for k in range(11):
        g.place(moves[k])
        g.place(other[k])
    assert not g.can_play(0) and g.can_play(1)
    assert g.turn == 1 and not g.over and g.round == 11
    g.place((22, 23))
    assert g.over and g.round == 12


def test_undo_takes_back_exactly_the_last_placement():
    g = SymbolsGame(9)
    g.place(g.legal_moves()[3])
    before = bytes(g.sheet_of(0)), g.round, g.turn
    g.place(g.legal_moves()[5])
    assert g.undo()
    assert (bytes(g.sheet_of(0)), g.round, g.turn) == before
    assert g.undo() and g.undo() is False
    assert bytes(g.sheet_of(0))[1:] == bytes(24)


def test_encode_decode_replays_exactly():
    g = play_out(SymbolsGame(123, 2, True, [3, 5]))
    h = SymbolsGame.decode(g.encode())
    assert h.encode() == g.encode()
    assert [bytes(s) for s in h.sheets] == [bytes(s) for s in g.sheets]
    assert h.score(1).total == g.score(1).total and h.advanced


def test_decode_mid_game_continues_with_the_same_dice():
    g = SymbolsGame(77)
    for _ in range(5):
        g.place(g.legal_moves()[0])
    h = SymbolsGame.decode(g.encode())
    assert h.round == 5 and h.dice() == g.dice()


def test_decode_rejects_bad_codes_with_a_reason():
    good = SymbolsGame(1).encode()
    bad = [
        "",
        "S1",
        "X1.B.1.1.",
        "S1.B.x.1.",
        "S1.Q.1.1.",
        "S1.B.1.1.a",
        "S1.B.1.1.ab",
        "S1.B.1.1.bz",
        "S1.B.1.11.",
        "S1.B.1.1.bcbc",
        "D1.std.1.1.",
    ]
    assert SymbolsGame.decode(good).history == []
    for text in bad:
        try:
            SymbolsGame.decode(text)
        except ValueError as e:
            assert str(e)
            continue
        raise AssertionError("accepted %r" % text)


def test_digits_game_centre_then_24_digits():
    g = DigitsGame(5)
    assert g.sheet_of(0)[CENTRE] == g.rolls[0] + 1
    assert CENTRE not in g.legal_moves() and len(g.legal_moves()) == 24
    play_out(g)
    assert g.over and all(g.sheet_of(0))
    assert len(g.history) == 24


def test_digits_players_get_their_own_centre_and_share_the_rest():
    g = DigitsGame(8, 4)
    centres = [g.sheet_of(p)[CENTRE] - 1 for p in range(4)]
    assert centres == list(g.rolls[:4])
    d = g.dice()
    for p in range(4):
        assert g.turn == p and g.dice() == d
        g.place(0)
    assert g.round == 1 and g.dice() == g.rolls[5]


def test_criss_versus_cross_alternates_on_one_sheet():
    g = DigitsGame(3, 2, "versus")
    seen = []
    while not g.over:
        seen.append(g.turn)
        g.place(g.legal_moves()[0])
    assert seen == [0, 1] * 12
    assert g.sheet_of(0) is g.sheet_of(1)
    s0, s1 = g.score(0), g.score(1)
    assert s0.total == s0.rows_total and s1.total == s1.cols_total


def test_digits_options_are_checked():
    for args in ((1, 3, "versus"), (1, 11, ""), (1, 1, "zigzag")):
        try:
            DigitsGame(*args)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (args,))


def test_digits_codes_round_trip():
    g = play_out(DigitsGame(31, 3, "cc"))
    h = DigitsGame.decode(g.encode())
    assert [bytes(s) for s in h.sheets] == [bytes(s) for s in g.sheets]
    assert h.variant == "cc" and h.ranking() == g.ranking()


def test_ranking_ties_go_to_the_highest_single_line():
    g = SymbolsGame(1, 3, starts=[1, 2, 3])
    # Same total 10 for all: one line of 10, or lines of 8+2, or 5 lines of 2.
    g.sheets[0][:] = bytes([1, 1, 1, 1, 1] + [0] * 20)
    g.sheets[1][:] = bytes([2, 2, 2, 2, 0, 3, 3] + [0] * 18)
    g.sheets[2][:] = bytes([3, 3, 0, 4, 4, 0, 0, 0, 0, 0, 5, 5, 0, 6, 6] + [0] * 10)
    totals = [g.score(p).total for p in range(3)]
    assert totals[0] == 10 and totals[1] == 10 and totals[2] == 8
    assert g.ranking() == [(1, 0), (2, 1), (3, 2)]
    g.sheets[1][:] = bytes([0, 0, 0, 0, 0] + [2] * 5 + [0] * 15)
    assert g.ranking()[:2] == [(1, 0), (1, 1)]
    assert g.winners() == [0, 1]


def test_advanced_tie_break_takes_the_diagonal_score_once():
    # Both total -27. Sheet 0's best line is a row of 10; sheet 1's best is its
    # diagonal of 8 (16 toward the total): "the highest single line score" is
    # 10 against 8, so sheet 0 wins (doubling the diagonal gave it to sheet 1).
    g = SymbolsGame(1, 2, advanced=True, starts=[1, 3])
    g.sheets[0][:] = notation.parse(
        "/ / / / /\nX X . O O\n# # . = =\n. . . . .\n. . . . .", "symbols"
    )
    g.sheets[1][:] = notation.parse(
        "O O . . .\n. . . X .\n. . X . .\n. X . . .\nX . . . .", "symbols"
    )
    assert g.score(0).total == g.score(1).total == -27
    assert g.score(1).diag == 8 and max(g.score(0).rows) == 10
    assert g.ranking() == [(1, 0), (2, 1)]


def test_criss_and_cross_ties_broken_by_the_higher_total():
    g = DigitsGame(1, 2, "cc")
    g.sheets[0][:] = bytes([1] * 5 + [0] * 20)  # rows 10, cols 0
    g.sheets[1][:] = bytes([2] * 3 + [0] * 22)  # rows 3, cols 0
    assert g.score(0).total == g.score(1).total == 0
    assert g.ranking() == [(1, 0), (2, 1)]
