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
