"""The word list, read a block at a time from its file (never loaded whole), or
in place where the filesystem maps the file (ROMFS: crisscross.datafile).

File layout (all built by tools/build_dict.py, see words.md next to the data):
  header  16 bytes: b"CCWD", version, key size, block size (u16 LE), block count
          (u16 LE), word count (u32 LE), longest word, 0
  pairs   26 u32 LE: bit j of entry i = some word starts with letters i, j;
          then 26 u32 LE: bit j of entry i = letters i, j are a word. Kept in RAM
          when read from a file (208 bytes): the AI asks about 1- and 2-letter
          beginnings all the time.
  triples 26 x 26 u32 LE: bit k of entry (i, j) = some word starts with i, j, k;
          then the same for 3-letter words. Read an entry at a time:
          3-letter beginnings would otherwise cost most of the block decoding.
  index   one key per block: the block's first word, ASCII, cut or zero-padded to
          the key size; sorted, so a binary search finds the block
  blocks  fixed size; 5-bit symbols, most significant bit first. Each word is
          [letters shared with the previous word] [new letters 1..26]... [0];
          every block starts afresh (shared 0) and ends with 31 or its last byte.
  0       one spare byte: the decoders read symbols two bytes at a time, so a
          block is read with the byte after it, the last one too.
A lookup of 4 letters or more not in a kept block first asks the tables (no word
begins with its first three letters: no block read), then finds its block in the
index (from a file: every 32nd key, kept in RAM, and one read of the 32 keys after
it), decodes the block (128 bytes, a few dozen words; in native code where the port
compiles it) into a buffer of _SLOT bytes and keeps the last `cache` decoded
blocks, because the AI asks about neighbouring prefixes over and over. The
buffers are allocated when the dictionary opens (early in a game, while the heap is
whole) and reused for its life: a long game's search never asks the heap for a new
one, which a fragmented heap may not have in one piece. A
word or a beginning is then found in the block's sorted words by a binary search
in native code where the port compiles it, else by `bytes.find`, in C. Words are
lower-case a-z; the API takes str or bytes.
"""

from crisscross.compat import const
from crisscross.words.deck import LOWEST

_PAIRS_SIZE = const(208)
_TRIPLES_SIZE = const(2704)
_SLOT = const(640)  # bytes of a decoded block: words.bin's longest is 601
_STRIDE = const(32)  # from a file, the index's keys kept in RAM: one in _STRIDE
# A cache entry (crisscross.words.dictopen makes them), a list by these indices:
_BLOCK = const(0)  # the block's number (-1: none yet)
_FLAT = const(1)  # its words decoded, b"\nword\nword...\n" (a bytearray reused)
_END = const(2)  # the length of the decoded words in _FLAT
_FIRST = const(3)  # its first word
_LAST = const(4)  # its last word


# The block decoder, the search in a decoded block and the index's binary
# search: in native code (crisscross/words/viper.py, compiled here where the port
# has MicroPython's viper emitter: the rp2 port has it), many times faster than
# their bytecode and bytes.find (crisscross/words/decode.py, _find_in and
# _last_le below), which a search runs for every lookup and block it reads. Where the native decoder is compiled, the bytecode one is
# imported only for a block the native one gives back (none of words.bin does),
# so its code is not in the heap. Compiled once per load of this module (the
# word game keeps this module resident: crisscross.resident); where there is no
# such emitter (CPython, the WebAssembly port) the bytecode is used.
def _native():
    """The native decoder, search in a block and index search, or Nones where
    they cannot be compiled."""
    try:
        import micropython
        from crisscross.words.viper import SOURCE

        space = {"micropython": micropython}
        exec(SOURCE, space)
        return space["d"], space["s"], space["l"]
    except Exception:  # CPython, or a port without native code
        return None, None, None


def _bytecode():
    from crisscross.words.decode import decode_into

    return decode_into


_decode, _native_in, _native_le = _native()
del _native  # run once: its code is not kept
_slow = None if _decode else _bytecode()  # imported at need where _decode is


def decode_fast(data, nbits, out):
    """decode.decode_into, in native code where there is some."""
    global _slow
    if _decode is not None:
        m = _decode(data, nbits, out, len(out))
        if m >= 0:
            return m
    if _slow is None:
        _slow = _bytecode()
    return _slow(data, nbits, out)


def _find_in(flat, end, p, pn, exact):
    """viper.py's `s` with bytes.find: true when the decoded words in
    flat[:end] hold p (exact) or a word that begins with p."""
    return flat.find(b"\n" + p + b"\n" if exact else b"\n" + p, 0, end) >= 0


_in_block = _native_in or _find_in  # (flat, end, p, len(p), exact)


def _find_key(keys, ks, n, w):
    """The last of the n sorted keys of ks bytes in `keys` that is <= the word
    w cut or zero-padded to ks bytes, as the keys are (0 when none is): in
    native code where there is some."""
    if _native_le is not None:
        return _native_le(keys, ks, n, w, len(w))
    k = w[:ks]
    return _last_le(keys, ks, n, k + bytes(ks - len(k)))


