"""`make bench-check` (python3 -m host bench all --check): fails on any deterministic
figure over budget or missing, passes otherwise; results.json keeps its keys."""

import json
import os
import re
import subprocess
import sys

import pytest

from host.bench import budgets as bench_budgets
from host.bench import report as bench_all

ROOT = bench_all.ROOT
DOC = os.path.join(ROOT, "docs", "performance.md")
# Every key of host/bench/results.json that docs/performance.md documents.
DOCUMENTED = (
    "app.FAMILY.peak_live_bytes",
    "app.FAMILY.peak_live_at",
    "app.FAMILY.max_burst_bytes",
    "app.FAMILY.max_burst_at",
    "app.FAMILY.worst_case_bytes",
    "app.FAMILY.worst_case_at",
    "app.FAMILY.boot_live_bytes",
    "app.FAMILY.alloc_per_event_mean",
    "app.FAMILY.alloc_per_event_max",
    "app.FAMILY.events",
    "app.FAMILY.steady_events",
    "app.FAMILY.hints",
    "app.FAMILY.hint_alloc_max",
    "app.FAMILY.interpreter_baseline_bytes",
    "bus.bytes_per_cursor_move_mean",
    "bus.bytes_per_cursor_move_max",
    "bus.transactions_per_cursor_move_mean",
    "bus.ms_per_cursor_move_400khz",
    "bus.full_frame_bytes",
    "bus.ms_full_frame_400khz",
    "bus.cursor_moves",
    "bus.show_alloc_per_cursor_move_mean",
    "lines.boot",
    "lines.redraw",
    "lines.cursor_move",
    "lines.hint",
    "flash.mpy_bytes.GROUP",
    "flash.data_bytes.GROUP",
    "flash.with_core.FAMILY",
    "flash.total_bytes",
    "flash.romfs_image_bytes",
    "web.page_weight_gzip_bytes",
    "web.first_frame_ms",
    "web.key_to_frame_ms_mean",
    "web.hint_ms",
    "web.longest_step_ms",
    "budgets",
    "over_budget",
    "schema",
)
# `make bench` only: wall times, the AI's strength, the browser's times.
TIMED = ("host_time_ms", "ai", "web.first", "web.key", "web.hint", "web.longest")
CHECKED_KEYS = [k for k in DOCUMENTED if not k.startswith(TIMED)]
ALL_BUDGETS = (
    bench_budgets.BUDGETS
    + bench_budgets.PICO_BUDGETS
    + bench_budgets.PICO_STOCK_BUDGETS
    + bench_budgets.WEB_BUDGETS
)


def within_budget():
    """Results where every budgeted figure sits one below its limit."""
    results = {}
    for pattern, limit, _ in ALL_BUDGETS:
        bench_all.inject(results, {pattern.replace("*", "symbols"): limit - 1})
    return results


def check(tmp_path, results, *args, env=None):
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results))
    cmd = [sys.executable, "-m", "host", "bench", "all", "--check", "--from", str(path)]
    full_env = dict(os.environ)
    full_env.pop("BENCH_INJECT", None)
    full_env.update(env or {})
    return subprocess.run(
        cmd + list(args), capture_output=True, text=True, cwd=ROOT, env=full_env
    )


def test_within_budget_passes(tmp_path):
    proc = check(tmp_path, within_budget())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "OVER" not in proc.stdout


def test_an_injected_figure_over_budget_fails(tmp_path):
    proc = check(
        tmp_path, within_budget(), "--inject", "app.symbols.peak_live_bytes=100000"
    )
    assert proc.returncode == 1
    assert "app.symbols.peak_live_bytes" in proc.stdout and "OVER" in proc.stdout


def test_the_environment_can_inject_too(tmp_path):
    proc = check(tmp_path, within_budget(), env={"BENCH_INJECT": "lines.hint=999999"})
    assert proc.returncode == 1 and "lines.hint" in proc.stdout


def test_exactly_at_the_budget_passes(tmp_path):
    proc = check(
        tmp_path, within_budget(), "--inject", "bus.bytes_per_cursor_move_mean=256"
    )
    assert proc.returncode == 0, proc.stdout


