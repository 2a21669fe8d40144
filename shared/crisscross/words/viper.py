"""The word list's block decoder (decode.decode_into) and index search
(dictionary._last_le) as source for MicroPython's viper emitter:
dictionary._native() compiles them when the dictionary module loads, on a port that has the emitter (the rp2 port; not CPython nor the
WebAssembly port). The game's .mpy files are one build for every board, compiled
without `-march` (host/board/mpy_build.py), so they hold no native code (mpy-cross would
compile this for one architecture with `-march=armv6m`, the RP2040's); it ships
as text, which each board compiles for itself. It is in a module of its own,
which no screen or session names resident (App.unload), so its text
leaves the heap once compiled instead of staying for the whole word game as a
constant of the dictionary module would.

d: anything but a well-formed block whose words fit `out` returns -1, and the
bytecode decoder does that block (and grows `out`, or raises, as it always did).
s: whether the decoded words in flat[:end] (b"\\nword\\nword...\\n", sorted, as
d writes them) hold the word p of pn letters (exact 1) or a word that begins with
it (exact 0): a binary search for the first word >= p, whose start is found by
going back from the middle byte to the newline before it.
l: the last of the n sorted keys of ks bytes in `keys` that is <= the word `k`
of kn letters, cut or zero-padded to ks bytes as the keys are (0 when none is).
"""

SOURCE = """
@micropython.viper
def d(data, nbits: int, out, size: int) -> int:
    b = ptr8(data)
    o = ptr8(out)
    o[0] = 10
    m = 1
    prev = 1
    pos = 0
    while pos + 5 <= nbits:
        i = pos >> 3
        n = ((b[i] << 8 | b[i + 1]) >> (11 - (pos & 7))) & 31
        pos += 5
        if n == 31:
            break
        if m + 32 > size:
            return -1
        start = m
        k = 0
        while k < n:
            o[m + k] = o[prev + k]
            k += 1
        m += n
        while True:
            if pos + 5 > nbits or m + 1 >= size:
                return -1
            i = pos >> 3
            c = ((b[i] << 8 | b[i + 1]) >> (11 - (pos & 7))) & 31
            pos += 5
            if c == 0:
                break
            o[m] = 96 + c
            m += 1
        o[m] = 10
        m += 1
        prev = start
    return m


@micropython.viper
def l(keys, ks: int, n: int, k, kn: int) -> int:
    p = ptr8(keys)
    q = ptr8(k)
    lo = 0
    hi = n - 1
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        at = mid * ks
        le = 1
        i = 0
        while i < ks:
            a = p[at + i]
            b = 0
            if i < kn:
                b = q[i]
            if a != b:
                if a > b:
                    le = 0
                break
            i += 1
        if le:
            lo = mid
        else:
            hi = mid - 1
    return lo


@micropython.viper
def s(flat, end: int, p, pn: int, exact: int) -> int:
    o = ptr8(flat)
    q = ptr8(p)
    lo = 1
    hi = end
    while lo < hi:
        at = (lo + hi) >> 1
        while o[at - 1] != 10:
            at -= 1
        i = 0
        less = 0
        while i < pn:
            c = o[at + i]
            if c != q[i]:
                if c < q[i]:
                    less = 1
                break
            i += 1
        if less:
            at += i
            while o[at] != 10:
                at += 1
            lo = at + 1
        else:
            hi = at
    if lo >= end:
        return 0
    i = 0
    while i < pn:
        if o[lo + i] != q[i]:
            return 0
        i += 1
    if exact and o[lo + pn] != 10:
        return 0
    return 1

"""
