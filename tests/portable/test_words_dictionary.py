"""The dictionary file as the device reads it: seeks and one block at a time."""

from crisscross.datafile import read_data
from crisscross.words.decode import decode_block
from crisscross.words.dictionary import Dictionary
from crisscross.words.wordset import WordSet, words_of


def block(d, b):
    """Block b of the word list's file, as bytes."""
    return bytes(read_data(d._src, d._data + b * d.block_size, d.block_size))


KNOWN = ("house", "trivia", "trivias", "pricing", "cent", "ten", "ice", "at", "in", "spice",
         "aardvark", "zygote", "quiz", "jazz", "fuzz", "counterrevolutionary",
         "counterrevolutionaries", "electroencephalographs")  # fmt: skip
NOT_WORDS = ("houze", "qqq", "aardvarkz", "zzzz", "a", "i", "x", "")
NAMES = ("venice", "chicago", "tokyo", "nasa", "aaa", "deere")  # capitalised ones
# Abbreviations are not allowed ("only in the style of AAA, or NASA"), nor Roman
# numerals; words that look alike stay.
ABBREVIATIONS = ("yr", "yrs", "ca", "etc", "approx", "oz", "yd", "dept", "ii", "xiv")
LOOKALIKES = ("xi", "mi", "mix", "lab", "ref", "sec", "max", "ad", "op")


def test_abbreviations_are_out_and_words_like_them_in():
    d = Dictionary()
    for w in ABBREVIATIONS:
        assert not d.contains(w), w
    for w in LOOKALIKES:
        assert d.contains(w), w
    d.close()


def test_known_words_are_in():
    d = Dictionary()
    for w in KNOWN:
        assert d.contains(w), w
    d.close()


def test_non_words_and_names_are_out():
    d = Dictionary()
    for w in NOT_WORDS + NAMES:
        assert not d.contains(w), w
    # Possessives and upper case never reach the file.
    assert not d.contains("house's") and not d.contains("House")
    d.close()


def test_prefixes():
    d = Dictionary()
    for p in (
        "h",
        "ho",
        "hou",
        "hous",
        "house",
        "counterrevolutio",
        "electroencephalograp",
    ):
        assert d.has_prefix(p), p
    for p in ("qz", "xqa", "housez", "zzzz"):
        assert not d.has_prefix(p), p
    d.close()


