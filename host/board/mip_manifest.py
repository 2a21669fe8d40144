"""Regenerate mip.json, the mip manifest, from the tree.

`mpremote mip install --target= github:OWNER/REPO/mip.json` (or a local path
to mip.json) reads it to install the game as source, in the same places
`make flash` puts the compiled files. Its urls are relative to mip.json's
folder, the root of the repository. The list is never edited by hand:

    python3 -m host.board.mip_manifest          rewrite mip.json (make format)
    python3 -m host.board.mip_manifest --check  exit 1 if mip.json is out of date
"""

import json
import os
import re
import sys

from host import ROOT
from host.board.mpy_build import PACKAGES, kept_sources, sources

MIP_JSON = os.path.join(ROOT, "mip.json")


def version(root=ROOT):
    text = open(os.path.join(root, "shared", "crisscross", "__init__.py")).read()
    m = re.search(r'VERSION = "([^"]+)"', text)
    return m.group(1) if m else "0.0.0"


def manifest(root=ROOT):
    """{"urls": [[board path, repository path]...], "version": ..., "deps": []}."""
    urls = []
    for folder, package in PACKAGES:
        for _, rel in sources(os.path.join(root, folder), package):
            urls.append([rel, folder + "/" + rel])
    urls += [list(pair) for pair in kept_sources()]
    return {"urls": urls, "version": version(root), "deps": []}


def render(keys):
    """Indented JSON, but one line per url pair so that a diff shows one file each."""
    lines = []
    for key, value in keys.items():
        if key == "urls":
            pairs = ",\n".join("    " + json.dumps(pair) for pair in value)
            text = "[\n%s\n  ]" % pairs if value else "[]"
        else:
            text = json.dumps(value)
        lines.append("  %s: %s" % (json.dumps(key), text))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv):
    try:
        current = open(MIP_JSON).read()
    except OSError:
        current = ""
    want = render(manifest())
    if "--check" in argv:
        if current != want:
            print(
                "mip.json is out of date: run python3 -m host.board.mip_manifest (make format)"
            )
            return 1
        return 0
    if current != want:
        with open(MIP_JSON, "w") as f:
            f.write(want)
        print("mip.json updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
