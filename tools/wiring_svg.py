"""Draw the wiring of every board profile as SVG, from the profiles themselves.

    python3 tools/wiring_svg.py            write hardware/wiring/*.svg
    python3 tools/wiring_svg.py --check    exit 1 if a drawing differs from the profiles

Each drawing is made from `firmware/pocket/boards/<profile>.py` (display bus pins,
the six buttons), so it cannot drift from what the firmware drives;
tests/host/test_wiring_svg.py fails until the committed drawings are what this
writes. Profiles with the same wiring share one drawing (the Pico, Pico W and
Pico 2). Standard library only; the output is byte-for-byte reproducible.
"""

import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "hardware", "wiring")
sys.path.insert(0, os.path.join(ROOT, "firmware"))

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
# Drawings, each (file name, profiles drawn, the header it is drawn on).
DRAWINGS = (
    ("pico", ("pico", "pico_w", "pico2"), "pico"),
    ("pico_spi", ("pico_spi",), "pico"),
    ("esp32", ("esp32",), "esp32"),
    ("esp32s3", ("esp32s3",), "esp32s3"),
    ("esp32c3", ("esp32c3",), "esp32c3"),
)

# The Raspberry Pi Pico's (and Pico W's, Pico 2's) header: GPIO -> physical pin.
PICO_PINS = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14,
    11: 15, 12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25,
    20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34,
}  # fmt: skip
PICO_GND = (3, 8, 13, 18, 23, 28, 33, 38)
PICO_3V3 = 36

# How a header names a GPIO, its 3V3 and a GND (near the given GPIOs).
HEADERS = {
    "pico": {
        "gpio": lambda n: "GP%d (pin %d)" % (n, PICO_PINS[n]),
        "3v3": "3V3(OUT) (pin %d)" % PICO_3V3,
        "gnd": lambda near: "GND (pin %d)" % _nearest_gnd(near),
    },
    "esp32": {
        "gpio": lambda n: "GPIO%d (D%d)" % (n, n),
        "3v3": "3V3",
        "gnd": lambda near: "GND",
    },
    "esp32s3": {
        "gpio": lambda n: "GPIO%d" % n,
        "3v3": "3V3",
        "gnd": lambda near: "GND",
    },
    "esp32c3": {
        "gpio": lambda n: "GPIO%d" % n,
        "3v3": "3V3",
        "gnd": lambda near: "GND",
    },
}

COLOURS = {"gnd": "#222222", "vcc": "#cc0000", "bus": "#0055cc", "button": "#007a33"}
ROW = 30  # pixels between rows
GAP = 46  # between the display's rows and the buttons': the display's caption
TOP = 96  # the first row
BOARD_X, BOARD_W = 20, 230
PART_X = 480  # the display's pins, the buttons' switches
RAIL_X = 700  # the buttons' common ground
WIDTH = 740


def _nearest_gnd(gpios):
    pins = [PICO_PINS[g] for g in gpios]
    centre = sum(pins) / len(pins)
    return min(PICO_GND, key=lambda g: (abs(g - centre), g))


def profile(name):
    return importlib.import_module("pocket.boards." + name)


def wiring(p):
    """The rows of a profile: (kind, board side, part side), top to bottom."""
    rows = []
    if p.BUS == "i2c":
        display = (("SCL", p.SCL), ("SDA", p.SDA))
        title = "SSD1306 OLED, I2C 0x%02X" % p.ADDR
    else:
        display = (
            ("D0", p.SCK),
            ("D1", p.MOSI),
            ("RES", p.RES),
            ("DC", p.DC),
            ("CS", p.CS),
        )
        title = "SSD1306 OLED, SPI"
    bus = [g for _, g in display]
    rows.append(("gnd", ("gnd", bus), "GND"))
    rows.append(("vcc", ("3v3", None), "VCC"))
    for label, gpio in display:
        rows.append(("bus", ("gpio", gpio), label))
    for label, gpio in zip(BUTTONS, p.BUTTONS):
        rows.append(("button", ("gpio", gpio), label))
    rows.append(("rail", ("gnd", list(p.BUTTONS)), "buttons' common leg"))
    return title, rows


def _esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text(x, y, text, size=13, anchor="start", weight="normal", fill="#111111"):
    return (
        '<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" '
        'fill="%s">%s</text>' % (x, y, size, anchor, weight, fill, _esc(text))
    )


def _line(x1, y1, x2, y2, colour, width=2):
    return '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d"/>' % (
        x1,
        y1,
        x2,
        y2,
        colour,
        width,
    )


def _dot(x, y, colour):
    return '<circle cx="%d" cy="%d" r="3.5" fill="%s"/>' % (x, y, colour)


