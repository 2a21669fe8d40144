"""Parity: the same seeded games give identical logs under MicroPython and CPython."""

import os
import subprocess
import sys

from mpy import ROOT, run_micropython

GAMES = 25


def cpython_output():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "shared"))
    script = os.path.join(ROOT, "tests", "parity_games.py")
    out = subprocess.run(
        [sys.executable, script, str(GAMES)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_seeded_games_identical_under_micropython_and_cpython():
    expected = cpython_output()
    got = run_micropython(
        [os.path.join(ROOT, "tests", "parity_games.py"), "--", str(GAMES)]
    )
    assert got.returncode == 0, got.stderr
    lines = expected.splitlines()
    assert len(lines) == GAMES * 6
    for a, b in zip(lines, got.stdout.splitlines()):
        assert a == b
    assert got.stdout == expected
