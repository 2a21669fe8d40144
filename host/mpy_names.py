"""Names the firmware already holds, for the board's build (host/mpy_build.py).

Every name a .mpy file uses (a function, a class, a global, an attribute, an
argument, a short string) is in the file's table of names, and MicroPython
interns each one when it loads the file: it looks the text up among the names
built into the firmware (1,229 in the official RPI_PICO 1.29 build: `append`,
`deque`, `GPIO15`, ...) and, when it is not there, copies it into the heap,
where it stays until the board restarts. A word game interns ~1,100 of our
names that way, ~17 KB of heap.

`rename(files, root)` gives every name that only our own code defines and
uses, and that no code outside the build can see, the text of a name built into
the firmware that our code never uses (`_cross` -> `asinh`): the board's copy
of that name costs nothing. The table of names of each .mpy is rewritten in
place (its bytecode refers to names by their index in the table), with one
mapping for the whole build, so every module agrees with every other.

A name keeps its text when anything could see it:
- the firmware's own names, a dunder, a module or package name (imports find
  files by them);
- the text of a string constant in our code (`getattr(x, "name")`, a saved
  key, a menu label), a keyword argument at a call (a `**kwargs` dict's keys),
  the names of crisscross.texts (looked up by `getattr` with built names);
- code the board runs beside the build uses the real names: every word of
  boot.py and main.py (installed as source), of the benchmarks' harness and the
  WebAssembly runner, of the string constants of host/ and tests/ (what they
  send to a board's REPL or to MicroPython WebAssembly), and of the code blocks
  of README.md and docs/ (what a person types at the board's REPL);
- a name of an exception class (the error log prints `type(e).__name__`);
- any attribute the board files (firmware/pocket/boards/) read: another port's
  API that the RP2040's firmware does not hold.
And a name of the firmware is a target only when the build and the code run
beside it never use it, it is no dunder, and it is not a name the interpreter
itself calls on an object (`read`, `write`, `send`, `keys`, ...). The firmware
holds fewer such names than we have: the names a word game loads (the game with
the least room) get them first, the rest two-character names.

`host flash logs` puts our names back into the board's error log (`host flash names` into a traceback
pasted on stdin); `host flash --keep-names` installs a build without renaming.
"""

import ast
import os
import re

from host import ROOT

STATICS = os.path.join(ROOT, "host", "mpy_statics.txt")
# The names given so far, kept from build to build (tools/board_names.py).
MAP = os.path.join(ROOT, "host", "board_names.txt")
MAP_HEAD = (
    "# our name -> its name on the board (host/mpy_names.py); a name keeps its\n"
    "# name here, so a change copies only the files it changes.\n"
    "# python3 tools/board_names.py gives every name out again from scratch.\n"
)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# Code the board runs beside the build, by its names: every word of these ...
AS_SOURCE = ("firmware/boot.py", "firmware/main.py")  # of the checkout installed
RUN_ON_BOARD = (  # of this checkout, whose tools talk to the board
    "host/bench/harness",
    "host/mpy",
    "host/emu/board.mjs",
)
# ... and every word of the string constants of these (what they send to a
# board's REPL or to MicroPython WebAssembly).
SEND_TO_BOARD = ("host", "tests/emu", "tests/host")
# ... but for the browser host, which talks to no board: its MicroPython runs
# the engine as compiled from source (host/web/build.py).
NOT_SENT = ("host/web",)
# ... and every word of the code blocks of the documents: what a person types
# at the board's REPL (inline code names internals as often as not).
DOCUMENTS = ("README.md", "docs", "hardware/README.md")
_CODE = re.compile(r"```.*?```", re.S)
OUTSIDE_EXT = (".py", ".mjs", ".js")
BUILD = ("shared", "firmware")
# Modules a word game never loads (see `plan`).
ONLY_OTHER_GAMES = ("crisscross/dice/", "crisscross/cards/")
BOARDS = "firmware/pocket/boards"
# Names the interpreter looks up on an object by name (streams, block
# devices, generators, mappings, file systems): never given to our names.
PROTOCOL = frozenset(
    """read readinto readline readlines write flush close ioctl send throw
    keys values items get readblocks writeblocks mount umount open ilistdir
    stat statvfs chdir getcwd remove rename mkdir rmdir deinit value irq
    callback handler data args errno next update""".split()
)


class MpyError(ValueError):
    pass


