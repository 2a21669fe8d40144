"""A word game's save stays within littlefs's inline limit for a whole game.

On the handheld a file of up to 512 bytes lives in its directory's metadata;
past that every save erases a 4 KB flash sector first (~45 ms, after every
move: docs/performance.md). Whole games of a human (played by the AI) against
an AI seat, saved after every move as the handheld saves them, must keep the
file within that; every save loads back into the same game."""

import pytest

from crisscross.memory_storage import MemoryStorage
from crisscross.store import Store
from crisscross.words import autoplay
from crisscross.words import session as ws
from crisscross.words.ai import wants_draw

INLINE_MAX = 512  # littlefs: min(cache size, block size / 8) on the Pico's flash
SEEDS = (1, 2, 3, 5, 9, 10, 12, 21)  # 3, 5, 9, 10 and 12 are dealt again


def _same(a, b):
    ga, gb = a.game, b.game
    assert ga.board._cells == gb.board._cells
    assert [p.hand for p in ga.players] == [p.hand for p in gb.players]
    assert ga.scores() == gb.scores() and bytes(ga.deck) == bytes(gb.deck)
    assert [p.rest for p in ga.players] == [p.rest for p in gb.players]
    assert (ga.turn, ga.turns, ga.restarts, ga.over) == (
        gb.turn,
        gb.turns,
        gb.restarts,
        gb.over,
    )
    assert ga.rng.state == gb.rng.state and a.phase == b.phase


def _whole_game(seed):
    """(largest file, saves, re-deals) of a whole game, saved after each move."""
    s = ws.new_session(seed, 1, 1, "", "quick", "ABCDEFG")
    game = s.game
    st = MemoryStorage()
    store = Store(st)
    largest = saves = 0
    for _ in range(2000):
        if s.phase == ws.OVER:
            break
        if s.phase == ws.PLAY:
            found = autoplay.choose(game, s.budget())
            if found is None or s.play(found[0]).error:
                if wants_draw(game):
                    s.draw()
                else:
                    s.pass_turn()
        else:
            while not s.ai_step():
                pass
        if s.phase == ws.OVER:
            break
        assert store.save_game(s.to_text())
        saves += 1
        size = len(st.files["game.sav"])
        largest = max(largest, size)
        if saves % 7 == 0:  # loads back into the same game
            again = ws.Session.from_text(Store(st).load_game())
            _same(again, s)
            assert again.to_text() == s.to_text()
    assert s.phase == ws.OVER
    return largest, saves, game.restarts


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_game_is_saved_within_the_inline_limit(seed):
    largest, saves, restarts = _whole_game(seed)
    print(
        "seed %d: %d saves, %d re-deals, largest file %d bytes"
        % (seed, saves, restarts, largest)
    )
    assert saves > 30
    assert largest <= INLINE_MAX, largest
