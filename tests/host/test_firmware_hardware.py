"""hardware/ matches the board profiles: the Wokwi diagram and the wiring tables."""

import importlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARDWARE = os.path.join(ROOT, "hardware")
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
sys.path.insert(0, os.path.join(ROOT, "firmware"))


def profile(name):
    return importlib.import_module("pocket.boards." + name)


def test_wokwi_diagram_is_the_pico_profile():
    pico = profile("pico")
    diagram = json.load(open(os.path.join(HARDWARE, "diagram.json")))
    types = dict((p["id"], p["type"]) for p in diagram["parts"])
    assert types["pico"] == "wokwi-pi-pico"
    assert types["oled"] == "board-ssd1306"
    oled = [p for p in diagram["parts"] if p["id"] == "oled"][0]
    assert int(oled["attrs"]["i2cAddress"], 16) == pico.ADDR
    links = {}
    for a, b, _, _ in diagram["connections"]:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    assert links["oled:SDA"] == {"pico:GP%d" % pico.SDA}
    assert links["oled:SCL"] == {"pico:GP%d" % pico.SCL}
    assert links["oled:VCC"] == {"pico:3V3"}
    assert all(x.startswith("pico:GND") for x in links["oled:GND"])
    buttons = [p for p in diagram["parts"] if p["type"] == "wokwi-pushbutton"]
    assert len(buttons) == 6
    for name, gpio in zip(NAMES, pico.BUTTONS):
        part = [p for p in buttons if p["attrs"]["label"] == name][0]
        legs = [links.get("%s:%s" % (part["id"], leg), set()) for leg in ("1.l", "2.l")]
        assert legs[0] == {"pico:GP%d" % gpio}, name
        assert legs[1] and all(x.startswith("pico:GND") for x in legs[1]), name


# The Wokwi Pico's pin names by physical pin, 1 to 40.
WOKWI_PICO_PINS = (
    "GP0 GP1 GND.1 GP2 GP3 GP4 GP5 GND.2 GP6 GP7 GP8 GP9 GND.3 GP10 GP11 GP12 GP13 "
    "GND.4 GP14 GP15 GP16 GP17 GND.5 GP18 GP19 GP20 GP21 GND.6 GP22 RUN GP26 GP27 "
    "GND.7 GP28 ADC_VREF 3V3 3V3_EN GND.8 VSYS VBUS"
).split()


def test_wokwi_diagram_uses_the_physical_pins_the_wiring_table_gives():
    # hardware/README.md's Pico table: signal | GPIO | physical pin | connects to.
    readme = open(os.path.join(HARDWARE, "README.md")).read()
    section = readme.split("## Raspberry Pi Pico / Pico W")[1].split("\n## ")[0]
    pin_of = {}
    for row in re.findall(r"^\| (\w+) \| [^|]+ \| (\d+) \| ([^|]+) \|$", section, re.M):
        signal, pin, to = row
        key = "OLED GND" if to.startswith("OLED GND") else signal
        if to.startswith("the buttons"):
            key = "buttons GND"
        pin_of[key] = int(pin)
    diagram = json.load(open(os.path.join(HARDWARE, "diagram.json")))
    labels = dict(
        (p["id"], p["attrs"].get("label"))
        for p in diagram["parts"]
        if p["type"] == "wokwi-pushbutton"
    )
    for a, b, _, _ in diagram["connections"]:
        if not b.startswith("pico:"):
            a, b = b, a
        part, leg = a.split(":")
        pin = WOKWI_PICO_PINS.index(b[5:]) + 1
        if part == "oled":
            want = pin_of["OLED GND" if leg == "GND" else {"VCC": "3V3"}.get(leg, leg)]
        else:
            want = pin_of["buttons GND" if leg == "2.l" else labels[part]]
        assert pin == want, (a, b, want)


def test_wokwi_toml_names_firmware_and_a_serial_port():
    text = open(os.path.join(HARDWARE, "wokwi.toml")).read()
    assert re.search(r'^firmware = ".+\.uf2"', text, re.M)
    assert re.search(r"^rfc2217ServerPort = \d+", text, re.M)


def test_readme_tables_match_the_profiles():
    readme = open(os.path.join(HARDWARE, "README.md")).read()
    sections = re.split(r"^## ", readme, flags=re.M)
    tables = {
        "pico": [s for s in sections if s.startswith("Raspberry Pi Pico / Pico W")][0],
        "esp32": [s for s in sections if s.startswith("ESP32 dev board")][0],
        "esp32s3": [s for s in sections if s.startswith("ESP32-S3")][0],
        "esp32c3": [s for s in sections if s.startswith("ESP32-C3")][0],
        "pico_spi": [
            s for s in sections if s.startswith("Raspberry Pi Pico with an SPI")
        ][0],
    }
    for board, gpio_format in (
        ("pico", "GP%d"),
        ("esp32", "%d"),
        ("esp32s3", "%d"),
        ("esp32c3", "%d"),
    ):
        p = profile(board)
        text = tables[board]
        for name, gpio in zip(NAMES, p.BUTTONS):
            assert re.search(
                r"^\| %s \| %s \|" % (name, gpio_format % gpio), text, re.M
            ), (
                board,
                name,
            )
        assert re.search(r"^\| SDA \| %s \|" % (gpio_format % p.SDA), text, re.M), board
        assert re.search(r"^\| SCL \| %s \|" % (gpio_format % p.SCL), text, re.M), board
    spi = profile("pico_spi")
    for name in ("SCK", "MOSI", "DC", "RES", "CS"):
        gpio = getattr(spi, name)
        assert re.search(
            r"^\| %s \| GP%d \|" % (name, gpio), tables["pico_spi"], re.M
        ), name


def test_readme_names_every_profile_and_pico2_shares_the_pico_pins():
    readme = open(os.path.join(HARDWARE, "README.md")).read()
    boards = os.path.join(ROOT, "firmware", "pocket", "boards")
    for name in os.listdir(boards):
        if name.endswith(".py") and name != "__init__.py":
            assert "`%s`" % name[:-3] in readme, name
    pico, pico2 = profile("pico"), profile("pico2")
    for attr in ("SDA", "SCL", "BUTTONS", "I2C_ID", "ADDR"):
        assert getattr(pico2, attr) == getattr(pico, attr), attr