def _uint(data, i):
    v = 0
    while True:
        c = data[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def _put_uint(v):
    out = [v & 0x7F]
    v >>= 7
    while v:
        out.append(0x80 | (v & 0x7F))
        v >>= 7
    return bytes(reversed(out))


def _entries(data):
    """(start, entries, end): where the table of names starts and ends, and
    (its first byte, its last + 1, its text or None for one of the .mpy format's
    own static names) of each name."""
    if data[:2] != b"M\x06":
        raise MpyError("not a .mpy v6 file")
    if data[2] >> 2:  # native code: an architecture's flags follow
        raise MpyError("native .mpy files are not renamed")
    n_qstr, i = _uint(data, 4)
    _, start = _uint(data, i)
    i = start
    entries = []
    for _ in range(n_qstr):
        first = i
        n, i = _uint(data, i)
        text = None
        if not n & 1:
            text = data[i : i + (n >> 1)].decode()
            i += (n >> 1) + 1
        entries.append((first, i, text))
    return start, entries, i


def table(data):
    """(names, end): the .mpy's table of names (None for one of the .mpy
    format's own static names) and the offset where the table ends."""
    _, entries, end = _entries(data)
    return [text for _, _, text in entries], end


def rewrite(data, mapping):
    """The .mpy `data` with each name of its table found in `mapping` replaced."""
    start, entries, end = _entries(data)
    out = [data[:start]]
    for first, last, text in entries:
        if text is None or text not in mapping:
            out.append(data[first:last])
        else:
            new = mapping[text].encode()
            out.append(_put_uint(len(new) << 1) + new + b"\0")
    out.append(data[end:])
    return b"".join(out)


def core_count(path=STATICS):
    """How many of the firmware's names come first, as every port has them."""
    with open(path) as f:
        for line in f:
            m = re.match(r"# the first (\d+) ", line)
            if m:
                return int(m.group(1))
    return 0


def statics(path=STATICS):
    """The names built into the firmware (host/mpy_statics.txt), in its order."""
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip() and line[0] != "#"]


def _sources(root, tops, exts):
    for top in tops:
        path = os.path.join(root, top)
        if os.path.isfile(path):
            yield path
            continue
        for base, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
            rel = os.path.relpath(base, root).replace(os.sep, "/")
            if rel.startswith(NOT_SENT):
                continue
            for name in files:
                if name.endswith(exts):
                    yield os.path.join(base, name)


def _words(root, tops, exts, strings_only=False):
    """Every word of the files under `tops`; of their string constants only
    (docstrings left out) with `strings_only`."""
    words = set()
    for path in _sources(root, tops, exts):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if strings_only and path.endswith(".py"):
            tree = ast.parse(text, path)
            docs = set(_docstrings(tree))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if id(node) not in docs:
                        words.update(WORD.findall(node.value))
        else:
            words.update(WORD.findall(text))
    return words


def _code_words(root, tops):
    """Every word of the code blocks of the Markdown files under `tops`."""
    words = set()
    for path in _sources(root, tops, (".md",)):
        with open(path, encoding="utf-8", errors="replace") as f:
            for code in _CODE.findall(f.read()):
                words.update(WORD.findall(code))
    return words


def _docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr):
                yield id(body[0].value)


def _defined(tree):
    """Names a module binds: defs, classes, assignments, attributes stored,
    arguments, loop and `as` targets."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.alias) and node.asname:
            out.add(node.asname)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
    return out


def _kept(tree, rel):
    """Names of one module of the build that must keep their text."""
    kept = set()
    docs = set(_docstrings(tree))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs:
                kept.add(node.value)
        elif isinstance(node, ast.keyword) and node.arg:
            kept.add(node.arg)
        elif isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b) for b in node.bases]
            if any(b.endswith(("Exception", "Error")) for b in bases):
                kept.add(node.name)
        elif isinstance(node, ast.Attribute) and rel.startswith(BOARDS):
            kept.add(node.attr)
    if rel.endswith("crisscross/texts.py"):
        kept |= _defined(tree)
    return kept


def analyse(root=ROOT):
    """(defined, kept, used): the names our build defines, the names that must
    keep their text, and every word of the build, of the code run beside it
    and of what must keep its text (no name given out may be one of these)."""
    defined, kept, used = set(), set(), set()
    for top in BUILD:
        for path in _sources(root, (top,), (".py",)):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                text = f.read()
            used.update(WORD.findall(text))
            if rel in AS_SOURCE:  # not compiled: every word of them is kept
                kept.update(WORD.findall(text))
                continue
            tree = ast.parse(text, path)
            defined |= _defined(tree)
            kept |= _kept(tree, rel)
            parts = os.path.relpath(path, os.path.join(root, top)).split(os.sep)
            kept.update(p.rsplit(".", 1)[0] for p in parts)
    kept |= _words(ROOT, RUN_ON_BOARD, OUTSIDE_EXT)
    kept |= _words(ROOT, SEND_TO_BOARD, OUTSIDE_EXT, strings_only=True)
    kept |= _code_words(ROOT, DOCUMENTS)
    used |= kept
    return defined, kept, used


def _fresh(taken):
    """Two-character names no file uses, in order: aA, aB, ..."""
    first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for a in first:
        for b in first + "0123456789_":
            if a + b not in taken:
                yield a + b


def load_map(path=MAP):
    """{our name: its name on the board} as host/board_names.txt keeps it."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        pairs = [line.split() for line in f if line.strip() and line[0] != "#"]
    return {p[0]: p[1] for p in pairs if len(p) == 2}


