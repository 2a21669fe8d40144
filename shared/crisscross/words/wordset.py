"""Word lists in RAM with the Dictionary's API, for tests and tools (the device
reads its word list from flash: crisscross.words.dictionary)."""


def words_of(flat):
    """The words of a block as decode.decode_block gives them, as a list."""
    return flat.split(b"\n")[1:-1]


def _bisect(words, w):
    """Index of the first entry >= w."""
    lo, hi = 0, len(words)
    while lo < hi:
        mid = (lo + hi) >> 1
        if words[mid] < w:
            lo = mid + 1
        else:
            hi = mid
    return lo


class WordSet:
    """The Dictionary's API over a list of words."""

    def __init__(self, words):
        self._words = sorted(set(w.lower().encode() for w in words))

    def contains(self, word):
        w = word.encode() if isinstance(word, str) else word
        i = _bisect(self._words, w)
        return i < len(self._words) and self._words[i] == w

    def has_prefix(self, prefix):
        p = prefix.encode() if isinstance(prefix, str) else prefix
        i = _bisect(self._words, p)
        return i < len(self._words) and self._words[i].startswith(p)

    def __contains__(self, word):
        return self.contains(word)


class Tables:
    """What the AI's search asks of a word list (crisscross.words.ai), over any
    one with has_prefix and contains: the Dictionary's API for its tables
    (FIRSTS, after, after2: bit k for letter k), begins and across."""

    def __init__(self, lookup):
        self.has_prefix = lookup.has_prefix
        self.contains = lookup.contains
        self.begins = lookup.has_prefix
        self._last = (None, 0)  # the last mask made, by its letters
        self.FIRSTS = self._mask(b"")

    def _mask(self, head):
        """Bit k: some word begins with head and letter k (asked once for the
        same head in a row, as the dictionary reads its table once)."""
        if self._last[0] == head:
            return self._last[1]
        out = 0
        for k in range(26):
            if self.has_prefix(head + bytes((97 + k,))):
                out |= 1 << k
        self._last = (head, out)
        return out

    def after(self, a):
        return self._mask(bytes((97 + a,)))

    def after2(self, a, b):
        return self._mask(bytes((97 + a, 97 + b)))

    def across(self, w, here, letters):
        out = 0
        keep = w[here]
        for k in range(26):
            if letters >> k & 1:
                w[here] = 97 + k
                if self.contains(bytes(w)):
                    out |= 1 << k
        w[here] = keep
        return out
