"""The AI in the symbol game: legal, deterministic, and sensible in set positions."""

from crisscross.dice import ai, notation
from crisscross.dice.grid import PAIRS, has_free_pair, isolated
from crisscross.dice.symbols import SymbolsGame

FAST_LEVELS = ("device", "greedy", "random")
# Random sheets the search and the plain evaluator value alike (a few hundred
# afterstates each; the look-ahead's plain expectation values ~800 sheets).
SHEETS = 60
LOOKAHEAD_SHEETS = 8
DEEP_SHEETS = 6


def position(text, dice, advanced=False, rounds_done=11):
    """A one-player game at round `rounds_done` with this sheet and roll."""
    game = SymbolsGame(1, 1, advanced)
    game.sheets[0][:] = notation.parse(text, "symbols")
    rolls = bytearray(game.rolls)
    rolls[2 * rounds_done] = dice[0]
    rolls[2 * rounds_done + 1] = dice[1]
    game.rolls = bytes(rolls)
    game.round = rounds_done
    return game


def play_out(game, level):
    while not game.over:
        move = ai.choose(game, level)
        assert game.is_legal(move)
        game.place(move)
    return game


def test_every_level_plays_legal_moves_in_basic_advanced_and_multiplayer():
    for level in FAST_LEVELS:
        for game in (
            SymbolsGame(11),
            SymbolsGame(12, 1, True, [4]),
            SymbolsGame(13, 3, False, [2, 1, 6]),
        ):
            play_out(game, level)
            assert game.round == 12 or not any(
                game.can_play(p) for p in range(game.players)
            )


def test_strongest_plays_legal_moves_late_in_a_game():
    game = SymbolsGame(21, 2, True, [1, 3])
    for _ in range(18):  # nine rounds of two players with the device level
        game.place(ai.choose(game, "device"))
    play_out(game, "strongest")
    assert game.over


def test_same_position_same_move():
    for level in ("device", "strongest", "random"):
        a = SymbolsGame(5, 1, True)
        b = SymbolsGame(5, 1, True)
        for _ in range(9):
            a.place(ai.choose(a, "device"))
            b.place(ai.choose(b, "device"))
        assert ai.choose(a, level) == ai.choose(b, level)
        assert ai.hint(a, level) == ai.hint(b, level)


def test_device_games_repeat_exactly():
    moves = []
    for _ in range(2):
        game = play_out(SymbolsGame(77), "device")
        moves.append(list(game.history))
    assert moves[0] == moves[1]


def test_completes_a_five_run_rather_than_breaking_it():
    # Last round: X X X X . on top, the hole's neighbour below is also empty.
    text = """
    X X X X .
    / O ^ = .
    O ^ = # /
    ^ = # / O
    = # / O ^
    """
    for level in ("device", "strongest"):
        game = position(text, (3, 2))  # circle, cross
        move = ai.choose(game, level)
        assert move == (9, 4), (level, move)  # the cross closes the row
        game.place(move)
        assert game.score(0).rows[0] == 10


def test_hint_on_the_last_move_is_the_exact_final_score():
    text = """
    X X X X .
    / O ^ = .
    O ^ = # /
    ^ = # / O
    = # / O ^
    """
    for level in ("device", "strongest"):
        game = position(text, (2, 2))
        move, expected = ai.hint(game, level)
        game.place(move)
        assert expected == game.score(0).total


def test_does_not_isolate_a_cell_when_it_need_not():
    # Empty: a strip of three (22-24) and a 2x2 block (6, 7, 11, 12). Any
    # placement in the strip strands a cell; the block loses nothing.
    text = """
    / O ^ = #
    X . . # O
    # . . X =
    ^ = # O X
    O ^ . . .
    """
    for level in ("device", "strongest"):
        game = position(text, (5, 6), rounds_done=10)  # bars, hash
        move = ai.choose(game, level)
        cells = bytearray(game.sheet())
        cells[move[0]] = 5
        cells[move[1]] = 6
        assert isolated(cells) == [], (level, move)


def test_hint_levels_and_bad_level():
    game = SymbolsGame(3)
    move, value = ai.hint(game, "device")
    assert game.is_legal(move) and isinstance(value, int) and 10 < value < 80
    assert ai.hint(game, "greedy")[1] is None
    assert ai.hint(game, "random")[1] is None
    try:
        ai.choose(game, "grandmaster")
    except ValueError as e:
        assert "grandmaster" in str(e)
    else:
        assert False, "an unknown level must be refused"


MID_GAME = """
X O / . #
X . O . .
# . . . .
. . . . .
. . . . .
"""


def random_sheet(rng, advanced_rounds):
    """A sheet after `advanced_rounds` random placements (symbols 1-6), and the
    rounds done."""
    from crisscross.dice.grid import PAIRS

    cells = bytearray(25)
    cells[0] = 1 + rng.below(6)
    done = 0
    for _ in range(advanced_rounds):
        free = [(p, q) for p, q in PAIRS if not cells[p] and not cells[q]]
        if not free:
            break
        p, q = free[rng.below(len(free))]
        cells[p] = 1 + rng.below(6)
        cells[q] = 1 + rng.below(6)
        done += 1
    return cells, done


