"""The simulator window, driven frame by frame with made-up pygame events.

SDL's dummy video driver gives a real pygame display surface without a screen;
the tests read the window's pixels back and compare them with the game's canvas.
"""

import os
import subprocess
import sys

import pytest

from crisscross import buttons
from crisscross.memory_storage import MemoryStorage
from host.play import sim
from host.screen import render
from host.play import window as hw
from mpy import ROOT
from test_sim_device import FakeApp

SCALE = 2


@pytest.fixture
def pygame(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pg = hw.init_display()
    yield pg
    pg.quit()


def window(pygame, app_class=None, scale=SCALE, shots="screenshots", seed=3):
    device = sim.make_device(MemoryStorage(), 0, seed, app_class)
    return hw.Simulator(device, scale, shots)


def key(pygame, kind, name):
    return pygame.event.Event(kind, key=getattr(pygame, name))


def assert_oled_is_the_canvas(simulator):
    """Every OLED pixel in the window has the colour of its canvas bit."""
    x0, y0, w, h = simulator.layout.oled
    s = simulator.scale
    assert (w, h) == (128 * s, 64 * s)
    pixels = render.rows(simulator.device.frame)
    surface = simulator.surface
    for y in range(64):
        for x in range(128):
            want = render.ON_RGB if pixels[y][x] else render.OFF_RGB
            for d in (0, s - 1):
                got = tuple(surface.get_at((x0 + x * s + d, y0 + y * s + d)))[:3]
                assert got == want, (x, y)


def colour_at(simulator, point):
    return tuple(simulator.surface.get_at(point))[:3]


def test_window_shows_the_real_game_as_keys_are_pressed(pygame):
    sim_ = window(pygame)
    assert sim_.step([], 0) is True
    assert_oled_is_the_canvas(sim_)
    first = bytes(sim_.device.frame)
    assert sum(map(sum, render.rows(first))) > 50  # the title screen, not black
    now = 0
    for name in ("K_DOWN", "K_DOWN", "K_z"):
        now += 40
        assert sim_.step([key(pygame, pygame.KEYDOWN, name)], now)
        now += 40
        assert sim_.step([key(pygame, pygame.KEYUP, name)], now)
        assert_oled_is_the_canvas(sim_)
    assert bytes(sim_.device.frame) != first
    assert sim_.surface.get_size() == sim_.layout.size


def test_holding_a_key_gives_a_long_press_and_lights_the_button(pygame):
    sim_ = window(pygame, FakeApp)
    spot = sim_.layout.spot(buttons.A)
    sim_.step([], 0)
    assert colour_at(sim_, spot) == hw.BUTTON
    sim_.step([key(pygame, pygame.KEYDOWN, "K_z")], 10)
    assert colour_at(sim_, spot) == hw.BUTTON_LIT
    assert colour_at(sim_, sim_.layout.spot(buttons.B)) == hw.BUTTON
    now = 10
    while now < 10 + buttons.LONG_MS + 40:  # frames while the key stays down
        now += 16
        sim_.step([], now)
    assert sim_.device.app.kinds() == [("a", "press"), ("a", "long")]
    sim_.step([key(pygame, pygame.KEYUP, "K_z")], now + 16)
    assert sim_.device.app.kinds()[-1] == ("a", "release")
    assert colour_at(sim_, spot) == hw.BUTTON
    assert_oled_is_the_canvas(sim_)


def test_held_arrow_repeats_and_every_button_lights(pygame):
    sim_ = window(pygame, FakeApp)
    sim_.step([], 0)
    names = {
        buttons.UP: "K_UP",
        buttons.DOWN: "K_DOWN",
        buttons.LEFT: "K_LEFT",
        buttons.RIGHT: "K_RIGHT",
        buttons.A: "K_RETURN",
        buttons.B: "K_BACKSPACE",
    }
    for button, name in sorted(names.items()):
        spot = sim_.layout.spot(button)
        sim_.step([key(pygame, pygame.KEYDOWN, name)], 100)
        assert colour_at(sim_, spot) == hw.BUTTON_LIT, name
        sim_.step([key(pygame, pygame.KEYUP, name)], 110)
        assert colour_at(sim_, spot) == hw.BUTTON, name
    app = sim_.device.app
    del app.events[:]
    sim_.step([key(pygame, pygame.KEYDOWN, "K_RIGHT")], 1000)
    for now in range(1016, 1000 + buttons.REPEAT_DELAY_MS + 3 * buttons.REPEAT_MS, 16):
        sim_.step([], now)
    assert app.kinds()[0] == ("right", "press")
    assert app.kinds().count(("right", "repeat")) == 3


def test_two_keys_for_one_button_release_it_together(pygame):
    sim_ = window(pygame, FakeApp)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_x")], 0)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_BACKSPACE")], 10)
    sim_.step([key(pygame, pygame.KEYUP, "K_x")], 20)
    assert sim_.device.buttons.held(buttons.B)
    sim_.step([key(pygame, pygame.KEYUP, "K_BACKSPACE")], 30)
    assert sim_.device.app.kinds() == [("b", "press"), ("b", "release")]


