"""High scores, statistics, settings and the saved game: content and flash writes."""

from crisscross.memory_storage import FaultyStorage, MemoryStorage
from crisscross.records import HIGH_SCORES, LAST_SCORES
from crisscross import records
from crisscross.store import Store
from full_storage import FullStorage


def _raises_value_error(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("ValueError not raised")


def test_a_new_store_is_empty_and_writes_nothing():
    faulty = FaultyStorage(MemoryStorage())
    store = Store(faulty)
    assert store.load_game() is None
    assert records.high_scores(store, "digits") == []
    stats = records.stats(store, "digits")
    assert (
        stats["played"] == 0 and stats["mean10"] is None and stats["ranks"] == [0] * 5
    )
    assert records.settings(store) == {}
    assert records.keys(store) == []
    assert store.pop_warning() is None
    assert faulty.ops == 0


def test_high_scores_keep_the_best_five_best_first_with_date_and_code():
    store = Store(MemoryStorage())
    scores = [12, 30, 7, 30, 25, 3, 41, 18]
    places = []
    for i in range(len(scores)):
        date = "2026-11-%02d" % (i + 1)
        places.append(
            records.record_result(
                store, "symbols-basic", scores[i], 1, date, "CODE%03d" % i
            )
        )
    # A place is where the score went in the table then, or None when it missed it.
    assert places == [0, 0, 2, 1, 2, None, 0, 4]
    table = records.high_scores(store, "symbols-basic")
    assert [h["score"] for h in table] == [41, 30, 30, 25, 18]
    # Equal scores: the earlier game stays ahead.
    assert table[1]["date"] == "2026-11-02" and table[2]["date"] == "2026-11-04"
    assert table[0]["code"] == "CODE006" and table[0]["rank"] == 1
    assert len(table) == HIGH_SCORES
    assert records.high_scores(store, "symbols-advanced") == []  # keys are separate


def test_statistics_count_games_ranks_mean_and_recent_scores():
    store = Store(MemoryStorage())
    scores = list(range(-5, 25))  # 30 games, some scores negative
    for s in scores:
        rank = None if s < 0 else s % 5
        records.record_result(store, "digits-cc", s, rank, "", "")
    st = records.stats(store, "digits-cc")
    assert st["played"] == 30
    assert st["total"] == sum(scores)
    assert st["best"] == 24
    # mean 285 / 30 = 9.5 -> 95 tenths
    assert st["mean10"] == (sum(scores) * 10 + 15) // 30 == 95
    assert st["ranks"] == [5, 5, 5, 5, 5]  # the 5 games with rank None are not counted
    assert st["last"] == scores[-LAST_SCORES:]
    assert records.keys(store) == ["digits-cc"]


def test_mean_rounds_to_the_nearest_tenth_for_negative_scores_too():
    store = Store(MemoryStorage())
    for s in (-1, -2, -2):  # mean -5/3 = -1.666.. -> -17 tenths
        records.record_result(store, "digits", s)
    assert records.stats(store, "digits")["mean10"] == -17


def test_records_and_settings_survive_a_restart():
    st = MemoryStorage()
    store = Store(st)
    records.record_result(store, "symbols-advanced", 50, 4, "2026-11-22", "KD7MQ2X")
    records.save_settings(
        store, {"contrast": 80, "last": {"game": "symbols", "rules": "advanced"}}
    )
    again = Store(st)
    assert records.high_scores(again, "symbols-advanced") == [
        {"score": 50, "rank": 4, "date": "2026-11-22", "code": "KD7MQ2X"}
    ]
    assert records.stats(again, "symbols-advanced")["ranks"] == [0, 0, 0, 0, 1]
    assert records.settings(again)["last"]["rules"] == "advanced"


def test_game_save_load_clear_and_restart():
    st = MemoryStorage()
    store = Store(st)
    store.save_game("DIG|cc|42|1 2 3")
    assert Store(st).load_game() == "DIG|cc|42|1 2 3"
    store.clear_game()
    assert store.load_game() is None
    # Cleared means cleared after a restart too, although the backup holds the game.
    assert Store(st).load_game() is None


def test_saving_unchanged_data_writes_nothing():
    faulty = FaultyStorage(MemoryStorage())
    store = Store(faulty)
    store.save_game("G1")
    records.save_settings(store, {"contrast": 1})
    ops = faulty.ops
    # First saves: a write and a rename each (no old file to keep as a backup yet).
    assert ops == 4
    store.save_game("G1")
    records.save_settings(store, {"contrast": 1})
    store.clear_game()
    store.clear_game()
    assert faulty.ops == ops + 3  # only the first clear_game wrote (write + 2 renames)


def test_writes_per_game_are_bounded():
    # One write and two renames per move; at game end one records save and one clear.
    faulty = FaultyStorage(MemoryStorage())
    store = Store(faulty)
    store.save_game("move 0")
    moves = 20
    start_ops, start_bytes = faulty.ops, faulty.bytes_written
    for i in range(1, moves + 1):
        store.save_game("move %d" % i)
    assert faulty.ops - start_ops == 3 * moves
    records.finish_game(store, "digits", 40, 0, "2026-11-22", "AAAAAAA")
    assert faulty.ops - start_ops == 3 * moves + 2 + 3
    # Bytes: each move writes one small file, no more.
    assert faulty.bytes_written - start_bytes < moves * 80 + 400


def test_settings_are_copies_and_bad_settings_are_refused():
    store = Store(MemoryStorage())
    records.save_settings(store, {"list": [1, 2]})
    got = records.settings(store)
    got["list"].append(3)  # changing the copy changes nothing stored
    assert records.settings(store) == {"list": [1, 2]}
    assert records.save_settings(store, got)
    assert records.settings(store) == {"list": [1, 2, 3]}
    assert "string keys" in _raises_value_error(records.save_settings, store, {1: 2})
    assert "string keys" in _raises_value_error(records.save_settings, store, [1])
    assert "JSON" in _raises_value_error(records.save_settings, store, {"f": object()})
    assert records.settings(store) == {"list": [1, 2, 3]}


def test_bad_results_are_refused_with_a_reason_and_change_nothing():
    store = Store(MemoryStorage())
    assert "key" in _raises_value_error(records.record_result, store, "Bad Key", 1)
    assert "key" in _raises_value_error(records.record_result, store, "", 1)
    assert "score" in _raises_value_error(records.record_result, store, "digits", "12")
    assert "score" in _raises_value_error(records.record_result, store, "digits", True)
    assert "rank" in _raises_value_error(records.record_result, store, "digits", 1, 5)
    assert "rank" in _raises_value_error(records.record_result, store, "digits", 1, -1)
    assert "strings" in _raises_value_error(
        records.record_result, store, "digits", 1, 0, 20261122
    )
    assert "encode" in _raises_value_error(store.save_game, 12)
    assert records.keys(store) == [] and store.load_game() is None


def test_a_full_storage_gives_one_message_and_no_crash():
    st = FullStorage()
    store = Store(st)
    assert not store.save_game("G1")
    assert not store.save_game("G2")
    result = records.record_result(store, "digits", 9, None, "", "")
    assert result == 0
    assert records.stats(store, "digits")["played"] == 1  # still shown this session
    first = store.pop_warning()
    assert "could not be saved" in first and first.startswith("Saved game")
    second = store.pop_warning()
    assert second.startswith("High scores")
    assert store.pop_warning() is None  # each message once, not once per move
    st.full = False
    assert store.save_game("G3")
    assert Store(st).load_game() == "G3"
    assert store.pop_warning() is None


def test_finish_game_records_and_clears():
    st = MemoryStorage()
    store = Store(st)
    store.save_game("SYM|b|7|1 2")
    place = records.finish_game(store, "symbols-basic", 22, 3, "2026-11-22", "ABCDEFG")
    assert place == 0
    again = Store(st)
    assert again.load_game() is None
    assert records.stats(again, "symbols-basic")["played"] == 1
    # finish_game with no saved game (e.g. a game not saved) still records.
    records.finish_game(again, "symbols-basic", 5, None, "", "")
    assert records.stats(Store(st), "symbols-basic")["played"] == 2
