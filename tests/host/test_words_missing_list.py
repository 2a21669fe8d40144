"""A handheld flashed without words.bin: the word game says so and the app goes on,
and a saved word game is kept for when the list is back (no import-time checks:
the session module loads without the file)."""

import sys

from crisscross.screens.newgame import NewGame
from crisscross.words import dictopen

from appdriver import WORDS, Driver


def test_new_game_without_the_word_list_shows_a_message(monkeypatch):
    monkeypatch.setattr(dictopen, "default_path", lambda: "/nonexistent/words.bin")
    d = Driver(seed=5)
    d.start_game(WORDS)
    assert isinstance(d.screen, NewGame) and d.app.session is None
    assert "words.bin is missing" in d.toast()
    d.press("wait:3000 b")  # the app still answers
    assert d.name() == "Title"


def test_the_session_module_imports_without_the_word_list(monkeypatch):
    monkeypatch.setattr(dictopen, "default_path", lambda: "/nonexistent/words.bin")
    monkeypatch.delitem(sys.modules, "crisscross.words.session", raising=False)
    import crisscross.words.session as ws  # no OSError, no ImportError here

    assert ws.HEAD == "words"


def test_continue_without_the_word_list_keeps_the_saved_game(monkeypatch):
    d = Driver(seed=5)
    d.start_game(WORDS)
    d.press("long-b")
    d.choose("Save & quit")
    saved = d.app.store.load_game()
    assert saved.startswith("words|") and d.screen.items[0] == "Continue"
    monkeypatch.setattr(dictopen, "default_path", lambda: "/nonexistent/words.bin")
    d.choose("Continue")
    assert d.name() == "Title" and d.app.session is None
    assert "words.bin is missing" in d.toast() and "kept" in d.toast()
    assert d.app.store.load_game() == saved
    monkeypatch.undo()  # the list is back: the same game goes on
    d.press("wait:6000")
    d.choose("Continue")
    assert d.name() == "WordsPlay"
    assert "".join(d.app.session.to_text()) == saved  # (text, tail) in parts
