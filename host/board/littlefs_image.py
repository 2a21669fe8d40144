"""MicroPython's littlefs on the Pico, made on the PC with littlefs-python.

The rp2 port mounts its flash as `vfs.VfsLfs2(rp2.Flash(), progsize=256)`
(ports/rp2/modules/_boot.py) and formats it the same way when it finds no
filesystem; extmod/vfs_lfsx.c turns that into littlefs's configuration, CONFIG
here: 4 KiB blocks (the flash's erase sector), reads of 32 bytes, programs of
256, a cache of 4 x 256 bytes (so files of up to 512 bytes live inline in
their folder's metadata), 100 erase cycles before metadata moves, the current
on-disk version, and an 8-byte modification time ('t') on every file it writes.

`image()` is a littlefs the firmware mounts as its own (`make uf2`);
`used_blocks()` is how many blocks a set of files takes, counted by littlefs
itself, as `os.statvfs` on the board counts them (`make flash --dry-run`).
"""

import time

from littlefs import LittleFS, LittleFSError, UserContext

BLOCK = 4096
CONFIG = dict(
    block_size=BLOCK,
    read_size=32,
    prog_size=256,
    cache_size=1024,
    lookahead_size=32,
    block_cycles=100,
)
EMPTY_BLOCKS = 2  # the root folder's metadata pair
MTIME = "t"  # MicroPython's attribute: nanoseconds since 1970, 8 bytes LE


def _fill(fs, files, stamp_ns):
    for path in sorted(files, key=lambda p: (p.count("/"), p)):
        folder = path.rpartition("/")[0]
        if folder:
            fs.makedirs(folder, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
        fs.setattr(path, MTIME, int(stamp_ns).to_bytes(8, "little"))


def filesystem(files, block_count, stamp_ns=None):
    """A formatted littlefs of `block_count` blocks holding {path: bytes}, as a
    littlefs.LittleFS (its bytes: .context.buffer)."""
    fs = LittleFS(block_count=block_count, mount=False, **CONFIG)
    fs.format()
    fs.mount()
    _fill(fs, files, time.time_ns() if stamp_ns is None else stamp_ns)
    return fs


def image(files, size, stamp_ns=None):
    """The bytes of a littlefs of `size` bytes holding {path: bytes}."""
    fs = filesystem(files, size // BLOCK, stamp_ns)
    fs.unmount()
    return bytes(fs.context.buffer)


def used_blocks(sizes, block_count=None):
    """Blocks `os.statvfs` on the board counts as used when a fresh littlefs
    holds files of {path: size} (the contents do not change the count). That is
    littlefs's own count (lfs2_fs_size) plus two for each folder: MicroPython's
    statvfs walks littlefs with its folders' entries (lfs2_fs_traverse), so a
    folder's two metadata blocks count twice. An empty littlefs: EMPTY_BLOCKS."""
    if block_count is None:
        block_count = 64 + sum(2 + 2 * n // BLOCK for n in sizes.values())
    fs = filesystem(dict((p, bytes(n)) for p, n in sizes.items()), block_count, 0)
    folders = set()
    for path in sizes:
        parts = path.split("/")[:-1]
        folders.update("/".join(parts[: k + 1]) for k in range(len(parts)))
    return fs.used_block_count + 2 * len(folders)


def files(data):
    """{path: bytes} of every file in the littlefs image `data` (a board's
    drive as it is in flash); {} when it holds no littlefs."""
    ctx = UserContext(len(data))
    ctx.buffer[:] = data
    fs = LittleFS(context=ctx, block_count=len(data) // BLOCK, mount=False, **CONFIG)
    try:
        fs.mount()
    except LittleFSError:
        return {}
    out = {}
    for root, _, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out
