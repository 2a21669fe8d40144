"""The app's unloading made real under CPython: compat.forget does nothing there,
so this swaps in the board's forget (sys.modules entries dropped, and the package
attributes `from package import x` set) and runs the portable unloading tests with
their checks on, then puts every module back for the other tests."""

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
    on: nothing a screen needs was left out of its RESIDENT."""
    from appdriver import Driver

    d = Driver(seed=3)
    d.start_game("right right")  # cards
    d.press("long-b").choose("Abandon game").press("a")
    assert type(d.screen).__name__ == "Title"
    assert portable.loaded("crisscross.cards") == []
    d.start_game("left left")  # the last game chosen is kept: back to symbols
    assert d.app.session.game.FAMILY == "symbols"
    for _ in range(3):
        d.press("long-a wait:6000 a a")  # a hint, then place where it points
    assert len(d.app.session.game.history) >= 2
    assert portable.loaded("crisscross.cards") == []
