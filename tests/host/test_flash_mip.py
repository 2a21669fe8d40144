"""package.json's mip keys: generated from the tree, current, and what mpremote needs."""

import json
import os
import re
import subprocess
import sys

from host import flash, mpy_build

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mip_manifest  # noqa: E402


def test_committed_package_json_matches_the_tree():
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "mip_manifest.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mip_installs_the_same_layout_as_flash():
    keys = mip_manifest.mip_keys()
    placed = [dest for dest, _ in keys["urls"]]
    assert len(placed) == len(set(placed))
    for dest, src in keys["urls"]:
        assert os.path.isfile(os.path.join(ROOT, src)), src
    # flash puts name.mpy where mip puts name.py; everything else is identical.
    as_flashed = sorted(
        re.sub(r"\.py$", ".mpy", p) if p not in mpy_build.KEEP_AS_SOURCE else p
        for p in placed
    )
    assert as_flashed == sorted(flash.local_files())


def test_regeneration_keeps_the_npm_keys_and_round_trips():
    package = json.load(open(os.path.join(ROOT, "package.json")))
    package["urls"] = [["stale.py", "shared/stale.py"]]
    fresh = mip_manifest.updated(package, mip_manifest.mip_keys())
    again = json.loads(mip_manifest.render(fresh))
    assert again == fresh
    assert again["dependencies"] == package["dependencies"]
    assert list(again)[:2] == list(package)[:2]  # npm's keys stay first, in order
    assert ["stale.py", "shared/stale.py"] not in again["urls"]
    assert again["version"] == mip_manifest.version() and again["deps"] == []
