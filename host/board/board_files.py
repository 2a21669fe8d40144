"""What the board holds, read and written over a `Link` for `host flash` and
`host saves`: its MicroPython, free space, ROMFS partition, our manifest and our
files' sizes (`query`), their hashes (`verify`), the manifest written, and
folders made and removed. Each is a small snippet run in the board's raw REPL.
"""

import json

from host.board import romfs
from host.board.board_link import BoardError
from host.board.flash_plan import MANIFEST, PENDING, manifest_bytes, parents, sha

_QUERY = """
import os, sys, json
def _s(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
try:
    with open(%(manifest)r) as f:
        _m = json.loads(f.read()).get('files', {})
except (OSError, ValueError):
    _m = {}
def _l(d):
    try:
        return sorted(d + '/' + n for n in os.listdir(d))
    except OSError:
        return []
%(rom)s
_v = os.statvfs('/')
print(json.dumps({'version': list(sys.implementation.version),
    'mpy': getattr(sys.implementation, '_mpy', None), 'platform': sys.platform,
    'machine': getattr(sys.implementation, '_machine', ''), 'manifest': _m,
    'free': _v[1] * _v[4], 'block': _v[1], 'rom': _rom(),
    'sizes': dict((p, _s(p)) for p in set(list(_m) + %(paths)r)),
    'listed': [p for d in %(dirs)r for p in _l(d)]}))
del _s, _l, _m, _v, _rom
"""

_HASHES = """
import hashlib, binascii
def _h(p):
    s = hashlib.sha256()
    b = bytearray(512)
    try:
        with open(p, 'rb') as f:
            while True:
                n = f.readinto(b)
                if not n:
                    break
                s.update(memoryview(b)[:n])
    except OSError:
        return '-'
    return binascii.hexlify(s.digest()).decode()
for _p in %r:
    print(_p, _h(_p))
del _h
"""

_REMOVE = """
import os
for _p in %r:
    try:
        os.remove(_p)
    except OSError:
        pass
for _d in %r:
    try:
        os.rmdir(_d)
    except OSError:
        pass
"""

_MKDIRS = """
import os
for _d in %r:
    try:
        os.mkdir(_d)
    except OSError:
        pass
"""


def make_dirs(link, dirs):
    """Make each folder of `dirs` (parents first) that is not there yet."""
    link.run(_MKDIRS % list(dirs), "making folders")


def remove(link, files, dirs):
    """Remove `files`, then each folder of `dirs` (children first) left empty."""
    link.run(_REMOVE % (list(files), list(dirs)), "removing old files")


def query(link, paths):
    """The board's versions, free space, ROMFS partition, our manifest, sizes,
    and our folders' files."""
    code = _QUERY % {
        "manifest": MANIFEST,
        "rom": romfs.BOARD_QUERY,
        "paths": sorted(set(paths) | {MANIFEST}),
        "dirs": parents(paths),
    }
    out = link.run(code, "reading the board")
    return json.loads(out.strip().splitlines()[-1])


def board_rom(link):
    """The board's ROMFS partition 0 as query() reports it ('size', 'used', 'sha')."""
    out = link.run(
        romfs.BOARD_QUERY + "\nimport json\nprint(json.dumps(_rom()))\ndel _rom",
        "checking the ROMFS image",
    )
    return json.loads(out.strip().splitlines()[-1])


def adopt_pending(link, local, board):
    """Files a cut-short run already wrote completely need not be copied again."""
    owned = board["manifest"]
    pending = [
        p
        for p in sorted(owned)
        if owned[p] == PENDING and p in local and board["sizes"].get(p) == len(local[p])
    ]
    if pending:
        found = board_hashes(link, pending)
        for p in pending:
            if found.get(p) == sha(local[p]):
                owned[p] = found[p]


def write_manifest(link, files, image=None):
    tmp = MANIFEST + ".tmp"
    link.write_file(tmp, manifest_bytes(files, image))
    link.run(
        "import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass\nos.rename(%r, %r)"
        % (MANIFEST, tmp, MANIFEST),
        "writing the manifest",
    )


def board_hashes(link, paths):
    out = link.run(_HASHES % sorted(paths), "verifying")
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2:
            found[parts[0]] = parts[1]
    return found


def verify(link, files):
    """Each of {path: bytes} on the board, by its hash; BoardError if not."""
    found = board_hashes(link, list(files))
    bad = [p for p in sorted(files) if found.get(p) != sha(files[p])]
    if bad:
        raise BoardError(
            "verify failed for %s: run the same command again" % ", ".join(bad)
        )
