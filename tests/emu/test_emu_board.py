"""The flashed game on the emulated Pico: flashing, the title, safe mode, files
kept across power cycles, determinism, heap figures. See conftest.py."""

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from golden import frame as golden
from host.screen import render
from host.board import uf2
from host.emu.board import Board, EmuError, firmware_drives
from host.emu.firmware import ROOT

BOOT_MS = 2500  # emulated ms for the flashed game to boot and draw its title


def mpremote(port, *args):
    proc = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port] + list(args),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def check_flash_runs(flashed):
    """Both runs of `host flash` on a blank board: the path its firmware takes,
    and the second run changing nothing."""
    assert flashed["blank"], "a blank board should wait at the REPL"
    status, out, _ = flashed["first"]
    assert status == 0, out
    # As the firmware names itself: a preview build (the team's) is one.
    image = uf2.flatten(uf2.read(flashed["uf2"]))
    preview = b"1.29.0-preview" in image
    assert ("board: MicroPython 1.29.0%s (" % ("-preview" if preview else "")) in out
    romfs = uf2.ROMFS in firmware_drives(flashed["uf2"])
    if romfs:
        assert "path: ROMFS" in out and "deploying the ROMFS image" in out
        assert "deployed and verified" in out
        assert re.findall(r"copying (\S+)", out) == ["boot.py", "main.py"]
    else:
        assert "path: littlefs" in out
        assert "copying pocket/start.mpy" in out
        assert "verified" in out and "copied files" in out
    status, out, _ = flashed["second"]
    assert status == 0, out
    assert "copying" not in out and "deploying" not in out
    assert "0 to copy" in out
    assert "the board is up to date" in out
    if romfs:
        assert "the board's ROMFS holds this very image: nothing to deploy" in out
    # the game really went to the flash chip
    assert flashed["stats"]["flash_bytes_programmed"] > 300_000


def test_flash_blank_board_then_nothing_to_copy(flashed):
    check_flash_runs(flashed)


def test_stock_firmware_flash_blank_board_then_nothing_to_copy(flashed_stock):
    check_flash_runs(flashed_stock)


def test_power_on_shows_the_title(board):
    board.power_on()
    board.run_ms(BOOT_MS)
    assert board.display_updates, "nothing was sent to the display"
    frame = board.frame()
    want = golden("title")
    n = render.diff_frames(want, frame)
    assert n == 0, "%d pixels differ from tests/golden/title.txt:\n%s" % (
        n,
        render.to_ascii(frame),
    )
    stats = board.stats()
    assert stats["i2c_panel_bytes"] >= 1025  # at least one whole frame
    # Bus time at the profile's 1 MHz: START, 9 SCL periods for the address and
    # for each byte, STOP (1 us each).
    start, end, data = max(board.display_updates, key=lambda u: len(u[2]))
    assert len(data) == 1025 and data[0] == 0x40
    assert abs((end - start) * 1000 - (9 * (len(data) + 1) + 2)) < 1


def test_button_held_at_power_on_is_safe_mode(board):
    board.power_on(held=["b"])
    board.run_ms(1500)
    board.up("b")
    board.run_ms(200)
    assert b"safe mode" in board.serial.peek()
    assert board.exec("print(1+1)").strip() == "2"
    scan = "from machine import I2C, Pin\nprint(I2C(0, sda=Pin(4), scl=Pin(5)).scan())"
    assert board.exec(scan).strip() == "[60]"  # the display at 0x3C
    assert board.display_updates == [], "the game started in safe mode"
    assert board.stats()["i2c_transactions"] == 0


def test_headless_hold_at_power_on_is_safe_mode(flashed, tmp_path):
    """`emu --headless --hold b`: a person holding B while switching on. The
    firmware says safe mode, the REPL answers, the game never draws."""
    flash = str(tmp_path / "flash.bin")
    with open(flashed["image"], "rb") as src, open(flash, "wb") as dst:
        dst.write(src.read())
    out = str(tmp_path / "safe.bin")
    # Held for its second whatever --boot-ms says; named once however often given.
    args = [sys.executable, "-m", "host", "emu", "--headless", "--hold", "b"]
    args += ["--hold", "b", "--boot-ms", "0", "--flash", flash, "--frame", out]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "board: safe mode: game skipped" in proc.stdout, proc.stdout
    assert "emu: b held at power-on: safe mode, no game runs" in proc.stdout
    with open(out, "rb") as f:
        assert f.read() == bytes(1024), "the game drew in safe mode"
    # Without --hold the same flash starts the game: the title.
    sim_frame = _headless("emu", os.devnull, str(tmp_path / "title.bin"), flash)
    assert render.diff_frames(golden("title"), sim_frame) == 0


