"""The emulator's own boot ROM routines (host/emu/bootrom.mjs) against CPython and the real ROM.

MicroPython on the rp2 does its float (IEEE single) arithmetic through the boot
ROM's soft-float table, which the emulator implements in JS instead of carrying
Raspberry Pi's ROM image (docs/emulator.md, "The boot ROM"). A float script runs
on a blank board at the REPL; its results, printed as bit patterns, are checked
against CPython's arithmetic rounded to single precision. With $RP2040_BOOTROM
naming the real B1 ROM image (CI: ../shared/firmware/rp2040-bootrom-b1.bin), the
same script also runs on the real ROM: the outputs must be the same text and the
busy cycles within 2%.
"""

import json
import math
import os
import struct
import subprocess

import pytest

from host.emu.board import Board

HERE = os.path.dirname(os.path.abspath(__file__))

VALUES = [
    0.0,
    -0.0,
    1.0,
    -1.5,
    3.14159,
    0.1,
    1e-3,
    123456.789,
    -2.5e10,
    7.0,
    1e30,
    1e-30,
    16777217.0,
    3.4e38,
    2e-38,
    -0.75,
    float("inf"),
    float("-inf"),
]
INTS = [0, 1, -1, 7, 16777217, 2**31 - 1, -(2**31), 2**40 + 1, 3**30, -(5**20)]
TEXTS = ["1.5", "-0.1", "3.4e38", "1e-38", "12345.678", "0.000123", "1e39"]
FINITE = [x for x in VALUES if math.isfinite(x)]

# Runs on the board; prints one line per case: a tag, then numbers.
SCRIPT = """
import math, struct
V = [float(s) for s in %r]
I = %r
T = %r
def b(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]
for x in V:
    for y in V:
        print('A', b(x + y), b(x - y), b(x * y), b(x / y) if y != 0 else -1,
              int(x < y), int(x == y), int(x >= y))
for x in V:
    if math.isinf(x):
        continue
    print('U', b(math.sqrt(abs(x))), int(x) if abs(x) < 2 ** 31 else -1,
          b(x * 0.5), b(-x))
for n in I:
    print('I', b(float(n)))
for s in T:
    print('P', b(float(s)))
for x in V:
    if math.isfinite(x) and abs(x) < 1e6:
        print('M', b(math.sin(x)), b(math.cos(x)), b(math.atan2(x, 1.5)),
              b(math.exp(x)) if x < 80 else -1, b(math.log(abs(x))) if x else -1,
              b(math.pow(abs(x), 0.37)))
for x in V:
    print('F', '%%f' %% x, '%%.3e' %% x, '%%g' %% x, repr(x))
print('S', struct.pack('<d', 0.1), struct.unpack('<d', struct.pack('<d', 1.25)))
""" % (
    [repr(x) for x in VALUES],
    INTS,
    TEXTS,
)


def f32(x):
    """x rounded to IEEE single (to nearest, ties even), as its bit pattern."""
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:  # beyond the largest single: rounds to infinity
        return struct.unpack("<I", struct.pack("<f", math.copysign(math.inf, x)))[0]


def single(x):
    return struct.unpack("<f", struct.pack("<I", f32(x)))[0]


def ulps(a, b):
    """Distance between two finite singles' bit patterns, in units in the last place."""

    def key(bits):
        return bits if bits < 0x80000000 else 0x80000000 - bits

    return abs(key(a) - key(b))


def run_script(rom=None):
    board = Board(elf="", rom=rom)
    try:
        board.power_on()
        assert board.run_until(lambda b: b.at_repl(), timeout_ms=5000)
        before = board.stats()["busy_cycles"]
        out = board.exec(SCRIPT, timeout_ms=120000)
        return out, board.stats()["busy_cycles"] - before
    finally:
        board.close()


@pytest.fixture(scope="module")
def ours():
    return run_script()


def lines(out, tag):
    return [line.split()[1:] for line in out.splitlines() if line.startswith(tag + " ")]


def rom_single(x):
    """x rounded to single as the ROM's routines give it: denormals flushed to zero."""
    bits = f32(x)
    if bits & 0x7F800000 == 0:
        return bits & 0x80000000
    return bits


def rom_arith(op, x, y):
    """MicroPython's + - * / of two singles through the SDK's wrappers and the ROM:
    IEEE, denormals flushed; where IEEE gives a NaN from two numbers, inf + -inf is
    the quiet NaN 0x7fc00000, while the ROM's 0 * inf and inf / inf are infinities
    (sign: the operands' signs multiplied) that the SDK's wrappers mark as NaNs by
    setting bit 22 - for inf / inf always, for 0 * inf when the operands' bit
    patterns share no set bit."""
    if op == "div" and y == 0:
        return -1  # not asked: MicroPython raises ZeroDivisionError first
    r = {"add": x + y, "sub": x - y, "mul": x * y, "div": x / y if y else 0}[op]
    if not math.isnan(r):
        return rom_single(r)
    if op in ("add", "sub"):
        return 0x7FC00000
    inf = f32(math.copysign(math.inf, math.copysign(1, x) * math.copysign(1, y)))
    if op == "div" or f32(x) & f32(y) == 0:
        return inf | 0x00400000
    return inf


