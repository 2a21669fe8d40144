"""A false pointer of the WebAssembly port, and the block that defuses it.

Every module's code (a loaded .mpy, the port's own Python modules, the harness's
modules and the script compiled by runPython) has a qstr table in the heap: 16-bit
qstr numbers, the first the source file's name, the second <module> (qstr 7).
Read as one word, 7 << 16 | the name's qstr: 0x0007xxxx, an address inside the
WebAssembly heap (on the Pico RAM starts at 0x20000000: no such word is an
address there). The conservative collector then keeps alive whatever allocation
starts in that window, for as long as any module is loaded; after a change of
screen that can be an object of an unloaded module (a function made at import,
an instance of its class) holding the whole module, e.g. ai_symbols at the
results of a symbol game: kept alive, or not, depending on the heap's layout (the
length of the harness's path in sys.argv shifted it). So the harness takes the
window itself before the baseline (take()): one block of Nones from below its
start to past the numbers of every qstr a run interns (GUARD_QSTRS), which no
pointer's word can make look like more than itself.
"""

import gc
import sys

from crisscross import presses

GUARD_QSTRS = 0x2000

held = None  # the block that covers the window of those words


def take():
    """Hold the window (inside MicroPython's WebAssembly port; elsewhere nothing)."""
    global held
    if sys.implementation.name != "micropython":
        return
    try:
        import uctypes
    except ImportError:
        return
    # A module object: its type, its globals, its qstr table, its constants.
    table = int.from_bytes(uctypes.bytes_at(id(presses) + 8, 4), "little")
    word = int.from_bytes(uctypes.bytes_at(table, 4), "little")
    lo = word & 0xFFFF0000
    hi = lo + GUARD_QSTRS * 2
    here = id(presses)
    if not here < lo < here + gc.mem_free():
        return  # not an address in this heap (a board's: RAM is higher)
    # Fill the heap below the window (the collector gives the lowest free run
    # that fits): 256-byte blocks, single ones near it, up to its start; the
    # block that lands there and one across the rest are kept.
    fill = [None] * 2048
    n = 0
    size = 60
    while n < len(fill):
        t = (None,) * size
        if id(t) + 8 + 4 * size > lo:
            break
        fill[n] = t
        n += 1
        if id(t) + 512 > lo:
            size = 2
    guard = (None,) * ((hi - lo) // 4)
    if id(t) <= lo and id(guard) + 4 * len(guard) >= hi:
        held = (t, guard)
    fill = guard = t = None
    gc.collect()
