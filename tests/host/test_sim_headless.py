"""`python3 -m host sim --headless`: key files in, the real game's last frame out."""

import os
import subprocess
import sys

import pytest

from host.play import sim
from host.screen import render
from mpy import ROOT
from test_sim_device import FakeApp

KEYS = "# into the new-game menu and back\ndown\nwait 200\na\nwait 300\nb\ndown 2\n"
SCALE = 3


def run_sim(*args, stdin="", env=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "host", "sim", "--headless", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=full_env,
    )


def replay_frame(tmp_path, keys, name="out"):
    """The .bin of a replay of keys (seed 5), checked to run cleanly."""
    keyfile = tmp_path / (name + ".keys")
    keyfile.write_text(keys)
    out = tmp_path / (name + ".bin")
    done = run_sim("--seed", "5", "--keys", str(keyfile), "--frame", str(out))
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def load_png(path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame.image.load(str(path))


def test_png_shows_exactly_the_frame_bytes(tmp_path):
    keyfile = tmp_path / "game.keys"
    keyfile.write_text(KEYS)
    # A PNG whatever the name ends with (pygame would pick TGA by the name).
    png, raw = tmp_path / "last.picture", tmp_path / "last.bin"
    done = run_sim(
        "--seed",
        "5",
        "--keys",
        str(keyfile),
        "--png",
        str(png),
        "--frame",
        str(raw),
        "--scale",
        str(SCALE),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # files asked for: no ASCII art on stdout
    frame = raw.read_bytes()
    assert len(frame) == 1024
    pixels = render.rows(frame)
    assert 50 < sum(map(sum, pixels)) < 128 * 64 - 50  # a real picture
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = load_png(png)
    assert image.get_size() == (128 * SCALE, 64 * SCALE)
    for y in range(64):
        for x in range(128):
            want = render.ON_RGB if pixels[y][x] else render.OFF_RGB
            for dx, dy in ((0, 0), (SCALE - 1, SCALE - 1)):
                got = tuple(image.get_at((x * SCALE + dx, y * SCALE + dy)))[:3]
                assert got == want, (x, y)


def test_same_keys_same_frame_and_keys_matter(tmp_path):
    first = replay_frame(tmp_path, KEYS, "one")
    assert replay_frame(tmp_path, KEYS, "two") == first
    untouched = replay_frame(tmp_path, "", "none")
    moved = replay_frame(tmp_path, "down\n", "down")
    assert untouched != moved  # the menu cursor moved
    assert render.diff_frames(untouched, moved) > 0


def test_ascii_from_stdin_matches_the_frame(tmp_path):
    frame = replay_frame(tmp_path, KEYS)
    done = run_sim("--seed", "5", "--keys", "-", "--ascii", stdin=KEYS)
    assert done.returncode == 0, done.stderr
    assert done.stdout == render.to_ascii(frame)


def test_bad_key_file_names_the_line(tmp_path):
    keyfile = tmp_path / "bad.keys"
    keyfile.write_text("down\n# fine so far\nfire\na\n")
    out = tmp_path / "never.bin"
    done = run_sim("--keys", str(keyfile), "--frame", str(out))
    assert done.returncode == 2
    assert "bad.keys line 3" in done.stderr and "'fire'" in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_missing_key_file_and_unwritable_outputs_are_clear(tmp_path):
    done = run_sim("--keys", str(tmp_path / "nope.keys"))
    assert done.returncode == 2 and "cannot read key file" in done.stderr
    binary = tmp_path / "keys.bin"
    binary.write_bytes(b"right\n\xa2\x00a\n")
    done = run_sim("--keys", str(binary))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == (
        "sim: key file %s is not UTF-8 text (byte 0xa2 at offset 6)\n" % binary
    )
    for option in ("--frame", "--png"):
        target = str(tmp_path / "no" / "such" / "dir" / "x.out")
        done = run_sim(option, target)
        assert done.returncode == 2, option
        assert "cannot write" in done.stderr and target in done.stderr
        assert "Traceback" not in done.stderr
    binary = tmp_path / "binary.keys"
    binary.write_bytes(b"\xff\xfe\x00a\n")
    done = run_sim("--keys", str(binary))
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_headless_options_need_headless():
    done = subprocess.run(
        [sys.executable, "-m", "host", "sim", "--frame", "x.bin"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2 and "--headless" in done.stderr


def test_headless_never_loads_pygame_for_ascii_or_frames(tmp_path):
    code = (
        "import sys, host\n"
        "from host.play import sim\n"
        "status = sim.main(['--headless', '--frame', %r, '--ascii'])\n"
        "assert status == 0, status\n"
        "assert 'pygame' not in sys.modules\n" % str(tmp_path / "f.bin")
    )
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 64


def test_data_folder_is_made_and_used(tmp_path):
    data = tmp_path / "saves" / "here"
    done = run_sim("--data", str(data), "--frame", str(tmp_path / "f.bin"))
    assert done.returncode == 0, done.stderr
    assert data.is_dir()


def test_replay_with_a_stand_in_app_in_process(tmp_path, capsys):
    keyfile = tmp_path / "k.keys"
    keyfile.write_text("left\nlong-a\n")
    out = tmp_path / "f.bin"
    assert (
        sim.main(["--headless", "--keys", str(keyfile), "--frame", str(out)], FakeApp)
        == 0
    )
    # FakeApp draws the last event and the count: "a release", 5 events.
    device = sim.Device(None, 0, None, FakeApp)
    app = device.app
    app.events = [("left", "press", 0)] * 4 + [("a", "release", 0)]
    app.dirty = True
    device.step(0)
    assert out.read_bytes() == bytes(device.frame)


@pytest.mark.parametrize("bad", ["0", "21", "six"])
def test_scale_must_be_sensible(bad):
    with pytest.raises(SystemExit) as info:
        sim.main(["--headless", "--scale", bad])
    assert info.value.code == 2
