"""Build the word game's dictionary file from a plain word list (one word per line).

    python3 tools/build_dict.py [--source /usr/share/dict/american-english]
                                [--out shared/crisscross/words/words.bin] [--check]

The default source is Debian's `wamerican` (SCOWL). Kept: lower-case a-z words of 2 to
MAX_LEN letters that contain a vowel (a e i o u y). Dropped: capitalised entries
(names, places, acronyms), possessives and anything with an apostrophe or accent,
single letters, vowel-less abbreviations such as "kg" or "mph", and the lower-case
abbreviations and Roman numerals that do have a vowel (ABBREVIATIONS, ROMAN: "yr",
"ca", "etc", "xii"): the rules allow abbreviations only as acronyms, vouched for
with the names option; and a few entries that are no words at all (NOT_WORDS:
"dding", "xterm"). Added: EXTRA, words the rules' own worked example plays
(TRIVIAS). The output is a pure function of the list, so `--check` can prove the
committed file is reproducible.
The layout is described in shared/crisscross/words/dictionary.py.
"""

import argparse
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SOURCE = "/usr/share/dict/american-english"
DEFAULT_OUT = os.path.join(ROOT, "shared", "crisscross", "words", "words.bin")
MAGIC = b"CCWD"
VERSION = 1
KEY_SIZE = 12
BLOCK_SIZE = 128
END = 31
MAX_LEN = 24
VOWELS = set("aeiouy")
# Lower-case abbreviations in wamerican 2020.12.07 that pass the vowel test; clipped
# words that are words in their own right (lab, ref, rev, sec, max) stay.
ABBREVIATIONS = frozenset(
    "abbr abbrev adj adv amt approx assoc asst avdp avg ca cont corp cu dept doz dpi ea "
    "esp etc gov govt hwy ibid illus inc ind int misc natl nos obj oz pron recd "
    "resp rte secy subj treas ttys viz vol vols wkly yd yr yrs".split()
)
# Nor are these, which the list holds: pieces of words ("dding") and computing
# jargon.
NOT_WORDS = frozenset("dded dding ftpers ftping stdio xor xref xrefs xterm".split())
# Roman numerals are not words either: every lower-case one with an i, but the
# words mi, mix and xi.
ROMAN_WORDS = frozenset(("mi", "mix", "xi"))
EXTRA = ("trivias",)  # the text extends TRIVIA to TRIVIAS for 77 points


def roman(word):
    """A Roman numeral (i ii iv ix xiv...) as wamerican lists them."""
    import re

    return re.fullmatch("m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})", word)


BUDGET = 256 * 1024


def keep(word):
    return (
        2 <= len(word) <= MAX_LEN
        and all("a" <= ch <= "z" for ch in word)
        and any(ch in VOWELS for ch in word)
        and word not in ABBREVIATIONS
        and word not in NOT_WORDS
        and (word in ROMAN_WORDS or not roman(word))
    )


def read_words(path):
    with open(path, encoding="utf-8") as f:
        words = set(w for w in (line.strip() for line in f) if keep(w))
    return sorted(words | set(EXTRA))


class Bits:
    """MSB-first writer of 5-bit symbols."""

    def __init__(self):
        self.symbols = []

    def bits(self):
        return 5 * len(self.symbols)

    def to_bytes(self, size):
        acc = 0
        for s in self.symbols:
            acc = acc << 5 | s
        nbits = self.bits()
        acc <<= size * 8 - nbits
        return acc.to_bytes(size, "big")


def entry(prev, word):
    shared = 0
    while shared < min(len(prev), len(word)) and prev[shared] == word[shared]:
        shared += 1
    return [shared] + [ord(ch) - 96 for ch in word[shared:]] + [0]


def build(words):
    """The file's bytes for a sorted list of words."""
    if len(set(w[0] for w in words)) != 26:
        raise ValueError("the reader assumes every letter starts some word")
    blocks = []
    firsts = []
    cur = Bits()
    prev = ""
    for w in words:
        syms = entry(prev, w)
        if cur.bits() + 5 * len(syms) > BLOCK_SIZE * 8:
            if cur.bits() + 5 <= BLOCK_SIZE * 8:
                cur.symbols.append(END)
            blocks.append(cur.to_bytes(BLOCK_SIZE))
            cur = Bits()
            prev = ""
            syms = entry(prev, w)
        if not cur.symbols:
            firsts.append(w)
        cur.symbols.extend(syms)
        prev = w
    if cur.symbols:
        if cur.bits() + 5 <= BLOCK_SIZE * 8:
            cur.symbols.append(END)
        blocks.append(cur.to_bytes(BLOCK_SIZE))
    longest = max(len(w) for w in words)
    header = MAGIC + struct.pack(
        "<BBHHIBB", VERSION, KEY_SIZE, BLOCK_SIZE, len(blocks), len(words), longest, 0
    )
    tables = pair_tables(words)
    index = b"".join(f.encode()[:KEY_SIZE].ljust(KEY_SIZE, b"\0") for f in firsts)
    # A spare byte after the last block: the readers decode a block from its
    # bytes and the one after it (symbols are read two bytes at a time).
    return header + tables + index + b"".join(blocks) + b"\0"


def pair_tables(words):
    """Two 26 x 32-bit tables (little-endian): bit j of entry i says that some word
    starts with letters i, j; then that the two letters i, j are a word."""
    starts = [0] * 26
    whole = [0] * 26
    for w in words:
        i, j = ord(w[0]) - 97, ord(w[1]) - 97
        starts[i] |= 1 << j
        if len(w) == 2:
            whole[i] |= 1 << j
    pairs = struct.pack("<26I", *starts) + struct.pack("<26I", *whole)
    return pairs + triple_table(words, False) + triple_table(words, True)


def triple_table(words, whole):
    """26 x 26 u32 LE: bit k of entry (i, j) says that some word starts with letters
    i, j, k (whole=False), or that the three letters are a word (whole=True)."""
    table = [0] * (26 * 26)
    for w in words:
        if len(w) >= 3 and (len(w) == 3 or not whole):
            i, j, k = ord(w[0]) - 97, ord(w[1]) - 97, ord(w[2]) - 97
            table[i * 26 + j] |= 1 << k
    return struct.pack("<676I", *table)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", default=DEFAULT_SOURCE, help="word list, one per line")
    ap.add_argument("--out", default=DEFAULT_OUT, help="file to write")
    ap.add_argument(
        "--check", action="store_true", help="compare with --out instead of writing"
    )
    args = ap.parse_args(argv)
    try:
        words = read_words(args.source)
    except OSError as e:
        sys.stderr.write("build_dict: cannot read %s: %s\n" % (args.source, e.strerror))
        return 2
    if not words:
        sys.stderr.write("build_dict: no usable words in %s\n" % args.source)
        return 2
    data = build(words)
    if len(data) > BUDGET:
        sys.stderr.write("build_dict: %d bytes is over the budget\n" % len(data))
        return 1
    if args.check:
        try:
            with open(args.out, "rb") as f:
                same = f.read() == data
        except OSError:
            same = False
        print("%s: %s" % (args.out, "identical" if same else "DIFFERS"))
        return 0 if same else 1
    tmp = args.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, args.out)
    print("%s: %d words, %d bytes" % (args.out, len(words), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
