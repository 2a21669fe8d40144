"""The emulated-Pico benchmark's reading of the screen, checked on frames the
host draws: the title it waits for at power-on is the golden title."""

from host.bench import pico_play as pico
from golden import frame as golden
from host.screen import render


def test_the_title_the_bench_waits_for_is_the_golden_title():
    title = pico.title_frame()
    assert render.diff_frames(title, golden("title")) == 0
    assert pico.has_text(title, "New game")
    assert not pico.has_text(title, "Continue")  # a blank board: no save


def test_text_is_found_where_drawn_and_only_there():
    frame = golden("title")
    assert pico.has_text(frame, "New game")
    assert not pico.has_text(frame, "GAME OVER")
    assert pico.find_text(frame, "New game")


class _Frames:
    """What _human_move reads of a driver: the display's writes (start, end, _),
    the instants of flash operations, the bytes programmed."""

    def __init__(self, writes, flash_at):
        self.board = self
        self.display_updates = [(s, e, None) for s, e in writes]
        self.flash_at = flash_at

    def stats(self):
        return {"flash_bytes_programmed": 0}


def test_an_ai_move_with_no_frame_of_its_own_is_timed_to_its_save():
    # The human's move at 100 shows at 110; the AI draws (save at 600; the
    # glass unchanged: the human's turn is lost) and plays (save at 1,000,
    # frame 1,010-1,020). Two AI moves, not one of 910 ms.
    d = _Frames([(105, 110), (1010, 1020)], [90, 600, 603, 1000, 1002])
    fig = {"ai": [], "place_flash": []}
    assert pico._human_move(d, fig, lambda: 100) == 10
    assert fig["ai"] == [490, 420]
    # One save in the gap: one move, to its frame.
    d = _Frames([(105, 110), (700, 720)], [90, 690, 692])
    fig = {"ai": [], "place_flash": []}
    pico._human_move(d, fig, lambda: 100)
    assert fig["ai"] == [610]
