"""`python3 -m host words ...`: the word game's dictionary from the command line.

    words check WORD [WORD...]   exit 0 if every word is accepted, 1 if not
    words info                   what the dictionary file holds
Both read the same file the device reads (shared/crisscross/words/words.bin), the
same way: seek and decode one block.
"""

import argparse
import os
import sys

if __package__ in (None, ""):  # run as a script: make `host` importable
    sys.path.insert(
        0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    )
from host import Parser  # (importing host puts shared/ on sys.path)

from crisscross.words.dictionary import Dictionary


def _open(path):
    try:
        return Dictionary(path)
    except (OSError, ValueError) as e:
        why = getattr(e, "strerror", None) or e
        name = path or "words.bin"
        sys.stderr.write("words: cannot read the dictionary %s: %s\n" % (name, why))
        return None


def check(d, word):
    """(accepted, message) for one word as typed by a player."""
    w = word.strip()
    if not w:
        return False, "'': empty: type a word"
    if not all("a" <= ch <= "z" or "A" <= ch <= "Z" for ch in w):
        return False, "%s: not a word: only the letters A-Z are played" % w
    if len(w) < 2:
        return False, "%s: not a word: words have 2 letters or more" % w.upper()
    if len(w) > d.longest:
        return (
            False,
            "%s... (%d letters): longer than any word in the dictionary (%d)"
            % (
                w[:20].upper(),
                len(w),
                d.longest,
            ),
        )
    if d.contains(w.lower()):
        return True, "%s: accepted" % w.upper()
    return False, (
        "%s: not in the dictionary (names, places and abbreviations are not"
        " allowed by default)" % w.upper()
    )


def main(argv):
    ap = Parser(prog="python3 -m host words", description="The word game's dictionary.")
    ap.add_argument("--dict", help="dictionary file (default: the device's)")
    sub = ap.add_subparsers(dest="command")
    c = sub.add_parser("check", help="is a word accepted? exit 0 yes, 1 no")
    c.add_argument("words", nargs="+", metavar="WORD")
    i = sub.add_parser("info", help="what the dictionary file holds")
    for p in (c, i):  # --dict before the command or after it
        p.add_argument("--dict", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    if args.command is None:
        ap.print_help()
        return 2
    d = _open(args.dict)
    if d is None:
        return 2
    try:
        if args.command == "info":
            print("file:   %s" % d.path)
            print("words:  %d (longest %d letters)" % (d.count, d.longest))
            print("blocks: %d x %d bytes" % (d.blocks, d.block_size))
            print("size:   %d bytes" % os.path.getsize(d.path))
            return 0
        ok = True
        for word in args.words:
            accepted, message = check(d, word)
            print(message)
            ok = ok and accepted
        return 0 if ok else 1
    finally:
        d.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
