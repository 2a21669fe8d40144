"""Ctrl-C in `python3 -m host play`, `sim` and `bench ai`: one line, exit status
130, no traceback; a dice game prints the share code that deals the same dice
again, as a quit does.

At a prompt and in a game that prints as it goes, a real SIGINT is sent to the
command once its output shows it is there; where nothing is printed until the
end (a dice game with --auto, `bench ai`), the interrupt is raised inside the AI's
search, where Ctrl-C lands in such a run."""

import io
import os
import signal
import subprocess
import sys

import pytest

from mpy import ROOT

from crisscross import sharecode
from crisscross.dice import ai


def _sigint_default():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted_at(args, marker, env=None):
    """Start `python3 -m host ARGS`, wait until stdout shows `marker`, send
    SIGINT; returns (status, stdout, stderr)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "host", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C as at a terminal, even where the tests were started in the
        # background (a shell's background job inherits SIGINT ignored).
        preexec_fn=_sigint_default,
    )
    seen = b""
    while marker not in seen:
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, (seen[-300:], proc.stderr.read())
        seen += chunk
    proc.send_signal(signal.SIGINT)
    # Its stdin stays open until it has ended (communicate() would close it:
    # an end of input, which the command reads as a quit).
    proc.wait(timeout=60)
    rest, err = proc.communicate()
    return proc.returncode, (seen + rest).decode(), err.decode()


def one_line(err):
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    "game, prompt", [("symbols", b"dice: "), ("digits", b"digit: ")]
)
def test_ctrl_c_at_a_dice_prompt_prints_the_code_as_a_quit_does(game, prompt):
    status, out, err = interrupted_at(["play", "--game", game, "--seed", "777"], prompt)
    assert status == 130
    assert err == ""
    last = out.strip().splitlines()[-1]
    assert last.startswith("game left unfinished; the same dice again:"), out[-300:]
    assert sharecode.decode(last.split("--code ")[1]) == 777


@pytest.mark.parametrize(
    "args, marker",
    [
        (["play", "--game", "cards", "--seed", "5"], b"Your move"),
        (["play", "--game", "words", "--seed", "5"], b"> "),
        (["play", "--game", "cards", "--seed", "5", "--auto"], b"\n"),
        (["play", "--game", "words", "--seed", "5", "--auto"], b"\n"),
    ],
)
def test_ctrl_c_in_the_card_and_word_games_is_one_line(args, marker):
    status, out, err = interrupted_at(args, marker)
    assert status == 130
    assert one_line(err) == "play: interrupted"


def test_ctrl_c_in_the_simulator_is_one_line(tmp_path):
    pytest.importorskip("pygame")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = ["sim", "--data", str(tmp_path), "--seed", "5"]
    status, out, err = interrupted_at(args, b"saves in", env)
    assert status == 130
    assert one_line(err) == "sim: interrupted"


def test_a_command_missing_a_package_says_how_to_install_it(monkeypatch, capsys):
    import importlib

    def import_module(name):
        raise ModuleNotFoundError("No module named 'littlefs'", name="littlefs")

    monkeypatch.setattr(importlib, "import_module", import_module)
    status, out, err = run_main(["flash", "--dry-run"], capsys)
    assert status == 2 and out == ""
    assert err.splitlines() == [
        "host flash is not available: No module named 'littlefs'",
        "(`make deps` installs it in .venv)",
    ]


def raise_on_call(monkeypatch, calls):
    """ai.choose raises KeyboardInterrupt on its `calls`-th call."""
    real = ai.choose
    count = [0]

    def choose(*args, **kw):
        count[0] += 1
        if count[0] == calls:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(ai, "choose", choose)


def run_main(argv, capsys):
    from host.__main__ import main

    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_ctrl_c_while_the_ai_plays_a_dice_game_prints_its_code(monkeypatch, capsys):
    raise_on_call(monkeypatch, 5)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, err = run_main(
        ["play", "--game", "digits", "--seed", "4321", "--auto", "--players", "2"],
        capsys,
    )
    assert status == 130 and err == ""
    (line,) = out.strip().splitlines()
    assert sharecode.decode(line.split("--code ")[1]) == 4321


def test_ctrl_c_in_bench_ai_is_one_line(monkeypatch, capsys):
    raise_on_call(monkeypatch, 30)
    status, out, err = run_main(["bench", "ai", "--games", "3"], capsys)
    assert status == 130 and out == ""
    assert one_line(err) == "bench: interrupted"