def test_focus_loss_releases_held_buttons(pygame):
    sim_ = window(pygame, FakeApp)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_LEFT")], 0)
    sim_.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)], 50)
    assert sim_.device.held_mask() == 0
    assert sim_.device.app.kinds() == [("left", "press"), ("left", "release")]
    sim_.step([key(pygame, pygame.KEYUP, "K_LEFT")], 60)  # the late key-up: no-op
    assert len(sim_.device.app.events) == 2


def test_screenshot_key_saves_the_screen(pygame, tmp_path, capsys):
    shots = tmp_path / "screenshots"
    sim_ = window(pygame, scale=3, shots=str(shots))
    sim_.step([], 0)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_F12")], 20)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_p")], 40)
    files = sorted(shots.iterdir())
    assert len(files) == 2 and all(f.name.startswith("crisscross-") for f in files)
    out = capsys.readouterr().out
    for f in files:
        assert str(f) in out
        image = pygame.image.load(str(f))
        assert image.get_size() == (128 * 3, 64 * 3)
    pixels = render.rows(sim_.device.frame)
    image = pygame.image.load(str(files[0]))
    for y in range(0, 64, 3):
        for x in range(128):
            want = render.ON_RGB if pixels[y][x] else render.OFF_RGB
            assert tuple(image.get_at((x * 3 + 1, y * 3 + 1)))[:3] == want


