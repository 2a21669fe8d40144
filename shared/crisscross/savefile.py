"""The save files' format, shared by the code that writes them (crisscross.store)
and the code that reads them (crisscross.storeload): the kinds and their file
names, the header line, the CRC, packing a body (docs/saves.md).

    CCP1 <kind> <seq> <length> <crc32 as 8 hex digits>\n{...json...}
"""

import json
from struct import pack_into

from crisscross.compat import const

FORMAT_VERSION = const(1)

GAME = "game"
RECORDS = "records"
SETTINGS = "settings"
KINDS = (GAME, RECORDS, SETTINGS)
SUFFIX = ".sav"


def _names(kind):
    name = kind + SUFFIX
    return (name, name + ".tmp", name + ".bak", name + ".bad")


# The game's are built once: a save follows every move and should not make
# garbage strings. The records' and the settings' are saved at a game's end or
# when changed: made when needed, they are not in the heap during a game.
_GAME_FILES = _names(GAME)


def files(kind):
    """The file names of `kind`: (NAME, NAME.tmp, NAME.bak, NAME.bad)."""
    return _GAME_FILES if kind == GAME else _names(kind)


_CRC_POLY = const(0xEDB88320)
_MASK = const(0xFFFFFFFF)

# The state of one copy of a file, as far as saving tells them apart: any other
# state (crisscross.storeload: DAMAGED, NEWER, FOREIGN) sets NAME aside as NAME.bad.
OK = "ok"
MISSING = "missing"

# Which copy the loaded data came from (or storeload.BAK).
MAIN = "main"
TMP = "tmp"

try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without binascii.crc32
    _crc32 = None


def crc32(data, value=0):
    """CRC-32 (the zlib one), from binascii where the port has it; `value` is the
    CRC of what came before, so a CRC can run over pieces."""
    if _crc32 is not None:
        crc = _crc32(data, value)
        # Python 3 and MicroPython give it unsigned already: masking it anyway
        # would make a big int (an allocation) at every call.
        return crc if crc >= 0 else crc & _MASK
    return crc32_slow(data, value)


def crc32_slow(data, value=0):
    """Bitwise CRC-32, the fallback for ports without binascii.crc32."""
    crc = value ^ _MASK
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (_CRC_POLY & -(crc & 1))
    return crc ^ _MASK


def pack(kind, seq, obj):
    """The bytes of a file: header line, then `obj` as JSON."""
    body = json.dumps(obj).encode()
    head = "CCP%d %s %d %d" % (FORMAT_VERSION, kind, seq, len(body))
    crc = crc32(body, crc32(head.encode()))  # no head + body copy just for the CRC
    return ("%s %08x\n" % (head, crc)).encode() + body


# The body of a game file, around the game's text: what json.dumps writes for
# {"game": text} when the text has nothing to escape.
_GAME_OPEN = b'{"game": "'
_GAME_CLOSE = b'"}'
_GAME_HEAD = ("CCP%d %s " % (FORMAT_VERSION, GAME)).encode()


def plain(text):
    """True when json.dumps writes `text` as it is: printable ASCII, no quote or
    backslash (a save's text always is). For a tuple of strings: each of them."""
    if isinstance(text, tuple):
        for part in text:
            if not plain(part):
                return False
        return True
    if not text:
        return True
    # Over its bytes (MicroPython: the str's own, no copy): a str yields each
    # character as a str, which MicroPython looks up among the interned names:
    # slow on a board for a whole save's text.
    raw = text.encode()  # UTF-8: a character beyond "~" gives bytes over 126
    return 32 <= min(raw) and max(raw) <= 126 and b'"' not in raw and b"\\" not in raw


_HEX = b"0123456789abcdef"
_CRC_FIELD = const(10)  # " " + 8 hex digits + newline
HEAD_ROOM = const(64)  # a buffer holds at least the header and '{"game": "'


def _digits(n):
    """How many decimal digits `n` (>= 0) has."""
    d = 1
    while n >= 10:
        n //= 10
        d += 1
    return d


def _put_int(buf, k, n):
    """Write the decimal digits of `n` (>= 0) at buf[k]; the index after them."""
    end = k + _digits(n)
    at = end
    while at > k:
        at -= 1
        buf[at] = 48 + n % 10
        n //= 10
    return end


def pack_game(buf, seq, text):
    """pack(GAME, seq, {"game": text}) for a `plain` text (a str, or a tuple of
    strings the file holds joined), packed into `buf`: a memoryview of a
    bytearray of HEAD_ROOM bytes or more, which the caller keeps from save to
    save (a save follows every move). Returns what to write: a slice of `buf`
    holding the whole file when it fits, else a tuple to write one part after
    the other, the header from `buf` then the text's bytes (a long save, the
    word game's, is not copied). No header or file image is made: only each
    part's bytes object (MicroPython: the str's own data), the CRC's int and
    the slices of `buf`."""
    parts = (text,) if isinstance(text, str) else text
    size = len(_GAME_OPEN) + len(_GAME_CLOSE)
    for part in parts:
        size += len(part)  # `plain`: one byte a character
    # The file is "CCP1 game SEQ SIZE" (h bytes), " CRC\n", the body. The CRC
    # covers the fields and the body: they are first written one after the
    # other from byte _CRC_FIELD on, then the fields moved to the start.
    h = len(_GAME_HEAD) + _digits(seq) + 1 + _digits(size)
    k = _CRC_FIELD + len(_GAME_HEAD)
    buf[_CRC_FIELD:k] = _GAME_HEAD
    k = _put_int(buf, k, seq)
    buf[k] = 32  # " "
    at = h + _CRC_FIELD
    _put_int(buf, k + 1, size)
    buf[at : at + len(_GAME_OPEN)] = _GAME_OPEN
    at += len(_GAME_OPEN)
    end = h + _CRC_FIELD + size
    if end <= len(buf):  # the whole file in `buf`
        for part in parts:
            raw = part.encode()
            buf[at : at + len(raw)] = raw
            at += len(raw)
        buf[at:end] = _GAME_CLOSE
        out = buf[:end]
        crc = crc32(buf[_CRC_FIELD:end])
    else:
        crc = crc32(buf[_CRC_FIELD:at])
        out = [buf[:at]]
        for part in parts:
            raw = part.encode()
            crc = crc32(raw, crc)
            out.append(raw)
        crc = crc32(_GAME_CLOSE, crc)
        out.append(_GAME_CLOSE)
        out = tuple(out)
    for k in range(h):  # the fields to the start (h >= _CRC_FIELD)
        buf[k] = buf[_CRC_FIELD + k]
    buf[h] = 32
    pack_into(">I", buf, h + 1, crc)  # its 4 bytes, then as 8 hex digits:
    for j in range(3, -1, -1):  # from the last, each read before overwritten
        b = buf[h + 1 + j]
        buf[h + 1 + 2 * j] = _HEX[b >> 4]
        buf[h + 2 + 2 * j] = _HEX[b & 15]
    buf[h + 9] = 10  # "\n"
    return out
