"""High scores, statistics and settings: the parts of the save files that a game
in progress never needs, as functions over a crisscross.store.Store.

    records.finish_game(store, key, score, rank, date, share_code) -> place
    records.record_result(store, key, score, rank, date, share_code) -> place
    records.high_scores(store, key)   records.stats(store, key)
    records.keys(store)               records.settings(store)
    records.save_settings(store, settings)

Imported where used (at start-up by the store's loading code, at a game's end,
on the high scores and New game screens), they use the Store through its named
API (data, hold, commit). Only the high scores screen keeps this module
(crisscross.resident), so the app unloads it at the next change of screen and the play screen
and the AI's search never carry its code (docs/architecture.md).
"""

import json

from crisscross.compat import const
from crisscross.savefile import GAME, RECORDS, SETTINGS, crc32

HIGH_SCORES = const(5)  # entries kept per game key
_RANKS = const(5)  # rank counts per game key (rank index 0..4)
LAST_SCORES = const(20)  # recent scores kept per game key
_MAX_KEY_LENGTH = const(24)

_KEY_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def _is_int(x):
    return type(x) is int  # not bool: True is an int to isinstance


def _is_key(key):
    if not isinstance(key, str) or not 0 < len(key) <= _MAX_KEY_LENGTH:
        return False
    for c in key:
        if c not in _KEY_CHARS:
            return False
    return True


def _int_list(items, length=None, most=None):
    if not isinstance(items, list):
        return False
    if length is not None and len(items) != length:
        return False
    if most is not None and len(items) > most:
        return False
    for x in items:
        if not _is_int(x):
            return False
    return True


def _valid_high(entry):
    if not isinstance(entry, list) or len(entry) != 4:
        return False
    score, rank, date, code = entry
    if rank is not None and not (_is_int(rank) and 0 <= rank < _RANKS):
        return False
    return _is_int(score) and isinstance(date, str) and isinstance(code, str)


def _valid_entry(entry):
    if not isinstance(entry, dict):
        return False
    for name in ("high", "played", "total", "best", "ranks", "last"):
        if name not in entry:
            return False
    high = entry["high"]
    if not isinstance(high, list) or len(high) > HIGH_SCORES:
        return False
    for h in high:
        if not _valid_high(h):
            return False
    best = entry["best"]
    return (
        _is_int(entry["played"])
        and entry["played"] >= 0
        and _is_int(entry["total"])
        and (best is None or _is_int(best))
        and _int_list(entry["ranks"], length=_RANKS)
        and _int_list(entry["last"], most=LAST_SCORES)
    )


def valid_records(obj):
    """True if `obj` is a records file's body."""
    if not isinstance(obj, dict) or not isinstance(obj.get("keys"), dict):
        return False
    done = obj.get("done")
    if done is not None and not _is_int(done):
        return False
    latest = obj.get("latest")
    if latest is not None and not _is_key(latest):
        return False
    for key in obj["keys"]:
        if not _is_key(key) or not _valid_entry(obj["keys"][key]):
            return False
    return True


def valid_settings(obj):
    """True if `obj` is a settings file's body: a dict with string keys."""
    if not isinstance(obj, dict):
        return False
    for key in obj:
        if not isinstance(key, str):
            return False
    return True


def _copy(obj):
    # A deep copy, so callers cannot change what the store compares against.
    return json.loads(json.dumps(obj))


def game_mark(code):
    """Identifies a game save string (or its parts), so a recorded game is not
    resumed."""
    if isinstance(code, tuple):
        code = "".join(code)  # once, at a game's end
    return crc32(code.encode())


def record_result(store, key, score, rank=None, date="", share_code=""):
    """Add a finished game's result; returns its high-score place (0..4) or None.

    `key` names the game and rules ("symbols-basic", "digits-cc"...), `rank` is
    the index of the rank reached (0..4) or None, `date` e.g. "2026-11-22".
    """
    done = store.data(RECORDS).get("done")
    return _record(store, key, score, rank, date, share_code, done)


