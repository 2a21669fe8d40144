"""The game's build as a ROMFS image, made by stock mpremote (`romfs build
--no-mpy`) from host/mpy_build.py's .mpy files and the data files beside them,
as `make flash` deploys it to a board's /rom."""

import os
import shutil
import subprocess
import sys

from host import mpy_build


def build_image(folder, packages=mpy_build.PACKAGES, names=True):
    """The image's bytes; made in `folder`. `names`: the build's names as
    host/mpy_names.py gives them (False: the source's own, for code run beside
    it, such as a test's script)."""
    tree = os.path.join(folder, "rom")
    shutil.rmtree(tree, ignore_errors=True)
    mpy_build.write_tree(mpy_build.compiled(packages, names=names), tree)
    image = os.path.join(folder, "game.romfs")
    proc = subprocess.run(
        [sys.executable, "-m", "mpremote", "romfs", "--no-mpy", "-o", image]
        + ["build", tree],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if proc.returncode != 0:
        raise RuntimeError("mpremote romfs build: " + proc.stdout + proc.stderr)
    with open(image, "rb") as f:
        return f.read()
