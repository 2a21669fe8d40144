"""Nothing in host/ imports firmware/ or tests/.

The host's tools (simulator, flash, emulator, benchmarks) run on their own: a
benchmark that needs the firmware's driver gets it compiled and mounted inside
MicroPython as `host flash` installs it (host/board/mpy_build.py), never on CPython's
path. Checked on the source: imports (ast), sys.path changes, and paths into
tests/ or firmware/ handed to anything (a mount, an open, a subprocess), also
inside code strings run by another interpreter.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host")
FORBIDDEN = ("tests", "firmware")
# The firmware's own package: importable only where the board's build is mounted,
# inside MicroPython (the benchmarks' harness scripts).
BOARD_PACKAGES = ("pocket",)
MICROPYTHON_SIDE = ("host/bench/harness/",)
# The modules that read firmware/: they build what goes on the board.
BUILDS_THE_BOARD = ("host/board/mpy_build.py", "host/board/mip_manifest.py")


def _forbidden_path(node, part=True):
    """The string constant `node` is a path into tests/ or firmware/, or (`part`)
    one of those folders' names alone, as in os.path.join(ROOT, "tests")."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return False
    v = node.value.strip().replace("\\", "/").lstrip("./")
    return any((part and v == f) or v.startswith(f + "/") for f in FORBIDDEN)


def _is_sys_path(node):
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def problems(source, rel):
    """[(line, what)] of every way `source` (file `rel` of host/) reaches into
    tests/ or firmware/."""
    out = []
    tree = ast.parse(source)
    micropython_side = rel.startswith(MICROPYTHON_SIDE)
    # A folder's name alone counts where it builds a path: a call's argument.
    arguments = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            arguments.update(id(a) for a in node.args)
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in FORBIDDEN or (top in BOARD_PACKAGES and not micropython_side):
                out.append((node.lineno, "imports " + name))
        # sys.path.insert/append/extend(...), sys.path[...] = ..., sys.path += ...
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if _is_sys_path(node.func.value):
                target = node
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                t = t.value if isinstance(t, ast.Subscript) else t
                if _is_sys_path(t):
                    target = node.value
        if target is not None:
            for sub in ast.walk(target):
                if _forbidden_path(sub):
                    out.append((node.lineno, "puts %r on sys.path" % sub.value))
        # os.path.join(..., "tests", ...) or "tests/..." anywhere else.
        if rel not in BUILDS_THE_BOARD and _forbidden_path(node, id(node) in arguments):
            out.append((node.lineno, "names %r" % node.value))
        # Code handed to another interpreter as a string: the same rules inside.
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "import " in node.value or "sys.path" in node.value:
                try:
                    inner = problems(node.value, rel)
                except SyntaxError:
                    continue
                out += [(node.lineno, "in a code string: " + w) for _, w in inner]
    return sorted(set(out))


def host_modules():
    for root, dirs, files in os.walk(HOST):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(root, name)
                yield path, os.path.relpath(path, ROOT).replace(os.sep, "/")


def test_nothing_in_host_imports_firmware_or_tests():
    found = []
    count = 0
    for path, rel in host_modules():
        count += 1
        with open(path, encoding="utf-8") as f:
            for line, what in problems(f.read(), rel):
                found.append("%s:%d: %s" % (rel, line, what))
    assert count > 30  # the walk saw host/, its packages included
    assert found == []


def test_the_check_sees_each_way_in():
    cases = {
        "import tests.host.mpy": "imports tests.host.mpy",
        "from firmware.pocket import hw": "imports firmware.pocket",
        "from pocket import ssd1306": "imports pocket",
        "import sys\nsys.path.insert(0, os.path.join(ROOT, 'tests', 'portable'))": (
            "puts 'tests' on sys.path"
        ),
        "sys.path[:0] = ['shared', 'tests/portable']": "puts 'tests/portable'",
        "sys.path += ['firmware']": "puts 'firmware' on sys.path",
        "cmd = ['--mount', os.path.join(ROOT, 'tests', 'firmware') + ':/tf']": (
            "names 'tests'"
        ),
        "open('tests/golden/title.txt')": "names 'tests/golden/title.txt'",
        "RUN = '''\nimport sys\nsys.path[:0] = ['tests/portable']\n'''": (
            "in a code string: "
        ),
    }
    for source, expected in cases.items():
        found = problems(source, "host/x.py")
        assert any(expected in what for _, what in found), (source, found)
    # Allowed: the board's package inside MicroPython, the board's build reading
    # firmware/, and words that merely mention them.
    assert problems("from pocket import ssd1306", "host/bench/harness/x.py") == []
    assert (
        problems("p = os.path.join(root, 'firmware', n)", "host/board/mpy_build.py")
        == []
    )
    assert problems('"""The firmware\'s tests import nothing."""', "host/x.py") == []
    assert problems('out = {"firmware": "rp2", "tests": 3}', "host/x.py") == []
