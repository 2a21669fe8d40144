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
