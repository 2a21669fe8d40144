"""Hours of play on batteries, from the boards' and the display's current.

    python3 tools/battery_hours.py            rewrite the tables in hardware/README.md
    python3 tools/battery_hours.py --check    exit 1 if they differ from FIGURES

The figures and their sources live here, once; hardware/README.md shows them and
the hours worked out from them between the `battery-figures` and `battery-hours`
markers. To take in a new measurement (the firmware's idle in lightsleep, say),
change its line in FIGURES and run this: tests/host/test_battery_hours.py fails
until the README matches.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "hardware", "README.md")

# key: (what, milliamps, source). Currents at the board's supply input (VSYS).
FIGURES = {
    "pico_awake": (
        "Pico running MicroPython, awake (playing, or idle with a plain sleep)",
        21.0,
        "measured at 5 V on VSYS, MicroPython 1.19: "
        "[micropython#8770](https://github.com/micropython/micropython/issues/8770)",
    ),
    "pico_lightsleep": (
        "Pico in `machine.lightsleep`, the Pico firmware's idle once the screen "
        "is blank (it wakes on a button edge: checked on the emulator, which "
        "cannot measure current)",
        0.99,
        "measured at 5 V on VSYS with `lightsleep(5000)`: "
        "[micropython#8832](https://github.com/micropython/micropython/pull/8832)",
    ),
    "oled_on": (
        "0.96\" SSD1306 module, picture on (the game's mostly dark screens)",
        20.0,
        'estimate: half of the 40 mA average Adafruit gives for its larger 1.3" '
        "SSD1306 128x64 board ([its README](https://github.com/adafruit/"
        "Adafruit-1.3inch-128x64-Mono-OLED-PCB))",
    ),
    "oled_off": (
        "SSD1306 in sleep (display off, as after 3 minutes idle)",
        0.01,
        "SSD1306 datasheet (Solomon Systech), DC characteristics: sleep-mode "
        "current at most 10 uA",
    ),
}

FIGURES_VOLTS = 5.0  # the supply the board figures were measured at
# name: (what, usable mAh, average volts over the discharge, source)
BATTERIES = {
    "aa": (
        "3 x AA alkaline",
        2000,
        3.75,
        "a cautious figure for AA alkaline cells at a 20-40 mA drain; "
        "about 1.25 V a cell on average",
    ),
    "lipo": ("LiPo 1000 mAh", 1000, 3.7, "its rating; 3.7 V nominal"),
}

# The three states a handheld is in: (what, its current as figure keys)
STATES = (
    ("playing", ("pico_awake", "oled_on")),
    (
        "switched on, idle, plain sleep (Pico W, Pico 2: not tried yet)",
        ("pico_awake", "oled_off"),
    ),
    (
        "switched on, idle, lightsleep (the Pico firmware)",
        ("pico_lightsleep", "oled_off"),
    ),
)


def current(keys):
    return sum(FIGURES[k][1] for k in keys)


def hours(battery, ma):
    """The Pico's buck-boost converter draws about the same power at any input
    voltage: a current measured at 5 V is 5 / V times larger from a V-volt pack."""
    _, mah, volts, _ = battery
    return mah / (ma * FIGURES_VOLTS / volts)


def _duration(h):
    if h < 72:
        return "%.0f h" % h
    return "%.0f h (%.0f days)" % (h, h / 24)


def figures_table():
    lines = ["| figure | mA | source |", "|---|---|---|"]
    for what, ma, source in FIGURES.values():
        lines.append(
            "| %s | %s | %s |" % (what, ("%.2f" % ma).rstrip("0").rstrip("."), source)
        )
    return "\n".join(lines)


def hours_table():
    head = "| state | mA | " + " | ".join(b[0] for b in BATTERIES.values()) + " |"
    lines = [head, "|---|---|" + "---|" * len(BATTERIES)]
    for what, keys in STATES:
        ma = current(keys)
        cells = [_duration(hours(b, ma)) for b in BATTERIES.values()]
        lines.append("| %s | %.2f | %s |" % (what, ma, " | ".join(cells)))
    lines.append("")
    lines.append(
        "mA at %g V on VSYS. Batteries: " % FIGURES_VOLTS
        + "; ".join(
            "%s, %d mAh at %.2f V (%s)" % (b[0], b[1], b[2], b[3])
            for b in BATTERIES.values()
        )
        + "."
    )
    return "\n".join(lines)


def _replace(text, marker, body):
    pattern = re.compile(
        r"(<!-- %s: start -->\n)(?:.*?\n)?(<!-- %s: end -->)" % (marker, marker), re.S
    )
    if not pattern.search(text):
        raise SystemExit("hardware/README.md has no %s markers" % marker)
    return pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)


def render(text):
    text = _replace(text, "battery-figures", figures_table())
    return _replace(text, "battery-hours", hours_table())


def main(argv):
    with open(README, encoding="utf-8") as f:
        text = f.read()
    new = render(text)
    if "--check" in argv:
        if new != text:
            print(
                "hardware/README.md's battery tables are out of date: "
                "run python3 tools/battery_hours.py",
                file=sys.stderr,
            )
            return 1
        return 0
    if new != text:
        with open(README, "w", encoding="utf-8", newline="\n") as f:
            f.write(new)
        print("rewrote the battery tables in hardware/README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
