"""`python3 -m host bench flash`: how much flash each game family takes, as .mpy.

Everything under shared/crisscross compiled with mpy-cross (what `make flash`
installs), grouped: the core every game needs (app, screens, store, AI front,
...), and each family's own modules. Data files (words.bin) are listed apart.

    python3 -m host bench flash [--json]
"""

import argparse
import json
import sys

from host import mpy_build

# A family's own modules: path prefixes inside the package.
FAMILIES = (
    ("symbols", ("crisscross/dice/symbols.", "crisscross/dice/ai_symbols")),
    ("digits", ("crisscross/dice/digits.", "crisscross/dice/ai_digits")),
    ("cards", ("crisscross/cards/",)),
    ("words", ("crisscross/words/",)),
)
CORE = "core"


def family_of(path):
    for fam, prefixes in FAMILIES:
        for p in prefixes:
            if path.startswith(p):
                return fam
    return CORE


def measure(files=None):
    """{"mpy_bytes": {group: n}, "data_bytes": {group: n}, "with_core": {family: n},
    "total_bytes": n, "files": {path: n}}."""
    files = files if files is not None else mpy_build.compiled(mpy_build.GAME)
    mpy = {CORE: 0}
    data = {CORE: 0}
    for fam, _ in FAMILIES:
        mpy[fam] = data[fam] = 0
    for path, blob in files.items():
        group = family_of(path)
        if path.endswith(".mpy"):
            mpy[group] += len(blob)
        else:
            data[group] += len(blob)
    with_core = {}
    for fam, _ in FAMILIES:
        with_core[fam] = mpy[CORE] + mpy[fam] + data[CORE] + data[fam]
    return {
        "mpy_bytes": mpy,
        "data_bytes": data,
        "with_core": with_core,
        "total_bytes": sum(len(b) for b in files.values()),
        "files": {p: len(b) for p, b in sorted(files.items())},
    }


def format_table(fig):
    rows = ["%-8s %10s %10s %12s" % ("group", ".mpy", "data", "with core")]
    for group in [CORE] + [f for f, _ in FAMILIES]:
        rows.append(
            "%-8s %10d %10d %12s"
            % (
                group,
                fig["mpy_bytes"][group],
                fig["data_bytes"][group],
                fig["with_core"].get(group, ""),
            )
        )
    rows.append("%-8s %34d" % ("total", fig["total_bytes"]))
    return "\n".join(rows)


def main(argv):
    p = argparse.ArgumentParser(
        prog="python3 -m host bench flash", description=__doc__.split("\n")[0]
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--files", action="store_true", help="list every file's size")
    args = p.parse_args(argv)
    try:
        fig = measure()
    except mpy_build.CompileError as e:
        sys.stderr.write("bench flash: %s\n" % e)
        return 1
    if args.json:
        print(json.dumps(fig, sort_keys=True))
        return 0
    if args.files:
        for path, n in fig["files"].items():
            print("%8d %s" % (n, path))
    print(format_table(fig))
    return 0
