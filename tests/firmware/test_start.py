"""boot.py, main.py, pocket.start and pocket.setup: safe mode, a crash that never
loops, and what the game's heap holds of them."""

import sys

import machine
from ssd1306_panel import Panel
from pocket import errorlog, safemode, setup, start

LOG = "/error.log"


def setup_board():
    with open("/board.txt", "w") as f:
        f.write("pico\n")
    machine.devices.clear()
    panel = Panel()
    machine.devices[0x3C] = panel
    machine.pressed.clear()
    try:
        import os

        os.remove(LOG)
    except OSError:
        pass
    return panel


def run_file(path):
    exec(open(path).read(), {"__name__": "__main__"})


def run_main_with_loop(run):
    """Power on (main.py) with pocket.loop.run replaced by `run`, which ends the
    game by raising KeyboardInterrupt (Ctrl-C); the real loop is put back."""
    from pocket import loop

    real_run = loop.run
    loop.run = run
    try:
        run_file("/firmware/main.py")
    except KeyboardInterrupt:
        pass
    finally:
        loop.run = real_run


def test_a_button_held_at_power_on_skips_the_game():
    setup_board()
    calls = []
    real = start.main
    start.main = lambda: calls.append(1)
    try:
        machine.pressed.add(14)  # A held while plugging in
        run_file("/firmware/boot.py")
        assert safemode.active
        run_file("/firmware/main.py")
        assert calls == []
        machine.pressed.clear()
        run_file("/firmware/boot.py")
        assert not safemode.active
        run_file("/firmware/main.py")
        assert calls == [1]
    finally:
        start.main = real


def test_safe_mode_needs_a_steady_press():
    pins = [machine.Pin(i, machine.Pin.IN, machine.Pin.PULL_UP) for i in range(6)]
    assert not safemode.any_held(pins)
    pins[3].drive(0)
    assert safemode.any_held(pins)


class PressA:
    """Stands in for `time` in pocket.errorlog: each sleep moves button A along."""

    def __init__(self):
        self.now = 0
        self.sleeps = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms
        self.sleeps += 1
        pin = machine.Pin.pins[14]  # A on the Pico profile
        pin.drive(0 if pin.value() else 1)


def crash_then_ctrl_c(problem):
    """start.main() whose first game run calls `problem()` (which raises) and
    whose second ends by Ctrl-C; A pressed and released at the error screen.
    Returns the boards the game ran on, one a run."""
    runs = []

    def play(board):
        runs.append(board)
        if len(runs) == 1:
            problem()
        raise KeyboardInterrupt

    real_play, real_time = start.play, errorlog.time
    start.play, errorlog.time = play, PressA()
    try:
        start.main()
    except KeyboardInterrupt:
        pass
    finally:
        start.play, errorlog.time = real_play, real_time
    return runs


def test_a_crash_is_logged_shown_and_a_restarts_it_in_place():
    panel = setup_board()

    def crash():
        raise ValueError("the dice fell off the table")

    runs = crash_then_ctrl_c(crash)  # Ctrl-C from mpremote must always get through
    assert len(runs) == 2 and runs[0] is runs[1]  # the same display: no reset
    log = open(LOG).read()
    assert "ValueError: the dice fell off the table" in log and "ms after boot" in log
    expect = bytearray(1024)
    import framebuf

    canvas = framebuf.FrameBuffer(expect, 128, 64, framebuf.MONO_VLSB)
    errorlog.draw(canvas, ValueError("the dice fell off the table"))
    assert panel.ram == expect and panel.on


def test_a_panel_reset_by_the_crash_shows_the_error_set_up_afresh():
    panel = setup_board()

    def brown_out():
        panel.reset()  # the panel lost power: dark, no charge pump
        raise ValueError("the dice fell off the table")

    assert len(crash_then_ctrl_c(brown_out)) == 2
    expect = bytearray(1024)
    import framebuf

    canvas = framebuf.FrameBuffer(expect, 128, 64, framebuf.MONO_VLSB)
    errorlog.draw(canvas, ValueError("the dice fell off the table"))
    assert panel.on and panel.charge_pump and panel.ram == expect