def finish_game(store, key, score, rank=None, date="", share_code=""):
    """record_result, then the store's clear_game, safe against a power cut in
    between: the records remember which saved game they counted, so that game
    is not offered for resuming (and counted twice) after a restart."""
    game = store.data(GAME)["game"]
    done = game_mark(game) if game is not None else None
    place = _record(store, key, score, rank, date, share_code, done)
    store.clear_game()
    return place


def _record(store, key, score, rank, date, share_code, done):
    """record_result and finish_game: add a result, return its place or None."""
    if not _is_key(key):
        raise ValueError(
            "game key must be 1-%d of a-z 0-9 -: %r" % (_MAX_KEY_LENGTH, key)
        )
    if not _is_int(score):
        raise ValueError("score must be an int: %r" % (score,))
    if rank is not None and not (_is_int(rank) and 0 <= rank < _RANKS):
        raise ValueError("rank must be None or 0..%d: %r" % (_RANKS - 1, rank))
    if not isinstance(date, str) or not isinstance(share_code, str):
        raise ValueError("date and share code must be strings")
    records = _copy(store.data(RECORDS))
    keys = records["keys"]
    entry = keys.get(key)
    if entry is None:
        entry = {
            "high": [],
            "played": 0,
            "total": 0,
            "best": None,
            "ranks": [0] * _RANKS,
            "last": [],
        }
        keys[key] = entry
    high = entry["high"]
    place = None
    for i in range(len(high)):
        if score > high[i][0]:  # equal scores: the earlier one stays ahead
            place = i
            break
    if place is None and len(high) < HIGH_SCORES:
        place = len(high)
    if place is not None:
        high.insert(place, [score, rank, date, share_code])
        del high[HIGH_SCORES:]
    entry["played"] += 1
    entry["total"] += score
    if entry["best"] is None or score > entry["best"]:
        entry["best"] = score
    if rank is not None:
        entry["ranks"][rank] += 1
    entry["last"].append(score)
    del entry["last"][:-LAST_SCORES]
    records["done"] = done
    records["latest"] = key
    if not store.commit(RECORDS, records):
        store.hold(RECORDS, records)  # still shown this session
    return place


def high_scores(store, key):
    """Best results first: a list of {"score", "rank", "date", "code"}."""
    entry = store.data(RECORDS)["keys"].get(key)
    if entry is None:
        return []
    return [
        {"score": h[0], "rank": h[1], "date": h[2], "code": h[3]} for h in entry["high"]
    ]


def stats(store, key):
    """{"played", "total", "best", "mean10" (mean x 10, rounded), "ranks", "last"}."""
    entry = store.data(RECORDS)["keys"].get(key)
    if entry is None:
        return {
            "played": 0,
            "total": 0,
            "best": None,
            "mean10": None,
            "ranks": [0] * _RANKS,
            "last": [],
        }
    played = entry["played"]
    mean10 = (20 * entry["total"] + played) // (2 * played) if played else None
    return {
        "played": played,
        "total": entry["total"],
        "best": entry["best"],
        "mean10": mean10,
        "ranks": list(entry["ranks"]),
        "last": list(entry["last"]),
    }


def latest(store):
    """The game key of the result recorded last, or None."""
    return store.data(RECORDS).get("latest")


def keys(store):
    """The game keys with records, sorted."""
    return sorted(store.data(RECORDS)["keys"])


def settings(store):
    """A copy of the settings dict (empty at first)."""
    return _copy(store.data(SETTINGS))


def save_settings(store, settings):
    """Save a dict of JSON data with string keys; writes only if it changed."""
    if not valid_settings(settings):
        raise ValueError("settings must be a dict with string keys")
    try:
        settings = _copy(settings)
    except (TypeError, ValueError):
        raise ValueError("settings must hold only JSON data (int, str, list, dict)")
    if settings == store.data(SETTINGS):
        return True
    if not store.commit(SETTINGS, settings):
        store.hold(SETTINGS, settings)
        return False
    return True
