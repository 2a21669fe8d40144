"""Saves, high scores, statistics and settings over an injected storage.

Three files, each written atomically and checked on reading (docs/saves.md):

    game.sav       the game in progress (the game's own encode() string) or none
    records.sav    high scores and statistics per game key, written at game end
    settings.sav   settings, written only when they change

Each file is one header line and a JSON body:

    CCP1 <kind> <seq> <length> <crc32 as 8 hex digits>\\n{...json...}

`CCP1` is the format and its version, `kind` the file's role, `seq` counts the saves
of that file, and the CRC covers the header fields and the body. A save writes
NAME.tmp, renames NAME to NAME.bak, then NAME.tmp to NAME. Loading takes the
intact copy with the highest `seq` among NAME, NAME.tmp and NAME.bak, so a power
cut at any moment leaves either the previous state or the new one. A damaged,
foreign or newer-version NAME is never fatal: the last good copy is used, the
player is told once through `pop_warning()`, and the bad file is kept as NAME.bad
at the next save instead of replacing the backup.

The records' and settings' checks and updates are in crisscross.records, imported
only when used, so a game in progress carries only the game file's code.
"""

import json

from crisscross.compat import const

FORMAT_VERSION = const(1)
HIGH_SCORES = const(5)  # entries kept per game key
RANKS = const(5)  # rank counts per game key (rank index 0..4)
LAST_SCORES = const(20)  # recent scores kept per game key
MAX_KEY_LENGTH = const(24)

GAME = "game"
RECORDS = "records"
SETTINGS = "settings"
KINDS = (GAME, RECORDS, SETTINGS)
SUFFIX = ".sav"
# Each kind's file names (NAME, NAME.tmp, NAME.bak, NAME.bad), built once: a save
# happens at every placement and should not make garbage strings.
_FILES = {}
for _kind in KINDS:
    _name = _kind + SUFFIX
    _FILES[_kind] = (_name, _name + ".tmp", _name + ".bak", _name + ".bad")

_MAGIC = b"CCP"
_MAX_HEADER = const(80)  # a header line is far shorter; search no further for it
_CRC_POLY = const(0xEDB88320)
_MASK = const(0xFFFFFFFF)
_HEX = "0123456789abcdef"

# The state of one copy of a file.
OK = "ok"
MISSING = "missing"
DAMAGED = "damaged"
NEWER = "newer"
FOREIGN = "foreign"

# Which copy the loaded data came from.
MAIN = "main"
TMP = "tmp"
BAK = "bak"

