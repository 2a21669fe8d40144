"""Random bytes and random JSON as save files: no exception escapes, and the store
uses an intact copy or the defaults, then saves normally (CPython, hypothesis)."""

import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisscross import sharecode
from crisscross.memory_storage import MemoryStorage
from crisscross.savefile import KINDS, pack
from crisscross import records
from crisscross.store import Store
from crisscross.storeload import unpack

COPIES = ("", ".tmp", ".bak")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _good_files():
    """Two saves of each kind: NAME holds the second, NAME.bak the first."""
    storage = MemoryStorage()
    store = Store(storage)
    store.save_game("SYM|a|3|1")
    store.save_game("SYM|a|3|1 2")
    records.record_result(store, "digits", 17, 2, "2026-11-22", "ABCDEFG")
    records.record_result(store, "digits", 23, 1, "2026-11-23", "BCDEFGH")
    records.save_settings(store, {"contrast": 8})
    records.save_settings(store, {"contrast": 9})
    return storage.snapshot()


def _state(store, kind):
    """What the player sees of one kind of file."""
    if kind == "game":
        return store.load_game()
    if kind == "records":
        return records.stats(store, "digits")["last"]
    return records.settings(store)


# What each kind loads from the second save (NAME) and from the first (NAME.bak).
NEWEST = {"game": "SYM|a|3|1 2", "records": [17, 23], "settings": {"contrast": 9}}
PREVIOUS = {"game": "SYM|a|3|1", "records": [17], "settings": {"contrast": 8}}


def _check_usable(store, storage):
    """Whatever was loaded is well formed and the store can save and reload."""
    game = store.load_game()
    assert game is None or isinstance(game, str)
    for key in records.keys(store):
        records.high_scores(store, key)
        records.stats(store, key)
    assert isinstance(records.settings(store), dict)
    while store.pop_warning() is not None:
        pass
    assert store.save_game("NEW GAME")
    records.record_result(store, "digits", 5)
    assert records.save_settings(store, {"x": 1})
    again = Store(storage)
    assert again.load_game() == "NEW GAME"
    assert records.settings(again) == {"x": 1}
    assert records.stats(again, "digits")["last"][-1] == 5
    assert again.warnings == []


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(KINDS),
    copy=st.sampled_from(COPIES),
    data=st.binary(max_size=200),
)
def test_random_bytes_in_any_copy_of_any_file(kind, copy, data):
    files = _good_files()
    files[kind + ".sav" + copy] = data
    storage = MemoryStorage(files)
    store = Store(storage)
    if unpack(kind, data)[0] is None:
        if copy == "":
            # A bad main file: the backup, i.e. the previous save, and one message.
            assert _state(store, kind) == PREVIOUS[kind]
            assert len(store.warnings) == 1
        else:
            # A bad backup or temporary copy changes nothing the player sees.
            assert _state(store, kind) == NEWEST[kind]
            assert store.warnings == []
    _check_usable(store, storage)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), obj=json_values, seq=st.integers(0, 10**6))
def test_random_json_with_a_valid_header(kind, obj, seq):
    storage = MemoryStorage({kind + ".sav": pack(kind, seq, obj)})
    store = Store(storage)
    if store.warnings:
        assert "damaged" in store.warnings[0]
    _check_usable(store, storage)


@settings(max_examples=200)
@given(body=st.binary(max_size=80), junk=st.binary(max_size=80))
def test_every_copy_random_means_defaults_and_no_exception(body, junk):
    files = {}
    for kind in KINDS:
        files[kind + ".sav"] = b"CCP1 " + kind.encode() + b" " + body
        files[kind + ".sav.bak"] = junk
        files[kind + ".sav.tmp"] = body + junk
    storage = MemoryStorage(files)
    store = Store(storage)
    assert store.load_game() is None and records.keys(store) == []
    _check_usable(store, storage)


def test_random_json_without_a_header_is_foreign():
    for text in ('{"game": "SYM"}', "[]", "null", '"CCP1"'):
        store = Store(MemoryStorage({"game.sav": text.encode()}))
        assert store.load_game() is None
        assert "not a Criss Cross file" in store.pop_warning()


@settings(max_examples=300)
@given(
    seed=st.integers(0, sharecode.SEEDS - 1),
    variant=st.integers(0, sharecode.VARIANTS - 1),
)
def test_share_code_round_trip(seed, variant):
    code = sharecode.encode(seed, variant)
    assert sharecode.decode_variant(code) == (variant, seed)
    assert sharecode.decode_variant(sharecode.pretty(code).lower()) == (variant, seed)


@settings(max_examples=500)
@given(text=st.text(max_size=12))
def test_any_text_decodes_or_gets_a_message(text):
    try:
        variant, seed = sharecode.decode_variant(text)
    except ValueError as e:
        assert str(e)
    else:
        assert sharecode.encode(seed, variant) == sharecode.clean(text)


def test_day_numbers_match_datetime_for_every_day_from_1900_to_2200():
    epoch = datetime.date(2000, 1, 1)
    day = datetime.date(1900, 1, 1)
    end = datetime.date(2200, 12, 31)
    one = datetime.timedelta(days=1)
    while day <= end:
        got = (
            sharecode._days_from_civil(day.year, day.month, day.day)
            - sharecode.EPOCH_DAYS
        )
        assert got == (day - epoch).days
        day += one


def test_no_two_dates_in_years_1_to_9999_share_a_daily_seed():
    # Day numbers are consecutive, so checking mix24 on their whole range suffices.
    first = sharecode._days_from_civil(1, 1, 1) - sharecode.EPOCH_DAYS
    last = sharecode._days_from_civil(9999, 12, 31) - sharecode.EPOCH_DAYS
    seen = bytearray(sharecode.SEEDS)
    for days in range(first, last + 1):
        s = sharecode.mix24(days + sharecode._DAILY_SALT)
        assert not seen[s]
        seen[s] = 1
    assert sum(seen) == last - first + 1
