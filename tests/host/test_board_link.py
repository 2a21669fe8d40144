"""The flash tool's link to a board, against a pretend board on a pseudo-terminal
that speaks MicroPython's raw REPL and is slow to take its first Ctrl-C (a game
busy in a slow call, or an emulated board on a loaded machine)."""

import os
import pty
import re
import threading
import time
import tty

import pytest

from host.board import board_link
from host.board.board_link import Link, NoAnswer

BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class SlowBoard:
    """Answers in order, as a board does; `busy_s` before the first Ctrl-A."""

    def __init__(self, busy_s=0.0, silent=False):
        self.master, slave = pty.openpty()
        tty.setraw(slave)
        self.slave = slave
        self.port = os.ttyname(slave)
        self.busy_s = busy_s
        self.silent = silent
        self.ran = []
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self):
        line = bytearray()
        first = True
        while not self._stop:
            try:
                data = os.read(self.master, 1024)
            except OSError:
                return
            for b in data:
                c = bytes([b])
                if self.silent:
                    continue
                if c == b"\x01":
                    if first and self.busy_s:
                        time.sleep(self.busy_s)
                    first = False
                    line = bytearray()
                    os.write(self.master, BANNER)
                elif c == b"\x03":
                    line = bytearray()
                elif c == b"\x04":
                    self._exec(bytes(line))
                    line = bytearray()
                elif c == b"\x05" or (c == b"A" and line == b"\x05"):
                    line = line + c
                elif bytes(line) == b"\x05A" and c == b"\x01":
                    os.write(self.master, b"R\x00")  # no raw-paste mode here
                    line = bytearray()
                else:
                    line += c

    def _exec(self, code):
        code = code.strip(b"\r")
        self.ran.append(code)
        m = re.fullmatch(rb"print\((.*)\)", code)
        words = [w.strip().strip(b"'") for w in m.group(1).split(b",")] if m else []
        end = b"\r\n"
        if words and words[-1] == b"end=":  # print(..., end='')
            words, end = words[:-1], b""
        os.write(self.master, b"OK" + b" ".join(words) + end + b"\x04\x04>")

    def close(self):
        self._stop = True
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(board_link, "ANSWER_WAIT_S", 0.4)


def test_a_late_answer_to_the_first_ctrl_c_is_not_taken_for_a_command_s(quick):
    board = SlowBoard(busy_s=0.6)
    link = Link(board.port)
    try:
        link.interrupt()
        assert link.run("print('ok',42)") == "ok 42\r\n"
        assert link.run("print(7)") == "7\r\n"
    finally:
        link.close()
        board.close()


def test_a_board_that_answers_at_once_runs_commands(quick):
    board = SlowBoard()
    link = Link(board.port)
    try:
        link.interrupt()
        assert link.run("print(5)") == "5\r\n"
        assert board.ran[-1] == b"print(5)"
    finally:
        link.close()
        board.close()


def test_a_port_where_nothing_answers_is_reported(quick):
    board = SlowBoard(silent=True)
    link = Link(board.port)
    try:
        with pytest.raises(NoAnswer, match="does not answer"):
            link.interrupt()
    finally:
        link.close()
        board.close()


class Recorder:
    """A Link that only records what is asked of it."""

    did = []

    def __init__(self, port):
        self.did.append("open")

    def __getattr__(self, name):
        return lambda: self.did.append(name)


@pytest.mark.parametrize(
    "problem, after",
    [
        (None, ["open", "interrupt", "work", "soft_reset", "close"]),
        (board_link.BoardFull("full"), ["open", "interrupt", "work", "soft_reset"]),
        (OSError(28, "No space"), ["open", "interrupt", "work", "soft_reset"]),
        (board_link.LinkLost("gone"), ["open", "interrupt", "work"]),
    ],
)
def test_a_stopped_board_is_restarted_whether_the_work_is_done_or_failed(
    monkeypatch, problem, after
):
    Recorder.did = []
    monkeypatch.setattr(board_link, "Link", Recorder)

    def work(link):
        link.did.append("work")
        if problem:
            raise problem
        return 7

    if problem is None:
        assert board_link.stopped("/dev/x", work) == 7
    else:
        with pytest.raises(type(problem)):
            board_link.stopped("/dev/x", work)
        after = after + ["close"]
    assert Recorder.did == after
