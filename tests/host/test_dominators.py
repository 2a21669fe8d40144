"""host/bench/dominators.py: the heap map's dominator tree on graphs whose tree is
known by hand."""

from host.bench.dominators import dominators


def test_a_diamond_is_held_by_its_top_and_a_shared_node_by_both_paths_meeting():
    # 0 -> a; a -> b, c; b -> d; c -> d; e is reached from the root and from c.
    succ = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": [], "e": []}
    size = {"a": 16, "b": 32, "c": 48, "d": 64, "e": 80}
    idom, retained, children = dominators(["a", "e"], succ, size)
    assert idom["d"] == "a"  # two paths: only a holds it
    assert idom["b"] == idom["c"] == "a"
    assert idom["e"] == 0  # a root of its own as well
    assert retained["a"] == 16 + 32 + 48 + 64
    assert retained[0] == sum(size.values())
    assert sorted(children["a"]) == ["b", "c", "d"]


def test_a_chain_retains_everything_below_and_unreached_nodes_are_left_out():
    succ = {1: [2], 2: [3], 3: [], 9: [3]}
    idom, retained, _ = dominators([1], succ, {1: 1, 2: 2, 3: 4, 9: 8})
    assert (idom[2], idom[3]) == (1, 2)
    assert retained[1] == 7 and retained[3] == 4
    assert 9 not in idom
