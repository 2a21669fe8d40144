"""UF2 files for the RP2040, and where a MicroPython firmware keeps its drives.

A UF2 is 512-byte blocks, each carrying up to 256 bytes for one flash address
(Microsoft's UF2 format, as the RP2040's boot ROM takes it in BOOTSEL mode).
`read()` gives the flash bytes a UF2 writes, `write()` makes a UF2 of flash
bytes, and `drives()` reads the firmware's own declaration of its drives: the
pico-sdk's binary info (what `picotool info -a` lists as "embedded drive"), in
which MicroPython's rp2 port names its littlefs ("MicroPython") and, in a build
with one, its ROMFS partition ("ROMFS").
"""

import struct

FLASH_BASE = 0x10000000  # XIP: flash offset 0 as the core sees it
FLASH_SIZE = 2 * 1024 * 1024  # the Pico's W25Q16JV
MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56
PAYLOAD = 256
BLOCK = 512

# pico-sdk binary info: a header in the image's first 256 bytes after boot2.
BI_MARKER_START = 0x7188EBF2
BI_MARKER_END = 0xE71AA390
BI_TYPE_BLOCK_DEVICE = 7
# MicroPython's names for its drives (ports/rp2/rp2_flash.c).
LITTLEFS = "MicroPython"
ROMFS = "ROMFS"


class Uf2Error(Exception):
    """Not a UF2, or not firmware for the Pico; one line."""


def read(path):
    """{flash offset: bytes} of every block of the UF2 at `path`."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Uf2Error("cannot read %s: %s" % (path, e.strerror or e)) from None
    if not data or len(data) % BLOCK:
        raise Uf2Error(
            "%s is not a UF2 file (its size is not a multiple of 512)" % path
        )
    out = {}
    for off in range(0, len(data), BLOCK):
        m0, m1, _flags, addr, size = struct.unpack_from("<5I", data, off)
        if m0 != MAGIC0 or m1 != MAGIC1 or size > 476:
            raise Uf2Error("%s is not a UF2 file (bad block at byte %d)" % (path, off))
        if addr < FLASH_BASE or addr + size > FLASH_BASE + FLASH_SIZE:
            raise Uf2Error(
                "%s is not firmware for a Pico (a block at 0x%x)" % (path, addr)
            )
        out[addr - FLASH_BASE] = data[off + 32 : off + 32 + size]
    return out


def flatten(blocks):
    """The flash bytes from offset 0 to the end of the last block (0xFF between)."""
    end = max(off + len(b) for off, b in blocks.items())
    flash = bytearray(b"\xff" * end)
    for off, b in blocks.items():
        flash[off : off + len(b)] = b
    return flash


def write(path, pieces):
    """Write a UF2 of `pieces`, [(flash offset, bytes)], for the RP2040 (its family
    id), in blocks of 256 bytes; a piece's last block is padded with 0xFF."""
    blocks = []
    for offset, data in sorted(pieces):
        if offset % PAYLOAD:
            raise ValueError("a UF2 piece must start on a 256-byte boundary")
        for k in range(0, len(data), PAYLOAD):
            chunk = bytes(data[k : k + PAYLOAD])
            blocks.append((FLASH_BASE + offset + k, chunk.ljust(PAYLOAD, b"\xff")))
    out = bytearray()
    for n, (addr, chunk) in enumerate(blocks):
        head = struct.pack(
            "<8I",
            MAGIC0,
            MAGIC1,
            FLAG_FAMILY,
            addr,
            PAYLOAD,
            n,
            len(blocks),
            RP2040_FAMILY,
        )
        out += head + chunk + bytes(476 - PAYLOAD) + struct.pack("<I", MAGIC_END)
    with open(path, "wb") as f:
        f.write(out)


def drives(flash):
    """{name: (flash offset, size)} of the drives the firmware in `flash` (its
    bytes from offset 0, e.g. flatten(read(uf2))) declares: LITTLEFS, and ROMFS
    in a build with a ROMFS partition. Empty when it declares none."""

    def word(addr):
        off = addr - FLASH_BASE
        if 0 <= off and off + 4 <= len(flash):
            return struct.unpack_from("<I", flash, off)[0]
        return None

    for off in range(0x100, 0x200, 4):
        if off + 20 > len(flash):
            return {}
        m0, start, end, mapping, m1 = struct.unpack_from("<5I", flash, off)
        if m0 == BI_MARKER_START and m1 == BI_MARKER_END:
            break
    else:
        return {}
    found = {}
    for at in range(start, end, 4):
        entry = word(at)
        if entry is None or word(entry) is None:
            continue
        if word(entry) & 0xFFFF != BI_TYPE_BLOCK_DEVICE:
            continue
        name_at, address, size = word(entry + 4), word(entry + 8), word(entry + 12)
        name = _string(flash, name_at)
        if name and address is not None and size:
            found[name] = (address - FLASH_BASE, size)
    return found


def _string(flash, addr):
    off = (addr or 0) - FLASH_BASE
    if not 0 <= off < len(flash):
        return None
    end = flash.find(b"\0", off, off + 64)
    return bytes(flash[off:end]).decode("ascii", "replace") if end > off else None