def test_screenshot_failure_is_a_message(pygame, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    sim_ = window(pygame, shots=str(blocker / "shots"))
    sim_.step([], 0)
    assert sim_.step([key(pygame, pygame.KEYDOWN, "K_F12")], 10) is True
    assert "cannot save a screenshot" in capsys.readouterr().err


def test_escape_and_close_quit(pygame):
    sim_ = window(pygame, FakeApp)
    assert sim_.step([], 0) is True
    assert sim_.step([key(pygame, pygame.KEYDOWN, "K_ESCAPE")], 10) is False
    assert sim_.step([pygame.event.Event(pygame.QUIT)], 20) is False


@pytest.mark.parametrize("scale", [1, 2, 6, 10])
def test_layout_keeps_everything_inside_the_device_and_window(pygame, scale):
    sim_ = window(pygame, FakeApp, scale=scale)
    sim_.step([], 0)
    lay = sim_.layout
    bx, by, bw, bh = lay.body
    width, height = lay.size
    assert 0 <= bx and bx + bw <= width and by + bh <= lay.help_y < height

    def inside(x, y):
        return bx < x < bx + bw and by < y < by + bh

    ox, oy, ow, oh = lay.oled
    assert inside(ox, oy) and inside(ox + ow, oy + oh)
    for rect in lay.dpad.values():
        assert inside(rect[0], rect[1]) and inside(rect[0] + rect[2], rect[1] + rect[3])
        assert rect[1] > oy + oh  # controls under the screen
    dpad_right = max(rect[0] + rect[2] for rect in lay.dpad.values())
    r = lay.radius
    for x, y in lay.round.values():
        assert inside(x - r, y - r) and inside(x + r, y + r)
        assert x - r > dpad_right  # A and B never overlap the d-pad
    (ax, ay), (bx_, by_) = lay.round[buttons.A], lay.round[buttons.B]
    assert (ax - bx_) ** 2 + (ay - by_) ** 2 > (2 * r) ** 2  # nor each other
    # The key bindings are drawn under the device.
    drawn = sum(
        1
        for y in range(lay.help_y, height, 2)
        for x in range(0, width, 2)
        if colour_at(sim_, (x, y)) != hw.BACKGROUND
    )
    assert drawn > 100


def run_window(env_changes, tmp_path):
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    env.update(env_changes)
    env["XDG_DATA_HOME"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-m", "host", "sim"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=env,
    )


@pytest.mark.parametrize("driver", ["", "nonexistent"])
@pytest.mark.skipif(sys.platform != "linux", reason="no-display is an X11/Wayland idea")
def test_no_display_is_a_clear_message(tmp_path, driver):
    done = run_window({"SDL_VIDEODRIVER": driver} if driver else {}, tmp_path)
    assert done.returncode == 2
    assert "--headless" in done.stderr and "make term" in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # failed before touching the save folder


def mouse(pygame, kind, pos):
    return pygame.event.Event(kind, button=1, pos=pos)


def test_clicking_a_drawn_button_presses_it_and_holding_is_a_long_press(pygame):
    sim_ = window(pygame, FakeApp)
    sim_.step([], 0)
    for button in range(buttons.COUNT):  # every drawn button, at its face
        spot = sim_.layout.spot(button)
        assert sim_.layout.button_at(spot) == button
        sim_.step([mouse(pygame, pygame.MOUSEBUTTONDOWN, spot)], 100 * button + 10)
        assert colour_at(sim_, spot) == hw.BUTTON_LIT
        sim_.step([mouse(pygame, pygame.MOUSEBUTTONUP, spot)], 100 * button + 60)
        assert colour_at(sim_, spot) == hw.BUTTON
    names = [buttons.NAMES[b] for b in range(buttons.COUNT)]
    assert sim_.device.app.kinds() == [
        (n, k) for n in names for k in ("press", "release")
    ]
    app = sim_.device.app
    del app.events[:]
    a = sim_.layout.spot(buttons.A)
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONDOWN, a)], 1000)
    now = 1000
    while now < 1000 + buttons.LONG_MS + 40:  # the mouse button stays down
        now += 16
        sim_.step([], now)
    # Released away from the button: still its release.
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONUP, (1, 1))], now + 16)
    assert app.kinds() == [("a", "press"), ("a", "long"), ("a", "release")]


def test_clicks_beside_the_buttons_and_other_mouse_buttons_do_nothing(pygame):
    sim_ = window(pygame, FakeApp)
    sim_.step([], 0)
    oled = sim_.layout.oled
    assert sim_.layout.button_at((oled[0] + 5, oled[1] + 5)) is None
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONDOWN, (oled[0] + 5, oled[1] + 5))], 10)
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONUP, (oled[0] + 5, oled[1] + 5))], 20)
    right = pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, button=3, pos=sim_.layout.spot(buttons.A)
    )
    sim_.step([right], 30)
    assert sim_.device.app.events == [] and sim_.device.held_mask() == 0


def test_a_key_and_the_mouse_on_one_button_release_it_together(pygame):
    sim_ = window(pygame, FakeApp)
    b = sim_.layout.spot(buttons.B)
    sim_.step([key(pygame, pygame.KEYDOWN, "K_x")], 0)
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONDOWN, b)], 10)
    sim_.step([key(pygame, pygame.KEYUP, "K_x")], 20)
    assert sim_.device.buttons.held(buttons.B)
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONUP, b)], 30)
    assert sim_.device.app.kinds() == [("b", "press"), ("b", "release")]
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONDOWN, b)], 40)
    sim_.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)], 50)
    assert sim_.device.held_mask() == 0
    sim_.step([mouse(pygame, pygame.MOUSEBUTTONUP, b)], 60)  # late: nothing
    assert sim_.device.app.kinds()[-2:] == [("b", "press"), ("b", "release")]
    assert len(sim_.device.app.events) == 4
