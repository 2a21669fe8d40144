"""Word lists in RAM with the Dictionary's API, for tests and tools (the device
reads its word list from flash: crisscross.words.dictionary)."""


def words_of(flat):
    """The words of a block as dictionary.decode_block gives them, as a list."""
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
