"""A game save packed into the store's buffer (savefile.pack_game): the same
file as the general way, whatever the text's length and parts, kept apart from the
next save, and a card move's save makes little garbage (measured in MicroPython)."""

import os
import sys

from appdriver import Driver
from crisscross import store as store_module
from crisscross.cards import session as cs
from crisscross.memory_storage import FaultyStorage, MemoryStorage, PowerLoss, joined
from crisscross.savefile import GAME, HEAD_ROOM, pack, pack_game
from crisscross.storage import FolderStorage
from crisscross.store import Store
from crisscross.storeload import unpack

TEXTS = (
    "",
    "a",
    "cards|2|ha|easy|C9AAAAA|||1077852|YR|d23d48a7,a076fac1|Y2Ad4,R1Ce4",
    "S|basic|2|3|" + "12" * 200,
    "p 10,-12,Q/" * 150,  # a word game's long save: longer than the buffer
)
# Most a card move's save may allocate in MicroPython (its code, the moves text
# again, the CRC's int, slices, the file object); without the buffer, more.
SAVE_BYTES = 400


def test_a_game_packed_into_a_buffer_is_the_file_pack_writes():
    for text in TEXTS:
        half = len(text) // 2
        for seq in (1, 9, 10, 12345):
            want = pack(GAME, seq, {"game": text})
            for parts in (text, (text,), (text[:half], text[half:]), ("", text, "")):
                for room in (HEAD_ROOM, len(want) - 1, len(want), 512):
                    buf = memoryview(bytearray(b"x" * room))
                    out = pack_game(buf, seq, parts)
                    if room >= len(want):  # whole, in the buffer
                        assert not isinstance(out, tuple) and bytes(out) == want
                        assert bytes(buf[len(want) :]) == b"x" * (room - len(want))
                        continue
                    assert isinstance(out, tuple), (room, len(want))
                    assert joined(out) == want, (seq, parts, room)


def test_saves_through_the_buffer_are_the_files_and_load_back():
    # A text growing from nothing to past the buffer: every file is what the
    # general way writes, a copy set aside keeps its own bytes (the buffer is
    # used again by the next save), and a new store loads the last one.
    for atomic in (False, True):
        st = FaultyStorage(MemoryStorage(), atomic=atomic)
        store = Store(st)
        text = "cards|2|ha|hard||||5|YR|1,2|"
        before = None
        while len(text) < store_module.BUFFER + 200:
            text += "Y2Ad4,"
            parts = (text[:20], text[20:])
            assert store.save_game(parts)
            data = st.inner.files["game.sav"]
            seq = unpack(GAME, data)[0]
            assert data == pack(GAME, seq, {"game": text})
            if before is not None and not atomic:
                assert st.inner.files["game.sav.bak"] == before
            before = data
            assert Store(st.inner).load_game() == text


def test_a_power_cut_in_a_buffered_save_keeps_the_last_state():
    for atomic in (False, True):
        cut = 0
        while True:
            st = FaultyStorage(MemoryStorage(), atomic=atomic)
            store = Store(st)
            assert store.save_game(("cards|2|ha|hard||||5|YR|1,2|", "Y2Ad4"))
            st.fail_after_bytes = st.bytes_written + cut
            try:
                store.save_game(("cards|2|ha|hard||||5|YR|1,2|", "Y2Ad4,R1Ce4"))
            except PowerLoss:
                pass
            loaded = Store(st.inner).load_game()
            assert loaded.endswith("|Y2Ad4") or loaded.endswith("R1Ce4"), cut
            if not st.dead:
                break
            cut += 5


def test_a_card_move_saves_with_little_garbage():
    # On a folder written in place, as a board's littlefs: after the first save
    # (which makes the buffer), a move's save allocates its code, the moves
    # text, the CRC's int, a slice or two and the file object.
    if sys.implementation.name != "micropython":
        return  # CPython allocates for everything: nothing to measure
    import gc

    root = "/tmp/ccp_store_buffer"
    for name in ("game.sav", "game.sav.tmp", "game.sav.bak"):
        try:
            os.remove(root + "/" + name)
        except OSError:
            pass
    d = Driver(seed=8, storage=FolderStorage(root, True))
    d.start_game("right right")  # Cards against one AI seat
    s = d.app.session
    assert s.phase == cs.PLAY, s.phase
    used = []
    for _ in range(5):
        card, x, y = s.hint()
        s.play(card, x, y)
        gc.collect()
        before = gc.mem_alloc()
        d.app.save()
        used.append(gc.mem_alloc() - before)
        if s.phase == cs.AI_TURN:
            s.ai_step()
            d.app.save()
    assert max(used[1:]) <= SAVE_BYTES, used