def test_arithmetic_is_ieee_single(ours):
    """+ - * / and comparisons: exactly CPython's result rounded to single, but for
    the ROM's documented differences (denormals are zero, infinities for NaNs)."""
    rows = lines(ours[0], "A")
    assert len(rows) == len(VALUES) ** 2
    i = 0
    for x in VALUES:
        for y in VALUES:
            got = [int(v) for v in rows[i]]
            i += 1
            x1, y1 = single(x), single(y)
            want = [rom_arith(op, x1, y1) for op in ("add", "sub", "mul", "div")]
            want += [int(x1 < y1), int(x1 == y1), int(x1 >= y1)]
            names = ["add", "sub", "mul", "div", "lt", "eq", "ge"]
            for k, (g, w) in enumerate(zip(got, want)):
                assert g == w, (x, y, names[k], hex(g), hex(w))


def test_sqrt_int_and_conversions(ours):
    rows = lines(ours[0], "U")
    finite = [x for x in VALUES if not math.isinf(x)]
    assert len(rows) == len(finite)
    for x, row in zip(finite, rows):
        x1 = single(x)
        assert int(row[0]) == f32(math.sqrt(abs(x1))), x
        if abs(x1) < 2**31:
            assert int(row[1]) == int(x1), x  # truncation toward zero
        assert int(row[2]) == rom_single(x1 * 0.5), x
        assert int(row[3]) == f32(-x1), x
    rows = lines(ours[0], "I")
    assert [int(r[0]) for r in rows] == [f32(float(n)) for n in INTS]
    rows = lines(ours[0], "P")
    for s, row in zip(TEXTS, rows):
        # MicroPython's own decimal parser works in single precision: within 1 ulp
        assert ulps(int(row[0]), rom_single(float(s))) <= 1, (s, row)


def test_maths_functions_within_ulps(ours):
    """sin, cos, atan2, exp, log, pow are MicroPython's libm (single precision) on
    top of the ROM's arithmetic: within 2 ulp of the correctly rounded value."""
    rows = lines(ours[0], "M")
    xs = [x for x in VALUES if math.isfinite(x) and abs(x) < 1e6]
    assert len(rows) == len(xs)
    for x, row in zip(xs, rows):
        x1 = single(x)
        want = [
            f32(math.sin(x1)),
            f32(math.cos(x1)),
            f32(math.atan2(x1, 1.5)),
            f32(math.exp(x1)) if x1 < 80 else -1,
            f32(math.log(abs(x1))) if x1 else -1,
            f32(math.pow(abs(x1), single(0.37))),
        ]
        for k, (g, w) in enumerate(zip([int(v) for v in row], want)):
            assert ulps(g, w) <= 2, (
                x,
                ["sin", "cos", "atan2", "exp", "log", "pow"][k],
                g,
                w,
            )


def test_formatting_and_doubles(ours):
    rows = {
        line.split()[1]: line for line in ours[0].splitlines() if line.startswith("F ")
    }
    assert rows["1.000000"].split()[2:] == ["1.000e+00", "1", "1.0"]
    assert rows["-1.500000"].split()[2:] == ["-1.500e+00", "-1.5", "-1.5"]
    assert rows["inf"].split()[2:] == ["inf", "inf", "inf"]
    # float -> double and back through the 'SF'/'SD' tables
    assert lines(ours[0], "S") == [
        ["b'\\x00\\x00\\x00\\xa0\\x99\\x99\\xb9?'", "(1.25,)"]
    ]


@pytest.mark.skipif(
    not os.environ.get("RP2040_BOOTROM"),
    reason="set RP2040_BOOTROM to the real RP2040 B1 boot ROM image to compare with it",
)
def test_same_as_the_real_rom(ours):
    """The real ROM gives the same output to the bit, in about the same cycles."""
    real = run_script(rom=os.environ["RP2040_BOOTROM"])
    assert ours[0] == real[0]
    assert abs(ours[1] - real[1]) <= 0.02 * real[1], (ours[1], real[1])


# Routines whose results may differ from the real ROM's, and by how much at most
# (|real - ours| / max(1, |real|)): the ROM's sin/cos/ln/atan2 are accurate to about
# one unit of 2^-24 (2^-53) absolute, not relative, near their zeros; its tan loses
# more near the poles; exp differs by 1 ulp now and then.
TRANSCENDENTAL = {
    "fsin": 2**-22,
    "fcos": 2**-22,
    "fln": 2**-22,
    "fexp": 2**-22,
    "fatan2": 2**-22,
    "ftan": 2**-13,
    "dsin": 2**-51,
    "dcos": 2**-51,
    "dln": 2**-51,
    "dexp": 2**-51,
    "datan2": 2**-51,
    "dtan": 2**-49,
}


@pytest.mark.skipif(
    not os.environ.get("RP2040_BOOTROM"),
    reason="set RP2040_BOOTROM to the real RP2040 B1 boot ROM image to compare with it",
)
def test_every_table_routine_against_the_real_rom():
    """Each 'SF' and 'SD' routine on 300 random arguments: ours and the real ROM's
    (run instruction by instruction) give the same bits - but for the transcendental
    ones, within TRANSCENDENTAL - in the same mean cycles."""
    proc = subprocess.run(
        ["node", os.path.join(HERE, "rom_compare.mjs"), os.environ["RP2040_BOOTROM"]],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert len(rows) == 60  # 30 single and 30 double routines
    for where, row in rows.items():
        assert row["cases"] == 300
        assert abs(row["our_cycles"] - row["real_cycles"]) <= 1, (where, row)
        if row["name"] in TRANSCENDENTAL:
            assert row["max_error"] <= TRANSCENDENTAL[row["name"]], (where, row)
        else:
            assert row["differ"] == 0, (where, row)
