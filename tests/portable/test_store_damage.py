"""Damaged, truncated, foreign and newer-version save files are never fatal: the
last good copy is used, the player is told once, and the bad file is kept."""

from crisscross import savefile
from crisscross.memory_storage import MemoryStorage
from crisscross import records
from crisscross.savefile import crc32, crc32_slow, pack
from crisscross.store import Store
from crisscross.storeload import unpack

OLD = "SYM|a|5|1 2 3"
NEW = "SYM|a|5|1 2 3 4"


def _two_saves():
    st = MemoryStorage()
    store = Store(st)
    store.save_game(OLD)
    store.save_game(NEW)
    return st


def _damage(st, name, data):
    st.write(name, data)
    return st


def test_every_flipped_byte_of_the_main_file_falls_back_to_the_backup():
    good = _two_saves().read("game.sav")
    for i in range(len(good)):
        for mask in (0x01, 0x80, 0xFF):
            bad = bytearray(good)
            bad[i] ^= mask
            st = _damage(_two_saves(), "game.sav", bytes(bad))
            store = Store(st)
            assert store.load_game() == OLD, (i, mask)
            text = store.pop_warning()
            assert text.startswith("Saved game") and "last good copy" in text, text
            assert store.pop_warning() is None


def test_every_truncation_of_the_main_file_falls_back_to_the_backup():
    good = _two_saves().read("game.sav")
    for n in range(len(good)):
        store = Store(_damage(_two_saves(), "game.sav", good[:n]))
        assert store.load_game() == OLD, n
        assert "was damaged" in store.pop_warning()


def test_the_bad_file_is_kept_and_the_backup_is_not_replaced_by_it():
    st = _two_saves()
    bad = b"CCP1 game 2 99 00000000\n{garbage"
    st.write("game.sav", bad)
    store = Store(st)
    assert store.load_game() == OLD
    store.save_game("NEXT")
    assert st.read("game.sav.bad") == bad  # kept for inspection
    assert unpack("game", st.read("game.sav.bak"))[1] == {"game": OLD}
    # Now damage the new main file: the backup is still the good old game.
    st.write("game.sav", b"")
    assert Store(st).load_game() == OLD


def test_a_newer_version_file_is_reported_kept_and_not_used():
    st = _two_saves()
    future = b"CCP2 game 9 2 12345678\n{}"
    st.write("game.sav", future)
    store = Store(st)
    assert store.load_game() == OLD
    assert "newer version" in store.pop_warning()
    store.save_game("MINE")
    assert st.read("game.sav.bad") == future


def test_a_bad_file_is_set_aside_at_once_so_the_next_start_has_nothing_to_tell():
    st = _two_saves()
    bad = b"CCP1 game 2 99 00000000\n{garbage"
    st.write("game.sav", bad)
    first = Store(st)
    assert first.load_game() == OLD and "last good copy" in first.pop_warning()
    assert st.read("game.sav.bad") == bad  # kept for inspection
    again = Store(st)
    assert again.load_game() == OLD
    assert again.pop_warning() is None


def test_files_with_no_good_copy_are_told_once_and_start_afresh_quietly_after():
    st = MemoryStorage(
        {
            "game.sav": b"CC",
            "game.sav.bak": b"junk",
            "records.sav.bak": b"CCP1 rec",  # no main file: a lost backup
            "settings.sav": b"CCP1 settings 3 2 0badc0de\n{}",
        }
    )
    first = Store(st)
    assert [first.pop_warning() for _ in range(4)] == [
        "Saved game was damaged; starting afresh.",
        "High scores could not be read; starting afresh.",
        "Settings were damaged; starting afresh.",
        None,
    ]
    again = Store(st)
    assert again.pop_warning() is None
    assert again.load_game() is None and records.settings(again) == {}


def test_a_newer_version_file_is_told_at_every_start_until_a_save():
    # Left as it is: the newer version it came from may yet read it.
    st = _two_saves()
    future = b"CCP2 records 9 2 12345678\n{}"
    st.write("records.sav", future)
    for _ in range(2):
        store = Store(st)
        assert store.pop_warning() == (
            "High scores are from a newer version; starting afresh."
        )
        assert st.read("records.sav") == future


def test_a_foreign_file_is_reported_and_not_used():
    for foreign in (b"hello world", b"\x00\xff" * 30, b"CCPX", b"{}", b'{"game": "x"}'):
        st = _damage(_two_saves(), "game.sav", foreign)
        store = Store(st)
        assert store.load_game() == OLD
        assert "not a Criss Cross file" in store.pop_warning(), foreign