def test_a_panel_gone_at_the_crash_leaves_it_dark_and_a_still_restarts():
    setup_board()

    def wire_loose():
        machine.devices.clear()  # nothing answers on the I2C bus any more
        raise OSError(5)

    assert len(crash_then_ctrl_c(wire_loose)) == 2
    log = open(LOG).read()
    assert "--- showing the error" in log and "ENODEV" in log, log


def test_no_display_goes_to_the_log_and_the_repl():
    setup_board()
    machine.devices.clear()  # nothing answers on the I2C bus
    run_file("/firmware/main.py")  # must return, not raise or loop
    assert "no display at 0x3c" in open(LOG).read()


def test_power_on_runs_the_real_game_on_the_panel():
    from pocket import loop
    from rig import Clock

    panel = setup_board()
    real_run = loop.run
    frames = []

    def run_a_while(app, display, keys, buttons, idle, clock, wait, n=-1):
        fake = Clock()
        frames.append(app)
        real_run(app, display, keys, buttons, idle, fake, lambda ms, deep: None, 20)
        raise KeyboardInterrupt  # the user pressed Ctrl-C

    run_main_with_loop(run_a_while)
    assert len(frames) == 1
    app = frames[0]
    assert type(app.screen).__name__ == "Title"
    assert panel.on and panel.ram == app.canvas.buffer
    assert sum(bin(b).count("1") for b in panel.ram) > 100


class SoakHeap:
    """Stands in for `gc` in pocket.setup (imported anew at each start): the heap
    of the 100 KB soak (tests/emu/test_emu_memory.py), whose ballast took most of
    it first."""

    FREE = 100 * 1024
    TAKEN = 133 * 1024

    def __init__(self):
        self.thresholds = []

    def collect(self):
        pass

    def mem_free(self):
        return self.FREE

    def mem_alloc(self):
        return self.TAKEN

    def threshold(self, n):
        self.thresholds.append(n)


def test_the_game_collects_before_its_heap_is_full_whatever_was_taken_first():
    # gc.threshold is the bytes allocated between two collections: it must come
    # well before what is free is used up, however much was taken before the
    # game started. It was set from the heap in use too (more than the soak's
    # board had free): that heap was collected only once full, and cut into
    # holes too small for littlefs to open a file (docs/performance.md).
    setup_board()
    heap = SoakHeap()

    def stop(*args):
        raise KeyboardInterrupt

    sys.modules["gc"] = heap
    try:
        run_main_with_loop(stop)
    finally:
        del sys.modules["gc"]
    assert len(heap.thresholds) == 1
    assert 0 < heap.thresholds[0] <= heap.FREE // 2, heap.thresholds


class VfsLfs2:
    """Stands in for os.VfsLfs2 in a mount list (only its class name is read)."""


class VfsFat:
    pass


def test_saves_write_in_place_only_on_littlefs():
    lfs, fat = VfsLfs2(), VfsFat()
    assert setup.atomic_files("/saves", [(lfs, "/")])
    assert not setup.atomic_files("/saves", [(fat, "/")])
    # The longest mount point holding the folder decides.
    assert not setup.atomic_files("/sd/saves", [(lfs, "/"), (fat, "/sd")])
    assert setup.atomic_files("/saves", [(lfs, "/"), (fat, "/sd")])
    assert not setup.atomic_files("/saves", [])
    # A relative folder is under the working directory.
    assert setup.atomic_files("saves", [(lfs, "/")])
    assert setup.atomic_files("saves", None) in (True, False)  # this port's own


def test_only_the_crash_loop_stays_loaded_while_the_game_runs():
    # pocket.start's frame lives as long as the game: what runs once (the
    # profile, building the game) is let go before the main loop runs.
    setup_board()
    loaded = []

    def stop(*args):
        loaded.extend(sys.modules)
        raise KeyboardInterrupt

    run_main_with_loop(stop)
    assert "pocket.start" in loaded and "pocket.loop" in loaded, loaded
    for name in ("pocket.setup", "pocket.hw", "pocket.boards", "pocket.boards.pico"):
        assert name not in loaded, name
