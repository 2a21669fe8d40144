"""host/web/webhost.py on CPython, no browser: the storage over a Web Storage
area, the links, and the frame's stepping (the page runs the same module inside
MicroPython WebAssembly: tests/web/test_page.py)."""

import os
import sys

import pytest

from crisscross import buttons, presses, sharecode
from crisscross.dice import session as dice_session
from crisscross.games import RULESETS
from crisscross.memory_storage import MemoryStorage
from crisscross.store import Store
import host
from host.play import hostclock, keyscript, sim
from host.screen import fbcanvas, render
from test_store_storage import _check_contract

sys.path.insert(0, os.path.join(os.path.dirname(host.__file__), "web"))

import webhost


class Area:
    """localStorage's API over a dict; `full` refuses every setItem."""

    def __init__(self, items=None, full=False):
        self.items = dict(items or {})
        self.full = full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        # The page's area gives back what the browser refused (pocket.mjs).
        if self.full:
            return "QuotaExceededError"
        assert isinstance(value, str)
        self.items[key] = value
        return None

    def rename(self, old, new):
        if old not in self.items:
            return "missing"
        refused = self.setItem(new, self.items[old])
        if not refused:
            del self.items[old]
        return refused

    def removeItem(self, key):
        self.items.pop(key, None)

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if i < len(keys) else None


def test_the_browser_storage_keeps_the_storage_contract():
    area = Area({"another-site-key": "kept"})
    st = webhost.BrowserStorage(area)
    _check_contract(st)  # names() among them: the other key is not listed
    assert area.items["another-site-key"] == "kept"
    assert "another-site-key" not in st.names()


def test_files_are_keys_under_the_prefix():
    area = Area()
    st = webhost.BrowserStorage(area)
    st.write("game.sav", (b"CCP1 ", memoryview(b"\x00\xffbody")))
    assert area.items == {"crisscross-pocket/game.sav": "434350312000ff626f6479"}
    assert st.read("game.sav") == b"CCP1 \x00\xffbody"
    assert st.names() == ["game.sav"] and st.atomic


def test_a_full_browser_storage_is_told_and_loses_nothing():
    area = Area()
    store = Store(webhost.BrowserStorage(area))
    assert store.save_game("1|h|d|ABCDEFG||0|S0") is not False
    area.full = True
    store.save_game("1|h|d|ABCDEFG||1|S1")
    assert "full" in (store.pop_warning() or "")
    assert Store(webhost.BrowserStorage(area)).load_game() == "1|h|d|ABCDEFG||0|S0"


def test_a_value_that_is_not_hex_reads_as_a_damaged_save():
    area = Area({"crisscross-pocket/game.sav": "not a save"})
    store = Store(webhost.BrowserStorage(area))
    assert store.load_game() is None
    assert store.pop_warning()


def device(storage=None, seed=7, today=None):
    frame = bytearray(render.frame_bytes(render.WIDTH, render.HEIGHT))
    canvas = fbcanvas.FrameBuffer(
        frame, render.WIDTH, render.HEIGHT, fbcanvas.MONO_VLSB
    )
    area = storage if storage is not None else Area()
    return webhost.WebDevice(
        canvas, frame, webhost.BrowserStorage(area), 0, today, seed
    )


def test_a_step_says_when_it_drew_and_how_long_the_page_may_sleep():
    d = device()
    assert d.step(0) == webhost.IDLE_MS << 1 | 1  # the title, then nothing due
    assert d.step(20) == webhost.IDLE_MS << 1
    d.down(buttons.A, 30)
    assert d.step(40) == 0 << 1 | 1  # New game; A held: the next frame
    d.up(buttons.A, 50)
    assert d.step(60) == webhost.IDLE_MS << 1


def test_a_code_link_opens_new_game_on_start_with_its_dice():
    twin = sim.Device(MemoryStorage(), 0, 7)
    clock = hostclock.FakeClock()
    sim.replay(twin, clock, keyscript.parse("a\nup\na\n"))
    code = sharecode.pretty(twin.app.session.code)
    d = device(seed=None)
    assert d.open_link("#Code=" + code.lower()) is None  # in any case
    d.step(0)
    t = presses.hold(d, buttons.A, 100, presses.TAP_MS)
    d.step(t)
    assert bytes(d.frame) == bytes(twin.frame)
    assert d.share_code() == code


def test_a_daily_link_uses_todays_date():
    today = (2026, 11, 26)
    d = device(seed=None, today=lambda: today)
    assert d.open_link("daily") is None
    d.step(0)
    d.step(presses.hold(d, buttons.A, 100, presses.TAP_MS))
    seed = sharecode.daily_seed(*today)
    game = d.app.session.game
    assert game.seed & 0xFFFFFF == seed and d.app.session.daily == "2026-11-26"
    assert dice_session.share_code(game) == d.app.session.code


@pytest.mark.parametrize(
    "link",
    [
        "code=AVF-F6V6",
        "code=",
        "code=0000000",
        "code=" + sharecode.encode(5, len(RULESETS)),  # a game yet to come
    ],
)
def test_a_bad_code_link_is_told_on_the_title(link):
    d = device()
    problem = d.open_link(link)
    assert problem and d.app._toast
    assert type(d.app.screen).__name__ == "Title"


def test_an_unknown_link_is_refused_quietly():
    d = device()
    assert d.open_link("#level=9") == "unknown link #level=9"
    assert d.open_link("") is None and d.open_link("#") is None
    assert type(d.app.screen).__name__ == "Title"
