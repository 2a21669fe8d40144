"""`python3 -m host term` in a real pseudo-terminal: draw, keys, quit, restore.

The child is `sh -c 'stty -g; <term>; stty -g'`, so the test sees the terminal
settings before and after the game and can check they came back unchanged.
"""

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from host.play import term
from host.screen import render
from mpy import ROOT

TIMEOUT_S = 30
BRAILLE = set(chr(render.BRAILLE + bits) for bits in range(1, 256))

# Run term.main with a recording FakeApp, then dump what the app received.
FAKE = """
import json, sys
sys.path[:0] = [%(root)r, %(shared)r, %(tests)r]
from test_sim_device import FakeApp
from host.play import term
apps = []
class Recorded(FakeApp):
    def __init__(self, *args, **kwargs):
        FakeApp.__init__(self, *args, **kwargs)
        apps.append(self)
status = term.main(['--data', %(data)r, '--seed', '7'], Recorded)
with open(%(out)r, 'w') as f:
    json.dump(apps[0].kinds(), f)
sys.exit(status)
"""


def quote(word):
    return "'" + word.replace("'", "'\\''") + "'"


def spawn(command, tmp_path, cols=80, rows=24):
    """Fork a shell on a new pty running command between two `stty -g`."""
    before, after = tmp_path / "before", tmp_path / "after"
    script = 'stty -g > %s; %s; echo "rc=$?"; stty -g > %s' % (
        quote(str(before)),
        " ".join(quote(w) for w in command),
        quote(str(after)),
    )
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"), TERM="xterm")
    env.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: size the terminal, then become the shell
        try:
            winsize = struct.pack("HHHH", rows, cols, 0, 0)
            fcntl.ioctl(0, termios.TIOCSWINSZ, winsize)
            os.chdir(ROOT)
            os.execvpe("sh", ["sh", "-c", script], env)
        finally:
            os._exit(127)
    return pid, fd, before, after


