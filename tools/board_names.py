"""Write host/board_names.txt: the names host/mpy_names.py gives our code on the
board, given out again from scratch (the names a word game loads first).

    python3 tools/board_names.py [--check]

Builds keep a name's board name from this file while it is free, so a change
of the code copies only the files it changes at the next `host flash`; new
names get what is left. Run this after large changes (the next flash then
copies every file once); `--check` says how many names the file lacks or no
longer needs, and exits 1 when a fresh map would save names.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host import mpy_build, mpy_names  # noqa: E402


def main(argv):
    files = mpy_build.compiled(names=False)
    fresh = mpy_names.plan(files, previous={}, unchanged=True)
    if "--check" in argv:
        now = mpy_names.plan(files)
        kept = mpy_names.load_map()
        firmware = set(mpy_names.statics())
        lost = sum(1 for t in fresh.values() if t in firmware) - sum(
            1 for t in now.values() if t in firmware
        )
        print(
            "%s: %d names, %d not in it, %d no longer used; a fresh map gives"
            " %d more names the firmware's"
            % (
                os.path.relpath(mpy_names.MAP, ROOT),
                len(kept),
                len(set(fresh) - set(kept)),
                len(set(kept) - set(fresh)),
                lost,
            )
        )
        return 1 if lost > 0 else 0
    mpy_names.save_map(fresh)
    print("%s: %d names" % (os.path.relpath(mpy_names.MAP, ROOT), len(fresh)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
