"""The benchmark's meters themselves: what they report must follow what happens.

Each test runs host/mpy/step.mjs (real MicroPython) on host/bench/harness/benchplay.py
(its `alloc` script).
"""

import pytest

from host.bench import app as bench_app
from host.bench import lines as bench_lines

N = 20000  # bytes the meter test steps allocate or keep
SLACK = N // 4 + 1024  # object headers and list slots on top of the payload


@pytest.fixture(scope="module")
def tree():
    return bench_app.prepare_tree()


@pytest.fixture(scope="module")
def meter_run(tree):
    return bench_app.run_steps(["alloc", str(N)], tree=tree)


def _step(run, prefix):
    return [s for s in run["steps"] if s["name"].startswith(prefix)][0]


def test_garbage_shows_as_allocation_not_as_live_heap(meter_run):
    boot = meter_run["steps"][0]
    junk = _step(meter_run, "garbage:")
    assert N <= junk["alloc"] <= N + SLACK
    # Collected between steps: the live heap is back where it was.
    assert abs(junk["live"] - boot["live"]) < 512


def test_kept_bytes_show_in_the_live_heap(meter_run):
    junk = _step(meter_run, "garbage:")
    kept = _step(meter_run, "keep:")
    assert N <= kept["live"] - junk["live"] <= N + SLACK
    assert N <= kept["alloc"] <= N + SLACK


def test_a_quiet_step_allocates_little(meter_run):
    redraw = _step(meter_run, "redraw")
    assert redraw["alloc"] < 1024


def test_summary_finds_the_peak_and_the_burst():
    run = {
        "baseline": 1000,
        "steps": [
            {"name": "boot", "kind": "boot", "alloc": 500, "live": 3000},
            {"name": "right", "kind": "move", "alloc": 100, "live": 3000},
            {"name": "a", "kind": "place", "alloc": 300, "live": 5000},
            {"name": "long-a", "kind": "hint", "alloc": 9000, "live": 4000},
        ],
    }
    s = bench_app.summarize(run)
    assert s["peak_live_bytes"] == 4000 and s["peak_live_at"] == "2:a"
    assert s["max_burst_bytes"] == 9000 and s["max_burst_at"] == "3:long-a"
    assert s["alloc_per_event_mean"] == 200  # move and place, not boot or hint
    # Live before the hint (5000 - 1000) plus everything the hint allocated.
    assert s["worst_case_bytes"] == 4000 + 9000 and s["worst_case_at"] == "3:long-a"


def test_line_counts_are_deterministic_and_grow_with_work(tree):
    a = bench_lines.measure(tree=tree, timings=False)["lines"]
    b = bench_lines.measure(tree=tree, timings=False)["lines"]
    assert a == b
    # A hint searches: many times the lines of a cursor move. Boot draws the
    # title, a redraw the play screen: both do work.
    assert a["hint"] > 10 * a["cursor_move"] > 0 and a["boot"] > 0 and a["redraw"] > 0


def test_a_bench_commands_help_gives_its_docstrings_first_paragraph_whole():
    from host.bench import cli, heapmap, pico

    assert (
        cli.summary("One line\nand its end.\n\n  usage: x\n") == "One line and its end."
    )
    for module in (pico, heapmap):
        described = module.build_parser().description
        assert described == " ".join(module.__doc__.split("\n\n")[0].split())
        assert described.endswith("."), described