def test_a_file_of_another_kind_in_the_wrong_place_is_not_used():
    st = _two_saves()
    st.write("game.sav", pack("records", 7, {"done": None, "keys": {}}))
    store = Store(st)
    assert store.load_game() == OLD
    assert "not a Criss Cross file" in store.pop_warning()


def test_intact_files_with_the_wrong_content_are_treated_as_damaged():
    wrong = [
        ("game", {"game": 12}),
        ("game", ["x"]),
        ("records", {"keys": {"digits": {"high": "no"}}}),
        ("records", {"keys": {"Bad Key!": {}}}),
        ("records", {"done": None, "keys": []}),
        ("settings", [1, 2]),
    ]
    for kind, obj in wrong:
        st = MemoryStorage()
        st.write(kind + ".sav", pack(kind, 1, obj))
        store = Store(st)
        assert " damaged; starting afresh" in store.pop_warning(), (kind, obj)
        assert (
            store.load_game() is None
            and records.keys(store) == []
            and records.settings(store) == {}
        )


def test_an_intact_records_file_without_done_is_used_as_it_is():
    # "done" (the saved game the records last counted) is optional: a records
    # file without it keeps its scores, and the game starts and records more.
    st = MemoryStorage()
    store = Store(st)
    records.record_result(store, "digits", 30)
    body = dict(store.data("records"))
    del body["done"]
    st.write("records.sav", pack("records", 1, body))
    st.write("game.sav", pack("game", 1, {"game": OLD}))
    store = Store(st)
    assert store.pop_warning() is None
    assert store.load_game() == OLD
    assert [h["score"] for h in records.high_scores(store, "digits")] == [30]
    assert records.record_result(store, "digits", 40) == 0
    assert [h["score"] for h in records.high_scores(store, "digits")] == [40, 30]


def test_when_nothing_is_usable_the_defaults_are_used_and_the_player_told():
    st = MemoryStorage(
        {"game.sav": b"CC", "game.sav.bak": b"junk", "game.sav.tmp": b""}
    )
    store = Store(st)
    assert store.load_game() is None
    assert store.pop_warning() == "Saved game was damaged; starting afresh."
    assert store.pop_warning() is None
    store.save_game("FRESH")
    assert Store(st).load_game() == "FRESH"
    assert st.read("game.sav.bad") == b"CC"


def test_a_bad_backup_without_a_main_file_is_reported():
    store = Store(MemoryStorage({"records.sav.bak": b"CCP1 rec"}))
    assert store.pop_warning() == "High scores could not be read; starting afresh."


def test_each_damaged_file_gives_one_message_in_a_fixed_order():
    st = MemoryStorage()
    store = Store(st)
    store.save_game(OLD)
    records.record_result(store, "digits", 3)
    records.save_settings(store, {"a": 1})
    for name in ("game.sav", "records.sav", "settings.sav"):
        st.write(name, b"CCP1 broken")
    store = Store(st)
    texts = [store.pop_warning() for _ in range(4)]
    assert texts[0].startswith("Saved game")
    assert texts[1].startswith("High scores")
    assert texts[2].startswith("Settings")
    assert texts[3] is None
    assert store.load_game() is None  # no good copy of any of them: defaults
    assert records.stats(store, "digits")["played"] == 0


class _BrokenReads(MemoryStorage):
    """A storage whose reads fail for one name (a flash read error)."""

    def read(self, name):
        if name == "game.sav":
            raise OSError(5, "EIO")
        return MemoryStorage.read(self, name)


def test_a_read_error_counts_as_a_damaged_file():
    st = _BrokenReads(_two_saves().snapshot())
    store = Store(st)
    assert store.load_game() == OLD
    assert "damaged" in store.pop_warning()


def test_crc32_fallback_matches_the_builtin():
    samples = [b"", b"a", b"hello", bytes(range(256)), b"CCP1 game 1 2 "]
    for data in samples:
        assert crc32_slow(data) == crc32(data)
    assert crc32(b"123456789") == 0xCBF43926  # the CRC-32 check value
    # With the fallback in force the whole store still works.
    saved = savefile._crc32
    savefile._crc32 = None
    try:
        st = _two_saves()
        assert Store(st).load_game() == NEW
    finally:
        savefile._crc32 = saved
