"""The symbol look-ahead's lookups in native code on the emulated Pico's ROMFS
firmware (crisscross/dice/ai_symbols_viper.py, compiled by ai_symbols where the
port has the viper emitter; CPython and the WebAssembly port run them as
bytecode): they are compiled there, and every device hint of a whole seeded game of each symbol
rule set is the one CPython gives, the same placement and expected score, and
so is the look-ahead's value (hundredths) of the first placements at every
move. The board starts in safe mode (A held: the REPL is free)."""

import json

import pytest

from crisscross.dice import ai, ai_symbols
from crisscross.dice.symbols import SymbolsGame

GAMES = ((5, False), (7, True))
# The one-roll look-ahead's value of a position's first 3 placements, by
# ai_symbols.expected_steps (on the board: its lookups in native code).
LOOK_AHEAD = r"""
def look_ahead(g):
    pos = ai_symbols.Position(ai_symbols.model(g.advanced), g.sheet(), g.round + 1)
    a, b = g.dice()
    values = []
    for k in pos.free_pairs()[:3]:
        got = []
        for _ in ai_symbols.expected_steps(pos, k, a, b, 0, got):
            pass
        values.append(got[0])
    return values
"""
SCRIPT = (
    r"""
import json
from crisscross.dice import ai, ai_symbols
from crisscross.dice.symbols import SymbolsGame
"""
    + LOOK_AHEAD
    + r"""
out = {"hints": []}
for seed, advanced in GAMES:
    g = SymbolsGame(seed, 1, advanced)
    while not g.over:
        move, value = ai.hint(g, "device")
        out["hints"].append([list(move), value, look_ahead(g)])
        g.place(move)
out["native"] = ai_symbols.native_code()[0] is not None
print("RESULT", json.dumps(out))
"""
)

pytestmark = pytest.mark.usefixtures("romfs_firmware")


def test_device_hints_in_native_code_are_cpythons(board):
    board.power_on_safe()
    out = board.exec("GAMES = %r\n" % (GAMES,) + SCRIPT, timeout_ms=600000)
    got = json.loads(out.split("RESULT ", 1)[1])
    assert got["native"]
    space = {"ai_symbols": ai_symbols}
    exec(LOOK_AHEAD, space)
    want = []
    for seed, advanced in GAMES:
        g = SymbolsGame(seed, 1, advanced)
        while not g.over:
            move, value = ai.hint(g, "device")
            want.append([list(move), value, space["look_ahead"](g)])
            g.place(move)
    assert len(want) == 24 and all(w[2] for w in want[:20])
    assert got["hints"] == want
