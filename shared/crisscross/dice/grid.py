"""The 5x5 sheet's geometry, computed once: lines, adjacent pairs, neighbours.

Cells are numbered 0..24 row by row; cell = row * 5 + col.
"""

from crisscross.compat import const

SIZE = const(5)
CELLS = const(25)
CENTRE = const(12)

ROWS = tuple(tuple(r * 5 + c for c in range(5)) for r in range(5))
COLS = tuple(tuple(r * 5 + c for r in range(5)) for c in range(5))
# The advanced rules' diagonal runs from the bottom-left corner to the top-right.
DIAG = (20, 16, 12, 8, 4)

# Every pair of orthogonally adjacent cells, (a, b) with a < b: 20 across, 20 down.
PAIRS = tuple(
    [(r * 5 + c, r * 5 + c + 1) for r in range(5) for c in range(4)]
    + [(r * 5 + c, r * 5 + c + 5) for r in range(4) for c in range(5)]
)


def _neighbours(i):
    r, c = divmod(i, 5)
    out = []
    if r > 0:
        out.append(i - 5)
    if c > 0:
        out.append(i - 1)
    if c < 4:
        out.append(i + 1)
    if r < 4:
        out.append(i + 5)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(25))


def has_free_pair(cells):
    for a, b in PAIRS:
        if not cells[a] and not cells[b]:
            return True
    return False


def count_isolated(cells):
    """len(isolated(cells)) without building the list (the play screen asks it
    for every legal placement while the player presses A)."""
    n = 0
    for i in range(25):
        if not cells[i]:
            for k in NEIGHBOURS[i]:
                if not cells[k]:
                    break
            else:
                n += 1
    return n


def lone_made(cells, p, q):
    """How many empty cells filling p and q leaves with no empty neighbour (the
    two are emptied again after)."""
    before = count_isolated(cells)
    cells[p] = 7  # any non-zero value: only emptiness matters here
    cells[q] = 7
    after = count_isolated(cells)
    cells[p] = 0
    cells[q] = 0
    return after - before


def lone_free(cells):
    """True if some placement leaves no new lone cell: the player who makes one
    is asked first (the play screen, `host play`)."""
    # Over the free pairs, not legal moves: no list of tuples per press, and the
    # order of the two dice does not change which cells are filled.
    for p, q in PAIRS:
        if not cells[p] and not cells[q] and lone_made(cells, p, q) == 0:
            return True
    return False


def isolated(cells):
    """Empty cells with no empty neighbour: they can never be filled."""
    out = []
    for i in range(25):
        if not cells[i]:
            for n in NEIGHBOURS[i]:
                if not cells[n]:
                    break
            else:
                out.append(i)
    return out
