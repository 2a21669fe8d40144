"""`python3 -m host saves backup|restore` against a real MicroPython REPL (the
bridge of test_flash_e2e: MicroPython 1.29 WebAssembly behind a raw-REPL link).
Across a real change of firmware on the emulated Pico: tests/emu/test_emu_romfs.py."""

import os
import subprocess
import sys

from test_flash_e2e import ROOT, TIMEOUT, Bridge, no_traceback

from crisscross.savefile import pack

SAVES = {
    "game.sav": pack("game", 3, {"game": "SYM|a|77|1 2 3 4"}),
    "game.sav.bak": pack("game", 2, {"game": "SYM|a|77|1 2 3"}),
    "settings.sav": pack("settings", 1, {"note": "x" * 9000}),  # over 4 KB pieces
}


class Nowhere:
    url = "socket://127.0.0.1:9"  # no board: what is refused before connecting


def saves(bridge, what, *extra):
    cmd = [sys.executable, "-m", "host", "saves", what, "--port", bridge.url]
    return subprocess.run(
        cmd + list(extra), capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT
    )


def put(fs, files):
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(fs, path)), exist_ok=True)
        with open(os.path.join(fs, path), "wb") as f:
            f.write(data)


def test_backup_then_restore_onto_a_formatted_board(tmp_path):
    fs = tmp_path / "board"
    put(str(fs), {"saves/" + n: d for n, d in SAVES.items()})
    put(str(fs), {"mine.txt": b"not a save"})
    board = Bridge(fs)
    try:
        folder = tmp_path / "backup"
        done = saves(board, "backup", "--dir", str(folder))
        assert done.returncode == 0, done.stderr
        assert "backed up 3 files" in done.stdout and str(folder) in done.stdout
        assert "python3 -m host saves restore --dir" in done.stdout
        assert {n: (folder / n).read_bytes() for n in os.listdir(folder)} == SAVES
    finally:
        board.stop()
    # The firmware changed: the board formatted its filesystem.
    blank = Bridge(tmp_path / "formatted")
    try:
        back = saves(blank, "restore", "--dir", str(folder))
        assert back.returncode == 0, back.stderr
        assert "restored 3 files" in back.stdout
        files = blank.files()
        assert {p[len("saves/") :]: d for p, d in files.items()} == SAVES
        no_traceback(back)
    finally:
        blank.stop()


def test_nothing_to_back_up_and_no_backup_are_said_in_one_line(tmp_path):
    board = Bridge(tmp_path / "board")
    try:
        none = saves(board, "backup", "--dir", str(tmp_path / "b"))
        assert none.returncode == 0 and "has no saves" in none.stdout
        assert not (tmp_path / "b").exists()
        empty = tmp_path / "empty"
        empty.mkdir()
        bad = saves(board, "restore", "--dir", str(empty))
        assert bad.returncode == 1 and "holds no files" in bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1
        no_traceback(bad)
    finally:
        board.stop()


def test_a_backup_never_writes_into_a_folder_that_holds_files(tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "game.sav").write_bytes(SAVES["game.sav"])
    board = Bridge(tmp_path / "board")
    try:
        put(str(tmp_path / "board"), {"saves/settings.sav": SAVES["settings.sav"]})
        r = saves(board, "backup", "--dir", str(folder))
        assert r.returncode == 1 and "already holds files" in r.stderr, r.stderr
        no_traceback(r)
        assert os.listdir(folder) == ["game.sav"]
    finally:
        board.stop()


def test_a_backup_named_as_a_file_is_refused_before_the_board_is_touched(tmp_path):
    (tmp_path / "afile").write_bytes(b"mine")
    for folder in (tmp_path / "afile", tmp_path / "afile" / "sub"):
        r = saves(Nowhere, "backup", "--dir", str(folder))
        assert r.returncode == 1 and "afile is a file" in r.stderr, r.stderr
        no_traceback(r)
    assert (tmp_path / "afile").read_bytes() == b"mine"


def test_restore_takes_the_latest_dated_backup_else_the_folder_written_last(tmp_path):
    from host.board.saves import newest

    # Dated as backup names them: the latest name, whatever else touched them
    # since (a file manager's .DS_Store) or sits beside them.
    for name, when in (
        ("2026-01-01-000000", 3),
        ("2026-02-01-000000", 1),
        ("Pre-upgrade", 5),
    ):
        (tmp_path / name).mkdir()
        os.utime(tmp_path / name, (when, when))
    (tmp_path / "c.txt").write_bytes(b"not a backup")
    assert newest(str(tmp_path)) == str(tmp_path / "2026-02-01-000000")
    # No dated one: the folder written to last.
    for name in ("2026-01-01-000000", "2026-02-01-000000"):
        os.rmdir(tmp_path / name)
    (tmp_path / "mine").mkdir()
    os.utime(tmp_path / "mine", (4, 4))
    assert newest(str(tmp_path)) == str(tmp_path / "Pre-upgrade")
    os.utime(tmp_path / "mine", (6, 6))
    assert newest(str(tmp_path)) == str(tmp_path / "mine")
    assert newest(str(tmp_path / "none")) is None


def test_restore_puts_back_intact_save_files_only(tmp_path):
    folder = tmp_path / "backup"
    put(str(folder), {"game.sav": b"xx", "notes.txt": b"mine"})
    put(str(folder), {"settings.sav": SAVES["settings.sav"]})
    kept = {"saves/game.sav": SAVES["game.sav"]}
    put(str(tmp_path / "board"), kept)
    board = Bridge(tmp_path / "board")
    try:
        r = saves(board, "restore", "--dir", str(folder))
        assert r.returncode == 0, r.stderr
        assert "left out, not an intact save file of the game: game.sav, notes.txt" in (
            r.stdout
        )
        assert "restored 1 files" in r.stdout
        assert board.files() == dict(
            kept, **{"saves/settings.sav": SAVES["settings.sav"]}
        )
        (folder / "settings.sav").write_bytes(b"CCP1 settings 1 2 00000000\n{}")
        r = saves(board, "restore", "--dir", str(folder))
        assert r.returncode == 1 and "holds no intact save file" in r.stderr
        no_traceback(r)
    finally:
        board.stop()


def test_the_save_folder_is_the_firmwares():
    from host.board import saves as tool

    with open(os.path.join(ROOT, "firmware", "pocket", "setup.py")) as f:
        assert 'SAVE_DIR = "%s"' % tool.SAVE_DIR in f.read()
