"""Power loss at every byte of every write and between every two operations of a
save: after a restart the store always holds the last good state, never a mix."""

from crisscross.memory_storage import FaultyStorage, MemoryStorage, PowerLoss
from crisscross import records
from crisscross.store import Store

# Successive game saves; growing lengths so that a truncated file could be misread.
GAMES = ["SYM|a|1|", "SYM|a|1|3 4", "SYM|a|1|3 4 5 9", "SYM|a|1|3 4 5 9 12 " + "x" * 30]
# A save leaves at most these files: main, backup, and a temporary copy.
ALLOWED_SUFFIXES = (".sav", ".sav.bak", ".sav.tmp")
# (rename_replaces, atomic): littlefs-like renames, FAT, littlefs's in-place writes.
MODES = ((True, False), (False, False), (True, True))


def _storage_after(saves):
    st = MemoryStorage()
    store = Store(st)
    for code in saves:
        assert store.save_game(code)
    return st


def _full_run(snapshot, action, rename_replaces, atomic=False):
    """Run `action` with no fault: (operations, bytes written)."""
    faulty = FaultyStorage(
        MemoryStorage(snapshot), rename_replaces=rename_replaces, atomic=atomic
    )
    action(Store(faulty))
    return faulty.ops, faulty.bytes_written


def _cuts(snapshot, action, rename_replaces=True, byte_step=None, atomic=False):
    """Every place the power can go during `action(store)`.

    Yields (storage as left on the flash, bytes that reached it). One cut before
    each operation, one after every `byte_step`-th byte written (and before the
    last), and the run without a cut.
    """
    ops, total = _full_run(snapshot, action, rename_replaces, atomic)
    if byte_step is None:
        # FAT-style renames change only the renames: every 3rd byte is plenty there.
        byte_step = 1 if rename_replaces else 3
    cut_bytes = list(range(0, total, byte_step))
    if total - 1 not in cut_bytes:
        cut_bytes.append(total - 1)  # the last byte missing: the subtlest cut
    plans = [("op", k) for k in range(ops)] + [("bytes", b) for b in cut_bytes]
    for kind, n in plans:
        inner = MemoryStorage(snapshot)
        if kind == "op":
            faulty = FaultyStorage(
                inner, fail_at_op=n, rename_replaces=rename_replaces, atomic=atomic
            )
        else:
            faulty = FaultyStorage(
                inner,
                fail_after_bytes=n,
                rename_replaces=rename_replaces,
                atomic=atomic,
            )
        try:
            action(Store(faulty))
        except PowerLoss:
            pass
        else:
            raise AssertionError("the power did not go at %s %d" % (kind, n))
        assert faulty.dead
        yield inner, faulty.bytes_written
    inner = MemoryStorage(snapshot)
    action(Store(FaultyStorage(inner, rename_replaces=rename_replaces, atomic=atomic)))
    yield inner, total


def _restart(inner):
    store = Store(inner)
    # A power cut is not damage: the player is not told about anything.
    assert store.warnings == [], store.warnings
    for name in inner.names():
        assert name[name.find(".") :] in ALLOWED_SUFFIXES, name
    return store


def _check_game_save(before, rename_replaces, atomic=False):
    snapshot = _storage_after(GAMES[:before]).snapshot()
    previous = GAMES[before - 1] if before else None
    new = GAMES[before]

    def action(store):
        store.save_game(new)

    _, write_bytes = _full_run(snapshot, action, rename_replaces, atomic)
    cuts = 0
    for inner, written in _cuts(snapshot, action, rename_replaces, atomic=atomic):
        cuts += 1
        # Until the whole new copy is on the flash the old state stands; after, the new.
        expected = new if written == write_bytes else previous
        assert _restart(inner).load_game() == expected, (before, written)
    assert cuts > write_bytes // 3  # the bytes and every operation were tried


def test_power_loss_anywhere_in_a_game_save_keeps_the_last_good_state():
    for before in range(len(GAMES)):
        _check_game_save(before, rename_replaces=True)


def test_power_loss_anywhere_in_a_save_on_fat_keeps_the_last_good_state():
    # On FAT a rename onto an existing file is a remove and a rename: cut between.
    for before in range(len(GAMES)):
        _check_game_save(before, rename_replaces=False)