def test_every_block_boundary_is_found():
    d = Dictionary()
    step = 17  # a sample of blocks keeps the MicroPython run short
    for b in range(0, d.blocks, step):
        words = words_of(decode_block(block(d, b)))
        assert words == sorted(words) and len(words) > 10
        fresh = Dictionary(d.path)  # an empty cache: the index search must work
        for w in (words[0], words[len(words) // 2], words[-1]):
            assert fresh.contains(w), w
            assert fresh.has_prefix(w[:-1]), w
        assert not fresh.contains(words[-1] + b"qj")
        fresh.close()
    d.close()


def test_header_describes_the_file():
    d = Dictionary()
    assert d.count > 50000 and d.blocks * d.block_size < 256 * 1024
    assert d.longest >= len("counterrevolutionaries")
    d.close()


def test_bad_file_is_refused():
    d = Dictionary()
    path = d.path[: -len("words.bin")] + "__init__.py"
    d.close()
    try:
        Dictionary(path)
    except ValueError as e:
        assert "not a word list" in str(e)
    else:
        assert False, "read a Python file as a word list"


def test_a_word_list_cut_short_is_refused_and_a_whole_one_read():
    d = Dictionary()
    with open(d.path, "rb") as f:
        whole = f.read()
    d.close()
    Dictionary(memoryview(whole)).close()  # the spare byte after the last block
    for n in (len(whole) - 1, len(whole) // 2, 1000):
        try:
            Dictionary(memoryview(whole[:n]))
        except ValueError as e:
            assert "cut short" in str(e), e
        else:
            assert False, "read %d bytes as a whole word list" % n


def test_wordset_has_the_same_api():
    s = WordSet(["House", "out"])
    assert s.contains("house") and s.has_prefix("hou") and not s.contains("hou")
    assert "out" in s and not s.has_prefix("x")


def test_a_beginning_of_the_next_blocks_first_word_is_found():
    # A beginning that sorts after every word of a block but starts the next
    # block's first word: the block it sorts into holds no word with it.
    d = Dictionary()
    found = 0
    for b in range(3, d.blocks - 1, 61):
        last = words_of(decode_block(block(d, b)))[-1]
        first = words_of(decode_block(block(d, b + 1)))[0]
        for k in range(4, len(first)):
            p = first[:k]
            if p > last and not last.startswith(p):
                fresh = Dictionary(d.path)
                fresh.contains(last)  # the earlier block is the one cached
                assert fresh.has_prefix(p), p
                assert not fresh.has_prefix(p + b"qx"), p
                fresh.close()
                found += 1
                break
    assert found >= 3
    d.close()


def test_a_decoded_block_is_one_bytes_object_of_newline_separated_words():
    d = Dictionary()
    flat = decode_block(block(d, 0))
    assert isinstance(flat, bytes) and flat[:1] == b"\n" and flat[-1:] == b"\n"
    words = words_of(flat)
    assert b"\n".join(words) == flat[1:-1] and all(words)
    d.close()


def test_decoding_into_a_small_buffer_grows_it_and_gives_the_same_words():
    from crisscross.words.decode import decode_into

    d = Dictionary()
    data = block(d, 7)
    out = bytearray(8)
    n = decode_into(data + b"\0", len(data) * 8, out)
    assert len(out) >= n > 8 and bytes(out[:n]) == decode_block(data)
    d.close()


def test_the_cache_reuses_its_buffers_and_still_answers_right():
    d = Dictionary(cache=2)
    for w in ("aardvark", "zygote", "house", "quiz", "trivia", "aardvark"):
        assert d.contains(w), w
    bufs = [id(e[1]) for e in d._cache]
    for w in ("pricing", "spice", "jazz"):
        assert d.contains(w) and not d.contains(w + "qq"), w
    assert len(d._cache) == 2 and sorted(id(e[1]) for e in d._cache) == sorted(bufs)
    d.close()


def test_keep_drops_decoded_blocks_down_to_the_number_asked():
    d = Dictionary(cache=2)
    for w in ("aardvark", "zygote"):
        assert d.contains(w)
    assert len(d._cache) == 2
    d.keep(1)  # a human's turn: one block, the most recent
    assert len(d._cache) == 1 and d._cache[0][3] <= b"zygote" <= d._cache[0][4]
    reads = d.reads
    assert d.contains("aardvark") and d.reads == reads + 1  # decoded again
    assert len(d._cache) == 1  # its one buffer reused, none added
    d.keep(0)  # never below one
    assert len(d._cache) == 1
    d.keep(2)  # a search: two again, as it asks
    assert d.contains("zygote") and len(d._cache) == 2
    d.close()


def test_the_decoded_blocks_buffers_are_made_once_when_the_dictionary_opens():
    # A long game's search must not ask a cut-up heap for a new buffer: the ones
    # made at the start (one per block kept) are all it ever uses, through
    # keep(1) and keep(2).
    d = Dictionary(cache=2)
    made = sorted(id(e[1]) for e in d._spare)
    assert len(made) == 2
    for blocks in (1, 2, 1, 2, 1):
        d.keep(blocks)
        for w in ("aardvark", "zygote", "house", "quiz"):
            assert d.contains(w), w
        assert len(d._cache) == blocks
        used = [id(e[1]) for e in d._cache + d._spare]
        assert sorted(used) == made
        assert all(len(e[1]) == len(d._cache[0][1]) for e in d._cache + d._spare)
    d.close()