def test_window_power_cycle_holding_a_button_is_safe_mode(board):
    """The window's F5 (EmuDevice.power_cycle): the game is running, the person
    holds A and cycles the power; A stays held through power-on until let go."""
    from crisscross import buttons
    from host.emu.cli import EmuDevice

    device = EmuDevice(board)
    board.power_on()
    board.run_ms(BOOT_MS)
    assert render.diff_frames(golden("title"), board.frame()) == 0
    device.down(buttons.A, 0)
    device.power_cycle()
    assert device.held_names() == ["a"] and board.display_updates == []
    board.run_ms(1000)
    device.up(buttons.A, 0)
    board.run_ms(200)
    assert b"safe mode" in board.serial.peek()
    assert board.exec("print(1+1)").strip() == "2"
    assert board.display_updates == [], "the game started in safe mode"
    # F5 again with nothing held: the game starts.
    device.power_cycle()
    board.run_ms(BOOT_MS)
    assert render.diff_frames(golden("title"), board.frame()) == 0


def test_a_board_left_running_for_a_tool_keeps_wall_time(board):
    """A game waiting for input lets the emulator skip ahead; running for a tool
    on the pty must not, or the game's idle timers run out (dim, blank, sleep
    with its USB quiet) between two of the tool's commands."""
    board.power_on()
    board.run_ms(BOOT_MS)
    t0, wall0 = board.now_ms(), time.monotonic()
    with board.running():
        time.sleep(1.5)
    ahead_ms = (board.now_ms() - t0) - (time.monotonic() - wall0) * 1000
    assert ahead_ms <= 100


def test_power_cycle_keeps_files(board, tmp_path):
    board.power_on()
    board.run_ms(BOOT_MS)
    local = tmp_path / "note.txt"
    local.write_bytes(b"kept across power cycles\n")
    with board.running():
        mpremote(board.port, "fs", "cp", str(local), ":note.txt")
    board.power_off()
    board.power_on()
    board.run_ms(BOOT_MS)
    with board.running():
        out = mpremote(board.port, "fs", "cat", ":note.txt")
    assert out == "kept across power cycles\n"
    # and the game still boots to its title afterwards
    board.power_off()
    board.power_on()
    board.run_ms(BOOT_MS)
    assert render.diff_frames(golden("title"), board.frame()) == 0


def _session(flashed, tmp_path, name):
    path = str(tmp_path / name)
    with open(flashed["image"], "rb") as src, open(path, "wb") as dst:
        dst.write(src.read())
    b = Board(flash_path=path, save=False)
    try:
        b.power_on()
        b.run_ms(1500)
        b.tap("down")
        b.tap("a")
        b.run_ms(500)
        return b.stats(), b.frame(), [(t0, t1, d) for t0, t1, d in b.display_updates]
    finally:
        b.close()


def test_same_inputs_same_cycles(flashed, tmp_path):
    one = _session(flashed, tmp_path, "one.bin")
    two = _session(flashed, tmp_path, "two.bin")
    for key in ("cycles", "busy_cycles", "instructions", "i2c_panel_bytes"):
        assert one[0][key] == two[0][key], key
    assert one[1] == two[1]
    assert one[2] == two[2]  # every display write at the same emulated instant
    assert one[0]["busy_cycles"] < one[0]["cycles"]  # the core did wait


def test_heap_figures(board):
    board.power_on(held=["a"])  # safe mode: a quiet REPL
    board.run_ms(1000)
    board.up("a")
    board.run_ms(100)
    free, alloc = [
        int(x)
        for x in board.exec(
            "import gc\ngc.collect()\nprint(gc.mem_free(), gc.mem_alloc())"
        ).split()
    ]
    stats = board.stats()
    if not board.heap_symbols:
        assert "heap_used" not in stats and "gc_count" not in stats
        return
    assert stats["heap_total"] == free + alloc
    assert stats["gc_count"] >= 1
    # live after the exec's collection, as MicroPython counted it then
    assert abs(stats["heap_live_after_gc"] - alloc) <= 1024
    assert stats["memory_errors"] == 0
    board.exec("try:\n b=bytearray(300000)\nexcept MemoryError:\n print('no')")
    assert board.stats()["memory_errors"] == 1


