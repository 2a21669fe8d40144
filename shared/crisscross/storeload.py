"""The Store's loading code: reading and checking the save files, choosing each
file's newest intact copy, and the player's warnings about damage (docs/saves.md).

A game in progress only saves, so this is not part of crisscross.store: the Store
imports it when it is built and after a failed save (to learn what the storage
holds then). It uses the Store through its named API (storage, data, hold, found,
warn) and the format of crisscross.savefile. No screen or session names it, so
the app's one rule for memory unloads it (App.unload) and a board's heap does not
carry it during play (docs/architecture.md).
"""

import json

from crisscross.compat import const
from crisscross.savefile import (
    FORMAT_VERSION,
    GAME,
    KINDS,
    MAIN,
    MISSING,
    OK,
    RECORDS,
    SETTINGS,
    TMP,
    crc32,
    files,
)

_MAGIC = b"CCP"
_MAX_HEADER = const(80)  # a header line is far shorter; search no further for it
_HEX = "0123456789abcdef"

# The states of one copy of a file besides crisscross.savefile's OK and MISSING (the
# only ones a save tells apart: any other NAME is set aside as NAME.bad).
DAMAGED = "damaged"
NEWER = "newer"
FOREIGN = "foreign"

BAK = "bak"  # the loaded data came from NAME.bak (savefile: MAIN, TMP)

_LABELS = {GAME: "Saved game", RECORDS: "High scores", SETTINGS: "Settings"}
# What a state tells of the saved game (one) and of the others (many).
_TROUBLE = {
    DAMAGED: ("%s was damaged", "%s were damaged"),
    NEWER: ("%s is from a newer version", "%s are from a newer version"),
    FOREIGN: ("%s: not a Criss Cross file",) * 2,
}


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


def load(store):
    """Fill a new Store from its storage: each file's newest intact copy, or the
    defaults, with a warning for the player about any damage."""
    for kind in KINDS:
        _load(store, kind)
    game = store.data(GAME)["game"]
    done = store.data(RECORDS).get("done")
    if game is not None and done is not None:
        from crisscross.records import game_mark

        if done == game_mark(game):
            # records.finish_game counted this game, then the power went before
            # it was cleared.
            store.hold(GAME, {"game": None})


def scan(store, kind):
    """Find the newest intact copy; returns (seq, obj, source, states)."""
    name, tmp, bak, _ = files(kind)
    best = (0, None, None)
    states = []
    for source, fname in ((MAIN, name), (TMP, tmp), (BAK, bak)):
        try:
            raw = store.storage.read(fname)
        except Exception:  # an unreadable file is a damaged one
            raw = b""
        seq, obj = unpack(kind, raw)
        if seq is None:
            states.append(obj)
            continue
        states.append(OK)
        if best[2] is None or seq > best[0]:
            best = (seq, obj, source)
    store.found(kind, states[0], best[2], best[0])
    return best[0], best[1], best[2], states


def _load(store, kind):
    seq, obj, source, states = scan(store, kind)
    store.hold(kind, obj if source is not None else _defaults(kind))
    main = states[0]
    label = _LABELS[kind]
    if main in _TROUBLE:
        trouble = _TROUBLE[main][kind != GAME] % label
        if source is None:
            store.warn(trouble + "; starting afresh.")
        else:
            store.warn(trouble + "; the last good copy was used.")
        if main == NEWER:
            return  # kept as it is for the newer version, told at every start
    elif source is None and states[2] != MISSING:
        # Only a good main file becomes the backup, so a bad one means a loss.
        # (A damaged NAME.tmp alone is a save cut short: nothing was lost.)
        store.warn(label + " could not be read; starting afresh.")
    else:
        return
    # Save what was loaded at once: a bad NAME goes aside as NAME.bad, and the
    # next start finds a good one and has nothing to tell.
    store.commit(kind, store.data(kind))


def save_failed(store, kind):
    """After a save of `kind` failed with OSError: learn what the storage holds
    now, and tell the player (once per session)."""
    scan(store, kind)
    store.warn(_LABELS[kind] + " could not be saved (storage full or read-only).")
