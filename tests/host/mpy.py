"""Run code inside real MicroPython (WebAssembly) from a CPython test."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "host", "mpy", "run.mjs")


def run_micropython(
    args, timeout=120, mounts=(("shared", "/shared"),), paths=("/shared",)
):
    """Run `node host/mpy/run.mjs` with the given mounts; returns CompletedProcess."""
    cmd = ["node", RUNNER]
    for host_dir, mp_dir in mounts:
        cmd += ["--mount", "%s:%s" % (os.path.join(ROOT, host_dir), mp_dir)]
    for p in paths:
        cmd += ["--path", p]
    cmd += list(args)
    return subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


def run_host(*args, stdin="", env=None, timeout=120):
    """`python3 -m host ARGS` from the checkout, as a person types it."""
    return subprocess.run(
        [sys.executable, "-m", "host", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        env=env,
    )
