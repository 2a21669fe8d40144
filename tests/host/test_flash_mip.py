"""mip.json, the mip manifest: generated from the tree, current, and what mpremote needs."""

import json
import os
import re
import subprocess
import sys

from host import ROOT
from host.board import flash, mip_manifest, mpy_build


def test_committed_mip_json_matches_the_tree():
    proc = subprocess.run(
        [sys.executable, "-m", "host.board.mip_manifest", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mip_installs_the_same_layout_as_flash():
    keys = mip_manifest.manifest()
    placed = [dest for dest, _ in keys["urls"]]
    assert len(placed) == len(set(placed))
    for _, src in keys["urls"]:
        assert os.path.isfile(os.path.join(ROOT, src)), src
    # flash puts name.mpy where mip puts name.py; everything else is identical.
    as_flashed = sorted(
        re.sub(r"\.py$", ".mpy", p) if p not in mpy_build.KEEP_AS_SOURCE else p
        for p in placed
    )
    assert as_flashed == sorted(flash.local_files())


def test_the_manifest_is_what_mip_reads_and_package_json_is_npms_alone():
    manifest = json.load(open(os.path.join(ROOT, "mip.json")))
    assert manifest == mip_manifest.manifest()
    assert json.loads(mip_manifest.render(manifest)) == manifest
    assert manifest["version"] == mip_manifest.version() and manifest["deps"] == []
    # Relative urls: mip resolves them against mip.json's folder, the repository root.
    assert all(
        not src.startswith(("/", "github:", "http")) for _, src in manifest["urls"]
    )
    package = json.load(open(os.path.join(ROOT, "package.json")))
    assert not {"urls", "deps", "hashes"} & set(package)
    assert set(package["dependencies"]) == {
        "@micropython/micropython-webassembly-pyscript",
        "rp2040js",
    }
