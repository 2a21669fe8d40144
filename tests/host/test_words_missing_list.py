"""A handheld flashed without words.bin: the word game says so and the app goes on."""

import sys

from crisscross.screens.newgame import NewGame
from crisscross.words import dictionary

from appdriver import Driver


def test_new_game_without_the_word_list_shows_a_message(monkeypatch):
    monkeypatch.setattr(dictionary, "default_path", lambda: "/nonexistent/words.bin")
    monkeypatch.delitem(sys.modules, "crisscross.words.session", raising=False)
    d = Driver(seed=5)
    d.start_game("right right right")
    assert isinstance(d.screen, NewGame) and d.app.session is None
    assert "not installed" in " ".join(d.app._toast)
    d.press("wait:3000 b")  # the app still answers
    assert type(d.screen).__name__ == "Title"
