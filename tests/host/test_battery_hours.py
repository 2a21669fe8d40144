"""hardware/README.md's battery tables are what tools/battery_hours.py works out
from its figures, and the arithmetic is right."""

import os
import re
import subprocess
import sys

from mpy import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import battery_hours


def readme():
    with open(battery_hours.README, encoding="utf-8") as f:
        return f.read()


def test_the_readme_tables_are_the_tools():
    text = readme()
    assert battery_hours.render(text) == text, (
        "hardware/README.md's battery tables are out of date: "
        "run python3 tools/battery_hours.py"
    )
    r = subprocess.run(
        [sys.executable, "tools/battery_hours.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr


def test_a_changed_figure_changes_the_readme(monkeypatch):
    what, _, source = battery_hours.FIGURES["pico_lightsleep"]
    monkeypatch.setitem(
        battery_hours.FIGURES, "pico_lightsleep", (what, 1.99, "a new measurement")
    )
    new = battery_hours.render(readme())
    assert new != readme() and "a new measurement" in new
    assert "| 1.99 | a new measurement |" in new


def test_hours_are_capacity_over_current_at_the_packs_voltage():
    aa = battery_hours.BATTERIES["aa"]
    _, mah, volts, _ = aa
    assert battery_hours.hours(aa, 10.0) == mah / (10.0 * 5.0 / volts)
    assert battery_hours.hours(aa, 20.0) * 2 == battery_hours.hours(aa, 10.0)
    rows = re.findall(r"^\| playing \| ([\d.]+) \| (\d+) h", readme(), re.M)
    assert rows, "no 'playing' row in the hours table"
    ma, h = float(rows[0][0]), int(rows[0][1])
    assert ma == battery_hours.current(("pico_awake", "oled_on"))
    assert h == round(battery_hours.hours(aa, ma))


def test_every_figure_has_a_source():
    for key, (what, ma, source) in battery_hours.FIGURES.items():
        assert what and ma > 0 and len(source) > 10, key
    text = readme()
    for _, _, source in battery_hours.FIGURES.values():
        assert source in text
