"""host.screen.fbcanvas against real MicroPython 1.29 framebuf: same calls, same bytes.

Seeded random call sequences (every method, coordinates far outside the buffer,
negative and zero sizes, every printable character) are replayed by one shared
replay function, once on CPython with host.screen.fbcanvas and once inside the
WebAssembly interpreter (a single node process for the whole batch).
"""

import array
import binascii
import json
import os
import random
import shutil
import subprocess
import sys

import pytest

from host.screen import fbcanvas
from host.screen.font8x8 import FIRST_CHAR, FONT, GLYPH_BYTES, LAST_CHAR

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join("host", "mpy", "run.mjs")
NODE_TIMEOUT_S = 300
SEED = 20261122
CASES = 320
CALLS_PER_CASE = 24

SIZES = ((128, 64), (13, 7), (1, 1), (8, 8), (17, 23), (64, 32), (5, 20), (9, 1))
MONO_FORMATS = (fbcanvas.MONO_VLSB, fbcanvas.MONO_HLSB, fbcanvas.MONO_HMSB)
# Besides the printable ASCII range: DEL, a NUL (ends the string in C), controls
# and multi-byte UTF-8, all of which draw glyph 127 per byte.
ODD_CHARS = "\x7f\x00\n\t\u00e9\u20ac"

# Runs on both interpreters: only what MicroPython 1.29 and CPython share.
REPLAY = """
def make(framebuf, spec):
    buf = bytearray(binascii.unhexlify(spec["data"]))
    fb = framebuf.FrameBuffer(buf, spec["w"], spec["h"], spec["fmt"], spec["stride"])
    return fb, buf


def replay(framebuf, case):
    fb, buf = make(framebuf, case)
    got = []
    for call in case["calls"]:
        name = call[0]
        args = list(call[1])
        if name == "blit":
            src = fb if args[0] == "self" else make(framebuf, args[0])[0]
            if len(args) > 4 and args[4] is not None:
                args[4] = make(framebuf, args[4])[0]
            fb.blit(src, *args[1:])
        elif name == "poly":
            args[2] = array.array("h", args[2])
            fb.poly(*args)
        elif name == "text_bytes":
            fb.text(args[0].encode(), *args[1:])
        else:
            result = getattr(fb, name)(*args)
            if name == "pixel" and len(args) == 2:
                got.append(result)
    return buf, got


def construct(framebuf, spec):
    try:
        framebuf.FrameBuffer(bytearray(spec[0]), *spec[1:])
    except ValueError:
        return "ValueError"
    return "ok"
"""

MPY_DRIVER = """
import array, binascii, framebuf, json
with open("/t/cases.json") as f:
    batch = json.load(f)
for case in batch["cases"]:
    buf, got = replay(framebuf, case)
    print("case", binascii.hexlify(buf).decode(), json.dumps(got))
for spec in batch["constructors"]:
    print("new", construct(framebuf, spec))
"""


def replay_namespace():
    ns = {"array": array, "binascii": binascii}
    exec(REPLAY, ns)
    return ns


