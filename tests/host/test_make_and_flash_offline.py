"""`make` alone prints the help; `make flash ARGS=--dry-run` works with no board."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from mpy import ROOT

from host.board import board_link, flash


def _make(flag):
    """`make FLAG` as a person types it, not as a sub-make of `make test` (which
    would print make's Entering/Leaving directory lines)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")
    }
    return subprocess.run(
        ["make", flag], capture_output=True, text=True, cwd=ROOT, timeout=60, env=env
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_alone_prints_the_help_with_the_two_commands_first():
    r = _make("-s")
    assert r.returncode == 0, r.stderr
    lines = [ln.split() for ln in r.stdout.splitlines()]
    commands = [ln[1] for ln in lines if len(ln) > 1 and ln[0] == "make"]
    assert commands[:2] == ["sim", "test"]
    assert "flash" in commands
    # It runs nothing: make -n shows only the help's echo lines.
    dry = _make("-n")
    assert all(ln.startswith("echo ") for ln in dry.stdout.splitlines()), dry.stdout


def test_a_dry_run_without_a_board_shows_the_whole_plan(monkeypatch):
    monkeypatch.setattr(board_link, "find_ports", lambda: [])
    lines = []
    assert flash.flash("auto", dry_run=True, out=lines.append) == 0
    text = "\n".join(lines)
    assert text.startswith("no board found, so this is the plan")
    local = flash.local_files()
    for path in ("boot.py", "main.py", "crisscross/app.mpy", "pocket/start.mpy"):
        assert "  copy   %-36s %7d B" % (path, len(local[path])) in text
    romfs_part, littlefs_part = text.split("\non a board without ROMFS")
    # With ROMFS: the image, and the start-up files on the filesystem.
    assert re.search(r"\n  deploy ROMFS image +\d+ B", romfs_part)
    assert romfs_part.count("\n  copy   ") == 2
    assert re.search(r"ROMFS: the image takes [\d.]+ KB of the Pico's 512 KB", text)
    # Without: every file on the filesystem, counted in littlefs's blocks.
    assert littlefs_part.count("\n  copy   ") == len(local)
    total = sum(len(v) for v in local.values())
    assert "%d files, %d B in all" % (len(local), total) in text
    used = re.search(r"filesystem: (\d+) KB, plus 8192 B kept free for saves", text)
    assert used and int(used.group(1)) * 1024 > 1.5 * total  # blocks, not bytes
    assert text.endswith("no board was touched)")
    # Without --dry-run no board is still an error that says what to do.
    with pytest.raises(board_link.BoardError, match="no board found"):
        flash.flash("auto", out=lines.append)


def test_several_boards_are_still_an_error_in_a_dry_run(monkeypatch):
    two = [("/dev/ttyACM0", "Pico"), ("/dev/ttyUSB0", "ESP32")]
    monkeypatch.setattr(board_link, "find_ports", lambda: two)
    with pytest.raises(board_link.BoardError, match="several boards"):
        flash.flash("auto", dry_run=True, out=lambda s: None)


def test_the_command_line_dry_run_exits_0():
    # With no board attached (a CI machine) this is the offline plan; with one,
    # the board's plan. Either way nothing is changed and the status is 0.
    r = subprocess.run(
        [sys.executable, "-m", "host", "flash", "--dry-run"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert "dry run: nothing changed" in r.stdout


def test_board_commands_name_themselves_and_the_paths_as_typed(tmp_path):
    def host(*args):
        return subprocess.run(
            [sys.executable, "-m", "host", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )

    gone = str(tmp_path / "nothing-here")
    r = host("flash", "logs", "--port", gone)
    assert r.returncode == 1
    assert r.stderr.startswith("flash logs: no board found at %s: " % gone)
    r = host("uf2", "--firmware", gone)
    assert r.returncode == 1
    assert r.stderr.startswith("uf2: no ROMFS firmware at %s: " % gone), r.stderr
    out = os.path.join(str(tmp_path), "made.uf2")  # an --out there already
    open(out, "wb").close()
    r = host("uf2", "--firmware", gone, "--out", out)
    assert r.returncode == 1
    assert r.stderr.startswith("uf2: no ROMFS firmware at %s: " % gone), r.stderr
    r = host("flash", "--port", "")
    assert r.returncode == 2 and "--port: give a serial port, or auto" in r.stderr
    for port in ("socket://127.0.0.1:99999", "socket://127.0.0.1", "socket://:80"):
        r = host("flash", "--dry-run", "--port", port)
        assert r.returncode == 2, r.stderr
        assert "socket:// needs HOST:PORT, a port of 1-65535" in r.stderr
    r = host("saves")
    assert r.returncode == 2 and "required: backup|restore" in r.stderr