def test_the_search_values_sheets_as_the_plain_evaluator_does():
    """Position (incremental keys, blocked marks kept up to date, the lookup
    written out) gives every placement's afterstate the value
    reference_worth() gives the sheet made afresh, on random sheets of both
    rule sets at every stage."""
    from crisscross.dice import ai_symbols as S
    from crisscross.dice import ai_symbols_tables as T
    from crisscross.rng import Rng

    rng = Rng(2024)
    checked = 0
    for n in range(SHEETS):
        advanced = n % 2 == 1
        model = S.model(advanced)
        cells, done = random_sheet(rng, rng.below(12))
        pos = S.Position(model, cells, done + 1)
        assert pos.total == T.reference_worth(model, cells, done + 1)
        x = 1 + rng.below(6)
        y = 1 + rng.below(6)
        for k in pos.free_pairs():
            for swap in (False, True):
                p, q = S.PAIRS[k]
                if swap:
                    p, q = q, p
                after = bytearray(cells)
                after[p] = x
                after[q] = y
                want = T.reference_worth(model, after, done + 1)
                assert pos.after(k, x, y, swap) == want, (cells, k, swap)
                checked += 1
    assert checked > 20 * SHEETS
    S.drop_tables()


def looked_ahead(steps, pos, cells, k, x, y, swap):
    """Runs a look-ahead (expected_steps or deep_steps) of x and y placed in
    pair k of `cells` (x into the lower cell unless swap): ([its value], the
    sheet after the placement)."""
    out = []
    for _ in steps(pos, k, x, y, swap, out):
        pass
    p, q = PAIRS[k]
    if swap:
        p, q = q, p
    after = bytearray(cells)
    after[p] = x
    after[q] = y
    return out, after


def test_the_look_ahead_gives_the_plain_expectation():
    """reply_steps' split of a placement's change by the cells a tuple holds
    (expected_steps) gives the expectation reference_expected() computes by
    valuing every placement of every roll afresh: on sheets mid-game, and on
    sheets 10 rounds in (every candidate: the next placement is the last)."""
    from crisscross.dice import ai_symbols as S
    from crisscross.dice import ai_symbols_tables as T
    from crisscross.rng import Rng

    rng = Rng(77)
    late = 0
    for n in range(LOOKAHEAD_SHEETS):
        advanced = n % 2 == 0
        model = S.model(advanced)
        cells, done = random_sheet(rng, 6)
        while n < LOOKAHEAD_SHEETS // 2 and done < 10:  # (random play strands cells)
            cells, done = random_sheet(rng, 10)
        pos = S.Position(model, cells, done + 1)
        free = pos.free_pairs()
        if done < 10:
            free = free[:1]
        for k in free:
            x = 1 + rng.below(6)
            y = 1 + rng.below(6)
            out, after = looked_ahead(S.expected_steps, pos, cells, k, x, y, False)
            assert out == [T.reference_expected(model, after, done + 1)], cells
            assert pos.total == T.reference_worth(model, cells, done + 1)  # undone
            late += done == 10 and has_free_pair(T.blocked_marks(after))
    assert late >= 2  # a last placement was looked ahead to
    S.drop_tables()


def test_the_two_roll_look_ahead_gives_the_plain_expectation():
    """deep_steps (the strongest level's two rolls: each roll's best replies
    by their afterstate values, looked ahead one roll further) gives the
    value reference_deep() computes afresh, on sheets late in the game (the
    plain one is slow) and where the next placement is the last."""
    from crisscross.dice import ai_symbols as S
    from crisscross.dice import ai_symbols_tables as T
    from crisscross.rng import Rng

    rng = Rng(5)
    checked = 0
    for n in range(DEEP_SHEETS):
        advanced = n % 2 == 1
        model = S.model(advanced)
        cells, done = random_sheet(rng, 8 + n % 3)
        pos = S.Position(model, cells, done + 1)
        for k in pos.free_pairs()[:2]:
            x = 1 + rng.below(6)
            y = 1 + rng.below(6)
            out, after = looked_ahead(S.deep_steps, pos, cells, k, x, y, True)
            want = T.reference_deep(model, after, done + 1, S.DEEP_REPLIES)
            assert out == [want], (cells, k)
            assert pos.total == T.reference_worth(model, cells, done + 1)  # undone
            checked += 1
    assert checked >= DEEP_SHEETS
    S.drop_tables()


def test_a_search_lets_go_of_what_it_built():
    """After a hint the search's position is emptied, and drop_tables() lets
    go of the tables opened (a stale frame may still point at the Model)."""
    from crisscross.dice import ai_symbols as S

    game = position(MID_GAME, (2, 5), rounds_done=5)
    out = []
    pos = None
    for _ in ai.hint_steps(game, "device", out):
        pos = pos or S._SEARCH[0]
    assert out and pos is not None and pos.rk is None and pos.values is None
    assert S._SEARCH[0] is None
    model = S.model(False)
    assert S._MODELS[0] is model
    S.drop_tables()
    assert S._MODELS == [None, None] and S._RANKS == [None]
    assert S.model(False) is not model
    S.drop_tables()
