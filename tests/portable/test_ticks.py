"""When the app needs its next tick: a board sleeps until then (App.next_tick),
so a screen with a timer must say when it is due, and one without must say None."""

from appdriver import Driver
from crisscross import app as app_module
from crisscross.screens import Screen

SCREEN_MODULES = (
    "crisscross.cards.ui.play",
    "crisscross.cards.ui.results",
    "crisscross.screens.codeentry",
    "crisscross.screens.handover",
    "crisscross.screens.listmenu",
    "crisscross.screens.newgame",
    "crisscross.screens.pause",
    "crisscross.dice.ui.play",
    "crisscross.dice.ui.results",
    "crisscross.screens.rulesmenu",
    "crisscross.screens.scores",
    "crisscross.screens.textview",
    "crisscross.screens.title",
    "crisscross.words.ui.menu",
    "crisscross.words.ui.play",
    "crisscross.words.ui.results",
    "crisscross.words.ui.think",
)


def test_every_screen_with_a_timer_says_when_it_is_due():
    checked = 0
    for name in SCREEN_MODULES:
        mod = __import__(name, None, None, ("Screen",))
        for attr in dir(mod):
            cls = getattr(mod, attr)
            if not isinstance(cls, type) or cls is Screen:
                continue
            if not issubclass(cls, Screen):
                continue
            checked += 1
            if cls.tick is not Screen.tick:
                assert cls.tick_in is not Screen.tick_in, (name, attr)
    assert checked >= 15


def test_the_idle_title_needs_no_tick_and_a_message_is_due_when_it_ends():
    d = Driver()
    assert d.app.next_tick(d.now) is None
    d.app.toast("hello", 1500)
    assert d.app.next_tick(d.now) == 1500
    assert d.app.next_tick(d.now + 1000) == 500
    assert d.app.next_tick(d.now + 2000) == 0
    d.app.tick(d.now + 2000)
    assert d.app.next_tick(d.now + 2000) is None
    assert app_module.TOAST_MS > 0
