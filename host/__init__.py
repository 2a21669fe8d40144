"""The PC side of the project, `python3 -m host COMMAND` (__main__.py), one
package a concern:

- play/: the front ends: the simulator, the terminal, the command line;
- screen/: the 128x64 screen on a PC (canvas, font, pictures, the SSD1306 model);
- board/: building the game for a board, flashing it, its REPL, logs and saves;
- emu/: the real firmware on an emulated Pico;
- bench/: the benchmarks;
- engine/: tools on the engine itself (the AI's tables, its import graph);
- web/: the browser build; mpy/: the Node.js runners of MicroPython WebAssembly.

CPython only. The game itself lives in shared/crisscross and is imported from here
exactly as the device imports it.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "shared")
if SHARED not in sys.path:
    sys.path.insert(0, SHARED)


# The exit status of a command stopped by Ctrl-C (128 + SIGINT), as a shell gives.
INTERRUPTED = 130


class Parser(argparse.ArgumentParser):
    """Every command's option parser: an option it refuses gets one line, as the
    commands' own refusals do, and exit status 2 (not argparse's usage block)."""

    def error(self, message):
        self.exit(2, "%s: %s (--help lists the options)\n" % (self.prog, message))


def shown(path):
    """A path as a message names it: relative to here when it is under here,
    else absolute (never ../../x for a path the person typed as /x)."""
    rel = os.path.relpath(path)
    return os.path.abspath(path) if rel.startswith("..") else rel


# The engine imports no `framebuf`: the host gives App its canvas, a
# host.screen.fbcanvas.FrameBuffer (byte-identical to MicroPython's), whose class also
# makes the sprites the screens blit.
