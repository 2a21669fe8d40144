"""The dominator tree of a graph (Cooper, Harvey and Kennedy's iterative
algorithm), for the heap map: a node's retained size is what would be freed with
it, its own and that of every node reachable only through it
(host/bench/heapwalk.py).
"""


def dominators(roots, succ, size):
    """(idom, retained, children) of the graph `succ` {node: [successors]} under
    a root 0 whose children are `roots`; a node's retained size is its own
    (`size`, 0 if absent) and that of every node it dominates."""
    ROOT = 0
    order = []
    seen = {ROOT}
    stack = [(ROOT, iter(roots))]
    while stack:
        node, it = stack[-1]
        for m in it:
            if m not in seen:
                seen.add(m)
                stack.append((m, iter(succ.get(m, ()))))
                break
        else:
            stack.pop()
            order.append(node)
    order.reverse()  # reverse postorder
    index = {n: i for i, n in enumerate(order)}
    preds = {n: [] for n in order}
    for n in order:
        for m in roots if n == ROOT else succ.get(n, ()):
            if m in index:
                preds[m].append(n)
    idom = {ROOT: ROOT}
    changed = True
    while changed:
        changed = False
        for n in order[1:]:
            new = None
            for p in preds[n]:
                if p in idom:
                    new = p if new is None else _meet(p, new, idom, index)
            if idom.get(n) != new:
                idom[n] = new
                changed = True
    retained = {n: size.get(n, 0) for n in order}
    for n in reversed(order[1:]):
        retained[idom[n]] += retained[n]
    children = {}
    for n in order[1:]:
        children.setdefault(idom[n], []).append(n)
    return idom, retained, children


def _meet(a, b, idom, index):
    while a != b:
        while index[a] > index[b]:
            a = idom[a]
        while index[b] > index[a]:
            b = idom[b]
    return a
