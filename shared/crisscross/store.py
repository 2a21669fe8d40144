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
player is told through `pop_warning()`, and the bad file is kept as NAME.bad
instead of replacing the backup (at once, but a newer version's at the next save).

The format (kinds, file names, header, CRC, packing) is
crisscross.savefile. A game in progress only saves, so the rest lives in modules
of its own, which use the Store through its named API (storage, data, hold,
commit, found, warn): reading and checking the files (unpack, choosing the newest
intact copy, the warnings about damage) is in crisscross.storeload, imported when
a Store is built and after a failed save; the high scores, statistics and
settings are crisscross.records' functions over a Store (records.finish_game,
high_scores, stats, keys, settings, save_settings...), imported only when used.
Neither is resident: the app's one rule for memory unloads them (App.unload), so
a game in progress carries only the code that writes the game file.
"""

from crisscross.savefile import (
    GAME,
    MAIN,
    MISSING,
    OK,
    TMP,
    files,
    pack,
    pack_game,
    plain,
)

# A game save is packed into a buffer the store keeps (made at the first save),
# so a save makes no header nor file image: a card or dice game's whole file
# fits as a rule; a longer one, the word game's, is written as the header from
# the buffer, then its text's parts.
BUFFER = 512


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
    """Saves over `storage` (see crisscross.storage for the contract); the
    records and settings through crisscross.records.

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
        self._buf = None  # a memoryview of the game save's buffer, once made
        self._spare = None  # a game body dict no longer held, for the next save
        # The loading code runs once here; the app unloads it (not resident in play).
        from crisscross.storeload import load

        load(self)

    # --- warnings -------------------------------------------------------------

    def pop_warning(self):
        """The oldest message for the player not yet shown, or None."""
        if self.warnings:
            return self.warnings.pop(0)
        return None

    # --- the named API of crisscross.storeload and crisscross.records ------------

    def warn(self, text):
        """Tell the player `text` (once per session) through pop_warning()."""
        if text not in self._told:
            self._told.append(text)
            self.warnings.append(text)

    def data(self, kind):
        """The body held for `kind` (GAME, RECORDS, SETTINGS): the loaded or last
        saved one. Not a copy: change it only through hold() or commit()."""
        return self._data[kind]

    def hold(self, kind, obj):
        """Hold `obj` as the body of `kind` without writing it (loaded, or kept
        for this session after a failed save)."""
        self._data[kind] = obj

    def found(self, kind, main, source, seq):
        """What reading `kind`'s files found: NAME's state (OK, MISSING, or
        storeload's DAMAGED, NEWER, FOREIGN), the copy its body comes from (MAIN,
        TMP, storeload.BAK, or None for the defaults) and that copy's seq."""
        self._main[kind] = main
        self._source[kind] = source
        self._seq[kind] = seq

    # --- atomic saving (loading: crisscross.storeload) -------------------------

    def _set_aside(self, kind):
        """Move NAME out of the way: a good one becomes the backup, a bad one NAME.bad."""
        name, _, bak, bad = files(kind)
        state = self._main[kind]
        if state == OK:
            self.storage.rename(name, bak)
        elif state != MISSING:
            self.storage.rename(name, bad)
        self._main[kind] = MISSING

    def commit(self, kind, obj):
        """Write `obj` as the body of `kind` atomically; True on success, else a
        warning and False (what the storage holds then is read again)."""
        name, tmp, _, _ = files(kind)
        try:
            if self._source[kind] == TMP:
                # A save cut short by a power loss left the newest copy in NAME.tmp:
                # finish it first so that the write below cannot overwrite it.
                self._set_aside(kind)
                self.storage.rename(tmp, name)
                self._main[kind] = OK
                self._source[kind] = MAIN
            text = obj.get("game") if kind == GAME else None
            # A tuple is plain (save_game joins any other); a str is checked.
            if text is not None and (isinstance(text, tuple) or plain(text)):
                if self._buf is None:
                    self._buf = memoryview(bytearray(BUFFER))
                data = pack_game(self._buf, self._seq[kind] + 1, text)
            else:
                data = pack(kind, self._seq[kind] + 1, obj)
            if self._main[kind] == OK and getattr(self.storage, "atomic", False):
                # A storage that replaces a file whole (littlefs): a power cut
                # leaves NAME as it was or as written, so no NAME.tmp and renames
                # (one flash commit instead of four or five).
                self.storage.write(name, data)
            else:
                self.storage.write(tmp, data)
                self._set_aside(kind)
                self.storage.rename(tmp, name)
        except OSError:
            from crisscross.storeload import save_failed

            save_failed(self, kind)  # learns what the storage holds now, warns
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
        elif not isinstance(code, str):
            raise ValueError("save_game needs the game's encode() string")
        if _same_game(self._data[GAME]["game"], code):
            return True
        if isinstance(code, tuple) and not plain(code):
            code = "".join(code)  # JSON must escape it: the general way
        # The body: a dict the store held before and let go, not a new one.
        obj = self._spare
        self._spare = None
        if obj is None:
            obj = {}
        obj["game"] = code
        held = self._data[GAME]
        if not self.commit(GAME, obj):
            self._spare = obj  # not held
            return False
        if len(held) == 1:  # only "game": no other key to carry along
            self._spare = held
        return True

    def load_game(self):
        """The saved game's string, or None when there is none."""
        game = self._data[GAME]["game"]
        return "".join(game) if isinstance(game, tuple) else game

    def clear_game(self):
        """Forget the game in progress (it ended or was abandoned)."""
        if self._data[GAME]["game"] is None:
            return True
        return self.commit(GAME, {"game": None})
