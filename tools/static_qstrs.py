"""Write host/mpy_statics.txt: the names built into MicroPython's rp2 firmware
(its static qstr pools), read from the firmware's .elf, for host/mpy_names.py.

    python3 tools/static_qstrs.py FIRMWARE.elf [WEBASSEMBLY.wasm]

The names also found in the WebAssembly port's binary come first (the core's
names, built into both): host/mpy_names.py gives those out first, so the
WebAssembly benchmarks, which run the same .mpy files, save the same names.
"""

import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host.emu.elf import Elf  # noqa: E402
from host.mpy_names import STATICS  # noqa: E402

WASM = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"
)


def firmware_names(elf_path):
    """Every static name of the firmware, pool by pool (frozen modules' first)."""
    elf = Elf(elf_path)
    segments = list(elf.flash_segments())

    def read(addr, n):
        for base, data in segments:
            if base <= addr < base + len(data):
                return data[addr - base : addr - base + n]
        raise ValueError("address 0x%08x is not in the firmware's flash" % addr)

    def u32(addr):
        return struct.unpack("<I", read(addr, 4))[0]

    syms = elf.symbols(["mp_qstr_const_pool", "mp_qstr_frozen_const_pool"])
    pool = syms.get("mp_qstr_frozen_const_pool") or syms.get("mp_qstr_const_pool")
    if pool is None:
        raise SystemExit(
            "%s has no qstr pool symbol (not a MicroPython .elf)" % elf_path
        )
    names = []
    while pool:
        count, lengths = u32(pool + 12), u32(pool + 20)
        sizes = read(lengths, count)
        for i in range(count):
            names.append(read(u32(pool + 24 + 4 * i), sizes[i]).decode())
        pool = u32(pool)
    return names


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip())
        return 2
    names = firmware_names(argv[0])
    wasm = argv[1] if len(argv) > 1 else os.path.join(WASM, "micropython.wasm")
    with open(wasm, "rb") as f:
        data = f.read()
    core = [n for n in names if b"\0" + n.encode() + b"\0" in data]
    rest = [n for n in names if n not in set(core)]
    with open(STATICS, "w") as f:
        f.write(
            "# the static names of %s (tools/static_qstrs.py);\n"
            % os.path.basename(argv[0])
        )
        f.write("# the first %d are also in the WebAssembly port\n" % len(core))
        for n in core + rest:
            f.write(n + "\n")
    print("%s: %d names (%d also in WebAssembly)" % (STATICS, len(names), len(core)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