def test_power_loss_anywhere_in_a_save_in_place_keeps_the_last_good_state():
    # littlefs: a file written over is replaced whole, so the store writes the
    # game file in place (one operation) once the main file is intact.
    for before in range(len(GAMES)):
        _check_game_save(before, rename_replaces=True, atomic=True)
    snapshot = _storage_after(GAMES[:2]).snapshot()
    faulty = FaultyStorage(MemoryStorage(snapshot), atomic=True)
    Store(faulty).save_game(GAMES[2])
    assert faulty.ops == 1 and faulty.inner.read("game.sav.tmp") is None


def test_a_second_power_loss_after_recovering_loses_nothing_more():
    # The first cut leaves the new copy only in game.sav.tmp (no main file); the
    # next save must not overwrite it before it is safe.
    for rename_replaces, atomic in MODES:
        snapshot = _storage_after(GAMES[:2]).snapshot()

        def first(store):
            store.save_game(GAMES[2])

        for inner, _ in _cuts(snapshot, first, rename_replaces, 16, atomic):
            recovered = _restart(inner).load_game()
            assert recovered in (GAMES[1], GAMES[2])
            snap2 = inner.snapshot()

            def second(store, recovered=recovered):
                assert store.load_game() == recovered
                store.save_game(GAMES[3])

            _, write_bytes = _full_run(snap2, second, rename_replaces, atomic)
            for inner2, written in _cuts(snap2, second, rename_replaces, 5, atomic):
                got = _restart(inner2).load_game()
                assert got == (GAMES[3] if written == write_bytes else recovered)


def _played(store):
    return records.stats(store, "symbols-basic")["played"]


def test_power_loss_while_finishing_a_game_never_counts_it_twice_or_loses_it():
    for rename_replaces, atomic in MODES:
        store = Store(MemoryStorage())
        records.record_result(store, "symbols-basic", 10, 1, "2026-11-21", "AAAAAAA")
        store.save_game(GAMES[3])
        snapshot = store.storage.snapshot()

        def finish(s):
            records.finish_game(s, "symbols-basic", 31, 2, "2026-11-22", "BBBBBBB")

        records_bytes = None
        outcomes = []
        for inner, written in _cuts(snapshot, finish, rename_replaces, atomic=atomic):
            after = _restart(inner)
            played = _played(after)
            resumable = after.load_game() is not None
            # Either the game is still open and not yet counted, or counted and closed.
            assert (played, resumable) in ((1, True), (2, False)), (written, played)
            if played == 2 and records_bytes is None:
                records_bytes = written
            outcomes.append(played)
            if played == 2:
                assert records.high_scores(after, "symbols-basic")[0]["score"] == 31
                # The player may start a new game, and it is saved as usual.
                after.save_game(GAMES[0])
                assert Store(inner).load_game() == GAMES[0]
        assert outcomes[0] == 1 and outcomes[-1] == 2


def test_power_loss_in_a_records_save_keeps_the_old_records_or_the_new():
    store = Store(MemoryStorage())
    for score in (5, 9, 7):
        records.record_result(store, "digits", score, None, "", "")
    snapshot = store.storage.snapshot()

    def record(s):
        records.record_result(s, "digits", 12, 4, "2026-11-22", "CCCCCCC")

    for rename_replaces, atomic in MODES:
        _, write_bytes = _full_run(snapshot, record, rename_replaces, atomic)
        for inner, written in _cuts(snapshot, record, rename_replaces, atomic=atomic):
            stats = records.stats(_restart(inner), "digits")
            if written == write_bytes:
                assert stats["last"] == [5, 9, 7, 12] and stats["ranks"][4] == 1
            else:
                assert stats["last"] == [5, 9, 7] and stats["ranks"][4] == 0


def test_power_loss_in_a_settings_save_keeps_the_old_settings_or_the_new():
    store = Store(MemoryStorage())
    records.save_settings(store, {"contrast": 100, "last": ["symbols", "basic"]})
    snapshot = store.storage.snapshot()
    new = {"contrast": 255, "last": ["digits", "cc"]}

    def change(s):
        records.save_settings(s, new)

    _, write_bytes = _full_run(snapshot, change, True)
    for inner, written in _cuts(snapshot, change):
        got = records.settings(_restart(inner))
        assert got == (
            new
            if written == write_bytes
            else {"contrast": 100, "last": ["symbols", "basic"]}
        )
