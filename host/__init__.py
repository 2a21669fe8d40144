"""Host-side tools: simulator, terminal play, command line, flashing, benchmarks.

CPython only. The game itself lives in shared/crisscross and is imported from here
exactly as the device imports it.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "shared")
if SHARED not in sys.path:
    sys.path.insert(0, SHARED)

# The engine imports no `framebuf`: the host gives App its canvas, a
# host.screen.fbcanvas.FrameBuffer (byte-identical to MicroPython's), whose class also
# makes the sprites the screens blit.
