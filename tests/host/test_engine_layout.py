"""The engine's layout and its one rule for memory (docs/architecture.md), read from
the source with host/engine/import_graph.py: no import circles (function-level imports
counted), every screen and module named by a screen, a session or the app exists,
each screen's needs (crisscross.resident, the one place they are declared) cover
what its module imports, a family's screens are in its ui package, and no game
model imports its ui, a screen or the app."""

import ast
import importlib

from host.engine import import_graph

from crisscross import app as app_module
from crisscross import resident
from crisscross.cards import session as cards_session
from crisscross.dice import session as dice_session
from crisscross.words import session as words_session

MODULES = import_graph.modules()
EDGES = import_graph.edges()
FAMILIES = ("dice", "cards", "words")


def closure(module, function_level=True):
    """Every engine module `module` imports, directly or not."""
    out = set()
    todo = [module]
    while todo:
        m = todo.pop()
        for a, b, fn in EDGES:
            if a == m and (function_level or not fn) and b not in out:
                out.add(b)
                todo.append(b)
    return out


def screen_names():
    """Every screen name the engine passes to show()/make() or a session returns."""
    names = set()
    for path in MODULES.values():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("show", "make")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names.add(node.args[0].value)
    for s in (dice_session, cards_session, words_session):
        names.add(s.Session.MENU)
        names.update(s.Session.SCREENS)  # the screen of each phase
    return names


def session_resident_names():
    out = set()
    for family in resident.GAMES:
        out |= set(resident.game(family, over=False, searching=True))
    return out


def test_the_tool_sees_function_level_imports():
    assert ("crisscross.dice.session", "crisscross.dice.ai", True) in EDGES


def test_no_import_circles_in_the_engine():
    assert import_graph.circles(EDGES) == []


def test_every_screen_named_exists_with_its_class_and_needs():
    names = screen_names()
    assert {"title", "pause", "handover", "cards.play", "words.think"} <= names
    for name in names:
        module = app_module.screen_module(name)
        assert module in MODULES, "no module for screen %r" % name
        mod = importlib.import_module(module)
        assert isinstance(mod.SCREEN, type), name
        assert isinstance(resident.SCREENS[name], tuple), name


def test_every_screen_declared_is_a_screen_and_no_module_declares_its_own():
    assert set(resident.SCREENS) == screen_names()
    for module in MODULES:
        assert not hasattr(importlib.import_module(module), "RESIDENT"), module


def test_every_module_named_resident_exists():
    named = set(resident.CORE) | session_resident_names()
    for needs in resident.SCREENS.values():
        named |= set(needs)
    missing = sorted(n for n in named if n not in MODULES)
    assert missing == []


def test_each_screen_declares_what_its_module_imports():
    for name in screen_names():
        module = app_module.screen_module(name)
        keep = set(resident.CORE) | set(resident.SCREENS[name]) | {module}
        family = module.split(".")[1]
        if family in FAMILIES:  # shown while that family's session is on
            keep |= session_resident_names()
        missing = closure(module, function_level=False) - keep
        # A package whose module is kept is kept with it (App.unload).
        missing = {m for m in missing if not any(k.startswith(m + ".") for k in keep)}
        assert missing == set(), (name, sorted(missing))


def test_each_screens_resident_names_a_module_after_those_it_imports():
    # App.make imports a screen's needs in this order before the screen's module
    # is loaded again: each then finds what it imports loaded (no import inside
    # another's module body, which holds the outer module's open file).
    for name in screen_names():
        module = app_module.screen_module(name)
        keep = set(resident.CORE)
        if module.split(".")[1] in FAMILIES:
            keep |= session_resident_names()
        for need in resident.SCREENS[name]:
            missing = closure(need, function_level=False) - keep
            missing = {
                m for m in missing if not any(k.startswith(m + ".") for k in keep)
            }
            assert missing == set(), (name, need, sorted(missing))
            keep.add(need)


def is_family_ui(module):
    """Whether `module` is in a family's ui package (crisscross.dice.ui...)."""
    parts = module.split(".")
    return len(parts) > 2 and parts[1] in FAMILIES and parts[2] == "ui"


def screen_modules():
    return {m for m in MODULES if hasattr(importlib.import_module(m), "SCREEN")}


def test_a_familys_screens_are_in_its_ui_package():
    family_modules = [m for m in MODULES if m.count(".") >= 2]
    assert "crisscross.dice.ui.play" in family_modules
    for m in family_modules:
        assert m.split(".")[1] in FAMILIES or m.startswith("crisscross.screens."), m
    for m in screen_modules():
        assert is_family_ui(m) or m.startswith("crisscross.screens."), m
    assert app_module.screen_module("dice.play") == "crisscross.dice.ui.play"


def test_game_models_import_no_ui_no_screen_and_not_the_app():
    ui = screen_modules() | {m for m in MODULES if is_family_ui(m)}
    ui |= {"crisscross.app", "crisscross.screens", "crisscross.ui"}
    models = [
        m
        for m in MODULES
        if m.count(".") >= 2 and m.split(".")[1] in FAMILIES and m not in ui
    ]
    assert "crisscross.words.session" in models and "crisscross.dice.ai" in models
    assert "crisscross.words.ui.draw" in ui and "crisscross.cards.ui" in ui
    for m in models:
        bad = closure(m) & ui
        assert bad == set(), (m, sorted(bad))


def test_only_the_app_unloads_modules():
    """compat.forget is called in the app alone, and no other module lists
    engine modules to unload."""
    callers = set()
    for module, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
                if name == "forget":
                    callers.add(module)
    assert callers == {"crisscross.app"}, callers