_LABELS = {GAME: "Saved game", RECORDS: "High scores", SETTINGS: "Settings"}
_TROUBLE = {
    DAMAGED: "%s was damaged",
    NEWER: "%s is from a newer version",
    FOREIGN: "%s is not a Criss Cross file",
}


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
    backslash (a save's text always is)."""
    if not text:
        return True
    return (
        " " <= min(text) and max(text) <= "~" and '"' not in text and "\\" not in text
    )


def pack_game(seq, text):
    """pack(GAME, seq, {"game": text}) for a `plain` text, as a tuple of parts to
    write one after the other: a save follows every move, and the text, the
    biggest part, is not copied into a file image (pack copies it several times:
    JSON text, its bytes, header + body)."""
    raw = text.encode()  # MicroPython: the str's own bytes, not a copy
    size = len(_GAME_OPEN) + len(raw) + len(_GAME_CLOSE)
    head = b"%s%d %d" % (_GAME_HEAD, seq, size)  # "CCP1 game SEQ SIZE"
    crc = crc32(_GAME_CLOSE, crc32(raw, crc32(_GAME_OPEN, crc32(head))))
    return (head + b" %08x\n" % crc, _GAME_OPEN, raw, _GAME_CLOSE)


def unpack(kind, raw):
    """(seq, obj) for an intact file of this kind, else (None, state)."""
    if raw is None:
        return None, MISSING
    if not raw.startswith(_MAGIC):
        # A prefix of the magic is a write cut short, anything else is not ours.
        return None, DAMAGED if _MAGIC.startswith(raw) else FOREIGN
    end = raw.find(b"\n", 0, _MAX_HEADER)
    stop = raw.find(b" ", 0, _MAX_HEADER)
    if stop < 0:
        stop = end if end >= 0 else len(raw)
    version = raw[len(_MAGIC) : stop]
    if not version:
        return None, DAMAGED
    if not version.isdigit():
        return None, FOREIGN
    if int(version) > FORMAT_VERSION:
        return None, NEWER
    if end < 0:
        return None, DAMAGED
    try:
        parts = raw[:end].decode().split(" ")
    except UnicodeError:
        return None, DAMAGED
    if len(parts) != 5 or not _digits(parts[2]) or not _digits(parts[3]):
        return None, DAMAGED
    if parts[1] != kind:
        return None, FOREIGN
    crc = parts[4]
    if len(crc) != 8 or not all(c in _HEX for c in crc):
        return None, DAMAGED
    body = raw[end + 1 :]
    if len(body) != int(parts[3]) or crc32(raw[: end - 9] + body) != int(crc, 16):
        return None, DAMAGED
    try:
        obj = json.loads(body.decode())
    except Exception:  # ValueError, UnicodeError, MemoryError: all mean damaged
        return None, DAMAGED
    if not _valid(kind, obj):
        return None, DAMAGED
    return int(parts[2]), obj


def _digits(text):
    return len(text) > 0 and text.isdigit()


def _valid_game(obj):
    return (
        isinstance(obj, dict)
        and "game" in obj
        and (obj["game"] is None or isinstance(obj["game"], str))
    )


def _valid(kind, obj):
    if kind == GAME:
        return _valid_game(obj)
    # The records and settings checks live with the code that uses them.
    from crisscross.records import valid_records, valid_settings

    if kind == RECORDS:
        return valid_records(obj)
    if kind == SETTINGS:
        return valid_settings(obj)
    raise KeyError(kind)


def _defaults(kind):
    if kind == GAME:
        return {"game": None}
    if kind == RECORDS:
        return {"done": None, "keys": {}}
    return {}


def _game_mark(code):
    """Identifies a game save string, so a recorded game is not resumed."""
    return crc32(code.encode())


class Store:
    """Saves and records over `storage` (see crisscross.storage for the contract).

    Flash writes: one file write and two renames per `save_game` (one per confirmed
    move); at game end one for records and one to clear the game; settings only
    when they change. Saving the same data again writes nothing.
    """

    def __init__(self, storage):
        self.storage = storage
        self.warnings = []
        self._told = []
        self._data = {}
        self._main = {}  # state of NAME: OK, MISSING, DAMAGED, NEWER or FOREIGN
        self._source = {}  # MAIN, TMP, BAK, or None for defaults
        self._seq = {}
        for kind in KINDS:
            self._load(kind)
        game = self._data[GAME]["game"]
        if game is not None and self._data[RECORDS]["done"] == _game_mark(game):
            # finish_game recorded this game, then the power went before clearing it.
            self._data[GAME] = {"game": None}

    # --- warnings -------------------------------------------------------------

    def pop_warning(self):
        """The oldest message for the player not yet shown, or None."""
        if self.warnings:
            return self.warnings.pop(0)
        return None

    def _warn(self, text):
        if text not in self._told:
            self._told.append(text)
            self.warnings.append(text)

    # --- loading and atomic saving --------------------------------------------

    def _scan(self, kind):
        """Find the newest intact copy; returns (seq, obj, source, states)."""
        name = kind + SUFFIX
        best = (0, None, None)
        states = []
        for source, fname in ((MAIN, name), (TMP, name + ".tmp"), (BAK, name + ".bak")):
            try:
                raw = self.storage.read(fname)
            except Exception:  # an unreadable file is a damaged one
                raw = b""
            seq, obj = unpack(kind, raw)
            if seq is None:
                states.append(obj)
                continue
            states.append(OK)
            if best[2] is None or seq > best[0]:
                best = (seq, obj, source)
        self._main[kind] = states[0]
        self._source[kind] = best[2]
        self._seq[kind] = best[0]
        return best[0], best[1], best[2], states

    def _load(self, kind):
        seq, obj, source, states = self._scan(kind)
        self._data[kind] = obj if source is not None else _defaults(kind)
        main = states[0]
        label = _LABELS[kind]
        if main in _TROUBLE:
            trouble = _TROUBLE[main] % label
            if source is None:
                self._warn(trouble + "; starting afresh.")
            else:
                self._warn(trouble + "; the last good copy was used.")
        elif source is None and states[2] != MISSING:
            # Only a good main file becomes the backup, so a bad one means a loss.
            # (A damaged NAME.tmp alone is a save cut short: nothing was lost.)
            self._warn(label + " could not be read; starting afresh.")

    def _set_aside(self, kind):
        """Move NAME out of the way: a good one becomes the backup, a bad one NAME.bad."""
        name, _, bak, bad = _FILES[kind]
        state = self._main[kind]
        if state == OK:
            self.storage.rename(name, bak)
        elif state != MISSING:
            self.storage.rename(name, bad)
        self._main[kind] = MISSING

    def _commit(self, kind, obj):
        """Write `obj` atomically; True on success, else a warning and False."""
        name, tmp, _, _ = _FILES[kind]
        try:
            if self._source[kind] == TMP:
                # A save cut short by a power loss left the newest copy in NAME.tmp:
                # finish it first so that the write below cannot overwrite it.
                self._set_aside(kind)
                self.storage.rename(tmp, name)
                self._main[kind] = OK
                self._source[kind] = MAIN
            text = obj.get("game") if kind == GAME else None
            if isinstance(text, str) and plain(text):
                data = pack_game(self._seq[kind] + 1, text)
            else:
                data = pack(kind, self._seq[kind] + 1, obj)
            self.storage.write(tmp, data)
            self._set_aside(kind)
            self.storage.rename(tmp, name)
        except OSError:
            self._scan(kind)  # learn what the storage holds now
            self._warn(
                _LABELS[kind] + " could not be saved (storage full or read-only)."
            )
            return False
        self._data[kind] = obj
        self._main[kind] = OK
        self._source[kind] = MAIN
        self._seq[kind] += 1
        return True

    # --- the game in progress ---------------------------------------------------

    def save_game(self, code):
        """Save the game in progress (its encode() string). True if it is saved."""
        if not isinstance(code, str):
            raise ValueError("save_game needs the game's encode() string")
        if code == self._data[GAME]["game"]:
            return True
        return self._commit(GAME, {"game": code})

    def load_game(self):
        """The saved game's string, or None when there is none."""
        return self._data[GAME]["game"]

    def clear_game(self):
        """Forget the game in progress (it ended or was abandoned)."""
        if self._data[GAME]["game"] is None:
            return True
        return self._commit(GAME, {"game": None})

    # --- high scores and statistics ---------------------------------------------

    def record_result(self, key, score, rank=None, date="", share_code=""):
        """Add a finished game's result; returns its high-score place (0..4) or None.

        `key` names the game and rules ("symbols-basic", "digits-cc"...), `rank` is
        the index of the rank reached (0..4) or None, `date` e.g. "2026-11-22".
        """
        return self._record(
            key, score, rank, date, share_code, self._data[RECORDS]["done"]
        )

    def finish_game(self, key, score, rank=None, date="", share_code=""):
        """record_result, then clear_game, safe against a power cut in between.

        The records remember which saved game they counted, so that game is not
        offered for resuming (and counted twice) after a restart.
        """
        game = self._data[GAME]["game"]
        done = _game_mark(game) if game is not None else None
        place = self._record(key, score, rank, date, share_code, done)
        self.clear_game()
        return place

    # The records and settings code is in crisscross.records, imported when used.

    def _record(self, key, score, rank, date, share_code, done):
        from crisscross.records import record

        return record(self, key, score, rank, date, share_code, done)

    def high_scores(self, key):
        """Best results first: a list of {"score", "rank", "date", "code"}."""
        from crisscross.records import high_scores

        return high_scores(self, key)

    def stats(self, key):
        """{"played", "total", "best", "mean10" (mean x 10, rounded), "ranks", "last"}."""
        from crisscross.records import stats

        return stats(self, key)

    def keys(self):
        """The game keys with records, sorted."""
        return sorted(self._data[RECORDS]["keys"])

    # --- settings -----------------------------------------------------------------

    def settings(self):
        """A copy of the settings dict (empty at first)."""
        from crisscross.records import settings

        return settings(self)

    def save_settings(self, settings):
        """Save a dict of JSON data with string keys; writes only if it changed."""
        from crisscross.records import save_settings

        return save_settings(self, settings)