def svg(drawing):
    """The SVG text of one drawing."""
    name, profiles, header_name = drawing
    p = profile(profiles[0])
    header = HEADERS[header_name]
    title, rows = wiring(p)
    display_rows = [r for r in rows if r[0] in ("gnd", "vcc", "bus")]
    ys = [
        TOP + k * ROW + (GAP if k >= len(display_rows) else 0) for k in range(len(rows))
    ]
    height = ys[-1] + ROW + 70
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
        'viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif">'
        % (WIDTH, height, WIDTH, height),
        '<rect width="%d" height="%d" fill="#ffffff"/>' % (WIDTH, height),
        _text(20, 28, "Criss Cross Pocket: %s" % p.NAME, 17, weight="bold"),
        _text(
            20,
            48,
            "profile%s %s (firmware/pocket/boards/)"
            % ("s" if len(profiles) > 1 else "", ", ".join(profiles)),
            12,
        ),
        _text(
            20,
            64,
            "Drawn by tools/wiring_svg.py from the profile: do not edit by hand.",
            12,
            fill="#555555",
        ),
    ]
    # The board, its pins on the right edge.
    top = TOP - ROW // 2 - 6
    bottom = ys[-1] + ROW // 2 + 6
    out.append(
        '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#e9f2e9" '
        'stroke="#2e5e2e" stroke-width="2"/>' % (BOARD_X, top, BOARD_W, bottom - top)
    )
    out.append(
        _text(BOARD_X + 10, bottom + 18, p.NAME, 12, weight="bold", fill="#2e5e2e")
    )
    pin_x = BOARD_X + BOARD_W
    # The display module: a box around its pins.
    d_top = TOP - ROW // 2 - 6
    d_bottom = TOP + ROW * (len(display_rows) - 1) + ROW // 2 + 6
    out.append(
        '<rect x="%d" y="%d" width="150" height="%d" rx="4" fill="#1d2b3a" '
        'stroke="#0b1520" stroke-width="2"/>' % (PART_X, d_top, d_bottom - d_top)
    )
    out.append(_text(PART_X + 75, d_bottom + 16, title, 12, "middle", "bold"))
    out.append(
        _text(
            PART_X + 75,
            d_bottom + 31,
            "check the silk: some modules swap VCC and GND",
            11,
            "middle",
            fill="#cc0000",
        )
    )
    first_button = None
    for k, (kind, (what, arg), label) in enumerate(rows):
        y = ys[k]
        if what == "gpio":
            board_label = header["gpio"](arg)
        elif what == "3v3":
            board_label = header["3v3"]
        else:
            board_label = header["gnd"](arg)
        out.append(_text(pin_x - 10, y + 5, board_label, 13, "end"))
        colour = COLOURS["gnd" if kind == "rail" else kind]
        out.append(
            '<rect x="%d" y="%d" width="8" height="8" fill="%s"/>'
            % (pin_x - 4, y - 4, colour)
        )
        if kind in ("gnd", "vcc", "bus"):
            out.append(_line(pin_x + 4, y, PART_X, y, colour))
            out.append(_text(PART_X + 10, y + 5, label, 13, fill="#ffffff"))
            out.append(
                '<rect x="%d" y="%d" width="8" height="8" fill="#d9b44a"/>'
                % (PART_X - 4, y - 4)
            )
        elif kind == "button":
            if first_button is None:
                first_button = y
            # GPIO -> switch (normally open) -> the common ground rail.
            out.append(_line(pin_x + 4, y, PART_X, y, colour))
            out.append(
                '<circle cx="%d" cy="%d" r="4" fill="#ffffff" stroke="#111111" '
                'stroke-width="2"/>' % (PART_X + 4, y)
            )
            out.append(_line(PART_X + 7, y - 2, PART_X + 34, y - 14, "#111111"))
            out.append(
                '<circle cx="%d" cy="%d" r="4" fill="#ffffff" stroke="#111111" '
                'stroke-width="2"/>' % (PART_X + 40, y)
            )
            out.append(_line(PART_X + 44, y, RAIL_X, y, COLOURS["gnd"]))
            out.append(_dot(RAIL_X, y, COLOURS["gnd"]))
            out.append(_text(PART_X + 60, y - 6, label, 13, weight="bold"))
        else:  # the buttons' common leg back to a GND pin
            out.append(_line(pin_x + 4, y, RAIL_X, y, colour))
            out.append(_dot(RAIL_X, y, colour))
            out.append(_text(PART_X + 60, y - 6, label, 12, fill="#555555"))
            out.append(_line(RAIL_X, first_button, RAIL_X, y, colour))
    notes_y = bottom + 44
    out.append(
        _text(
            20,
            notes_y,
            "Buttons: one leg to the GPIO, the other to GND; the board's internal "
            "pull-ups do the rest (no resistors).",
            12,
        )
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    check = "--check" in argv
    stale = []
    for drawing in DRAWINGS:
        path = os.path.join(OUT, drawing[0] + ".svg")
        text = svg(drawing)
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == text
        except OSError:
            same = False
        if same:
            continue
        if check:
            stale.append(os.path.relpath(path, ROOT))
            continue
        os.makedirs(OUT, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(path, ROOT))
    if stale:
        print(
            "out of date: %s: run python3 tools/wiring_svg.py" % ", ".join(stale),
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
