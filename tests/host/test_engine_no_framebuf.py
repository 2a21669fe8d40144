"""The engine runs under plain CPython with no `framebuf` module anywhere: nothing
installs one in sys.modules, and the screens' sprites come from the class of the
canvas the host gives the app (host.screen.fbcanvas.FrameBuffer here). In a fresh
interpreter where importing `framebuf` fails, the whole screen tour (every game's
screens, symbols and cards drawn) matches the golden frames pixel for pixel."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import os, sys

ROOT = sys.argv[1]
sys.path[:0] = [os.path.join(ROOT, "shared"), ROOT, os.path.join(ROOT, "tests", "portable")]
asked = []


class NoFramebuf:
    # A meta path finder that refuses `framebuf` and records which engine file
    # asked (tests/portable/canvas.py tries it first, as inside MicroPython).
    def find_spec(self, name, path=None, target=None):
        if name == "framebuf" or name.startswith("framebuf."):
            f = sys._getframe(1)
            while f is not None:
                if os.sep + "crisscross" + os.sep in f.f_code.co_filename:
                    asked.append(f.f_code.co_filename)
                f = f.f_back
            raise ImportError("no framebuf under plain CPython")
        return None


sys.meta_path.insert(0, NoFramebuf())

import crisscross.app  # noqa: E402
from host.screen import render  # noqa: E402
from screentour import tour  # noqa: E402

shown = []
for name, frame in tour():
    with open(os.path.join(ROOT, "tests", "golden", name + ".txt")) as f:
        want = render.from_ascii(f.read())
    assert render.diff_frames(want, frame) == 0, name
    shown.append(name)
assert "framebuf" not in sys.modules, sys.modules["framebuf"]
assert asked == [], asked
from crisscross import cards, dice  # noqa: E402,F401
print("OK", len(shown), " ".join(shown))
"""


def test_the_engine_draws_every_screen_with_no_framebuf_module():
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, ROOT],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    words = proc.stdout.split()
    assert words[0] == "OK" and int(words[1]) > 40, proc.stdout
    # game screens among them: dice play (symbols sprites), the card table
    for name in ("play-symbols", "cards-play-start", "words-play-start", "title"):
        assert name in words[2:], name
