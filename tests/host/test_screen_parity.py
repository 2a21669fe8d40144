"""Every screen, drawn by MicroPython's framebuf and by the host canvas: same bytes."""

import os

from mpy import ROOT, run_micropython
from screentour import tour


def test_every_screen_is_byte_identical_in_micropython_and_cpython():
    got = run_micropython(
        [os.path.join(ROOT, "tests", "tour_dump.py")],
        mounts=(("shared", "/shared"), ("tests/portable", "/tests/portable")),
        paths=("/shared", "/tests/portable"),
        # The tour presses through button edges with the loop's frames between
        # them (tens of seconds of CPU in MicroPython): room for a busy machine.
        timeout=400,
    )
    assert got.returncode == 0, got.stderr[-3000:]
    mp_frames = {}
    for line in got.stdout.splitlines():
        name, hexdata = line.split(" ")
        mp_frames[name] = bytes.fromhex(hexdata)
    names = []
    for name, frame in tour():
        names.append(name)
        assert name in mp_frames, name
        assert mp_frames[name] == frame, "screen %r differs between interpreters" % name
    assert len(names) == len(mp_frames) >= 30
