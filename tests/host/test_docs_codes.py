"""Every share code the documentation or a --help shows is one the game accepts."""

import glob
import json
import os
import re
import subprocess
import sys

from mpy import ROOT

sys.path.insert(0, os.path.join(ROOT, "shared"))
from crisscross import sharecode

# A code as printed: three characters of the share-code alphabet, a dash, four.
CODE = re.compile(r"\b([A-Z0-9]{3}-[A-Z0-9]{4})\b")


def docs():
    paths = [os.path.join(ROOT, "README.md")]
    paths += glob.glob(os.path.join(ROOT, "docs", "*.md"))
    paths += glob.glob(os.path.join(ROOT, "hardware", "*.md"))
    return paths


def helps():
    out = {}
    for args in (
        ("play",),
        ("play", "--game", "cards"),
        ("play", "--game", "words"),
        ("sim",),
    ):
        r = subprocess.run(
            [sys.executable, "-m", "host", *args, "--help"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        out[" ".join(args)] = r.stdout
    return out


def test_every_code_shown_decodes():
    found = {}
    for path in docs():
        with open(path, encoding="utf-8") as f:
            for code in CODE.findall(f.read()):
                found.setdefault(code, os.path.relpath(path, ROOT))
    for name, text in helps().items():
        for code in CODE.findall(text):
            found.setdefault(code, "%s --help" % name)
    assert found, "no share code found in the docs or the help: the test lost them"
    for code, where in found.items():
        try:
            sharecode.decode_variant(code)
        except ValueError as e:
            raise AssertionError("%s in %s: %s" % (code, where, e)) from None


def test_each_games_help_example_plays_that_game():
    # The code alone: it names its game (no --game).
    for name, text in helps().items():
        if not name.startswith("play"):
            continue
        (example,) = set(CODE.findall(text))
        r = subprocess.run(
            [sys.executable, "-m", "host", "play", "--code", example]
            + ["--auto", "--json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        assert r.returncode == 0, r.stderr
        record = json.loads(r.stdout)
        assert record["share_code"] == example, name
        # The dice and word games' records name their rules; a card game's its
        # colours.
        family = record["rules"].partition("-")[0] if "rules" in record else "cards"
        assert family in {"play": ("symbols", "digits")}.get(name, (name[12:],)), name
        assert ("colours" in record) == name.endswith("cards"), name


def test_the_pattern_finds_a_wrong_code():
    # The check above would pass vacuously if the pattern missed codes.
    assert CODE.findall("play --code KD7-MQ2X --auto") == ["KD7-MQ2X"]
    try:
        sharecode.decode("KD7-MQ2X")
    except ValueError:
        return
    raise AssertionError("KD7-MQ2X decodes: pick another wrong code for this test")
