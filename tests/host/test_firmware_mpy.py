"""The firmware's board layer inside real MicroPython 1.29 (WebAssembly).

Each module in tests/firmware/ runs in its own interpreter with the `machine` test
double (tests/firmware/machine.py) and the SSD1306 model (host/screen/ssd1306_panel.py) on
its I2C bus.
"""

import os
import re

import pytest

from tests.host.mpy import ROOT, run_micropython

MODULES = sorted(
    name[:-3]
    for name in os.listdir(os.path.join(ROOT, "tests", "firmware"))
    if name.startswith("test_") and name.endswith(".py")
)
MOUNTS = (
    ("host/screen", "/host"),
    ("shared", "/shared"),
    ("firmware", "/firmware"),
    ("tests", "/tests"),
)
# /host first, so it is searched last: only for the SSD1306 model, ssd1306_panel.
PATHS = ("/host", "/shared", "/firmware", "/tests", "/tests/portable")


@pytest.mark.parametrize("module", MODULES)
def test_firmware_module_in_micropython(module):
    code = (
        "import sys, mpy_suite\n"
        "sys.exit(1 if mpy_suite.run('/tests/firmware', [%r]) else 0)\n" % module
    )
    proc = run_micropython(["--exec", code], timeout=120, mounts=MOUNTS, paths=PATHS)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    m = re.search(r"(\d+) passed, (\d+) failed", out)
    assert m and int(m.group(1)) > 0 and m.group(2) == "0", out
