"""`python3 -m host bench heap`: what each module of the game costs in RAM on the
emulated Pico (MicroPython's own rp2 firmware, docs/emulator.md).

    python3 -m host bench heap [--json] [--modules crisscross.app,...]
    python3 -m host bench heap --snapshot build/bench/heap-peak-FAMILY.bin [--names]

The game is flashed as `bench pico` flashes it (cached in build/bench/), the board
is powered on in safe mode (A held: the game does not start) and, over the raw
REPL, each module is imported on its own with the modules it imports at its top
level already loaded, then unloaded as `App.unload` does (crisscross.compat's
forget), with a collection before each reading:

- code: bytes live after importing it again once unloaded (bytecode, its
  constants and tables, function and class objects, the module's globals): what
  an unload gives back;
- names: what the first import cost beyond that: the names (qstrs) it interned
  into the heap, never freed until the board restarts (a name another module
  interned first is counted there; the qstr pools grow in chunks, so a module
  that starts a new pool pays for it).

Figures are gc.mem_alloc() differences, 16-byte blocks. A module that imports a
sibling inside a function does not pay for it here.
"""

import json
import sys

from host import ROOT
from host.bench import cli
from host.engine import import_graph

BOARD_LIB = r"""
import gc, sys
def _forget(names):
    for name in names:
        if name in sys.modules:
            sys.modules[name] = None
            del sys.modules[name]
            package, _, attr = name.rpartition(".")
            parent = sys.modules.get(package)
            if parent is not None and hasattr(parent, attr):
                setattr(parent, attr, None)
                delattr(parent, attr)
def _ours():
    return [n for n in sys.modules if n.startswith("crisscross")]
def _cost(name, deps):
    _forget(_ours())
    for d in deps:
        __import__(d)
    gc.collect(); gc.collect()
    a0 = gc.mem_alloc()
    __import__(name)
    gc.collect(); gc.collect()
    a1 = gc.mem_alloc()
    _forget([name])
    gc.collect(); gc.collect()
    a2 = gc.mem_alloc()
    __import__(name)
    gc.collect(); gc.collect()
    code = gc.mem_alloc() - a2
    print("COST", name, code, a1 - a0 - code)
"""


def top_level_deps():
    """{module: set of engine modules it imports at module level, packages too}."""
    known = import_graph.modules()
    deps = {m: set() for m in known}
    for a, b, in_fn in import_graph.edges():
        if not in_fn:
            deps[a].add(b)
    for m in known:  # a module's packages are imported before it
        parts = m.split(".")
        for k in range(1, len(parts)):
            deps[m].add(".".join(parts[:k]))
    return deps


def closure(m, deps):
    out = []
    todo = [m]
    seen = set()
    while todo:
        x = todo.pop()
        for d in sorted(deps.get(x, ())):
            if d not in seen:
                seen.add(d)
                todo.append(d)
                out.append(d)
    return out


def order(deps, wanted):
    """`wanted` and what they import, each after its dependencies."""
    out = []
    done = set()

    def visit(m, path=()):
        if m in done or m in path:
            return
        for d in sorted(deps.get(m, ())):
            visit(d, path + (m,))
        done.add(m)
        out.append(m)

    for m in sorted(wanted):
        visit(m)
    return out


def measure(modules=None, log=None):
    """{module: (code bytes, names bytes)} and the heap used at the REPL."""
    from host.bench.pico import flashed_image
    from host.emu.board import Board

    image = flashed_image(ROOT, log)
    deps = top_level_deps()
    wanted = modules or sorted(deps)
    board = Board(flash_path=image, save=False)
    out = {}
    try:
        board.power_on(held=["a"])
        board.run_ms(1500)
        base = board.exec("import gc; gc.collect(); print(gc.mem_alloc())")
        board.exec(BOARD_LIB)  # the raw REPL keeps its globals between runs
        for m in order(deps, wanted):
            dep_list = [d for d in reversed(closure(m, deps))]
            # Packages first, then by depth: an import order that always works.
            dep_list.sort(key=lambda d: d.count("."))
            text = board.exec("_cost(%r, %r)" % (m, dep_list), timeout_ms=60000)
            for line in text.splitlines():
                parts = line.split()
                if parts and parts[0] == "COST":
                    out[parts[1]] = (int(parts[2]), int(parts[3]))
            if log:
                log("bench heap: %s %s" % (m, out.get(m)))
    finally:
        board.close()
    return out, int(base.strip())


def build_parser():
    p = cli.parser("heap", __doc__)
    p.add_argument("--modules", default="", help="only these (comma-separated)")
    p.add_argument(
        "--snapshot",
        metavar="FILE",
        help="instead, the report of a heap saved by `bench pico --heap-map` "
        "(build/bench/heap-peak-FAMILY.bin)",
    )
    p.add_argument("--names", action="store_true", help="with --snapshot: the names")
    p.add_argument(
        "--flash",
        metavar="FILE",
        help="with --snapshot: the board's flash file (build/bench/pico-flash-*.bin, "
        "as `bench pico --heap-map` names it), for what lives in ROMFS",
    )
    return p


def main(argv):
    parser = build_parser()
    args = parser.parse_args(argv)
    if (args.names or args.flash) and not args.snapshot:
        parser.error("--names and --flash go with --snapshot")
    if args.snapshot:
        from host.bench.heapwalk import HeapWalk
        from host.emu.firmware import elf_path

        elf = elf_path()
        if elf is None:
            sys.stderr.write(
                "bench heap: --snapshot needs MICROPYTHON_ELF, the ELF of the "
                "firmware the snapshot was taken on\n"
            )
            return 2
        from host.emu.elf import ElfError

        try:
            walk = HeapWalk.load(args.snapshot, elf, args.flash)
        except ElfError as e:
            sys.stderr.write("bench heap: MICROPYTHON_ELF %s: %s\n" % (elf, e))
            return 2
        except (OSError, ValueError) as e:
            why = getattr(e, "strerror", None) or e
            name = getattr(e, "filename", None)
            why = "%s: %s" % (name, why) if name else why
            sys.stderr.write("bench heap: cannot read the snapshot: %s\n" % why)
            return 2
        print("\n".join(walk.report(min_bytes=512, max_depth=4)))
        if args.names:
            names = walk.names()
            print("names interned at run time: %d" % len(names))
            print(" ".join(n or "?" for n in names))
        return 0
    from host.bench.pico import missing

    problem = missing()
    if problem:
        sys.stderr.write("bench heap: %s\n" % problem)
        return 2
    wanted = [m for m in args.modules.split(",") if m] or None
    costs, base = measure(wanted, log=lambda m: sys.stderr.write(m + "\n"))
    if args.json:
        print(json.dumps({"repl_heap": base, "modules": costs}, indent=1))
        return 0
    print("heap used at the REPL (safe mode): %d bytes" % base)
    print("%-36s %7s %7s" % ("module", "code", "names"))
    for m in sorted(costs, key=lambda m: -costs[m][0]):
        print("%-36s %7d %7d" % (m, costs[m][0], costs[m][1]))
    return 0
