"""`python3 -m host score`: score a sheet written as text, like the paper sheet."""

import json
import sys

from crisscross.dice import digits, notation, symbols
from host.play import DIGITS_VARIANTS, read_text
from host import Parser


def build_parser():
    p = Parser(
        prog="python3 -m host score",
        description="Score a 5x5 sheet. Symbols: / X O ^ = # and . for empty; "
        "digits: 0-9 and . for empty. Spaces between cells are optional.",
    )
    p.add_argument("file", nargs="?", help="sheet file (default, or -: standard input)")
    p.add_argument("--game", choices=("symbols", "digits"), default="symbols")
    p.add_argument("--advanced", action="store_true", help="symbols: advanced rules")
    p.add_argument("--variant", choices=tuple(DIGITS_VARIANTS), help="digits variant")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def looks_like(text, game):
    """True if `text` is a well-formed sheet of `game`."""
    try:
        notation.parse(text, game)
    except notation.NotationError:
        return False
    return True


def score_cells(cells, game, advanced=False, variant=""):
    if game == "symbols":
        return symbols.score_sheet(cells, advanced)
    return digits.score_sheet(cells, variant)


def as_dict(score, variant=""):
    out = {
        "rows": score.rows,
        "cols": score.cols,
        "diagonal": score.diag,
        "total": score.total,
    }
    if variant:
        out["rows_total"] = score.rows_total
        out["cols_total"] = score.cols_total
    return out


def paper(cells, score, game):
    """The sheet with row scores on the right, column scores below, the total.

    In advanced rules the diagonal's score stands in both corners, as on paper.
    """
    chars = symbols.CHARS if game == "symbols" else digits.CHARS
    out = []
    if score.diag is not None:
        out.append(" " * 17 + "%5d" % score.diag)
    for r in range(5):
        row = "  ".join(chars[cells[r * 5 + c]] for c in range(5))
        out.append("     %s%5d" % (row, score.rows[r]))
    corner = "%3d" % score.diag if score.diag is not None else "   "
    out.append(corner + "".join("%3d" % v for v in score.cols) + "%4d" % score.total)
    return "\n".join(out)


def main(argv):
    args = build_parser().parse_args(argv)
    if args.variant and args.game != "digits":
        sys.stderr.write("score: --variant is for --game digits\n")
        return 2
    if args.advanced and args.game != "symbols":
        sys.stderr.write("score: --advanced is for --game symbols\n")
        return 2
    variant = DIGITS_VARIANTS.get(args.variant, "")
    path = "-" if args.file is None else args.file
    if path == "-" and sys.stdin.isatty():  # typed: say what it waits for
        sys.stderr.write(
            "score: type the sheet, 5 lines of 5 cells, then Ctrl-D on a line of "
            "its own\n"
        )
    try:
        text = read_text(path)
    except ValueError as e:
        sys.stderr.write("score: %s\n" % e)
        return 2
    try:
        cells = notation.parse(text, args.game)
    except notation.NotationError as e:
        sys.stderr.write("score: %s\n" % e.message)
        if args.game == "symbols" and looks_like(text, "digits"):
            sys.stderr.write(
                "score: this looks like a digits sheet: add --game digits\n"
            )
        return 2
    score = score_cells(cells, args.game, args.advanced, variant)
    if args.json:
        print(json.dumps(as_dict(score, variant)))
    else:
        print(paper(cells, score, args.game))
        if variant == "cc":
            print(
                "rows %d, columns %d: the lower counts"
                % (score.rows_total, score.cols_total)
            )
        elif variant == "versus":
            print(
                "rows %d (seat 1's), columns %d (seat 2's)"
                % (score.rows_total, score.cols_total)
            )
    return 0
