"""Opening the word list (crisscross.words.dictionary): its header, the pair
table, the sampled index and the buffers a search reuses.

A game opens it once, at its start or restore: this code is not part of the
Dictionary class, whose instance the game keeps (and with it every method), so
the app unloads it at the next change of screen (docs/architecture.md). See
dictionary.py for the file's layout.
"""

from crisscross.compat import const
from crisscross.datafile import beside, open_data, read_data

MAGIC = b"CCWD"
VERSION = const(1)
_HEADER_SIZE = const(16)
_FILE_NAME = "words.bin"


def default_path():
    """words.bin beside this module, on the device and on a PC alike."""
    return beside(__file__, _FILE_NAME)


def open_into(d, path, cache, pairs_size, triples_size, slot, stride):
    """Dictionary.__init__: `d` reads the word list at `path` (default_path()),
    or from `path` when it is open (crisscross.datafile.read_data's `src`),
    keeping up to `cache` decoded blocks. The sizes its lookups use come from
    dictionary.py (its consts; this module does not import it back): the pair
    and triple tables' bytes, a decoded block's buffer, the index's stride."""
    if path is None or isinstance(path, str):
        d.path = path or default_path()
        src = open_data(d.path)
    else:  # already open
        d.path = None
        src = path
    d._src = src
    head = read_data(src, 0, _HEADER_SIZE)
    if len(head) != _HEADER_SIZE or head[:4] != MAGIC or head[4] != VERSION:
        d.close()
        raise ValueError("not a word list")
    d.key_size = ks = head[5]
    d.block_size = head[6] | head[7] << 8
    d.blocks = head[8] | head[9] << 8
    d.count = head[10] | head[11] << 8 | head[12] << 16 | head[13] << 24
    d.longest = head[14]
    d._pairs = read_data(src, _HEADER_SIZE, pairs_size)
    d._triples = _HEADER_SIZE + pairs_size
    d._index = d._triples + 2 * triples_size
    d._data = d._index + d.blocks * ks
    # The spare byte after the last block ends the file: a cut copy stops short.
    if len(read_data(src, d._data + d.blocks * d.block_size, 1)) != 1:
        d.close()
        raise ValueError("not a whole word list (cut short)")
    # Up to `cache` decoded blocks, most recent first, each a list [block
    # number, bytearray as decode_into fills it, its length, first word, last
    # word] (dictionary.py names the indices). The bytearrays are reused: a block read allocates little. The
    # entries not in use wait in _spare; all are made now (module docstring).
    d._cache = []
    d._cache_size = cache
    d._spare = [[-1, bytearray(slot), 0, b"", b""] for _ in range(max(1, cache))]
    d.reads = 0  # blocks decoded or searched: a measure of flash traffic
    # The 4 bytes of the triple table last read (_tri), and where they come
    # from: the search tries 26 letters after the same two.
    d._tri = None
    d._tri_at = -1
    if not hasattr(src, "readinto"):
        # In place (ROMFS): the tables above are views of the flash, the whole
        # index is the sample, and the reads below are views too: no buffer to
        # read into, nothing of the file copied.
        d._sample = read_data(src, d._index, d.blocks * ks)
        d._keys = d._raw_block = d._tri_buf = None
        return
    # From a file: the index in RAM every stride-th key, and a
    # buffer for the stride keys after one: a block is found with one read of
    # the index, not a binary search of seeks (each on littlefs about as long as
    # a block's native decode). The same buffer then takes the block
    # read (and the spare byte after it), as _locate is done with the keys by
    # then.
    d._sample = bytearray(((d.blocks + stride - 1) // stride) * ks)
    sample = memoryview(d._sample)
    for i in range(len(d._sample) // ks):
        read_data(src, d._index + i * stride * ks, ks, sample[i * ks : (i + 1) * ks])
    d._keys = bytearray(max(stride * ks, d.block_size + 1))
    d._raw_block = memoryview(d._keys)[: d.block_size + 1]
    d._tri_buf = bytearray(4)
