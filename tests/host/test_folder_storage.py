"""FolderStorage.rename on a filesystem that refuses to rename onto an existing
file (FAT, Windows: EEXIST) replaces it; any other refusal leaves both files as
they were, the backup copy a save keeps included."""

import errno
import os

import pytest

from crisscross import storage
from crisscross.storage import FolderStorage


def _refusing(code, real=os.rename):
    def rename(src, dst):
        if os.path.exists(dst) or code != errno.EEXIST:
            raise OSError(code, os.strerror(code))
        real(src, dst)

    return rename


def _two(tmp_path):
    st = FolderStorage(str(tmp_path))
    st.write("game.sav.tmp", b"new")
    st.write("game.sav", b"old")
    return st


def test_a_filesystem_that_will_not_rename_onto_a_file_gets_it_replaced(
    tmp_path, monkeypatch
):
    st = _two(tmp_path)
    monkeypatch.setattr(storage.os, "rename", _refusing(errno.EEXIST))
    st.rename("game.sav.tmp", "game.sav")
    assert st.read("game.sav") == b"new"
    assert st.names() == ["game.sav"]


@pytest.mark.parametrize("code", [errno.EPERM, errno.EACCES, errno.EIO])
def test_any_other_refusal_keeps_both_files(tmp_path, monkeypatch, code):
    st = _two(tmp_path)
    monkeypatch.setattr(storage.os, "rename", _refusing(code))
    with pytest.raises(OSError):
        st.rename("game.sav.tmp", "game.sav")
    assert st.read("game.sav") == b"old"
    assert st.read("game.sav.tmp") == b"new"
