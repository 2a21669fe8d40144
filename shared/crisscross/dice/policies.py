"""The simplest playing policies: a uniformly random legal move, and one-move greedy.

They are the baselines the real AI (crisscross.dice.ai) is measured against, and what
`python3 -m host play --auto` uses at its lowest level.
"""


def random_move(game, rng):
    moves = game.legal_moves()
    return moves[rng.below(len(moves))]


def greedy_move(game):
    """The move that most raises the current player's score now; first on ties."""
    sheet = game.sheet()
    best = None
    best_total = None
    for move in game.legal_moves():
        saved = _apply_temp(game, sheet, move)
        total = game.score(game.turn).total
        _undo_temp(sheet, move, saved)
        if best_total is None or total > best_total:
            best, best_total = move, total
    return best


def _apply_temp(game, sheet, move):
    if isinstance(move, tuple):
        a, b = game.dice()
        saved = (sheet[move[0]], sheet[move[1]])
        sheet[move[0]] = a
        sheet[move[1]] = b
    else:
        saved = sheet[move]
        sheet[move] = game.dice() + 1
    return saved


def _undo_temp(sheet, move, saved):
    if isinstance(move, tuple):
        sheet[move[0]], sheet[move[1]] = saved
    else:
        sheet[move] = saved
