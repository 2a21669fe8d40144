"""The symbol look-ahead's table lookups (ai_symbols.reply_steps) as source for
MicroPython's viper emitter: ai_symbols.native_code() compiles them for the
first search that reads its tables in place, on a port that has the emitter
(the rp2 port; not CPython nor the WebAssembly port, which run the same lookups
as bytecode). It ships as text and is a module of its own, as
crisscross/words/viper.py is, so its text leaves the heap once compiled.

g: adds to gain[7 * x + y] (an array of 49 ints) one tuple's change of value,
times its weight wt, for each symbol x in the pair's first cell (at bit shift
a of the tuple's raw key; a < 0: the tuple misses that cell, x is 0) and y in
its second (shift b): the tuple's rank read from the ranks `r` at bit
rb + 10 * key, its value from `v` at byte tb + 2 * rank, less `old` (its value
now + BIAS). Both tables are buffers read in place (flash in a ROMFS).
m: for each of the 21 rolls x <= y (ai_symbols_tables.ROLLS' order), the pair's
value total + gain[0] + gain[7 * x] + gain[y] + gain[7 * x + y] (or the other
way round if that is more, x in the second cell) raised into best[i] (an array
of 21 ints); then the 49 gains back to 0, for the next pair.
"""

SOURCE = """
@micropython.viper
def g(r, v, gain, raw: int, a: int, b: int, rb: int, tb: int, wt: int, old: int):
    rp = ptr8(r)
    vp = ptr8(v)
    gp = ptr32(gain)
    x = 1
    x1 = 7
    y0 = 1
    y1 = 7
    if a < 0:
        a = 0
        x = 0
        x1 = 1
    if b < 0:
        b = 0
        y0 = 0
        y1 = 1
    while x < x1:
        rx = raw + (x << a)
        y = y0
        while y < y1:
            j = rb + (rx + (y << b)) * 10
            c = j >> 3
            i = tb + ((((rp[c] | (rp[c + 1] << 8)) >> (j & 7)) & 1023) << 1)
            k = 7 * x + y
            gp[k] = gp[k] + wt * ((vp[i] | (vp[i + 1] << 8)) - old)
            y += 1
        x += 1


@micropython.viper
def m(gain, best, total: int):
    gp = ptr32(gain)
    bp = ptr32(best)
    base = total + gp[0]
    i = 0
    x = 1
    while x < 7:
        y = x
        while y < 7:
            s = gp[7 * x] + gp[y] + gp[7 * x + y]
            if x != y:
                s2 = gp[7 * y] + gp[x] + gp[7 * y + x]
                if s2 > s:
                    s = s2
            s += base
            if s > bp[i]:
                bp[i] = s
            i += 1
            y += 1
        x += 1
    i = 0
    while i < 49:
        gp[i] = 0
        i += 1
"""
