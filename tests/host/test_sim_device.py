"""host.play.sim.Device and replays: which events a game gets, and when.

FakeApp (also used by the window and terminal tests) records every event and
draws the last one, so the tests can check the host's wiring exactly; the real
game is checked in the CLI and window tests.
"""

from crisscross import buttons, presses
from crisscross.storage import FolderStorage
from crisscross.memory_storage import MemoryStorage
from host.play import hostclock, keyscript, sim


class FakeApp:
    """The App interface: records events, draws 'name kind' and the event count."""

    def __init__(self, canvas, storage, now_ms, seed=None, today=None):
        self.canvas = canvas
        self.storage = storage
        self.seed = seed
        self.today = today
        self.events = []  # (button name, kind name, now)
        self.ticks = []
        self.dirty = True

    def feed(self, button, kind, now_ms):
        self.events.append((buttons.NAMES[button], buttons.KINDS[kind], now_ms))
        self.dirty = True

    def tick(self, now_ms):
        self.ticks.append(now_ms)

    def render(self):
        if not self.dirty:
            return False
        self.dirty = False
        c = self.canvas
        c.fill(0)
        c.rect(0, 0, 128, 64, 1)
        if self.events:
            name, kind, _ = self.events[-1]
            c.text(name, 4, 4, 1)
            c.text(kind, 4, 16, 1)
        c.text(str(len(self.events)), 4, 50, 1)
        return True

    def kinds(self):
        """The events without their times: [('a', 'press'), ...]."""
        return [(name, kind) for name, kind, _ in self.events]


def new_device(seed=None):
    return sim.Device(MemoryStorage(), 0, seed, FakeApp)


def run_keys(text):
    device = new_device()
    sim.replay(device, hostclock.FakeClock(), keyscript.parse(text))
    return device


def test_a_tap_is_down_then_up_a_tap_later_then_a_gap():
    app = run_keys("a\nright\n").app
    tap, gap = presses.TAP_MS, sim.EVENT_MS
    assert app.events == [
        ("a", "press", 0),
        ("a", "release", tap),
        ("right", "press", tap + gap),
        ("right", "release", 2 * tap + gap),
    ]


def test_long_press_is_a_real_hold_reaching_long_before_release():
    app = run_keys("long-b\nb\n").app
    assert app.kinds() == [
        ("b", "press"),
        ("b", "long"),
        ("b", "release"),
        ("b", "press"),
        ("b", "release"),
    ]
    press, long_, release = app.events[0][2], app.events[1][2], app.events[2][2]
    assert long_ - press == buttons.LONG_MS  # at the first frame past it
    assert release - press == presses.HOLD_MS > buttons.LONG_MS
    # The next key comes after the hold and a gap, not during it.
    assert app.events[3][2] == presses.HOLD_MS + sim.EVENT_MS


def test_holding_a_direction_repeats_it():
    app = run_keys("long-down\n").app
    kinds = [kind for name, kind in app.kinds()]
    assert kinds[0] == "press" and kinds[-1] == "release"
    repeats = kinds.count("repeat")
    # First repeat after REPEAT_DELAY_MS, then every REPEAT_MS while held.
    # A repeat comes at the first frame past its time: frames may lose one.
    most = 1 + (presses.HOLD_MS - buttons.REPEAT_DELAY_MS) // buttons.REPEAT_MS
    assert most - 1 <= repeats <= most, (repeats, most)


def test_wait_ticks_the_app_every_frame_and_moves_the_clock():
    app = run_keys("wait 1000\na\n").app
    assert app.events[0] == ("a", "press", 1000)
    # Every frame of the wait was ticked (a frame may tick twice: wait, then key).
    assert sorted(set(t for t in app.ticks if 0 < t <= 1000)) == list(
        range(sim.FRAME_MS, 1001, sim.FRAME_MS)
    )
    assert app.ticks == sorted(app.ticks)


def test_step_reports_whether_the_app_drew():
    device = new_device()
    assert device.step(0) is True  # first frame
    assert device.step(20) is False  # nothing happened
    device.press(buttons.UP, 30)
    assert device.step(30) is True
    assert device.frame != bytes(len(device.frame))


def test_hold_from_a_host_without_key_ups_releases_itself():
    device = new_device()
    device.hold(buttons.A, 100, buttons.LONG_MS)
    assert device.held_mask() == 1 << buttons.A
    device.step(100)
    device.step(100 + buttons.LONG_MS - 1)
    assert device.buttons.held(buttons.A)
    device.step(100 + buttons.LONG_MS + 30)  # a late frame still gets the LONG
    assert device.held_mask() == 0
    assert device.app.kinds() == [("a", "press"), ("a", "long"), ("a", "release")]


def test_seed_reaches_the_app():
    assert new_device(seed=42).app.seed == 42
    assert new_device().app.seed is None


def test_open_storage_creates_the_folder(tmp_path):
    path = tmp_path / "deep" / "saves"
    storage = sim.open_storage(str(path))
    assert isinstance(storage, FolderStorage)
    storage.write("x", b"1")
    assert (path / "x").read_bytes() == b"1"


def test_open_storage_falls_back_to_memory_with_a_warning(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    storage = sim.open_storage(str(blocker / "saves"))
    assert isinstance(storage, MemoryStorage)
    err = capsys.readouterr().err
    assert "warning" in err and str(blocker / "saves") in err
    assert "%s is a file, not a folder" % blocker in err
    storage.write("x", b"1")  # still playable
    assert storage.read("x") == b"1"


def test_open_storage_refuses_a_folder_it_cannot_write(tmp_path, capsys, monkeypatch):
    # chmod cannot take write access from root, so the check itself is faked.
    monkeypatch.setattr(sim.os, "access", lambda path, mode: False)
    assert isinstance(sim.open_storage(str(tmp_path)), MemoryStorage)
    assert "not writable" in capsys.readouterr().err


def test_default_data_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert sim.default_data_dir() == str(tmp_path / "crisscross-pocket")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert sim.default_data_dir() == str(
        tmp_path / ".local" / "share" / "crisscross-pocket"
    )
