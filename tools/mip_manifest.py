"""Regenerate the mip keys of package.json ("urls", "version", "deps") from the tree.

`mpremote mip install --target / github:OWNER/REPO` (or a local path to
package.json) reads them to install the game as source, in the same places
`make flash` puts the compiled files. The url list is never edited by hand:

    python3 tools/mip_manifest.py          rewrite package.json
    python3 tools/mip_manifest.py --check  exit 1 if package.json is out of date
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host.mpy_build import KEEP_AS_SOURCE, PACKAGES, sources  # noqa: E402

PACKAGE_JSON = os.path.join(ROOT, "package.json")


def version(root=ROOT):
    text = open(os.path.join(root, "shared", "crisscross", "__init__.py")).read()
    m = re.search(r'VERSION = "([^"]+)"', text)
    return m.group(1) if m else "0.0.0"


def mip_keys(root=ROOT):
    """{"urls": [[board path, repository path]...], "version": ..., "deps": []}."""
    urls = []
    for folder, package in PACKAGES:
        for _, rel in sources(os.path.join(root, folder), package):
            urls.append([rel, folder + "/" + rel])
    for name in KEEP_AS_SOURCE:
        urls.append([name, "firmware/" + name])
    return {"urls": urls, "version": version(root), "deps": []}


def updated(package, keys):
    """package.json's dict with the mip keys replaced (the npm keys kept, in order)."""
    out = dict((k, v) for k, v in package.items() if k not in keys)
    out.update(keys)
    return out


def render(package):
    """Indented JSON, but one line per url pair so that a diff shows one file each."""
    lines = []
    for key, value in package.items():
        if key == "urls":
            pairs = ",\n".join("    " + json.dumps(pair) for pair in value)
            text = "[\n%s\n  ]" % pairs if value else "[]"
        else:
            text = json.dumps(value, indent=2).replace("\n", "\n  ")
        lines.append("  %s: %s" % (json.dumps(key), text))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv):
    current = open(PACKAGE_JSON).read()
    want = render(updated(json.loads(current), mip_keys()))
    if "--check" in argv:
        if current != want:
            print("package.json is out of date: run python3 tools/mip_manifest.py")
            return 1
        return 0
    if current != want:
        with open(PACKAGE_JSON, "w") as f:
            f.write(want)
        print("package.json updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
