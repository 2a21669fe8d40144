"""`python3 -m host bench flash`: how much flash each game family takes, as .mpy.

Everything under shared/crisscross compiled with mpy-cross (what `make flash`
installs), grouped: the core every game needs (app, screens, store, AI front,
...), and each family's own modules. Data files (words.bin) are listed apart.
`romfs_image_bytes`: the ROMFS image `make flash` deploys to a board with ROMFS
(the game and the board layer, .mpy and data: host/board/romfs.py).

    python3 -m host bench flash [--json]
"""

from host.board import mpy_build, romfs
from host.bench import cli

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
    "total_bytes": n, "romfs_image_bytes": n, "files": {path: n}}."""
    packages = mpy_build.compiled()
    if files is None:  # the game's files as the board gets them
        files = {
            k: v
            for k, v in packages.items()
            if k.startswith(mpy_build.GAME[0][1] + "/")
        }
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
        "romfs_image_bytes": len(romfs.image(packages)),
        "files": {p: len(b) for p, b in sorted(files.items())},
    }


# .mpy and data may be blank (the total's row), "with core" too (the core's).
COLUMNS = (("group", "%-8s"), (".mpy", "%10s"), ("data", "%10s"), ("with core", "%12s"))


def format_table(fig):
    rows = [
        (g, fig["mpy_bytes"][g], fig["data_bytes"][g], fig["with_core"].get(g, ""))
        for g in [CORE] + [f for f, _ in FAMILIES]
    ]
    rows.append(("total", "", "", fig["total_bytes"]))
    rows.append(("ROMFS", "", "", fig["romfs_image_bytes"]))
    return cli.table(COLUMNS, rows)


def format_with_files(fig):
    """Every file's size, then the table."""
    files = ["%8d %s" % (n, path) for path, n in fig["files"].items()]
    return "\n".join(files + [format_table(fig)])


def main(argv):
    p = cli.parser("flash", __doc__)
    p.add_argument("--files", action="store_true", help="list every file's size")
    args = p.parse_args(argv)
    table = format_with_files if args.files else format_table
    return cli.run("flash", measure, mpy_build.CompileError, args.json, table)