def _last_le(keys, ks, n, k):
    """The last of the n sorted keys of ks bytes in `keys` that is <= k (0 when
    none is): their first two letters compared as a number, the whole key only
    when they are k's (a slice of the keys is a new object; MicroPython orders
    a memoryview's against bytes, CPython does not: there a word list read in
    place is bytes)."""
    d = k[0] << 8 | k[1]
    lo, hi = 0, n - 1
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        at = mid * ks
        c = keys[at] << 8 | keys[at + 1]
        if c < d or (c == d and keys[at : at + ks] <= k):
            lo = mid
        else:
            hi = mid - 1
    return lo


class Dictionary:
    """Word lookups straight from the file: `contains(word)`, `has_prefix(prefix)`."""

    FIRSTS = const(0x3FFFFFF)  # bit k: a word begins with letter k (every one does:
    # tools/build_dict.py checks)

    def __init__(self, path=None, cache=2):
        """The word list at `path` (words.bin beside this module), or read from
        `path` when it is open (crisscross.datafile.read_data's `src`), keeping
        up to `cache` decoded blocks. Its header, sampled index and buffers are
        read and made by crisscross.words.dictopen.open_into: code a game runs
        once, not resident while it is played."""
        from crisscross.words.dictopen import open_into

        open_into(self, path, cache, _PAIRS_SIZE, _TRIPLES_SIZE, _SLOT, _STRIDE)

    def keep(self, blocks):
        """Keep at most `blocks` decoded blocks from now on (at least 1): the AI's
        search wants 2, as it asks about neighbouring prefixes over and over; a
        human's turn needs 1. A buffer let go waits for the next search: freed, it
        would have to be found again in a heap the game has since cut up."""
        self._cache_size = max(1, blocks)
        cache = self._cache
        while len(cache) > self._cache_size:
            self._spare.append(cache.pop())

    def _read(self, at, n, buf):
        """n bytes of the word list from `at`: in place (no buffers then:
        dictopen) a slice of the view, else read into `buf`, returned (its own
        reads, not crisscross.datafile.read_data: a search makes hundreds, and
        the game keeps this module, not that one)."""
        if buf is None:
            return self._src[at : at + n]
        src = self._src
        src.seek(at)
        src.readinto(buf)
        return buf

    def close(self):
        if hasattr(self._src, "readinto"):  # a file (in place, a view: nothing)
            self._src.close()

    def _locate(self, w):
        """The last block whose key is <= w's (w cut or padded as the keys
        are): the sampled keys, then the _STRIDE keys after the one found, read
        at once (in place the sample is every key of the index, and there is no
        buffer for them: dictopen)."""
        ks = self.key_size
        first = _find_key(self._sample, ks, len(self._sample) // ks, w)
        keys = self._keys
        if keys is None:
            return first
        first *= _STRIDE
        n = min(_STRIDE, self.blocks - first)
        # A whole stride of keys: past the index's end they are block bytes,
        # which _find_key is not asked about.
        keys = self._read(self._index + first * ks, _STRIDE * ks, keys)
        return first + _find_key(keys, ks, n, w)

    def _block(self, b):
        """The cache entry of block b, decoded from the file if it is not cached."""
        cache = self._cache
        for entry in cache:
            if entry[_BLOCK] == b:
                if entry is not cache[0]:
                    cache.remove(entry)
                    cache.insert(0, entry)
                return entry
        if len(cache) < self._cache_size:
            spare = self._spare
            entry = spare.pop() if spare else [b, bytearray(_SLOT), 0, b"", b""]
        else:
            entry = cache.pop()  # the least recently used: decoded over
        size = self.block_size
        # The block and the byte after it (the decoders read two at a time).
        raw = self._read(self._data + b * size, size + 1, self._raw_block)
        flat = entry[_FLAT]
        end = decode_fast(raw, size * 8, flat) - 1
        self.reads += 1
        entry[_BLOCK] = b
        entry[_END] = end + 1
        entry[_FIRST] = flat[1 : flat.find(b"\n", 1)]
        entry[_LAST] = flat[flat.rfind(b"\n", 0, end) + 1 : end]
        cache.insert(0, entry)
        return entry

    def _find(self, w):
        """The cache entry of the block where w (4 letters or more) is or would
        be; None when no word begins with its first three letters (the tables
        say so for most of a cross-check's 26 words, without a block read)."""
        for entry in self._cache:
            if entry[_FIRST] <= w <= entry[_LAST]:
                return entry
        if not (self._pair(0, w) and self._triple(0, w)):
            return None
        return self._seek(w)

    def _seek(self, w):
        """The block where w is or would be, decoded (none of those kept)."""
        lo = self._locate(w)
        entry = self._block(lo)
        # Keys are cut short: a long word may sort before its block's first word.
        while lo > 0 and w < entry[_FIRST]:
            lo -= 1
            entry = self._block(lo)
        return entry

    def after(self, a, words=0):
        """The letters that may follow letter a (0..25) at a word's beginning, as
        bit k for letter k: the pair table's entry (the AI's 2-letter beginnings);
        with `words`, those that make a 2-letter word after a."""
        p = self._pairs
        i = 4 * a + (_PAIRS_SIZE // 2 if words else 0)
        return p[i] | p[i + 1] << 8 | p[i + 2] << 16 | p[i + 3] << 24

    def after2(self, a, b):
        """The same after letters a, b: bit k, some word begins with a, b, k."""
        return self._tri_entry(4 * (a * 26 + b))

    def _tri_entry(self, at):
        """The entry at `at` of the triple tables as an int: read once while the
        same one is asked again (the search tries 26 letters after the same two)."""
        if at != self._tri_at:
            self._tri = self._read(self._triples + at, 4, self._tri_buf)
            self._tri_at = at
        t = self._tri
        return t[0] | t[1] << 8 | t[2] << 16 | t[3] << 24

    def _pair(self, table, w):
        """Bit (w[1]) of entry (w[0]) of a pair table; letters as bytes 97..122."""
        i = 4 * (w[0] - 97) + (_PAIRS_SIZE // 2 if table else 0)
        j = w[1] - 97
        return (self._pairs[i + (j >> 3)] >> (j & 7)) & 1 == 1

    def _triple(self, table, w):
        at = 4 * ((w[0] - 97) * 26 + w[1] - 97) + (_TRIPLES_SIZE if table else 0)
        return self._tri_entry(at) >> (w[2] - 97) & 1 == 1

    def contains(self, word):
        w = word.encode() if isinstance(word, str) else word
        if len(w) < 2 or len(w) > self.longest:
            return False
        if len(w) == 2:
            return self._pair(1, w)
        if len(w) == 3:
            return self._triple(1, w)
        entry = self._find(w)
        if entry is None:
            return False
        return bool(_in_block(entry[_FLAT], entry[_END], w, len(w), 1))

    def across(self, w, here, letters):
        """Bit k set for each letter k of the mask `letters` that makes a word of
        the bytearray w put at w[here]: contains() of each (the AI's cross-check),
        without a new bytes per letter. w is left as it was."""
        n = len(w)
        if n < 2 or n > self.longest:
            return 0
        a, b = w[0] - 97, w[1] - 97
        pair, triple, cache = self._pair, self._triple, self._cache
        # Where the letter tried is not among the first two (three) letters,
        # the pair (triple) tables answer for every letter at once.
        if n == 2 and here:  # the letters that make a 2-letter word after a
            return letters & self.after(a, 1)
        if n == 3 and here == 2:  # the same of 3-letter words after a, b
            return letters & self._tri_entry(_TRIPLES_SIZE + 4 * (a * 26 + b))
        if n > 3 and here >= 2:  # no word begins with the first two (three)
            if not pair(0, w):
                return 0
            if here == 2:
                letters &= self.after2(a, b)
            elif not triple(0, w):
                return 0
        elif n > 3 and here == 1:
            letters &= self.after(a)
        keep = w[here]
        out = 0
        has = _in_block
        while letters:  # each letter of the mask, the lowest first
            bit = letters & -letters
            letters ^= bit
            w[here] = 97 + LOWEST[bit % 37]
            if n == 2:
                ok = pair(1, w)
            elif n == 3:
                ok = triple(1, w)
            elif here >= 2 or (here or pair(0, w)) and triple(0, w):
                for entry in cache:
                    if entry[_FIRST] <= w <= entry[_LAST]:
                        break
                else:
                    entry = self._seek(w)
                ok = has(entry[_FLAT], entry[_END], w, n, 1)
            else:
                ok = False
            if ok:
                out |= bit
        w[here] = keep
        return out

    def has_prefix(self, prefix):
        """True when some word starts with `prefix` (the word itself counts)."""
        p = prefix.encode() if isinstance(prefix, str) else prefix
        if len(p) > self.longest:
            return False
        if len(p) < 2:
            return True  # every letter starts a word (checked when the file is built)
        if len(p) == 2:
            return self._pair(0, p)
        if len(p) == 3:
            return self._triple(0, p)
        entry = self._find(p)
        if entry is None:
            return False
        return self._starts(entry, p)

    def begins(self, p):
        """has_prefix(p) for bytes of 4 letters or more whose first three begin a
        word (the AI's search knows they do): the tables are not asked again."""
        if len(p) > self.longest:
            return False
        for entry in self._cache:
            if entry[_FIRST] <= p <= entry[_LAST]:
                return self._starts(entry, p)
        return self._starts(self._seek(p), p)

    def _starts(self, entry, p):
        """Whether a word begins with p, which is in block `entry` or after it."""
        if _in_block(entry[_FLAT], entry[_END], p, len(p), 0):
            return True
        # Past the block's last word, p may begin the next block's first word.
        b = entry[_BLOCK] + 1
        return (
            p > entry[_LAST]
            and b < self.blocks
            and self._block(b)[_FIRST].startswith(p)
        )

    def __contains__(self, word):
        return self.contains(word)
