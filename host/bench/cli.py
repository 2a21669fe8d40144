"""What every `python3 -m host bench NAME` shares: its parser, the run that
prints JSON or a table, and the tables themselves.

A table's columns are given once, as (title, format) pairs such as
("lines", "%10d"), or (title, format, key) where rows come from dicts (cells)
under another key than the title. The header prints each title in its column's
width and side: "%-8s" and "%10d" make "%-8s" and "%10s".
"""

import json
import re
import sys

from host import Parser

# A format's conversion: its side and width are kept for the header.
_CONVERSION = re.compile(r"%(-?\d*)(?:\.\d+)?[a-z]")


def summary(doc):
    """A docstring's first paragraph on one line: a command's --help description."""
    return " ".join(doc.split("\n\n")[0].split())


def parser(name, doc, json_help="print the figures as JSON"):
    """The parser of `bench NAME`: described by the first paragraph of `doc`, with --json."""
    p = Parser(prog="python3 -m host bench " + name, description=summary(doc))
    p.add_argument("--json", action="store_true", help=json_help)
    return p


def run(name, measure, errors, as_json, table, sort_keys=True):
    """Print measure()'s figures as JSON or as table(figures); 1 when it raises
    one of `errors` (said on stderr, no traceback), else 0."""
    try:
        figures = measure()
    except errors as e:
        sys.stderr.write("bench %s: %s\n" % (name, e))
        return 1
    print(json.dumps(figures, sort_keys=sort_keys) if as_json else table(figures))
    return 0


def pick(name, items, known, what):
    """The names in `items` (each may hold several, comma-separated), or None
    when one is not in `known` or none is given (said on stderr)."""
    names = [x for item in items for x in item.split(",") if x]
    if not names:
        sys.stderr.write(
            "bench %s: no %s given (choose from %s)\n" % (name, what, ", ".join(known))
        )
        return None
    for x in names:
        if x not in known:
            sys.stderr.write(
                "bench %s: unknown %s %r (choose from %s)\n"
                % (name, what, x, ", ".join(known))
            )
            return None
    return names


def _title_format(fmt):
    return _CONVERSION.sub(lambda m: "%" + m.group(1) + "s", fmt, count=1)


def header(columns):
    """The columns' titles, each as wide as its column."""
    return " ".join(_title_format(c[1]) % (c[0],) for c in columns)


def row(columns, values):
    """`values` in the columns' formats (None: a dash, no figure); fewer values
    fill the first columns only."""
    return " ".join(
        _title_format(c[1]) % ("-",) if v is None else c[1] % (v,)
        for c, v in zip(columns, values)
    )


def cells(columns, record):
    """The values of the dict `record` under the columns' keys (a column's third
    item, else its title; None where `record` lacks it)."""
    return [record.get(c[2] if len(c) > 2 else c[0]) for c in columns]


def table(columns, rows):
    """The header and a line per row of values."""
    return "\n".join([header(columns)] + [row(columns, r) for r in rows])
