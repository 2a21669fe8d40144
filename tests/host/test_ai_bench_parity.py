"""The AI under MicroPython and CPython alike, and the `bench ai` command."""

import json
import os
import subprocess
import sys

from mpy import ROOT, run_micropython

import host.bench.ai as bench_ai

# Seeded games played by the AI; printed one line per game: the game code holds
# every move. Strongest only from late positions (it is slow in WebAssembly).
# The tables are read whole, as a board's ROMFS gives them (in place): from
# WebAssembly's files they would be read in pieces, which narrows the device
# level's symbol look-ahead (tests/portable/test_datafile.py).
PARITY_SCRIPT = r"""
from crisscross.dice import ai, ai_digits, ai_symbols

def whole(path):
    with open(path, "rb") as f:
        return f.read()

ai_symbols.open_indexed = ai_digits.open_indexed = whole
from crisscross.dice.symbols import SymbolsGame
from crisscross.dice.digits import DigitsGame

def run(name, game, late_level, switch_round):
    while not game.over:
        level = "device" if game.round < switch_round else late_level
        move, value = ai.hint(game, level)
        game.place(move)
        print(name, level, game.round, move, value)
    print(name, game.encode(), [game.score(p).total for p in range(game.players)])

for seed in range(3):
    run("basic", SymbolsGame(seed), "strongest", 10)
    run("advanced", SymbolsGame(seed + 40, 1, True, [3]), "strongest", 10)
    run("two", SymbolsGame(seed + 80, 2, False, [5, 2]), "device", 12)
    run("digits", DigitsGame(seed), "strongest", 20)
    run("cc", DigitsGame(seed + 7, 2, "cc"), "strongest", 21)
    run("versus", DigitsGame(seed + 9, 2, "versus"), "strongest", 20)
"""


def test_ai_games_identical_under_micropython_and_cpython():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "shared"))
    expected = subprocess.run(
        [sys.executable, "-c", PARITY_SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert expected.returncode == 0, expected.stderr
    got = run_micropython(["--exec", PARITY_SCRIPT], timeout=600)
    assert got.returncode == 0, got.stderr
    assert len(expected.stdout.splitlines()) > 100
    assert got.stdout == expected.stdout


def test_bench_ai_json_shape(capsys):
    code = bench_ai.main(["--games", "3", "--levels", "device", "random", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3
    rows = data["results"]
    assert [(r["rules"], r["level"]) for r in rows] == [
        (rules, level) for rules in bench_ai.RULES for level in ("device", "random")
    ]
    for r in rows:
        assert r["games"] == 3
        assert r["min"] <= r["p10"] <= r["p50"] <= r["p90"] <= r["max"]
        assert r["min"] <= r["mean"] <= r["max"] and r["sd"] >= 0
        if r["rules"].startswith("symbols"):
            assert sum(r["ranks"].values()) == 3
        else:
            assert "ranks" not in r


def test_bench_ai_refuses_unknown_level(capsys):
    assert bench_ai.main(["--levels", "wizard"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_bench_dispatch_and_play_levels():
    env = dict(os.environ)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "host",
            "bench",
            "ai",
            "--games",
            "1",
            "--levels",
            "greedy",
            "--rules",
            "digits",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["results"][0]["level"] == "greedy"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "host",
            "play",
            "--auto",
            "--level",
            "device",
            "--seed",
            "4",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["level"] == "device" and len(res["moves"]) == 12
    help_text = subprocess.run(
        [sys.executable, "-m", "host", "play", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    ).stdout
    for level in ("strongest", "device", "greedy", "random"):
        assert level in help_text


def test_bench_ai_refuses_seeds_no_game_has_and_shows_no_spread_for_one_game(capsys):
    assert bench_ai.main(["--seed", "-5", "--games", "2"]) == 2
    assert "--seed must be 0 to 16777215" in capsys.readouterr().err
    assert bench_ai.main(["--seed", "16777215", "--games", "2"]) == 2
    assert "past the last a share code carries, 16777215" in capsys.readouterr().err
    args = ["--games", "1", "--levels", "greedy", "--rules", "digits"]
    assert bench_ai.main(args) == 0
    row = capsys.readouterr().out.splitlines()[1].split()
    assert row[:2] == ["digits", "greedy"] and row[3:5] == ["-", "-"]  # +-95%, sd
    assert bench_ai.main(args + ["--json"]) == 0
    one = json.loads(capsys.readouterr().out)["results"][0]
    assert one["games"] == 1 and one["sd"] is None and one["ci95"] is None
