"""`python3 -m host web`: build/web holds static files only, and the command
serves them on localhost at the address it prints."""

import os
import subprocess
import sys
import urllib.request

import pytest

from host.web import build as web

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROMFS_MAGIC = b"\xd2\xcd\x31"  # mpremote's VfsRomWriter: a ROMFS image

pytestmark = pytest.mark.skipif(
    not os.path.exists(os.path.join(web.MICROPYTHON, "micropython.wasm")),
    reason="MicroPython WebAssembly is not installed (make deps)",
)


def test_the_build_is_the_page_micropython_and_the_game(tmp_path):
    out = str(tmp_path / "web")
    web.build(out)
    with open(os.path.join(out, "stale.txt"), "w") as f:
        f.write("from an older build")
    names = web.build(out)  # a build's folder: emptied first
    assert (
        sorted(n for n in os.listdir(out) if n != web.MARK)
        == names
        == sorted(
            ["index.html", "pocket.css", "pocket.mjs", "micropython.mjs"]
            + ["micropython.wasm", "game.romfs"]
        )
    )
    with open(os.path.join(out, "game.romfs"), "rb") as f:
        image = f.read()
    assert image.startswith(ROMFS_MAGIC)
    # The engine compiled (.mpy, no source), its data files, and the host.
    for name in (b"webhost.mpy", b"app.mpy", b"words.bin", b"ai_symbols_basic.bin"):
        assert name in image, name
    assert b"words.md" not in image  # docs stay out
    with open(os.path.join(web.MICROPYTHON, "micropython.wasm"), "rb") as f:
        assert open(os.path.join(out, "micropython.wasm"), "rb").read() == f.read()
    assert sum(web.weight(out).values()) < os.path.getsize(
        os.path.join(out, "micropython.wasm")
    ) + len(image)


def test_the_command_serves_the_page_at_the_address_it_prints(tmp_path):
    out = str(tmp_path / "site")
    proc = subprocess.Popen(
        [sys.executable, "-m", "host", "web", "--port", "0", "--out", out],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        built = proc.stdout.readline()
        assert built.startswith("built ") and "KB gzipped" in built, built
        line = proc.stdout.readline()
        assert "http://localhost:" in line, line
        url = line.split()[-1]
        with urllib.request.urlopen(url, timeout=10) as r:
            assert b'<canvas id="screen"' in r.read()
        with urllib.request.urlopen(url + "pocket.mjs", timeout=10) as r:
            assert r.headers["Content-Type"] == "text/javascript"
        with urllib.request.urlopen(url + "micropython.wasm", timeout=10) as r:
            assert r.headers["Content-Type"] == "application/wasm"
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def test_a_bad_port_is_refused():
    proc = subprocess.run(
        [sys.executable, "-m", "host", "web", "--port", "70000", "--build-only"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "--port must be 0..65535" in proc.stderr


def test_a_folder_the_build_did_not_make_is_refused_and_kept(tmp_path):
    out = tmp_path / "mine"
    (out / "sub").mkdir(parents=True)
    (out / "notes.txt").write_text("keep me")
    (out / "sub" / "a").write_text("and me")
    proc = subprocess.run(
        [sys.executable, "-m", "host", "web", "--build-only", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr == (
        "web: %s holds files a build did not make (notes.txt, sub): build into a "
        "new or empty folder\n" % out
    )
    assert (out / "notes.txt").read_text() == "keep me"
    assert (out / "sub" / "a").read_text() == "and me"
    with pytest.raises(web.BuildError, match="is a file, not a folder"):
        web.build(str(out / "notes.txt"))
    with pytest.raises(web.BuildError, match="cannot make"):
        web.build(str(out / "notes.txt" / "web"))
