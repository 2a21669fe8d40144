"""The engine's import graph, read from the source: every `import` and `from ...
import` in shared/crisscross, at module level or inside a function, and the
circles (strongly connected components of more than one module) it makes.

    python3 -m host.engine.import_graph            # the circles, largest first
    python3 -m host.engine.import_graph --edges    # every edge, "a -> b (function)"

`from crisscross.cards import deck` is an edge to crisscross.cards.deck when that
is a module, else to crisscross.cards. Imports built from strings at run time
(`__import__`) are not seen: the engine names modules that way in one place, the
app's screen table (crisscross.app).
"""

import ast
import os
import sys

from host import SHARED

ROOT = SHARED
PACKAGE = "crisscross"


def modules(root=ROOT):
    """{module name: path} of every module in the engine."""
    out = {}
    base = os.path.join(root, PACKAGE)
    for folder, _, files in os.walk(base):
        for f in files:
            if not f.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(folder, f), root)[:-3]
            parts = rel.split(os.sep)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = os.path.join(folder, f)
    return out


def _target(name, known):
    return name if name in known else None


def edges(root=ROOT):
    """[(importer, imported, in_function)] between engine modules."""
    known = modules(root)
    out = []
    for mod, path in sorted(known.items()):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node, in_function in _imports(tree):
            for target in _targets(node, mod, path, known):
                if target != mod:
                    out.append((mod, target, in_function))
    return out


def _imports(tree):
    """(import node, whether inside a function) for every import in a module."""
    stack = [(tree, False)]
    while stack:
        node, in_fn = stack.pop()
        for child in ast.iter_child_nodes(node):
            fn = in_fn or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, fn
            else:
                stack.append((child, fn))


def _targets(node, mod, path, known):
    if isinstance(node, ast.Import):
        for alias in node.names:
            t = _target(alias.name, known)
            if t:
                yield t
        return
    base = node.module or ""
    if node.level:  # relative import
        pkg = mod if path.endswith("__init__.py") else mod.rpartition(".")[0]
        for _ in range(node.level - 1):
            pkg = pkg.rpartition(".")[0]
        base = pkg + ("." + base if base else "")
    for alias in node.names:
        sub = _target(base + "." + alias.name, known)
        if sub:
            yield sub
        elif base in known:
            yield base


def circles(edge_list):
    """Strongly connected components with more than one module, largest first."""
    graph = {}
    for a, b, _ in edge_list:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index = {}
    low = {}
    on = set()
    stack = []
    out = []
    counter = [0]

    def visit(v):
        # Iterative Tarjan: the graph is small, but recursion limits are not ours.
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    out.sort(key=lambda c: (-len(c), c))
    return out


def main(argv):
    es = edges()
    if "--edges" in argv:
        for a, b, fn in es:
            print("%s -> %s%s" % (a, b, " (function)" if fn else ""))
        return 0
    cs = circles(es)
    screens_in_fn = [e for e in es if e[2] and e[1].startswith(PACKAGE + ".screens.")]
    print("modules: %d, import edges: %d" % (len(modules()), len(es)))
    print("function-level imports of screens: %d" % len(screens_in_fn))
    print("circles: %d" % len(cs))
    for c in cs:
        print("  %d: %s" % (len(c), " ".join(c)))
    return 1 if cs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
