"""hardware/wiring/*.svg are what tools/wiring_svg.py draws from the board profiles
now, so a changed pin fails here until the drawings are made again."""

import importlib
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from mpy import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
import wiring_svg

NS = "{http://www.w3.org/2000/svg}"


def committed(name):
    with open(os.path.join(ROOT, "hardware", "wiring", name + ".svg")) as f:
        return f.read()


def test_the_committed_drawings_are_what_the_tool_draws_now():
    for drawing in wiring_svg.DRAWINGS:
        assert committed(drawing[0]) == wiring_svg.svg(drawing), (
            "hardware/wiring/%s.svg is out of date: run python3 tools/wiring_svg.py"
            % drawing[0]
        )
    r = subprocess.run(
        [sys.executable, "tools/wiring_svg.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr


def test_every_profile_has_a_drawing_and_shared_drawings_share_pins():
    boards = os.path.join(ROOT, "firmware", "pocket", "boards")
    profiles = sorted(
        n[:-3] for n in os.listdir(boards) if n.endswith(".py") and n != "__init__.py"
    )
    drawn = sorted(p for d in wiring_svg.DRAWINGS for p in d[1])
    assert drawn == profiles
    for _, names, _ in wiring_svg.DRAWINGS:
        first = wiring_svg.wiring(wiring_svg.profile(names[0]))
        for other in names[1:]:
            assert wiring_svg.wiring(wiring_svg.profile(other)) == first, other


def texts(svg_text):
    root = ET.fromstring(svg_text)  # well-formed XML, or this raises
    return [t.text for t in root.iter(NS + "text")]


def test_each_drawing_names_the_profiles_pins():
    for name, profiles, _ in wiring_svg.DRAWINGS:
        p = importlib.import_module("pocket.boards." + profiles[0])
        words = texts(committed(name))
        labels = [w for w in words if re.match(r"(GP|GPIO)\d+", w)]
        pins = [int(re.match(r"(?:GP|GPIO)(\d+)", w).group(1)) for w in labels]
        bus = (p.SCL, p.SDA) if p.BUS == "i2c" else (p.SCK, p.MOSI, p.RES, p.DC, p.CS)
        assert pins == list(bus) + list(p.BUTTONS), name
        for button in wiring_svg.BUTTONS:
            assert button in words, (name, button)


def test_the_pico_drawing_uses_the_headers_physical_pins():
    words = texts(committed("pico"))
    for gpio, pin in ((4, 6), (5, 7), (10, 14), (15, 20)):
        assert "GP%d (pin %d)" % (gpio, pin) in words
    assert "3V3(OUT) (pin 36)" in words and "GND (pin 8)" in words
