"""Seeded card games give identical records under MicroPython and CPython.

The same games run inside MicroPython 1.29 (WebAssembly, host/mpy/run.mjs) and
through the CPython command line; their JSON records must match move for move.
"""

import json
import os
import subprocess

from host.play import play_cards, share_code_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (players, seed, variant, levels): every player count, variant and level.
GAMES = (
    (2, 1, None, "hard"),
    (3, 2, "joker", "hard,easy"),
    (4, 3, "strict", "easy,hard"),
    (2, 16777213, "joker", "easy"),  # near the top of a share code's seeds
    (4, 5, None, "hard"),
)

MPY_SCRIPT = """
import json
from crisscross.cards import autoplay
for players, seed, variant, levels in %r:
    game = autoplay.play(players, seed, variant, levels.split(","))
    print(json.dumps(autoplay.record(game)))
"""


def micropython_records():
    r = subprocess.run(
        [
            "node",
            "host/mpy/run.mjs",
            "--mount",
            "shared:/shared",
            "--path",
            "/shared",
            "--exec",
            MPY_SCRIPT % (GAMES,),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def cpython_record(capsys, players, seed, variant, levels):
    argv = ["--auto", "--json", "--players", str(players), "--seed", str(seed)]
    argv += ["--level", levels]
    if variant:
        argv += ["--variant", variant]
    assert play_cards.main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    # The command line adds the game's share code, and that it ended, to the
    # engine's record.
    code = record.pop("share_code")
    assert code == share_code_of("cards", variant, seed)
    assert record.pop("finished") is True
    return record


def test_seeded_games_are_identical_in_micropython_and_cpython(capsys):
    mpy = micropython_records()
    assert len(mpy) == len(GAMES)
    for game, rec in zip(GAMES, mpy):
        cpy = cpython_record(capsys, *game)
        assert rec["moves"] == cpy["moves"], game
        assert rec == cpy, game
        assert len(rec["moves"]) > 10
