"""The word list's block decoder in bytecode (the file's format: dictionary.py),
and a block's words for tests and tools. The dictionary decodes with it where the
port cannot compile the native one (viper.py: CPython, the WebAssembly port), and
only imports it for a block the native one gives back (none of words.bin's), so
that on the board its code is not in the heap."""

from crisscross.compat import const

_END = const(31)  # the symbol that ends a block before its last byte
_MAX_WORD = const(31)  # the longest a word can be in the file's 5-bit format


def decode_into(data, nbits, out):
    """Decode a block's `nbits` bits of symbols from `data` (which holds one spare
    byte after them: symbols are read two bytes at a time) into the bytearray
    `out`, grown if it is too small: a newline, then each word followed by a
    newline. Returns the length written. Allocates nothing unless `out` grows,
    which it does only when a word might not fit (every block of words.bin fits
    the dictionary's 640 bytes)."""
    out[0] = 10
    m = 1  # length written
    prev = 1  # where the previous word starts
    pos = 0
    while pos + 5 <= nbits:
        i = pos >> 3
        n = ((data[i] << 8 | data[i + 1]) >> (11 - (pos & 7))) & 31
        pos += 5
        if n == _END:
            break
        while m + _MAX_WORD + 1 > len(out):  # room for a word and its newline
            out.extend(bytes(len(out)))  # a block longer than any in words.bin
        start = m
        for k in range(n):  # the letters shared with the previous word
            out[m + k] = out[prev + k]
        m += n
        while True:
            i = pos >> 3
            s = ((data[i] << 8 | data[i + 1]) >> (11 - (pos & 7))) & 31
            pos += 5
            if not s:
                break
            out[m] = 96 + s
            m += 1
        out[m] = 10
        m += 1
        prev = start
    return m


def decode_block(block):
    """Every word in one block, in sorted order, as bytes: each word after a
    newline, and one at the end (b"\\nat\\nate\\n")."""
    out = bytearray(5 * len(block))  # more than any block of words.bin decodes to
    return bytes(out[: decode_into(bytes(block) + b"\0", len(block) * 8, out)])
