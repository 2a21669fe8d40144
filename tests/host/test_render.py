"""host.screen.render: ASCII round trips, braille cells, pixel diffs, pygame PNGs."""

import os
import random
import subprocess
import sys
import unicodedata

import pytest

from host.screen import fbcanvas, render

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 1234


def random_frame(rng, w, h):
    buf = bytearray(render.frame_bytes(w, h))
    fb = fbcanvas.FrameBuffer(buf, w, h, fbcanvas.MONO_VLSB)
    for y in range(h):
        for x in range(w):
            fb.pixel(x, y, rng.getrandbits(1))
    return buf


def test_ascii_round_trip_of_random_full_screen():
    rng = random.Random(SEED)
    for _ in range(5):
        buf = random_frame(rng, 128, 64)
        text = render.to_ascii(buf)
        lines = text.splitlines()
        assert len(lines) == 64 and all(len(line) == 128 for line in lines)
        assert render.from_ascii(text) == buf


def test_ascii_round_trip_of_odd_size_starts_from_text():
    rng = random.Random(SEED + 1)
    text = "".join(
        "".join(rng.choice("#.") for _ in range(13)) + "\n" for _ in range(7)
    )
    buf = render.from_ascii(text)
    assert len(buf) == 13
    assert render.to_ascii(buf, 13, 7) == text


def test_known_pattern_from_framebuf_drawing():
    buf = bytearray(render.frame_bytes(6, 4))
    fb = fbcanvas.FrameBuffer(buf, 6, 4, fbcanvas.MONO_VLSB)
    fb.rect(0, 0, 4, 3, 1)
    fb.pixel(5, 3, 1)
    assert render.to_ascii(buf, 6, 4) == "####..\n#..#..\n####..\n.....#\n"


def test_bit_layout_is_vertical_lsb_first():
    buf = bytearray(render.frame_bytes(128, 64))
    buf[0] = 0x01  # (0, 0)
    buf[128 + 5] = 0x80  # page 1, bit 7: (5, 15)
    lines = render.to_ascii(buf).splitlines()
    assert lines[0][0] == "#" and lines[15][5] == "#"
    assert sum(line.count("#") for line in lines) == 2


def test_from_ascii_rejects_bad_text_with_a_clear_message():
    with pytest.raises(ValueError, match="row 2 has 2 pixels, row 1 has 3"):
        render.from_ascii("##.\n#.\n")
    with pytest.raises(ValueError, match="row 1 column 2"):
        render.from_ascii("#x.\n")
    with pytest.raises(ValueError, match="no frame rows"):
        render.from_ascii("\n\n")


def test_wrong_buffer_length_is_refused():
    with pytest.raises(ValueError, match="1024 bytes, got 1000"):
        render.to_ascii(bytearray(1000))


def dots_named(ch):
    """The (x, y) pixels a braille character shows, read from its Unicode name
    (BRAILLE PATTERN DOTS-1237: dots 1-3 down the left, 4-6 down the right, 7
    and 8 below them)."""
    name = unicodedata.name(ch)
    assert name.startswith("BRAILLE PATTERN "), name
    at = {"1": (0, 0), "2": (0, 1), "3": (0, 2), "4": (1, 0)}
    at.update({"5": (1, 1), "6": (1, 2), "7": (0, 3), "8": (1, 3)})
    if name == "BRAILLE PATTERN BLANK":
        return set()
    return set(at[d] for d in name.split("DOTS-")[1])


def test_braille_shows_each_2x4_pattern_with_the_right_dots():
    for bits in range(256):
        buf = bytearray(render.frame_bytes(2, 4))
        fb = fbcanvas.FrameBuffer(buf, 2, 4, fbcanvas.MONO_VLSB)
        lit = set((k % 2, k // 2) for k in range(8) if bits >> k & 1)
        for x, y in lit:
            fb.pixel(x, y, 1)
        text = render.to_braille(buf, 2, 4)
        assert len(text) == 2 and text[1] == "\n"
        assert dots_named(text[0]) == lit


def test_braille_fits_full_screen_in_64x16_and_pads_odd_sizes():
    rng = random.Random(SEED + 2)
    lines = render.to_braille(random_frame(rng, 128, 64)).splitlines()
    assert len(lines) == 16 and all(len(line) == 64 for line in lines)
    buf = bytearray(render.frame_bytes(13, 7))
    fbcanvas.FrameBuffer(buf, 13, 7, fbcanvas.MONO_VLSB).fill(1)
    lines = render.to_braille(buf, 13, 7).splitlines()
    assert len(lines) == 2 and all(len(line) == 7 for line in lines)
    # The last column and row are partly outside the frame: only their dots in it.
    assert dots_named(lines[0][6]) == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert dots_named(lines[1][0]) == set((x, y) for x in (0, 1) for y in (0, 1, 2))


def test_diff_frames_counts_flipped_pixels():
    rng = random.Random(SEED + 3)
    a = random_frame(rng, 128, 64)
    b = bytearray(a)
    fb = fbcanvas.FrameBuffer(b, 128, 64, fbcanvas.MONO_VLSB)
    flips = set()
    while len(flips) < 37:
        flips.add((rng.randrange(128), rng.randrange(64)))
    for x, y in flips:
        fb.pixel(x, y, 1 - fb.pixel(x, y))
    assert render.diff_frames(a, b) == 37
    assert render.diff_frames(a, a) == 0
    with pytest.raises(ValueError):
        render.diff_frames(a, b[:-1])


def test_png_has_scaled_oled_pixels(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    scale = 6
    buf = bytearray(render.frame_bytes(128, 64))
    fb = fbcanvas.FrameBuffer(buf, 128, 64, fbcanvas.MONO_VLSB)
    lit = ((0, 0), (127, 63), (64, 17), (3, 40))
    for x, y in lit:
        fb.pixel(x, y, 1)
    path = tmp_path / "frame.png"
    render.to_png(buf, path, scale=scale)
    image = pygame.image.load(str(path))
    assert image.get_size() == (128 * scale, 64 * scale)
    for x, y in lit:
        for dx, dy in ((0, 0), (scale - 1, scale - 1), (scale // 2, 1)):
            px = image.get_at((x * scale + dx, y * scale + dy))
            assert tuple(px)[:3] == render.ON_RGB, (x, y, dx, dy)
    for x, y in ((1, 0), (126, 63), (64, 18), (0, 1)):
        px = image.get_at((x * scale, y * scale + scale - 1))
        assert tuple(px)[:3] == render.OFF_RGB, (x, y)


def test_surface_at_scale_one_matches_the_frame(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pytest.importorskip("pygame")
    rng = random.Random(SEED + 4)
    buf = random_frame(rng, 16, 8)
    surface = render.to_surface(buf, 1, 16, 8)
    pixels = render.rows(buf, 16, 8)
    for y in range(8):
        for x in range(16):
            want = render.ON_RGB if pixels[y][x] else render.OFF_RGB
            assert tuple(surface.get_at((x, y)))[:3] == want


def test_importing_render_does_not_import_pygame():
    code = "import sys, host.screen.render; print('pygame' in sys.modules)"
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.stdout.strip() == "False", proc.stderr
