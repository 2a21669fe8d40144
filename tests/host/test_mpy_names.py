"""The board's names (host/mpy_names.py): our names given the text of names the
firmware already holds, in the .mpy files' tables only, the same in every module,
never a name that code outside the build can see."""

import ast
import os
import re
import shutil

import pytest

from host import ROOT, mpy_build, mpy_names
from tests.host.mpy import run_host, run_micropython

# A package of real files, not strings in this file: the strings of tests/host
# are kept (they may be code sent to MicroPython).
SAMPLE = os.path.join(os.path.dirname(__file__), "names_sample")


def _package(root):
    shutil.copytree(SAMPLE, str(root / "shared"))
    return (("shared", "pkg"),)


def _run(tree):
    proc = run_micropython(
        ["--exec", "import pkg.main"], mounts=((str(tree), "/lib"),), paths=("/lib",)
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_renamed_build_runs_as_its_source_in_micropython(tmp_path):
    packages = _package(tmp_path)
    cache = str(tmp_path / "cache")
    plain = mpy_build.compiled(packages, root=str(tmp_path), cache=cache, names=False)
    renamed = mpy_build.compiled(packages, root=str(tmp_path), cache=cache)
    mapping = mpy_names.plan(plain, str(tmp_path))

    # Our own names get the firmware's; what outside eyes can see keeps its
    # text: a string (getattr's), keyword arguments, an exception, a dunder.
    # (Names are read from the sample: a string here would be kept.)
    nodes = []
    for name in ("shapes.py", "main.py"):
        with open(os.path.join(SAMPLE, "pkg", name)) as f:
            nodes += list(ast.walk(ast.parse(f.read())))
    defs = [n.name for n in nodes if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    keywords = {n.arg for n in nodes if isinstance(n, ast.keyword)}
    strings = {n.value for n in nodes if isinstance(n, ast.Constant)}
    error = [n.name for n in nodes if isinstance(n, ast.ClassDef) and n.bases][0]
    kept = [d for d in defs if d in strings or d[:2] == "__" or d == error]
    assert len(kept) == 3 and len(keywords) == 2  # and the two *_length
    for name in defs:
        assert (name in mapping) == (name not in kept), name
        assert name not in mapping or mapping[name] in mpy_names.statics()
    assert not keywords & set(mapping) and "pkg" not in mapping
    names, _ = mpy_names.table(renamed["pkg/shapes.mpy"])
    assert not set(names) & set(mapping) and set(kept) - {error, "__init__"} <= set(
        names
    )

    expected = "surface_area=16 16\nShapeError negative\nno attribute\n"
    for files in (plain, renamed):
        tree = tmp_path / ("tree-%d" % len(os.listdir(tmp_path)))
        mpy_build.write_tree(files, str(tree))
        assert _run(tree) == expected


def test_rewriting_changes_the_table_of_names_and_nothing_after_it():
    files = mpy_build.compiled(mpy_build.GAME, names=False)
    data = files["crisscross/app.mpy"]
    names, end = mpy_names.table(data)
    assert mpy_names.rewrite(data, {}) == data
    first, second = [n for n in names if n][1:3]
    swap = {first: second + "_x", second: "q"}
    new = mpy_names.rewrite(data, swap)
    new_names, new_end = mpy_names.table(new)
    assert new_names == [swap.get(n, n) for n in names]
    assert new[new_end:] == data[end:]
    with pytest.raises(mpy_names.MpyError):
        mpy_names.table(b"M\x05\x00\x1f")


def _string_constants(folder):
    out = set()
    for base, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(base, name)) as f:
                    tree = ast.parse(f.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Constant) and isinstance(node.value, str):
                        out.add(node.value)
    return out


def test_the_boards_build_renames_only_names_no_one_else_can_see():
    files = mpy_build.compiled(names=False)
    mapping = mpy_names.plan(files)
    firmware = set(mpy_names.statics())
    strings = _string_constants("shared") | _string_constants("firmware")
    _, kept, used = mpy_names.analyse()
    assert len(mapping) > 500
    assert len(set(mapping.values())) == len(mapping)  # one name, one meaning
    for ours, theirs in mapping.items():
        assert not ours.startswith("__") and ours not in firmware
        assert ours not in strings and ours not in kept
        assert theirs not in used and theirs not in mapping
        assert theirs in firmware or len(theirs) == 2
        assert theirs not in mpy_names.PROTOCOL
    # The names benchmarks and the emulator's tests reach over the REPL, the
    # texts looked up by getattr, module names and exceptions keep their text.
    for name in ("App", "Session", "ABOUT", "words", "dictionary", "_OutOfBudget"):
        assert name not in mapping
    # Nor does a name in a document's code block (what a person types at the
    # board's REPL: `import crisscross; crisscross.VERSION`, the Store's API).
    typed = set()
    for folder, _, names in os.walk(os.path.join(ROOT, "docs")):
        for name in names:
            if name.endswith(".md"):
                with open(os.path.join(folder, name)) as f:
                    blocks = f.read().split("```")[1::2]
                typed.update(w for b in blocks for w in re.findall(r"\w+", b))
    assert len(typed) > 200 and not typed & set(mapping)
    # The word search's private names do (no string here names one: this file's
    # strings are among those kept, as it runs code in MicroPython).
    ai_names = mpy_names.table(files["crisscross/words/ai.mpy"])[0]
    private = [n for n in ai_names if n and n[0] == "_" and n[:2] != "__"]
    renamed = [n for n in private if n in mapping and mapping[n] in firmware]
    assert len(renamed) >= 0.7 * len(private) and len(renamed) >= 20


def test_a_traceback_from_the_board_gets_our_names_back():
    mapping = {"a_function": "Qa", "an_attribute": "Qb"}
    text = (
        "Traceback (most recent call last):\n"
        '  File "crisscross.app", line 1, in Qa\n'
        "AttributeError: 'Square' object has no attribute 'Qb'\n"
    )
    back = mpy_names.translate(text, mapping)
    assert "line 1, in a_function\n" in back
    assert "has no attribute 'an_attribute'" in back
    assert mpy_names.translate("OSError: [Errno 12] ENOMEM", mapping).endswith("ENOMEM")


def test_a_name_keeps_its_board_name_from_build_to_build(tmp_path):
    """host/board_names.txt: a change copies only the files it changes."""
    packages = _package(tmp_path)
    root = str(tmp_path)
    files = mpy_build.compiled(packages, root=root, names=False)
    first = mpy_names.plan(files, root, previous={}, unchanged=True)
    assert first and set(first.values()) - set(first)  # some names renamed

    # A new module with names of its own: the old names keep theirs (a module
    # gone: tests/host/test_flash_e2e.py), the new ones get names nobody holds.
    pkg = tmp_path / "shared" / "pkg"
    shutil.copy(os.path.join(SAMPLE, "extra.py"), str(pkg / "extra.py"))
    changed = mpy_build.compiled(packages, root=root, names=False)
    again = mpy_names.plan(changed, root, previous=first, unchanged=True)
    assert {n: again[n] for n in first} == first
    new = set(again) - set(first)  # the helper and its argument
    assert len(new) == 2 and not {again[n] for n in new} & set(first.values())
    assert all(again[n] != n for n in new)

    # From scratch (tools/board_names.py), the same names give the same map.
    assert mpy_names.plan(files, root, previous={}, unchanged=True) == first
    path = str(tmp_path / "names.txt")
    mpy_names.save_map(first, path)
    assert mpy_names.load_map(path) == first


def test_nothing_read_from_a_firmware_module_is_renamed():
    """`machine.X`, `esp32.X`, `from micropython import X`: the firmware's API
    (another port's too) keeps its names, whatever the RP2040 firmware holds."""
    mapping = mpy_names.plan(mpy_build.compiled(names=False))
    ours = {package for _, package in mpy_build.PACKAGES}
    read = set()
    for folder, _ in mpy_build.PACKAGES:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if not name.endswith(".py"):
                    continue
                with open(os.path.join(base, name)) as f:
                    nodes = list(ast.walk(ast.parse(f.read())))
                modules = set()
                for node in nodes:
                    if isinstance(node, ast.Import):
                        for a in node.names:
                            if a.name.split(".")[0] not in ours:
                                modules.add(a.asname or a.name.split(".")[0])
                    elif isinstance(node, ast.ImportFrom) and node.level == 0:
                        if node.module.split(".")[0] not in ours:
                            read.update(a.name for a in node.names)
                for node in nodes:
                    if isinstance(node, ast.Attribute) and isinstance(
                        node.value, ast.Name
                    ):
                        if node.value.id in modules:
                            read.add(node.attr)
    assert len(read) > 25  # machine.Pin, framebuf.MONO_VLSB, select.POLLIN, ...
    assert read & set(mapping) == set()


def test_host_flash_names_puts_our_names_back_into_a_pasted_traceback():
    mapping = mpy_names.plan(mpy_build.compiled(names=False))
    ours, theirs = sorted(mapping.items())[0]
    text = 'Traceback (most recent call last):\n  File "x", line 1, in %s\n' % theirs
    proc = run_host("flash", "names", stdin=text)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].endswith("line 1, in %s" % ours)
