"""`python3 -m host bench ...` refuses bad options and files in one line, before
any long measurement, with status 2 and no traceback."""

import os
import subprocess
import sys

import pytest

from host import ROOT


def bench(*args, env=None):
    full = dict(os.environ)
    full.update(env or {})
    full = {k: v for k, v in full.items() if v is not None}
    return subprocess.run(
        [sys.executable, "-m", "host", "bench"] + list(args),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full,
        timeout=120,
    )


def refused(r, *words):
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) <= 3, r.stderr  # usage + the error
    for w in words:
        assert w in r.stderr, (w, r.stderr)


@pytest.mark.parametrize(
    "args, words",
    [
        (("pico", "--families", "bogus"), ["unknown family 'bogus'"]),
        (("pico", "--families", ""), ["no family given"]),
        (("pico", "--word-turns", "-3"), ["--word-turns must be at least 1"]),
        (("app", "--family", ""), ["no family given"]),
        (("heap", "--names"), ["--names and --flash go with --snapshot"]),
    ],
)
def test_options_that_name_nothing_are_refused(args, words):
    refused(bench(*args), *words)


def test_a_root_that_is_not_a_checkout_is_refused(tmp_path):
    refused(
        bench("pico", "--root", str(tmp_path)),
        "is not a checkout of the game",
        "shared/crisscross",
    )


def test_a_heap_snapshot_that_is_missing_or_not_one_is_named(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"x" * 1000)
    some_elf = {"MICROPYTHON_ELF": str(junk)}  # the snapshot is read first
    refused(
        bench("heap", "--snapshot", str(tmp_path / "none.bin"), env=some_elf),
        "none.bin: No such file",
    )
    refused(bench("heap", "--snapshot", str(tmp_path), env=some_elf), "Is a directory")
    refused(
        bench("heap", "--snapshot", str(junk), env=some_elf),
        "not a heap snapshot: 1000 bytes",
    )
    refused(
        bench("heap", "--snapshot", str(junk), env={"MICROPYTHON_ELF": None}),
        "--snapshot needs MICROPYTHON_ELF",
    )


def test_results_that_are_not_an_object_or_an_out_that_is_a_folder(tmp_path):
    listed = tmp_path / "list.json"
    listed.write_text("[]")
    refused(bench("all", "--from", str(listed)), "holds no results")
    refused(bench("all", "--check", "--out", str(tmp_path)), "is a folder")
