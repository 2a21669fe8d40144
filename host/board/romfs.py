"""The game in a board's ROMFS: one read-only image in flash, mounted at /rom.

MicroPython (1.25 and later, in a build with a ROMFS partition, such as
firmware/micropython-board/RPI_PICO_ROMFS) imports .mpy files from /rom in
place: their bytecode, constants and names stay in flash instead of the heap.
The image holds the board's build of host/board/mpy_build.py (the packages, their
data files beside their modules: /rom/crisscross/words/words.bin), written by
mpremote's own ROMFS writer (mpremote.romfs) and deployed with `mpremote romfs
deploy`. boot.py and main.py stay on the board's filesystem, where MicroPython
runs them from.

`BOARD_QUERY` is the snippet `host flash` runs on the board: whether it has a
ROMFS partition 0, its size, and the sha256 of the image it holds, hashed in
place through the partition's memoryview.
"""

import hashlib
import os
import subprocess
import sys

from mpremote.romfs import VfsRomWriter

HEADER = VfsRomWriter.ROMFS_HEADER
MOUNT = "/rom"
# The ROMFS partition of the project's Pico firmware (MICROPY_HW_ROMFS_BYTES in
# firmware/micropython-board/RPI_PICO_ROMFS/mpconfigboard.cmake).
PICO_PARTITION = 512 * 1024
DEPLOY_TIMEOUT_S = 900


class RomfsError(Exception):
    """The image cannot be made or deployed; one line."""


def image(files):
    """A ROMFS image of {path: bytes} ("crisscross/app.mpy", ...), each folder's
    entries sorted by name, as `mpremote romfs build` orders a folder's."""
    tree = {}
    for path, data in files.items():
        node = tree
        *folders, name = path.split("/")
        for folder in folders:
            node = node.setdefault(folder, {})
        node[name] = data
    vfs = VfsRomWriter()

    def add(node):
        for name in sorted(node):
            if isinstance(node[name], dict):
                vfs.opendir(name)
                add(node[name])
                vfs.closedir()
            else:
                vfs.mkfile(name, bytes(node[name]))

    add(tree)
    return bytes(vfs.finalise())


def image_length(head):
    """The length of the ROMFS image whose first bytes are `head` (its header and
    encoded size), or 0 when they are not a ROMFS header."""
    if bytes(head[:3]) != HEADER:
        return 0
    size = 0
    for k in range(3, min(len(head), 12)):
        size = (size << 7) | (head[k] & 0x7F)
        if not head[k] & 0x80:
            return k + 1 + size
    return 0


def sha(data):
    return hashlib.sha256(data).hexdigest()


# Run on the board: {'size': partition bytes, 'used': image bytes or 0, 'sha': hex}
# for partition 0, or None when the board has no ROMFS partition (no
# vfs.rom_ioctl, no partition, or one of size 0 as in the WebAssembly port).
BOARD_QUERY = """
def _rom():
    try:
        import vfs
        if vfs.rom_ioctl(1) < 1:
            return None
        d = vfs.rom_ioctl(2, 0)
    except Exception:
        return None
    if isinstance(d, int):
        return None
    m = memoryview(d)
    n = d.ioctl(4, 0) * d.ioctl(5, 0) if hasattr(d, 'ioctl') else len(m)
    if n <= 0:
        return None
    used = 0
    if bytes(m[:3]) == %(header)r:
        v = 0
        for k in range(3, 12):
            v = (v << 7) | (m[k] & 127)
            if not m[k] & 128:
                used = k + 1 + v
                break
    h = None
    if 0 < used <= n:
        import hashlib, binascii
        s = hashlib.sha256()
        for i in range(0, used, 4096):
            s.update(m[i:min(used, i + 4096)])
        h = binascii.hexlify(s.digest()).decode()
    return {'size': n, 'used': used, 'sha': h}
""" % {
    "header": HEADER
}


def deploy(port, data, folder):
    """Write the image `data` to the board's ROMFS partition 0 with `mpremote
    romfs deploy` (the port must be free: no Link open on it). The image file
    is kept in `folder` as criss-cross-pocket.romfs."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "criss-cross-pocket.romfs")
    with open(path, "wb") as f:
        f.write(data)
    cmd = [sys.executable, "-m", "mpremote", "connect", port, "romfs", "deploy", path]
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=DEPLOY_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        raise RomfsError(
            "mpremote romfs deploy did not finish in %d s: replug the board and run "
            "the same command again" % DEPLOY_TIMEOUT_S
        ) from None
    said = (proc.stdout + proc.stderr).replace("\r", "\n")
    lines = [ln.strip() for ln in said.splitlines() if ln.strip()]
    if proc.returncode != 0 or not any(ln.startswith("Writing at") for ln in lines):
        raise RomfsError(
            "mpremote romfs deploy failed: %s; run the same command again"
            % (lines[-1] if lines else "exit status %d" % proc.returncode)
        )
