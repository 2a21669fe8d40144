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
cut at any moment leaves either the previous state or the new one. On a storage
whose `atomic` is true (a write replaces an existing file whole: littlefs) an
intact NAME is written over in place, one commit instead of a write and two
renames; NAME.bak then stays the state before the first such save. A damaged,
foreign or newer-version NAME is never fatal: the last good copy is used, the
player is told once through `pop_warning()`, and the bad file is kept as NAME.bad
at the next save instead of replacing the backup.

A game in progress only saves, so the rest lives in modules of its own. Reading
and checking the files (unpack, choosing the newest intact copy, the warnings about
damage) is in crisscross.storeload, imported when a Store is built and after a
failed save, and unloaded again right after. The records' and settings' checks and
updates are in crisscross.records, imported only when used. So a game in progress
carries only the code that writes the game file.
"""

import json

from crisscross.compat import const, forget

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

_CRC_POLY = const(0xEDB88320)
_MASK = const(0xFFFFFFFF)

# The state of one copy of a file, as far as saving tells them apart: any other
# state (crisscross.storeload: DAMAGED, NEWER, FOREIGN) sets NAME aside as NAME.bad.
OK = "ok"
MISSING = "missing"

# Which copy the loaded data came from (or storeload.BAK).
MAIN = "main"
TMP = "tmp"

# The loading code's module, unloaded as soon as it has run.
_LOADER = ("crisscross.storeload",)


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
    return (
        " " <= min(text) and max(text) <= "~" and '"' not in text and "\\" not in text
    )


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


def _game_mark(code):
    """Identifies a game save string (or its parts), so a recorded game is not
    resumed."""
    if isinstance(code, tuple):
        code = "".join(code)  # once, at a game's end
    return crc32(code.encode())


def _same_game(saved, code):
    """Whether the text `code` (a str or a tuple of them, joined) is `saved` (a
    str as loaded, else what was saved last). Parts are compared with a loaded
    text in place; a text saved as other parts counts as another (only written
    again)."""
    if not isinstance(saved, str) or isinstance(code, str):
        return code == saved
    k = 0
    for part in code:
        if not saved.startswith(part, k):
            return False
        k += len(part)
    return k == len(saved)


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
        self._main = {}  # NAME's state: OK, MISSING, storeload.DAMAGED, NEWER, FOREIGN
        self._source = {}  # MAIN, TMP, storeload.BAK, or None for defaults
        self._seq = {}
        # The loading code runs once here: unloaded again, it is not resident in
        # play (on MicroPython; CPython keeps modules).
        from crisscross.storeload import load

        load(self)
        forget(_LOADER)

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

    # --- atomic saving (loading: crisscross.storeload) -------------------------

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
            if text is not None and plain(text):  # a str or a tuple of them
                data = pack_game(self._seq[kind] + 1, text)
            else:
                data = pack(kind, self._seq[kind] + 1, obj)
            if self._main[kind] == OK and getattr(self.storage, "atomic", False):
                # A storage that replaces a file whole (littlefs): a power cut
                # leaves NAME as it was or as written, so no NAME.tmp and renames
                # (4-5 flash commits -> 1: 39 -> 5 ms a save on the Pico).
                self.storage.write(name, data)
            else:
                self.storage.write(tmp, data)
                self._set_aside(kind)
                self.storage.rename(tmp, name)
        except OSError:
            from crisscross.storeload import save_failed

            save_failed(self, kind)  # learns what the storage holds now, warns
            forget(_LOADER)
            return False
        self._data[kind] = obj
        self._main[kind] = OK
        self._source[kind] = MAIN
        self._seq[kind] += 1
        return True

    # --- the game in progress ---------------------------------------------------

    def save_game(self, code):
        """Save the game in progress: its encode() string, or a tuple of strings
        that join into it (written one after the other: the same file). True if
        it is saved."""
        if isinstance(code, tuple):
            for part in code:
                if not isinstance(part, str):
                    raise ValueError("save_game needs the game's encode() string")
            if not plain(code):
                code = "".join(code)  # JSON must escape it: the general way
        elif not isinstance(code, str):
            raise ValueError("save_game needs the game's encode() string")
        if _same_game(self._data[GAME]["game"], code):
            return True
        return self._commit(GAME, {"game": code})

    def load_game(self):
        """The saved game's string, or None when there is none."""
        game = self._data[GAME]["game"]
        return "".join(game) if isinstance(game, tuple) else game

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