def read_until(fd, seen, done, timeout=TIMEOUT_S):
    """Read the pty into seen (a list of bytes) until done(all bytes) or EOF."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done(b"".join(seen)):
            return True
        if not select.select([fd], [], [], 0.1)[0]:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return done(b"".join(seen))
        if not data:
            return done(b"".join(seen))
        seen.append(data)
    return False


def pump(fd, seen, seconds):
    """Keep reading for a while: a full pty would stop the game mid-frame."""
    end = time.monotonic() + seconds
    read_until(fd, seen, lambda out: time.monotonic() >= end)


def finish(pid, fd, seen):
    read_until(fd, seen, lambda out: False, timeout=TIMEOUT_S)  # to EOF
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), b"".join(seen).decode("utf-8", "replace")


def started(out):
    return term.STATUS.encode() in out


def fake_command(tmp_path):
    code = FAKE % {
        "root": ROOT,
        "shared": os.path.join(ROOT, "shared"),
        "tests": os.path.join(ROOT, "tests", "host"),
        "data": str(tmp_path / "saves"),
        "out": str(tmp_path / "events.json"),
    }
    return [sys.executable, "-c", code]


@pytest.mark.parametrize("quit_key", [b"q", b"\x03"])
def test_keys_reach_the_game_and_quitting_restores_the_terminal(tmp_path, quit_key):
    pid, fd, before, after = spawn(fake_command(tmp_path), tmp_path)
    seen = []
    try:
        assert read_until(fd, seen, started), b"".join(seen)[-500:]
        os.write(fd, b"\x1b[A")
        pump(fd, seen, 0.1)
        os.write(fd, b"x")
        pump(fd, seen, 0.1)
        os.write(fd, b"Z")
        pump(fd, seen, (term.HOLD + 300) / 1000)  # the hold runs out
        os.write(fd, quit_key)
    finally:
        status, out = finish(pid, fd, seen)
    assert status == 0 and "rc=0" in out, out[-500:]
    assert before.read_text() == after.read_text()  # stty settings restored
    assert term.ALT_SCREEN_ON in out and out.rindex(term.RESTORE) > out.rindex(
        term.STATUS
    )
    assert BRAILLE & set(out)
    assert out.count("\u250c") >= 4  # a frame drawn at the start and after each key
    events = json.loads((tmp_path / "events.json").read_text())
    assert [tuple(e) for e in events] == [
        ("up", "press"),
        ("up", "release"),
        ("b", "press"),
        ("b", "release"),
        ("a", "press"),
        ("a", "long"),
        ("a", "release"),
    ]


def test_keys_typed_during_a_long_press_act_after_it_in_order(tmp_path):
    pid, fd, before, after = spawn(fake_command(tmp_path), tmp_path)
    seen = []
    try:
        assert read_until(fd, seen, started), b"".join(seen)[-500:]
        os.write(fd, b"X")  # hold B (the menu), then at once: down, A
        pump(fd, seen, 0.1)
        os.write(fd, b"\x1b[Bz")
        pump(fd, seen, (term.HOLD + 1500) / 1000)  # the hold, then the two taps
        os.write(fd, b"q")
    finally:
        status, out = finish(pid, fd, seen)
    assert status == 0, out[-500:]
    events = [tuple(e) for e in json.loads((tmp_path / "events.json").read_text())]
    assert events[:3] == [("b", "press"), ("b", "long"), ("b", "release")]
    rest = events[3:]  # down and A, as typed: after the hold, in order
    taps = [("down", "press"), ("down", "release"), ("a", "press"), ("a", "release")]
    assert sorted(rest) == sorted(taps) and rest[0] == ("down", "press"), rest


def test_the_real_game_plays_in_a_terminal(tmp_path):
    command = [sys.executable, "-m", "host", "term", "--data", str(tmp_path / "s")]
    pid, fd, before, after = spawn(command, tmp_path)
    seen = []
    try:
        assert read_until(fd, seen, started), b"".join(seen)[-500:]
        frames = b"".join(seen).count(b"\x1b[H")
        os.write(fd, b"\x1b[B")  # the menu cursor moves: a new frame
        assert read_until(fd, seen, lambda out: out.count(b"\x1b[H") > frames)
        os.write(fd, b"q")
    finally:
        status, out = finish(pid, fd, seen)
    assert status == 0 and "rc=0" in out, out[-500:]
    assert before.read_text() == after.read_text()
    assert BRAILLE & set(out)
    assert "Traceback" not in out


def test_a_small_terminal_is_told_its_size_and_q_still_quits(tmp_path):
    pid, fd, before, after = spawn(fake_command(tmp_path), tmp_path, cols=64, rows=18)
    seen = []
    try:
        assert read_until(fd, seen, lambda out: b"needs 66x19" in out)
        os.write(fd, b"q")
    finally:
        status, out = finish(pid, fd, seen)
    assert status == 0 and "The terminal is 64x18" in out
    assert before.read_text() == after.read_text()


def test_sigterm_still_restores_the_terminal(tmp_path):
    pid, fd, before, after = spawn(fake_command(tmp_path), tmp_path)
    seen = []
    try:
        assert read_until(fd, seen, started)
        # The game runs in a child of the shell: find it and stop it politely.
        game = subprocess.run(
            ["pgrep", "-P", str(pid)], capture_output=True, text=True
        ).stdout.split()
        assert len(game) == 1
        os.kill(int(game[0]), signal.SIGTERM)
    finally:
        status, out = finish(pid, fd, seen)
    assert "rc=%d" % (128 + signal.SIGTERM) in out
    assert before.read_text() == after.read_text()
    assert out.rindex(term.RESTORE) > out.rindex(term.STATUS)


def test_not_a_terminal_is_a_clear_message():
    done = subprocess.run(
        [sys.executable, "-m", "host", "term"],
        input="q",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2
    assert "not a terminal" in done.stderr and "Traceback" not in done.stderr
