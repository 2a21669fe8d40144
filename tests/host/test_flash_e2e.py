"""The flash tool end to end: stock mpremote against a real MicroPython REPL.

The board is host/mpy/bridge.mjs: MicroPython 1.29 (WebAssembly) behind a raw-REPL
link on 127.0.0.1 whose filesystem lives in a folder between connections, as a
board keeps its flash. The tool runs as a user runs it (`python3 -m host flash`).
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRIDGE = os.path.join(ROOT, "host", "mpy", "bridge.mjs")
MANIFEST = ".crisscross-manifest.json"
TIMEOUT = 60


class Bridge:
    """A pretend board on a free port; stops by itself if a test dies."""

    def __init__(self, fs, *extra):
        self.fs = str(fs)
        cmd = [
            "node",
            BRIDGE,
            "--fs",
            self.fs,
            "--idle-exit",
            "20",
            "--max-seconds",
            "150",
        ]
        self.proc = subprocess.Popen(
            cmd + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        line = self.proc.stdout.readline()
        m = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert m, "bridge did not start: %r %s" % (line, self.proc.stderr.read())
        self.url = "socket://127.0.0.1:%s" % m.group(1)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.proc.stdout.close()
        self.proc.stderr.close()

    def files(self):
        """{path: bytes} of everything on the board."""
        out = {}
        for root, _, names in os.walk(self.fs):
            for n in names:
                p = os.path.join(root, n)
                out[os.path.relpath(p, self.fs).replace(os.sep, "/")] = open(
                    p, "rb"
                ).read()
        return out


def flash(bridge, source, *extra):
    cmd = [
        sys.executable,
        "-m",
        "host",
        "flash",
        "--port",
        bridge.url,
        "--source",
        str(source),
    ]
    return subprocess.run(
        cmd + list(extra), capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT
    )


def mpremote(bridge, *args):
    cmd = [sys.executable, "-m", "mpremote", "connect", bridge.url] + list(args)
    return subprocess.run(
        cmd, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT
    )


def copy_sources(dest):
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("shared", "firmware"):
        shutil.copytree(
            os.path.join(ROOT, folder), os.path.join(dest, folder), ignore=ignore
        )
    return dest


def mini_sources(dest, files=8, size=3000):
    """A small tree of the same shape, for the failure cases (fast to copy)."""
    pkg = os.path.join(dest, "shared", "crisscross")
    fw = os.path.join(dest, "firmware", "pocket")
    os.makedirs(pkg)
    os.makedirs(fw)
    for k in range(files):
        with open(os.path.join(pkg, "m%d.py" % k), "w") as f:
            f.write("DATA = %r\n" % ("%d" % k * size))
    for path in (os.path.join(pkg, "__init__.py"), os.path.join(fw, "__init__.py")):
        open(path, "w").close()
    for name in ("boot.py", "main.py"):
        with open(os.path.join(dest, "firmware", name), "w") as f:
            f.write("print(%r)\n" % name)
    return dest


def assert_installed(bridge):
    """Every file the manifest names is on the board with the hash it records."""
    files = bridge.files()
    manifest = json.loads(files[MANIFEST])["files"]
    assert manifest and all(manifest.values())  # nothing left pending
    for path, digest in manifest.items():
        assert hashlib.sha256(files[path]).hexdigest() == digest, path
    return manifest


def no_traceback(proc):
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr


@pytest.fixture
def board(tmp_path):
    b = Bridge(tmp_path / "board")
    yield b
    b.stop()


def test_flash_copy_nothing_change_one_and_leave_user_files(board, tmp_path):
    src = copy_sources(tmp_path / "src")
    user = {
        "user.txt": b"mine\n",
        "saves/slot1.sav": b"\x01\x02save",
        "error.log": b"--- old error\n",
        "main.py": b"print('my own program')\n",
    }
    for path, data in user.items():
        os.makedirs(os.path.dirname(os.path.join(board.fs, path)), exist_ok=True)
        with open(os.path.join(board.fs, path), "wb") as f:
            f.write(data)

    dry = flash(board, src, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert re.search(r"copy +crisscross/rng\.mpy +\d+ B", dry.stdout)
    assert "keep   main.py" in dry.stdout and "dry run: nothing changed" in dry.stdout
    assert MANIFEST not in board.files()

    first = flash(board, src)
    assert first.returncode == 0, first.stderr + first.stdout
    manifest = assert_installed(board)
    files = board.files()
    assert "crisscross/rng.mpy" in manifest and "pocket/ssd1306.mpy" in manifest
    assert "crisscross/rng.py" not in files  # compiled, not copied as source
    assert (
        files["boot.py"] == open(os.path.join(src, "firmware", "boot.py"), "rb").read()
    )
    assert files["main.py.orig"] == user["main.py"]  # the user's program, kept
    for path in ("user.txt", "saves/slot1.sav", "error.log"):
        assert files[path] == user[path], path
    # The compiled game really runs in the board's MicroPython.
    run = mpremote(board, "exec", "from crisscross.rng import Rng; print(Rng(7).die())")
    assert run.returncode == 0 and run.stdout.strip() in "123456", run.stderr

    again = flash(board, src)
    assert again.returncode == 0, again.stderr
    assert "0 to copy" in again.stdout and "copying" not in again.stdout
    assert board.files() == files

    with open(os.path.join(src, "shared", "crisscross", "rng.py"), "a") as f:
        f.write("\nCHANGED = 1\n")
    os.remove(os.path.join(src, "firmware", "pocket", "boards", "pico_spi.py"))
    changed = flash(board, src)
    assert changed.returncode == 0, changed.stderr
    assert re.findall(r"copying (\S+)", changed.stdout) == ["crisscross/rng.mpy"]
    assert "removing pocket/boards/pico_spi.mpy" in changed.stdout
    files = board.files()
    assert "pocket/boards/pico_spi.mpy" not in files
    for path in ("user.txt", "saves/slot1.sav", "error.log", "main.py.orig"):
        assert path in files, path
    run = mpremote(board, "exec", "import crisscross.rng as r; print(r.CHANGED)")
    assert run.stdout.strip() == "1", run.stderr
    no_traceback(changed)


def test_a_pulled_cable_is_finished_by_running_again(tmp_path):
    src = mini_sources(tmp_path / "src")
    board = Bridge(tmp_path / "board", "--drop-after", "12000")
    try:
        cut = flash(board, src)
        assert cut.returncode == 1
        assert (
            "lost the connection" in cut.stderr
            and "run the same command again" in cut.stderr
        )
        no_traceback(cut)
        pending = json.loads(board.files()[MANIFEST])["files"]
        assert "" in pending.values()  # the interrupted copy is marked, not trusted
        done = flash(board, src)
        assert done.returncode == 0, done.stderr + done.stdout
        copied = re.findall(r"copying (\S+)", done.stdout)
        assert 0 < len(copied) < 12  # what arrived whole before the cut is kept
        assert len(assert_installed(board)) == 12
    finally:
        board.stop()


def test_a_full_board_says_so_and_keeps_the_users_files(tmp_path):
    src = mini_sources(tmp_path / "src")
    fs = tmp_path / "board"
    os.makedirs(fs)
    (fs / "photo.bin").write_bytes(b"\xff" * 6000)
    board = Bridge(fs, "--capacity", "20000")
    try:
        full = flash(board, src)
        assert full.returncode == 1
        assert (
            "board is full" in full.stderr
            and "delete some of your own files" in full.stderr
        )
        no_traceback(full)
        assert board.files()["photo.bin"] == b"\xff" * 6000
    finally:
        board.stop()
    bigger = Bridge(fs, "--capacity", "200000")  # the user made room
    try:
        done = flash(bigger, src)
        assert done.returncode == 0, done.stderr
        assert_installed(bigger)
        assert bigger.files()["photo.bin"] == b"\xff" * 6000
    finally:
        bigger.stop()


def test_port_busy_and_no_board_are_clear_errors(tmp_path):
    serial = pytest.importorskip("serial")
    master, slave = os.openpty()
    name = os.ttyname(slave)
    holder = serial.Serial(name, exclusive=True)  # another program has the port
    try:
        busy = subprocess.run(
            [sys.executable, "-m", "host", "flash", "--port", name],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            cwd=ROOT,
        )
    finally:
        holder.close()
        os.close(master)
        os.close(slave)
    assert busy.returncode == 1 and "is busy" in busy.stderr, busy.stderr
    no_traceback(busy)
    for port, says in (
        ("/dev/ttyNOBOARD", "no board found at /dev/ttyNOBOARD"),
        ("socket://127.0.0.1:9", "no board found at socket://127.0.0.1:9"),
    ):
        gone = subprocess.run(
            [sys.executable, "-m", "host", "flash", "logs", "--port", port],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            cwd=ROOT,
        )
        assert gone.returncode == 1 and says in gone.stderr, gone.stderr
        no_traceback(gone)


def test_a_port_where_nothing_answers_and_one_that_does_not_exist_say_so():
    # A pseudo-terminal with nothing behind it (as a board that does not run
    # MicroPython): the tool gives up in seconds; it waited for ever.
    master, slave = os.openpty()
    name = os.ttyname(slave)
    try:
        for command in ("flash", "logs"):
            t = time.monotonic()
            silent = subprocess.run(
                [sys.executable, "-m", "host", "flash", command, "--port", name],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                cwd=ROOT,
            )
            print(
                "%s: no answer reported after %.1f s" % (command, time.monotonic() - t)
            )
            assert silent.returncode == 1, silent.stderr
            assert "the board on %s does not answer" % name in silent.stderr
            assert silent.stdout == "" or "b''" not in silent.stdout
            no_traceback(silent)
    finally:
        os.close(master)
        os.close(slave)
    for command in ("flash", "logs", "repl"):
        gone = subprocess.run(
            [sys.executable, "-m", "host", "flash", command, "--port", "/dev/ttyNOPE"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            cwd=ROOT,
        )
        assert gone.returncode == 1, (command, gone.stderr)
        assert "/dev/ttyNOPE: that port does not exist" in gone.stderr, gone.stderr
        no_traceback(gone)


def test_logs_prints_the_boards_error_log(board):
    none = subprocess.run(
        [sys.executable, "-m", "host", "flash", "logs", "--port", board.url],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
    )
    assert none.returncode == 0 and "no errors so far" in none.stdout, none.stderr
    put = mpremote(
        board, "exec", "open('error.log','w').write('--- 5 ms\\nValueError: x\\n')"
    )
    assert put.returncode == 0, put.stderr
    logs = subprocess.run(
        [sys.executable, "-m", "host", "flash", "logs", "--port", board.url],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
    )
    assert logs.returncode == 0 and "ValueError: x" in logs.stdout, logs.stderr


def test_mpremote_mip_install_puts_files_where_flash_does(board, tmp_path):
    from host.board import mip_manifest

    src = mini_sources(tmp_path / "src", files=2, size=10)
    package = os.path.join(src, "mip.json")
    with open(package, "w") as f:
        f.write(mip_manifest.render(mip_manifest.manifest(str(src))))
    proc = mpremote(board, "mip", "install", "--target=", package)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = sorted(p for p in board.files())
    flashed = sorted(flash_layout(src))
    assert [p.replace(".mpy", ".py") for p in flashed] == installed


def flash_layout(src):
    from host.board.flash import local_files

    return local_files(str(src))


def test_a_board_with_another_mpy_version_is_refused_untouched(
    board, tmp_path, monkeypatch, capsys
):
    from host.board import flash as tool

    src = mini_sources(tmp_path / "src", files=1, size=10)
    # As if mpy-cross were from MicroPython 1.18 (.mpy v5): the real board says v6.
    monkeypatch.setattr(tool, "mpy_cross_version", lambda: ((1, 18, 0), 5, 0))
    status = tool.main(["--port", board.url, "--source", str(src)])
    err = capsys.readouterr().err
    assert status == 1
    assert "loads .mpy v6, but mpy-cross 1.18.0 emits v5.0" in err, err
    assert "install MicroPython 1.29" in err and "Traceback" not in err
    assert board.files() == {}
