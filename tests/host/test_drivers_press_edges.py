"""Every scripted player reaches the app only through button edges.

Tests, fuzzers, key files (host.play.sim replays, host.play.term), the golden tour, the
screenshots and the benchmarks press buttons as crisscross.presses does: down at
t, up at t', frames between. Here a witness stands between crisscross.buttons and
the App: every event the App is fed must be the next one a Buttons queue gave
out, so a driver that made an event up (a LONG without a hold, a PRESS without
an edge) fails.
"""

import os
import sys

import pytest

from crisscross import buttons, presses
from crisscross.app import App

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def witness(monkeypatch):
    """[kinds fed]; fails the test at an event no Buttons gave out."""
    given = []
    fed = []
    real_get = buttons.Buttons.get
    real_feed = App.feed

    def get(self):
        event = real_get(self)
        if event is not None:
            given.append(event)
        return event

    def feed(self, button, kind, now_ms):
        assert given, "an event no Buttons gave out: %r" % ((button, kind),)
        assert given.pop(0) == (button, kind), "not the queue's next event"
        fed.append(kind)
        real_feed(self, button, kind, now_ms)

    monkeypatch.setattr(buttons.Buttons, "get", get)
    monkeypatch.setattr(App, "feed", feed)
    return fed


def test_the_witness_catches_a_made_up_event(witness):
    from crisscross.memory_storage import MemoryStorage
    from host.screen import fbcanvas

    buf = bytearray(1024)
    canvas = fbcanvas.FrameBuffer(buf, 128, 64, fbcanvas.MONO_VLSB)
    app = App(canvas, MemoryStorage(), 0)
    with pytest.raises(AssertionError):
        app.feed(buttons.A, buttons.LONG, 10)


def test_buttons_make_no_event_without_an_edge():
    assert not hasattr(buttons.Buttons, "press")  # the old tap at one instant
    assert not hasattr(buttons, "parse")  # names -> made-up (button, kind)
    q = buttons.Buttons()
    q.poll(10000)
    assert q.get() is None
    assert presses.parse("long-a") == (buttons.A, presses.HOLD_MS)
    assert presses.parse("b") == (buttons.B, presses.TAP_MS)
    assert presses.HOLD_MS > buttons.LONG_MS > presses.TAP_MS
    assert presses.parse("press-a") is None


def test_the_app_driver_presses_through_edges(witness):
    from appdriver import Driver

    d = Driver(seed=5)
    d.start_game()
    d.press("right long-a wait:2000 a")
    assert len(d.app.session.game.history) == 1
    kinds = set(witness)
    assert {buttons.PRESS, buttons.RELEASE, buttons.LONG} <= kinds


def test_key_file_replays_press_through_edges(witness):
    from host.play import hostclock, keyscript, sim
    from crisscross.memory_storage import MemoryStorage

    with open(os.path.join(ROOT, "docs", "img", "play.keys")) as f:
        steps = keyscript.parse(f.read())
    clock = hostclock.FakeClock()
    device = sim.Device(MemoryStorage(), clock.now(), 7)
    sim.replay(device, clock, steps + keyscript.parse("long-a\nwait 3000\nlong-b\n"))
    assert type(device.app.screen).__name__ == "Pause"
    assert witness.count(buttons.LONG) >= 2


def test_the_terminal_presses_through_edges(witness, monkeypatch):
    from host.play import hostclock, sim, term
    from crisscross.memory_storage import MemoryStorage

    r, w = os.pipe()
    os.write(w, b"\x1b[Bz")  # down, then A: New game
    os.close(w)

    class Pipe:
        fd = r

        def write(self, text):
            pass

    clock = hostclock.WallClock()
    device = sim.Device(MemoryStorage(), clock.now(), 7)
    assert term.play(device, clock, Pipe(), colour=False) == 0  # EOF ends it
    os.close(r)
    # The tap of A is still down at EOF: its press came, through the queue.
    assert witness.count(buttons.PRESS) == 2


def test_the_golden_tour_presses_through_edges(witness):
    from screentour import tour

    names = [name for name, _ in tour()]
    assert len(names) > 20 and buttons.LONG in witness


def _bench_run(monkeypatch, args):
    """The benchmark harness's script `args` stepped as step.mjs steps it (under
    CPython): the names of its steps."""
    monkeypatch.syspath_prepend(os.path.join(ROOT, "host", "bench", "harness"))
    import benchplay as b

    b.setup(args)
    names = []
    while True:
        b._plan()
        if b._name is None:
            return names
        b._step()
        names.append(b._name)


def test_the_benchmark_script_presses_through_edges(witness, monkeypatch):
    steps = len(_bench_run(monkeypatch, ["costs"]))
    assert steps > 10 and buttons.LONG in witness and buttons.RELEASE in witness


@pytest.mark.parametrize(
    "family, rules",
    [("symbols", "Advanced"), ("digits", "Standard"), ("cards", "Standard")],
)
def test_the_benchmark_games_press_through_edges(witness, monkeypatch, family, rules):
    # A script that does not reach its results and the title raises.
    names = _bench_run(monkeypatch, ["play", family, rules])
    assert names[0] == "boot" and names.count("long-a") > 3
    assert buttons.LONG in witness and buttons.RELEASE in witness


def test_the_benchmark_word_game_stops_after_its_turns(witness, monkeypatch):
    short = _bench_run(monkeypatch, ["play", "words", "Normal", "--word-turns", "1"])
    longer = _bench_run(monkeypatch, ["play", "words", "Normal", "--word-turns", "5"])
    # A hint a turn; the fifth turn comes after Save & quit and Continue.
    assert short.count("long-a") == 1 and longer.count("long-a") == 5
    assert len(longer) > len(short) and buttons.LONG in witness


def test_no_driver_feeds_the_app_itself():
    # Drivers that run only inside MicroPython (the bus benchmark) or on a
    # board's pins: none calls App.feed but through presses.run_frame.
    harness = os.path.join("host", "bench", "harness")
    modules = sorted(
        n for n in os.listdir(os.path.join(ROOT, harness)) if n.endswith(".py")
    )
    assert "benchplay.py" in modules and "benchscripts.py" in modules
    for path in [os.path.join(harness, n) for n in modules] + [
        "tests/portable/appdriver.py",
        "tests/portable/screentour.py",
        "tools/screenshots.py",
        "tests/golden.py",
        "host/play/keyscript.py",
        "host/play/term.py",
        "host/web/webhost.py",
    ]:
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        assert "app.feed(" not in text and ".parse(name)" not in text.replace(
            "presses.parse(name)", ""
        ), path
    assert sys.modules.get("crisscross.presses") is presses
