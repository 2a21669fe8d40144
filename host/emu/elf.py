"""Just enough of ELF32 (little-endian, as arm-none-eabi links it) to read
symbol addresses and loadable segments, without binutils."""

import struct

UF2_MAGIC = (0x0A324655, 0x9E5D5157)
SHT_SYMTAB = 2
PT_LOAD = 1
FLASH_BASE = 0x10000000


class ElfError(ValueError):
    pass


class Elf:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF":
            raise ElfError("not an ELF file")
        if d[4] != 1 or d[5] != 1:
            raise ElfError("not a 32-bit little-endian ELF (not an RP2040 build)")
        (self.phoff, self.shoff) = struct.unpack_from("<II", d, 28)
        (self.phentsize, self.phnum, self.shentsize, self.shnum) = struct.unpack_from(
            "<HHHH", d, 42
        )

    def _sections(self):
        for i in range(self.shnum):
            off = self.shoff + i * self.shentsize
            name, typ, flags, addr, offset, size, link, info, align, entsize = (
                struct.unpack_from("<IIIIIIIIII", self.data, off)
            )
            yield typ, offset, size, link, entsize

    def all_symbols(self):
        """{name: (address, size)} of every symbol in .symtab (Thumb bit kept),
        the first of each name."""
        out = {}
        sections = list(self._sections())
        if not sections:
            raise ElfError("no section table")
        for typ, offset, size, link, entsize in sections:
            if typ != SHT_SYMTAB:
                continue
            str_off = sections[link][1]
            for k in range(offset, offset + size, entsize or 16):
                name_off, value, sz = struct.unpack_from("<III", self.data, k)
                end = self.data.index(b"\0", str_off + name_off)
                name = self.data[str_off + name_off : end].decode("ascii", "replace")
                if name and name not in out:
                    out[name] = (value, sz)
        return out

    def symbols(self, wanted):
        """{name: address} of the wanted names found in .symtab (Thumb bit kept)."""
        found = self.all_symbols()
        return {n: found[n][0] for n in wanted if n in found}

    def flash_segments(self):
        """(flash address, bytes) of each loadable segment stored in flash."""
        for i in range(self.phnum):
            off = self.phoff + i * self.phentsize
            typ, offset, vaddr, paddr, filesz = struct.unpack_from(
                "<IIIII", self.data, off
            )
            if typ == PT_LOAD and filesz and paddr >= FLASH_BASE:
                yield paddr, self.data[offset : offset + filesz]

    def matches_uf2(self, uf2_path, check=4096):
        """True when the first bytes of each flash segment equal the .uf2's."""
        with open(uf2_path, "rb") as f:
            data = f.read()
        image = bytearray(b"\xff" * 0x200000)
        for off in range(0, len(data) - 511, 512):
            m0, m1 = struct.unpack_from("<II", data, off)
            if (m0, m1) != UF2_MAGIC:
                return False
            addr, size = struct.unpack_from("<II", data, off + 12)
            k = addr - FLASH_BASE
            if 0 <= k and k + size <= len(image):
                image[k : k + size] = data[off + 32 : off + 32 + size]
        compared = 0
        for addr, seg in self.flash_segments():
            k = addr - FLASH_BASE
            n = min(len(seg), check)
            if k + n > len(image) or image[k : k + n] != seg[:n]:
                return False
            compared += 1
        return compared > 0
