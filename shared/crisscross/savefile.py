"""The save files' format, shared by the code that writes them (crisscross.store)
and the code that reads them (crisscross.storeload): the kinds and their file
names, the header line, the CRC, packing a body (docs/saves.md).

    CCP1 <kind> <seq> <length> <crc32 as 8 hex digits>\n{...json...}
"""

import json

from crisscross.compat import const

FORMAT_VERSION = const(1)

GAME = "game"
RECORDS = "records"
SETTINGS = "settings"
KINDS = (GAME, RECORDS, SETTINGS)
SUFFIX = ".sav"
# Each kind's file names (NAME, NAME.tmp, NAME.bak, NAME.bad), built once: a save
# happens at every placement and should not make garbage strings.
FILES = {}
for _kind in KINDS:
    _name = _kind + SUFFIX
    FILES[_kind] = (_name, _name + ".tmp", _name + ".bak", _name + ".bad")

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
    # Scanned as bytes (MicroPython: the str's own, not a copy): min() and max()
    # of a str step through it a character at a time, ~60 us each on the Pico (a
    # word game's save of 3 KB took 0.2 s); of bytes, ~2 us. Non-ASCII text has
    # bytes over 127.
    raw = text.encode()
    return 32 <= min(raw) and max(raw) <= 126 and b'"' not in raw and b"\\" not in raw


def pack_game(seq, text):
    """pack(GAME, seq, {"game": text}) for a `plain` text, as a tuple of parts to
    write one after the other: a save follows every move, and the text, the
    biggest part, is not copied into a file image (pack copies it several times:
    JSON text, its bytes, header + body). `text` may be a tuple of strings (a
    word game's fields and actions): the file holds them joined."""
    # Their bytes (MicroPython: the str's own, not a copy): two parts at most.
    if isinstance(text, str):
        raw, more = text.encode(), b""
    elif len(text) == 2:
        raw, more = text[0].encode(), text[1].encode()
    else:  # other numbers of parts: never a session's save, joined once
        raw, more = "".join(text).encode(), b""
    size = len(_GAME_OPEN) + len(raw) + len(more) + len(_GAME_CLOSE)
    head = b"%s%d %d" % (_GAME_HEAD, seq, size)  # "CCP1 game SEQ SIZE"
    crc = crc32(raw, crc32(_GAME_OPEN, crc32(head)))
    crc = crc32(_GAME_CLOSE, crc32(more, crc))
    return (head + b" %08x\n" % crc, _GAME_OPEN, raw, more, _GAME_CLOSE)


def game_mark(code):
    """Identifies a game save string (or its parts), so a recorded game is not
    resumed."""
    if isinstance(code, tuple):
        code = "".join(code)  # once, at a game's end
    return crc32(code.encode())
