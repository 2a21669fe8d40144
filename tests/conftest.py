"""pytest: import the engine from shared/ and the host tools, as the device does."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (
    os.path.join(ROOT, "shared"),
    ROOT,
    os.path.join(ROOT, "tests"),
    os.path.join(ROOT, "tests", "host"),
    os.path.join(ROOT, "tests", "portable"),
):
    if p not in sys.path:
        sys.path.insert(0, p)