def test_bad_input_one_line_messages(tmp_path):
    with pytest.raises(EmuError) as e:
        Board(uf2=str(tmp_path / "none.uf2"), elf="")
    assert "no MicroPython firmware at" in str(e.value)
    assert "\n" not in str(e.value)
    not_uf2 = tmp_path / "bad.uf2"
    not_uf2.write_bytes(b"x" * 512)
    b = Board(uf2=str(not_uf2), elf="")
    try:
        with pytest.raises(EmuError) as e:
            b.power_on()
        assert "not a UF2 file" in str(e.value)
    finally:
        b.close()


def test_unknown_button(board):
    board.power_on()
    with pytest.raises(EmuError) as e:
        board.down("start")
    assert str(e.value) == "unknown button 'start': one of up, down, left, right, a, b"


def test_power_cut_in_the_middle_of_a_write(board):
    board.power_on(held=["a"])  # safe mode: the REPL only
    board.run_ms(1000)
    board.up("a")
    board.run_ms(100)
    board.exec("f=open('save.txt','w')\nf.write('old!'*2000)\nf.close()")
    before = board.stats()["flash_ops"]
    board.exec("f=open('save.txt','w')\nf.write('new!'*2000)\nf.close()", wait=False)
    assert board.cut_power_after_flash_ops(3), "the write did not reach the flash"
    assert board.stats()["flash_ops"] == before + 3  # cut at that very instant
    board.power_on(held=["a"])
    board.run_ms(1000)
    board.up("a")
    board.run_ms(100)
    text = board.exec("print(open('save.txt').read())").strip()
    # The whole write takes 11 flash operations; littlefs commits the new file
    # at close, so a cut after 3 leaves the old file, whole.
    assert text == "old!" * 2000, text[:40]


def _headless(cmd, keys, out, flash):
    args = [sys.executable, "-m", "host", cmd, "--headless", "--keys", keys]
    args += ["--frame", out]
    if flash:
        args += ["--flash", flash]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    with open(out, "rb") as f:
        return f.read()


def test_headless_keys_match_the_simulator(flashed, tmp_path):
    keys = tmp_path / "keys.txt"
    keys.write_text("down\na\nright\nwait 200\n")
    flash = str(tmp_path / "flash.bin")
    with open(flashed["image"], "rb") as src, open(flash, "wb") as dst:
        dst.write(src.read())
    emu = _headless("emu", str(keys), str(tmp_path / "emu.bin"), flash)
    sim = _headless("sim", str(keys), str(tmp_path / "sim.bin"), None)
    assert len(emu) == 1024
    assert emu == sim, "the real firmware and the simulator drew different frames"
    with open(flash, "rb") as f:  # headless leaves the flash file as it was
        assert f.read() == open(flashed["image"], "rb").read()


def test_window_on_a_blank_board(tmp_path):
    """`make emu`'s path with SDL's dummy video driver: the port is named, a blank
    board is reported with how to flash it, mpremote works on the port, and
    stopping the program (SIGTERM) is a power cut that keeps the flash file."""
    flash = tmp_path / "emu-flash.bin"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "host", "emu", "--flash", str(flash)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        port = re.search(r"REPL is on (/dev/pts/\d+) \(make flash PORT=", first)
        assert port, first
        assert "F5: power cycle (hold a button with it: safe mode)" in first
        second = proc.stdout.readline()
        assert "no game" in second and "make flash PORT=%s" % port.group(1) in second
        code = "f=open('w.txt','w');f.write('kept');f.close()"
        out = mpremote(port.group(1), "exec", code)
        assert out == ""
    finally:
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, rest
    assert flash.stat().st_size == 2 * 1024 * 1024
    with Board(flash_path=str(flash), save=False) as b:
        b.power_on()
        b.run_ms(1000)
        assert b.exec("print(open('w.txt').read())").strip() == "kept"