def test_a_missing_figure_fails(tmp_path):
    results = within_budget()
    del results["lines"]
    proc = check(tmp_path, results)
    assert proc.returncode == 1 and "MISSING" in proc.stdout


def test_pico_figures_over_budget_fail(tmp_path):
    proc = check(tmp_path, within_budget(), "--inject", "pico.cursor_move_ms_max=31")
    assert proc.returncode == 1 and "pico.cursor_move_ms_max" in proc.stdout


def test_no_firmware_is_one_line_unless_required(tmp_path):
    results = within_budget()
    results["pico"] = {"missing": "no MicroPython firmware at build/x.uf2"}
    results["pico_stock"] = {"missing": "no official firmware for the stock path"}
    env = {"CI": "", "MICROPYTHON_UF2": "", "MICROPYTHON_STOCK_UF2": ""}
    proc = check(tmp_path, results, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "pico: not measured: no MicroPython firmware" in proc.stdout
    assert "pico_stock: not measured: no official firmware" in proc.stdout
    env["CI"] = "true"
    proc = check(tmp_path, results, env=env)
    assert proc.returncode == 1 and "MISSING" in proc.stdout
    assert "pico.*" in proc.stdout and "pico_stock.*" in proc.stdout


def test_the_pages_weight_over_budget_fails(tmp_path):
    proc = check(
        tmp_path, within_budget(), "--inject", "web.page_weight_gzip_bytes=1048577"
    )
    assert proc.returncode == 1 and "web.page_weight_gzip_bytes" in proc.stdout


def test_the_browsers_times_are_checked_where_measured_only(tmp_path):
    results = within_budget()
    results["web"] = {"page_weight_gzip_bytes": 500000}  # as bench-check measures
    proc = check(tmp_path, results)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = check(tmp_path, within_budget(), "--inject", "web.first_frame_ms=1501")
    assert proc.returncode == 1 and "web.first_frame_ms" in proc.stdout
    del results["web"]
    proc = check(tmp_path, results)
    assert proc.returncode == 1 and "MISSING" in proc.stdout


def test_a_bad_injection_is_refused_with_a_message(tmp_path):
    proc = check(tmp_path, within_budget(), "--inject", "lines.hint=lots")
    assert proc.returncode == 2
    assert "PATH=INTEGER" in proc.stderr and "Traceback" not in proc.stderr


def test_an_unreadable_results_file_is_a_clear_error(tmp_path):
    path = tmp_path / "results.json"
    path.write_text("{not json")
    proc = subprocess.run(
        [sys.executable, "-m", "host", "bench", "all", "--check", "--from", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "results.json"
    proc = subprocess.run(
        # A word game of a few turns: the keys are the same as a whole game's.
        [sys.executable, "-m", "host", "bench", "all", "--check", "--out", str(out)]
        + ["--word-turns", "3", "--no-pico"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert out.exists(), proc.stdout + proc.stderr
    return json.loads(out.read_text())


def _has(results, key):
    node = results
    for part in key.split("."):
        if part in ("FAMILY", "GROUP"):
            assert isinstance(node, dict) and node, key
            node = node[sorted(node)[0]]
        else:
            assert part in node, key
            node = node[part]
    return True


def test_results_have_the_documented_keys(measured):
    for key in CHECKED_KEYS:
        assert _has(measured, key)
    for family in ("symbols", "digits"):
        assert family in measured["app"]


def test_the_documentation_names_every_key():
    text = re.sub(r"```.*?```", "", open(DOC).read(), flags=re.S)
    quoted = " ".join(re.findall(r"`([^`]+)`", text))
    for key in DOCUMENTED:
        leaf = [p for p in key.split(".") if p not in ("FAMILY", "GROUP")][-1]
        assert re.search(r"\b%s\b" % re.escape(leaf), quoted), key


def test_the_short_word_game_plays_its_turns(measured):
    # --word-turns 3: three turns, each a cursor tour, a hint and its word.
    words = measured["app"]["words"]
    assert words["hints"] >= 3 and words["steady_events"] >= 3 * 4
