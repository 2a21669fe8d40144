"""The storage contract: MemoryStorage, FaultyStorage, and FolderStorage on a real
folder (CPython's /tmp, or the in-memory filesystem of MicroPython-WebAssembly)."""

import os

from crisscross import storage
from crisscross.storage import FolderStorage
from crisscross.memory_storage import FaultyStorage, MemoryStorage, PowerLoss
from crisscross import records
from crisscross.store import Store

TEST_ROOT = "/tmp/ccp_store_test"


def _wipe(path):
    """Remove a folder tree made by these tests (MicroPython has no shutil)."""
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        child = path + "/" + name
        if os.stat(child)[0] & 0x4000:
            _wipe(child)
        else:
            os.remove(child)
    os.rmdir(path)


def _fresh_root(sub):
    root = TEST_ROOT + "/" + sub
    _wipe(root)
    return root


def _raises(exc, fn, *args):
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s not raised" % exc.__name__)


def _check_contract(st):
    """The five calls behave as storage.py documents, on any implementation."""
    assert st.read("a") is None
    assert st.names() == []
    st.write("b", b"second")
    st.write("a", b"first")
    assert st.read("a") == b"first"
    assert st.names() == ["a", "b"]
    st.write("a", b"1")  # a plain write replaces the whole content
    assert st.read("a") == b"1"
    st.rename("a", "b")  # onto an existing file: replaces it
    assert st.read("b") == b"1"
    assert st.read("a") is None
    st.rename("b", "c")
    assert st.names() == ["c"]
    st.remove("c")
    st.remove("c")  # missing: no error
    assert st.read("c") is None
    st.write("d", b"keep")
    _raises(OSError, st.rename, "missing", "d")
    assert st.read("d") == b"keep"  # a failed rename loses nothing
    st.write("e", bytes(range(256)))
    assert st.read("e") == bytes(range(256))
    _raises(ValueError, st.read, "../escape")
    _raises(ValueError, st.write, "", b"x")


def test_memory_storage_keeps_the_contract():
    _check_contract(MemoryStorage())


def test_folder_storage_keeps_the_contract_on_a_real_folder():
    root = _fresh_root("contract/deeper")
    st = FolderStorage(root)  # creates the missing parents too
    _check_contract(st)
    os.mkdir(root + "/adir")
    assert "adir" not in st.names()  # folders are not files
    # The bytes really are in the folder under the given name.
    f = open(root + "/d", "rb")
    assert f.read() == b"keep"
    f.close()
    _wipe(TEST_ROOT)


class _NoReplaceOs:
    """The real os module, except that rename refuses an existing target, like FAT."""

    def __init__(self, real):
        self.real = real
        self.refused = 0

    def rename(self, src, dst):
        try:
            self.real.stat(dst)
        except OSError:
            return self.real.rename(src, dst)
        self.refused += 1
        raise OSError(17, "exists")

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_folder_storage_replaces_on_a_filesystem_that_refuses_to():
    root = _fresh_root("fat")
    fake = _NoReplaceOs(os)
    storage.os = fake
    try:
        st = FolderStorage(root)
        _check_contract(st)
        assert fake.refused >= 1  # the remove-then-rename path really ran
    finally:
        storage.os = os
    _wipe(TEST_ROOT)


def test_store_saves_survive_a_restart_on_a_real_folder():
    root = _fresh_root("saves")
    store = Store(FolderStorage(root))
    assert store.load_game() is None
    store.save_game("SYM 1 2 3")
    store.save_game("SYM 1 2 3 4")
    records.record_result(store, "digits", 57, 2, "2026-11-22", "ABCDEFG")
    records.save_settings(store, {"contrast": 200})
    again = Store(FolderStorage(root))
    assert again.load_game() == "SYM 1 2 3 4"
    assert records.high_scores(again, "digits")[0]["score"] == 57
    assert records.settings(again) == {"contrast": 200}
    assert again.warnings == []
    names = FolderStorage(root).names()
    assert "game.sav" in names and "game.sav.bak" in names
    assert "game.sav.tmp" not in names  # a finished save leaves no temporary file
    _wipe(TEST_ROOT)


def test_memory_storage_snapshot_is_a_copy():
    st = MemoryStorage()
    st.write("a", b"1")
    snap = st.snapshot()
    st.write("a", b"2")
    assert MemoryStorage(snap).read("a") == b"1"


def test_a_write_of_parts_stores_them_in_order_on_every_storage():
    parts = (b"CCP1 ", b"", b"game", bytearray(b" 7"))
    root = _fresh_root("parts")
    for st in (MemoryStorage(), FolderStorage(root), FaultyStorage(MemoryStorage())):
        st.write("p", parts)
        assert st.read("p") == b"CCP1 game 7"
    cut = MemoryStorage()
    st = FaultyStorage(cut, fail_after_bytes=7)
    _raises(PowerLoss, st.write, "p", parts)
    assert cut.read("p") == b"CCP1 ga"  # a power cut inside the second part
    _wipe(TEST_ROOT)


def test_faulty_storage_truncates_a_write_at_the_byte_budget():
    inner = MemoryStorage()
    st = FaultyStorage(inner, fail_after_bytes=5)
    st.write("a", b"abc")
    _raises(PowerLoss, st.write, "b", b"defghij")
    assert inner.read("a") == b"abc"
    assert inner.read("b") == b"de"  # the first 2 bytes reached the flash
    _raises(PowerLoss, st.rename, "a", "c")  # no power, nothing more happens
    assert inner.names() == ["a", "b"]
    assert st.read("a") == b"abc"  # reading what is left still works


def test_faulty_storage_stops_before_the_chosen_operation():
    inner = MemoryStorage()
    st = FaultyStorage(inner, fail_at_op=2)
    st.write("a", b"1")
    st.rename("a", "b")
    _raises(PowerLoss, st.remove, "b")
    assert inner.names() == ["b"]
    assert st.ops == 2


def test_faulty_storage_can_split_a_replacing_rename_like_fat():
    inner = MemoryStorage({"old": b"new data", "target": b"old data"})
    st = FaultyStorage(inner, fail_at_op=1, rename_replaces=False)
    _raises(PowerLoss, st.rename, "old", "target")
    # The target was removed, the rename never happened.
    assert inner.names() == ["old"]
    whole = FaultyStorage(MemoryStorage({"x": b"1", "y": b"2"}), rename_replaces=False)
    whole.rename("x", "y")
    assert whole.ops == 2 and whole.inner.names() == ["y"]
