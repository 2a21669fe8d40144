"""Golden frames: the screen tour as ASCII art under tests/golden/.

    python3 tests/golden.py            # compare, exit 1 on any difference
    python3 tests/golden.py --update   # rewrite the files on purpose (make golden)
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "portable")]

import host  # noqa: E402,F401  (puts shared/ on sys.path)
from host.screen import render  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden")


def path_of(name):
    return os.path.join(GOLDEN, name + ".txt")


def frame(name):
    """The golden frame `name` ("title") as the display's bytes."""
    with open(path_of(name)) as f:
        return render.from_ascii(f.read())


def main(argv):
    from screentour import tour

    update = "--update" in argv
    bad = []
    names = set()
    for name, frame in tour():
        names.add(name)
        text = render.to_ascii(frame)
        if update:
            with open(path_of(name), "w") as f:
                f.write(text)
            continue
        try:
            with open(path_of(name)) as f:
                want = f.read()
        except OSError:
            bad.append("%s: no golden frame (run make golden)" % name)
            continue
        if want != text:
            n = render.diff_frames(render.from_ascii(want), frame)
            bad.append("%s: %d pixels differ" % (name, n))
    if update:
        for f in os.listdir(GOLDEN):
            if f.endswith(".txt") and f[:-4] not in names:
                os.remove(os.path.join(GOLDEN, f))
        print("golden frames written: %d" % len(names))
        return 0
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
