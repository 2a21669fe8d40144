"""The AI in the symbol game: legal, deterministic, and sensible in set positions."""

from crisscross.dice import ai, notation
from crisscross.dice.grid import isolated
from crisscross.dice.symbols import SymbolsGame

FAST_LEVELS = ("device", "greedy", "random")


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


def test_the_memo_gives_the_values_a_host_sized_memo_gives():
    """The device search's memo (128 slots, a newer value replacing an
    older one) values every placement as a 32,768-slot one does, looked up
    afresh and again from the memo."""
    from crisscross.dice import ai_symbols as S

    game = position(MID_GAME, (2, 5), rounds_done=5)
    model = S.model(False)
    cells = game.sheet()
    small = S.Position(model, cells, 6, 7)  # the device search: 128 slots
    large = S.Position(model, cells, 6, 15)
    moves = [(k, swap) for k in large.free_pairs() for swap in (False, True)]
    assert len(moves) > 30
    for _ in range(2):
        for k, swap in moves:
            assert small.after(k, 2, 5, swap) == large.after(k, 2, 5, swap)
    for _ in range(2):  # the look-ahead's lookups, afresh then from the memo
        got = []
        for pos in (small, large):
            best = [None] * 21
            for _ in S.reply_steps(pos, best):
                pass
            got.append(best)
        assert got[0] == got[1]
    S.drop_tables()


def test_a_search_lets_go_of_what_it_built():
    """After a hint the search's memo is gone, and drop_tables() empties the
    tables read in place (a stale frame may still point at the Model)."""
    from crisscross.dice import ai_symbols as S

    game = position(MID_GAME, (2, 5), rounds_done=5)
    out = []
    pos = None
    for _ in ai.hint_steps(game, "device", out):
        pos = pos or S._SEARCH[0]
    assert out and pos is not None and pos.memo is None
    assert S._SEARCH[0] is None
    model = S.model(False)
    assert [t for t in model.blobs if t is not None]
    S.drop_tables()
    assert [t for t in model.blobs if t is not None] == []
    assert S.model(False) is not model
    S.drop_tables()