def save_map(mapping, path=MAP):
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(MAP_HEAD)
        for ours in sorted(mapping):
            f.write("%s %s\n" % (ours, mapping[ours]))
    os.replace(tmp, path)


def plan(files, root=ROOT, firmware=None, previous=None, unchanged=False):
    """{our name: its name on the board} for the .mpy files of `files`: the
    names of `previous` (host/board_names.txt unless given) keep the name they
    have there while it is still free to take (a name mapped to itself there
    keeps its text); the others get what is left. With `unchanged`, the names
    that keep their text are in the result too (mapped to themselves)."""
    firmware = statics() if firmware is None else firmware
    previous = load_map() if previous is None else previous
    built_in = set(firmware)
    defined, kept, used = analyse(root)
    where = {}  # name -> the .mpy files that hold it
    for rel, data in files.items():
        if rel.endswith(".mpy"):
            for n in table(data)[0]:
                if n is not None:
                    where.setdefault(n, []).append(rel)
    wanted = [
        n
        for n in where
        if IDENT.match(n)
        and not n.startswith("__")
        and (n in defined or previous.get(n, n) != n)  # ours, now or before
        and n not in kept
        and n not in built_in
    ]
    taken = built_in | used | set(where)
    targets = [
        n
        for n in firmware
        if IDENT.match(n)
        and not n.startswith("__")
        and n not in PROTOCOL
        and n not in used
        and n not in where
    ]
    # The core's names first (built into every port, WebAssembly's included),
    # then the shortest: on a port without it a name costs its text.
    core = set(firmware[: core_count()])
    targets.sort(key=lambda n: (n not in core, len(n)))
    free = set(targets)
    mapping = {}
    for n in wanted:
        t = previous.get(n)
        if t == n:
            mapping[n] = n
        elif t in free or (t and len(t) < len(n) and len(t) == 2 and t not in taken):
            mapping[n] = t
            free.discard(t)
            taken.add(t)

    # There are fewer free names in the firmware than names of ours: the names
    # a word game loads (the game with the least room) get them first, then
    # the longest; the rest get two-character names.
    def order(n):
        other = all(r.startswith(ONLY_OTHER_GAMES) for r in where[n])
        return (other, -len(n), n)

    left = [t for t in targets if t in free]
    fresh = _fresh(taken)
    for n in sorted((n for n in wanted if n not in mapping), key=order):
        if left:
            mapping[n] = left.pop(0)
        else:
            mapping[n] = next(fresh) if len(n) > 2 else n
    if unchanged:
        return mapping
    return {n: t for n, t in mapping.items() if t != n}


def rename(files, root=ROOT, firmware=None):
    """`files` ({path: bytes}) with the names of `plan` in every .mpy."""
    mapping = plan(files, root, firmware)
    return {
        rel: rewrite(data, mapping) if rel.endswith(".mpy") else data
        for rel, data in files.items()
    }


_IN_FUNCTION = re.compile(r'^(\s*File "[^"]*", line \d+, in )(\w+)', re.M)
_QUOTED = re.compile(r"'(\w+)'")


def translate(text, mapping):
    """A board's traceback or error log with our names put back: the function
    of each `File ..., in NAME` line and the names quoted in error messages."""
    back = {theirs: ours for ours, theirs in mapping.items()}

    def fn(m):
        return m.group(1) + back.get(m.group(2), m.group(2))

    def quoted(m):
        return "'%s'" % back.get(m.group(1), m.group(1))

    return _QUOTED.sub(quoted, _IN_FUNCTION.sub(fn, text))
