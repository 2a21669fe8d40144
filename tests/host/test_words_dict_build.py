"""The dictionary file: size budget, reproducible build, and lookups that agree with
the word list (hypothesis)."""

import os
import shutil
import sys

import pytest
from hypothesis import given, settings, strategies as st

from mpy import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_dict
from crisscross.datafile import read_data
from crisscross.words.decode import decode_block
from crisscross.words.dictionary import Dictionary
from crisscross.words.wordset import words_of

DATA = os.path.join(ROOT, "shared", "crisscross", "words", "words.bin")
HAVE_WAMERICAN = os.path.exists(build_dict.DEFAULT_SOURCE)


def all_words():
    d = Dictionary(DATA)
    words = []
    for b in range(d.blocks):
        block = read_data(d._src, d._data + b * d.block_size, d.block_size)
        words.extend(w.decode() for w in words_of(decode_block(block)))
    d.close()
    return words


WORDS = all_words()
with open(DATA, "rb") as f:
    IN_PLACE = f.read()  # read in place (bytes: see tests/portable/test_datafile.py)
WORD_SET = set(WORDS)
PREFIXES = set(w[:i] for w in WORDS for i in range(len(w) + 1))


def test_data_file_fits_the_budget():
    assert os.path.getsize(DATA) <= 256 * 1024


def test_the_file_holds_the_words_it_says_in_order():
    d = Dictionary(DATA)
    assert len(WORDS) == d.count and WORDS == sorted(WORD_SET)
    assert all(build_dict.keep(w) for w in WORDS)
    d.close()


def test_every_block_decodes_into_its_buffer_without_growing_it():
    # A buffer that grew in a search was a new 1,280-byte block asked of a heap
    # cut up by a long game (a MemoryError on the Pico with 100 KB free).
    from crisscross.words import dictionary

    d = Dictionary(DATA)
    for b in range(d.blocks):
        entry = d._block(b)
        assert len(entry[1]) == dictionary._SLOT, b
    d.close()


@pytest.mark.skipif(
    not HAVE_WAMERICAN,
    reason="wamerican is not installed (apt-get install wamerican): cannot rebuild",
)
def test_the_build_reproduces_the_committed_file_byte_for_byte(tmp_path):
    out = tmp_path / "words.bin"
    assert build_dict.main(["--out", str(out)]) == 0
    assert out.read_bytes() == open(DATA, "rb").read()
    assert build_dict.main(["--check"]) == 0


def test_build_from_a_small_list_and_refuse_bad_input(tmp_path, capsys):
    src = tmp_path / "list.txt"
    names = "Venice\nhouse\nhouse's\ncafé\nkg\nzoo\n" + "".join(
        "%s%s\n" % (ch, "ea") for ch in "abcdefghijklmnopqrstuvwxyz"
    )
    src.write_text(names, encoding="utf-8")
    out = tmp_path / "w.bin"
    assert build_dict.main(["--source", str(src), "--out", str(out)]) == 0
    d = Dictionary(str(out))
    assert d.contains("house") and d.contains("zoo") and d.contains("bea")
    for w in ("venice", "house's", "kg", "caf"):
        assert not d.contains(w)
    d.close()
    assert build_dict.main(["--source", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    # --check notices a changed file.
    shutil.copy(str(out), str(tmp_path / "copy.bin"))
    with open(str(tmp_path / "copy.bin"), "r+b") as f:
        f.seek(-1, 2)
        f.write(b"\x01")
    args = ["--source", str(src), "--out", str(tmp_path / "copy.bin"), "--check"]
    assert build_dict.main(args) == 1


letters = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=0, max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.sampled_from(WORDS), letters))
def test_lookups_agree_with_the_list(word):
    # Read from the file, and in place as from ROMFS (a view of its bytes).
    for d in (Dictionary(DATA, cache=1), Dictionary(IN_PLACE, cache=1)):
        assert d.contains(word) == (word in WORD_SET)
        prefix = word[: max(1, len(word) - 2)]
        assert d.has_prefix(prefix) == (prefix in PREFIXES)
        d.close()
