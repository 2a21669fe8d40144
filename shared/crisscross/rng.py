"""Our own seeded PRNG: the same seed gives the same numbers on every interpreter.

MicroPython's `random` and CPython's differ, so games never use them. This is
xorshift32 (Marsaglia 2003) with a SplitMix-style seed scramble, all in 32-bit
arithmetic that gives identical results everywhere.
"""

from crisscross.compat import const

_MASK = const(0xFFFFFFFF)


def scramble(x):
    """Mix a 32-bit value so that nearby seeds give unrelated streams."""
    x = (x ^ (x >> 16)) * 0x45D9F3B & _MASK
    x = (x ^ (x >> 16)) * 0x45D9F3B & _MASK
    return x ^ (x >> 16)


class Rng:
    """xorshift32; `state` is an int in 1..2**32-1 and may be saved and restored."""

    def __init__(self, seed=0):
        s = scramble((seed ^ 0x9E3779B9) & _MASK)
        self.state = s or 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def die(self):
        """One roll of a six-sided die: 1..6."""
        return self.below(6) + 1

    def shuffle(self, items):
        """Fisher-Yates in place; the order depends only on the seed."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
