"""The app's unloading made real under CPython: compat.forget does nothing there,
so this swaps in the board's forget (sys.modules entries dropped, and the package
attributes `from package import x` set) and runs the portable unloading tests with
their checks on, then puts every module back for the other tests."""

import importlib.machinery
import sys

import pytest

import test_unloading as portable
from crisscross import app as app_module


def _forget(names):
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            package, _, attr = name.rpartition(".")
            parent = sys.modules.get(package)
            if parent is not None and hasattr(parent, attr):
                delattr(parent, attr)


@pytest.fixture
def real_unloading(monkeypatch):
    saved = dict(sys.modules)
    monkeypatch.setattr(app_module, "forget", _forget)
    monkeypatch.setattr(portable, "ON_BOARD", True)
    yield
    for name in list(sys.modules):
        if name.startswith("crisscross") and name not in saved:
            del sys.modules[name]
    sys.modules.update(saved)
    for name, module in saved.items():
        package, _, attr = name.rpartition(".")
        if package.startswith("crisscross") and package in saved:
            setattr(saved[package], attr, module)


def test_forget_really_drops_a_module(real_unloading):
    import crisscross.texts  # noqa: F401

    _forget(["crisscross.texts"])
    assert "crisscross.texts" not in sys.modules


@pytest.mark.parametrize(
    "name", sorted(n for n in dir(portable) if n.startswith("test_"))
)
def test_unloading_for_real(real_unloading, name):
    getattr(portable, name)()


def test_a_game_started_after_another_family_plays_on(real_unloading):
    """Every module of one game unloaded, the next family's game starts and goes
    on: nothing a screen needs was left out of its needs (crisscross.resident)."""
    from appdriver import Driver

    d = Driver(seed=3)
    d.start_game("right right")  # cards
    d.press("long-b").choose("Abandon game").press("a")
    assert d.name() == "Title"
    assert portable.loaded("crisscross.cards") == []
    d.start_game("left left")  # the last game chosen is kept: back to symbols
    assert d.app.session.game.FAMILY == "symbols"
    for _ in range(3):
        d.press("long-a wait:6000 a a")  # a hint, then place where it points
    assert len(d.app.session.game.history) >= 2
    assert portable.loaded("crisscross.cards") == []


class _Nesting:
    """A finder in front of CPython's that notes each engine module whose body
    runs while another engine module's body runs (an import inside an import)."""

    def __init__(self):
        self.running = []
        self.nested = []

    def find_spec(self, name, path=None, target=None):
        if not name.startswith("crisscross."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None:
            return None
        exec_module = spec.loader.exec_module

        def run(module):
            if self.running:
                self.nested.append((self.running[-1], name))
            self.running.append(name)
            try:
                exec_module(module)
            finally:
                self.running.pop()

        spec.loader.exec_module = run
        return spec


def test_a_screen_loaded_again_finds_what_its_module_imports_loaded(real_unloading):
    """App.make: a screen's module loaded again after the app unloaded it comes
    after the modules of its needs that it imports, each loaded on its own (on
    a board, an import inside another holds the outer module's open file: two
    littlefs buffers of 1,148 bytes at once)."""
    from appdriver import WORDS, Driver
    from crisscross.words import session as ws

    spy = _Nesting()
    sys.meta_path.insert(0, spy)
    try:
        d = Driver(seed=5)
        d.start_game(WORDS)  # words, against the AI
        s = d.app.session

        def a_turn():
            for _ in range(100):  # the AI's turn, or the hint, a slice a tick
                if s.phase == ws.PLAY and d.name() == "WordsPlay":
                    return
                d.press("wait:20")
            assert False, "the search never handed back"

        def round_trip():
            a_turn()
            d.press("wait:6000 long-a")  # the hint: the thinking screen, back
            a_turn()
            d.press("wait:6000 long-b").choose("Resume")  # the menu, back
            assert d.name() == "WordsPlay"

        round_trip()  # the first time, each module is loaded from its importer
        assert spy.nested, "the spy saw no import inside another"
        del spy.nested[:]
        round_trip()
        assert "crisscross.words.ui.play" not in [n for _, n in spy.nested]
        assert spy.nested == []
    finally:
        sys.meta_path.remove(spy)
