"""The screens match their golden frames (tests/golden/*.txt; `make golden` refreshes)."""

import os

from host.screen import render
from screentour import tour

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(__file__)), "golden")


def test_every_screen_matches_its_golden_frame():
    seen = []
    for name, frame in tour():
        seen.append(name)
        path = os.path.join(GOLDEN, name + ".txt")
        assert os.path.exists(path), "no golden frame for %s: run make golden" % name
        with open(path) as f:
            want = render.from_ascii(f.read())
        n = render.diff_frames(want, frame)
        assert (
            n == 0
        ), "%s: %d pixels differ from tests/golden (make golden to accept)" % (name, n)
    files = sorted(f[:-4] for f in os.listdir(GOLDEN) if f.endswith(".txt"))
    assert files == sorted(seen), "stale golden frames: %s" % (set(files) ^ set(seen))