def buffer_len(w, h, fmt, stride):
    if fmt == fbcanvas.MONO_VLSB:
        return stride * ((h + 7) // 8)
    return ((stride + 7) & ~7) * h // 8


def random_spec(rng, w, h, fmt, stride=None):
    stride = w if stride is None else stride
    data = bytes(rng.getrandbits(8) for _ in range(buffer_len(w, h, fmt, stride)))
    return {"w": w, "h": h, "fmt": fmt, "stride": stride, "data": data.hex()}


class CallMaker:
    """Random framebuf calls aimed at edges, clipping and odd arguments."""

    def __init__(self, rng, w, h):
        self.rng = rng
        self.w = w
        self.h = h

    def coord(self, size):
        r = self.rng.random()
        if r < 0.45:
            return self.rng.randrange(size)
        if r < 0.65:
            return self.rng.choice((0, size - 1, size, -1, -size))
        if r < 0.9:
            return self.rng.randint(-20, size + 20)
        return self.rng.randint(-300, 300)

    def length(self, size):
        r = self.rng.random()
        if r < 0.15:
            return self.rng.choice((0, 1, -1, -5))
        if r < 0.85:
            return self.rng.randint(1, size + 4)
        return self.rng.randint(-40, 2 * size + 40)

    def colour(self):
        return self.rng.choice((0, 1, 1, 0, 2, -1))

    def text(self):
        chars = []
        for _ in range(self.rng.randint(0, 20)):
            if self.rng.random() < 0.1:
                chars.append(self.rng.choice(ODD_CHARS))
            else:
                chars.append(chr(self.rng.randint(32, 126)))
        return "".join(chars)

    def blit_source(self):
        r = self.rng.random()
        if r < 0.1:
            return "self"
        fmt = self.rng.choice(MONO_FORMATS)
        sw = self.rng.randint(1, 24 if r < 0.9 else 140)
        sh = self.rng.randint(1, 24 if r < 0.9 else 70)
        return random_spec(self.rng, sw, sh, fmt)

    def call(self):
        rng, w, h = self.rng, self.w, self.h
        kind = rng.choice(
            (
                "fill pixel pixel_get hline vline rect rect_fill fill_rect line line "
                "text text text_bytes blit blit scroll ellipse ellipse poly poly"
            ).split()
        )
        if kind == "fill":
            return ["fill", [self.colour()]]
        if kind == "pixel":
            return ["pixel", [self.coord(w), self.coord(h), self.colour()]]
        if kind == "pixel_get":
            return ["pixel", [self.coord(w), self.coord(h)]]
        if kind in ("hline", "vline"):
            size = w if kind == "hline" else h
            return [kind, [self.coord(w), self.coord(h), self.length(size), 1]]
        if kind in ("rect", "fill_rect", "rect_fill"):
            args = [self.coord(w), self.coord(h), self.length(w), self.length(h)]
            args.append(self.colour())
            if kind == "rect_fill":
                return ["rect", args + [rng.choice((True, False, 1, 0))]]
            return [kind, args]
        if kind == "line":
            ends = [self.coord(w), self.coord(h), self.coord(w), self.coord(h)]
            return ["line", ends + [self.colour()]]
        if kind in ("text", "text_bytes"):
            args = [self.text(), self.coord(w) - 4, self.coord(h) - 4]
            if rng.random() < 0.6:
                args.append(self.colour())
            if kind == "text_bytes":
                args[0] = "".join(c for c in args[0] if c < "\x80")
            return [kind, args]
        if kind == "blit":
            args = [self.blit_source(), self.coord(w) - 8, self.coord(h) - 8]
            r = rng.random()
            if r < 0.7:
                args.append(rng.choice((-1, 0, 1, 2)))
            if r < 0.35:
                args.append(random_spec(rng, 2, 1, fbcanvas.MONO_VLSB))
            elif r < 0.45:
                args.append(None)
            return ["blit", args]
        if kind == "scroll":
            return ["scroll", [rng.randint(-w - 3, w + 3), rng.randint(-h - 3, h + 3)]]
        if kind == "ellipse":
            args = [self.coord(w), self.coord(h)]
            args += [rng.randint(-3, w + 8), rng.randint(-3, h + 8), self.colour()]
            if rng.random() < 0.6:
                args.append(rng.choice((True, False)))
                if rng.random() < 0.6:
                    args.append(rng.randint(0, 31))
            return ["ellipse", args]
        # poly: 0..7 vertices, sometimes an odd count of numbers (last one ignored)
        coords = []
        for _ in range(rng.randint(0, 7)):
            coords += [rng.randint(-30, w + 30), rng.randint(-30, h + 30)]
        if rng.random() < 0.15:
            coords.append(rng.randint(-5, 5))
        args = [self.coord(w) // 4, self.coord(h) // 4, coords, self.colour()]
        if rng.random() < 0.6:
            args.append(rng.choice((True, False)))
        return ["poly", args]


def make_cases(seed, count):
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        if i < len(SIZES) * len(MONO_FORMATS):
            w, h = SIZES[i % len(SIZES)]
            fmt = MONO_FORMATS[i // len(SIZES)]
        else:
            w, h = rng.choice(SIZES + ((rng.randint(1, 70), rng.randint(1, 40)),))
            fmt = rng.choice(MONO_FORMATS + (fbcanvas.MONO_VLSB,) * 3)
        stride = w + (rng.randint(1, 9) if rng.random() < 0.2 else 0)
        case = random_spec(rng, w, h, fmt, stride)
        maker = CallMaker(rng, w, h)
        case["calls"] = [maker.call() for _ in range(rng.randint(1, CALLS_PER_CASE))]
        cases.append(case)
    return cases


def constructor_specs():
    """(buffer length, w, h, format[, stride]) around every validity boundary."""
    specs = []
    for fmt in MONO_FORMATS:
        for w, h in ((8, 8), (13, 7), (128, 64), (9, 17), (1, 1)):
            need = buffer_len(w, h, fmt, w)
            for n in (need - 1, need, 0):
                specs.append([n, w, h, fmt])
            specs.append([need + 40, w, h, fmt, w + 3])
            specs.append([need + 40, w, h, fmt, w - 1])
        specs.append([64, 0, 8, fmt])
        specs.append([64, 8, 0, fmt])
        specs.append([64, -8, 8, fmt])
    specs.append([64, 8, 8, 7])
    specs.append([64, 8, 8, -1])
    # The shortest MONO_VLSB buffer does not cover the last page's full stride.
    specs.append([1 * 20 + 13, 13, 9, fbcanvas.MONO_VLSB, 20])
    specs.append([1 * 20 + 12, 13, 9, fbcanvas.MONO_VLSB, 20])
    return specs


def run_micropython(tmp_path, batch):
    if shutil.which("node") is None:
        pytest.skip("node is not installed: cannot run real MicroPython")
    (tmp_path / "cases.json").write_text(json.dumps(batch))
    script = tmp_path / "replay_main.py"
    script.write_text(REPLAY + MPY_DRIVER)
    proc = subprocess.run(
        ["node", RUNNER, "--mount", "%s:/t" % tmp_path, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT_S,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


@pytest.fixture(scope="module")
def parity(tmp_path_factory):
    """Both interpreters' results for one batch; computed once per module."""
    batch = {"cases": make_cases(SEED, CASES), "constructors": constructor_specs()}
    lines = run_micropython(tmp_path_factory.mktemp("parity"), batch)
    return batch, lines


def test_random_call_sequences_match_micropython_byte_for_byte(parity):
    batch, lines = parity
    mpy = [line.split(" ", 2)[1:] for line in lines if line.startswith("case ")]
    assert len(mpy) == len(batch["cases"])
    ns = replay_namespace()
    checked_bytes = 0
    for i, (case, (want_hex, want_got)) in enumerate(zip(batch["cases"], mpy)):
        buf, got = ns["replay"](fbcanvas, case)
        want = bytes.fromhex(want_hex)
        if bytes(buf) != want:
            first = next(k for k in range(len(want)) if buf[k] != want[k])
            pytest.fail(
                "case %d (%dx%d fmt %d stride %d): first differing byte %d\ncalls: %s"
                % (
                    i,
                    case["w"],
                    case["h"],
                    case["fmt"],
                    case["stride"],
                    first,
                    json.dumps(case["calls"]),
                )
            )
        assert got == json.loads(want_got), "case %d: pixel() reads differ" % i
        checked_bytes += len(want)
    assert checked_bytes > 10000


def test_every_method_is_exercised_in_the_batch(parity):
    batch, _ = parity
    names = set(call[0] for case in batch["cases"] for call in case["calls"])
    expected = "fill pixel hline vline rect fill_rect line text text_bytes blit scroll"
    assert names == set(expected.split()) | {"ellipse", "poly"}
    formats = set(case["fmt"] for case in batch["cases"])
    assert formats == set(MONO_FORMATS)


def test_constructor_validation_matches_micropython(parity):
    batch, lines = parity
    mpy = [line.split(" ", 1)[1] for line in lines if line.startswith("new ")]
    ns = replay_namespace()
    ours = [ns["construct"](fbcanvas, spec) for spec in batch["constructors"]]
    assert ours == mpy
    assert "ok" in ours and "ValueError" in ours


def test_text_draws_the_font_glyph_for_every_character():
    buf = bytearray(GLYPH_BYTES)
    fb = fbcanvas.FrameBuffer(buf, 8, 8, fbcanvas.MONO_VLSB)
    for code in range(FIRST_CHAR, LAST_CHAR + 1):
        fb.fill(0)
        fb.text(chr(code), 0, 0)
        start = (code - FIRST_CHAR) * GLYPH_BYTES
        assert bytes(buf) == FONT[start : start + GLYPH_BYTES], chr(code)
    assert len(FONT) == (LAST_CHAR + 1 - FIRST_CHAR) * GLYPH_BYTES


def test_drawing_writes_into_the_callers_buffer_in_place():
    buf = bytearray(128 * 64 // 8)
    fb = fbcanvas.FrameBuffer(buf, 128, 64, fbcanvas.MONO_VLSB)
    fb.pixel(3, 9, 1)
    assert buf[128 + 3] == 0b10
    assert fb.pixel(3, 9) == 1 and fb.pixel(3, 8) == 0 and fb.pixel(-1, 0) is None


def test_bad_arguments_raise_clear_errors():
    buf = bytearray(8)
    fb = fbcanvas.FrameBuffer(buf, 8, 8, fbcanvas.MONO_VLSB)
    with pytest.raises(TypeError, match="buffer protocol"):
        fb.poly(0, 0, [0, 0, 4, 4], 1)
    with pytest.raises(TypeError):
        fb.pixel(1.5, 0, 1)
    with pytest.raises(TypeError, match="writable"):
        fbcanvas.FrameBuffer(bytes(8), 8, 8, fbcanvas.MONO_VLSB)
    with pytest.raises(ValueError, match="MONO"):
        fbcanvas.FrameBuffer(bytearray(64), 8, 8, fbcanvas.GS8)
    assert buf == bytearray(8)


def test_font_module_is_what_the_extractor_regenerates():
    if shutil.which("node") is None:
        pytest.skip("node is not installed: cannot run real MicroPython")
    proc = subprocess.run(
        [sys.executable, os.path.join("tools", "extract_font.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT_S,
    )
    assert proc.returncode == 0, proc.stderr
