"""`python3 -m host saves backup|restore`: the board's saves, records and
settings (its /saves folder) copied to a folder on the PC and back.

    python3 -m host saves backup [--port P] [--dir DIR]
    python3 -m host saves restore [--port P] [--dir DIR]

For a change of firmware: moving a Pico between the official MicroPython and
the ROMFS build moves its filesystem, and the board formats it at the first
start. So: backup, install the other firmware, `make flash`, restore
(docs/flashing.md). A backup goes to a new dated folder under build/saves-backup/
unless --dir names one (a new or empty folder); restore takes the newest there
unless --dir names one. Both stop the game (Ctrl-C) while they work and restart
it after; restore puts back only intact save files, replaces the board's files of
the same names and verifies each by its hash.
"""

import ast
import os
import time

from host import ROOT, shown
from host.board.board_link import BoardError, add_port, command, resolve_port, stopped
from host.board.board_files import verify

SAVE_DIR = "saves"  # firmware/pocket/setup.py's SAVE_DIR, on the board's filesystem
BACKUPS = os.path.join(ROOT, "build", "saves-backup")
STAMP = "%Y-%m-%d-%H%M%S"  # a backup's folder: when it was made

_LIST = """
import os
try:
    _n = [e[0] for e in os.ilistdir(%r) if e[1] & 0x8000]
except OSError:
    _n = []
print(repr(sorted(_n)))
del _n
"""


def newest(base=BACKUPS):
    """The newest backup folder under `base`: of those backup named by their time,
    the latest by that name; with none, the folder written to last. None when
    there is none."""
    try:
        names = [n for n in os.listdir(base) if not n.startswith(".")]
    except OSError:
        return None
    folders = [n for n in names if os.path.isdir(os.path.join(base, n))]
    dated = [n for n in folders if _dated(n)]
    if dated:
        return os.path.join(base, max(dated))
    folders = [os.path.join(base, n) for n in folders]
    return max(folders, key=lambda f: (os.path.getmtime(f), f), default=None)


def _dated(name):
    try:
        time.strptime(name, STAMP)
    except ValueError:
        return False
    return True


def intact(name, data):
    """Whether `data` is an intact save file of the kind its name says
    (game.sav, records.sav.bak...): what restore puts back on a board."""
    from crisscross.storeload import KINDS, unpack

    kind = name.split(".", 1)[0]
    return kind in KINDS and unpack(kind, data)[0] is not None


def backup(port, folder=None, out=print):
    there = folder
    while there and not os.path.lexists(there):
        there = os.path.dirname(there)  # the part of the path that exists
    why = None
    if there and not os.path.isdir(there):
        why = "%s is a file" % shown(there)
    elif there and there == folder and os.listdir(folder):
        why = "%s already holds files" % shown(folder)
    if why:
        raise BoardError(
            why + ": a backup needs a folder of its own (a new or empty one)"
        )

    def work(link):
        names = ast.literal_eval(
            link.run(_LIST % SAVE_DIR, "listing the saves").strip()
        )
        if not names:
            out(
                "the board has no saves (/%s is empty or missing): nothing to back up"
                % SAVE_DIR
            )
            return None
        files = {}
        for name in names:
            data = link.read_file(SAVE_DIR + "/" + name)
            if data is not None:
                files[name] = data
        dest = folder or os.path.join(BACKUPS, time.strftime(STAMP))
        try:
            os.makedirs(dest, exist_ok=True)
            for name, data in files.items():
                with open(os.path.join(dest, name), "wb") as f:
                    f.write(data)
        except OSError as e:
            raise BoardError(
                "cannot write the backup to %s: %s; the board's saves are as they were"
                % (shown(dest), e.strerror or e)
            ) from None
        out(
            "backed up %d files (%d B) from the board's /%s to %s"
            % (len(files), sum(map(len, files.values())), SAVE_DIR, shown(dest))
        )
        out(
            "after a change of firmware and `make flash`, put them back with: "
            "python3 -m host saves restore --dir %s" % shown(dest)
        )
        return dest

    return stopped(resolve_port(port), work)


def restore(port, folder=None, out=print):
    source = folder or newest()
    if source is None:
        raise BoardError(
            "no backup in %s: make one first with python3 -m host saves backup"
            % shown(BACKUPS)
        )
    try:
        names = sorted(
            n for n in os.listdir(source) if os.path.isfile(os.path.join(source, n))
        )
    except OSError as e:
        raise BoardError(
            "cannot read the backup %s: %s" % (source, e.strerror or e)
        ) from None
    if not names:
        raise BoardError("the backup %s holds no files" % shown(source))
    files = {}
    skipped = []
    for name in names:
        with open(os.path.join(source, name), "rb") as f:
            data = f.read()
        if intact(name, data):
            files[SAVE_DIR + "/" + name] = data
        else:
            skipped.append(name)
    if skipped:
        out("left out, not an intact save file of the game: %s" % ", ".join(skipped))
    if not files:
        raise BoardError(
            "the backup %s holds no intact save file: nothing restored" % shown(source)
        )

    def work(link):
        link.run(
            "import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % SAVE_DIR,
            "making /" + SAVE_DIR,
        )
        link.write_files(sorted(files.items()))
        verify(link, files)
        out(
            "restored %d files (%d B) from %s to the board's /%s; restarting it"
            % (len(files), sum(map(len, files.values())), shown(source), SAVE_DIR)
        )

    return stopped(resolve_port(port), work)


def main(argv=None):
    def arguments(ap):
        ap.add_argument(
            "what",
            metavar="backup|restore",
            choices=("backup", "restore"),
            help="backup: the board's saves to the PC; restore: back onto the board",
        )
        add_port(ap)
        ap.add_argument(
            "--dir",
            metavar="DIR",
            help="the folder on the PC (backup: a new or empty one, default a new "
            "dated folder under build/saves-backup/; restore: default the newest "
            "there)",
        )

    def run(args):
        folder = os.path.abspath(args.dir) if args.dir else None
        (backup if args.what == "backup" else restore)(args.port, folder)

    return command(
        argv,
        "python3 -m host saves",
        "Copy the board's saves, records and settings to the PC and back (around "
        "a change of firmware: docs/flashing.md).",
        arguments,
        run,
    )
