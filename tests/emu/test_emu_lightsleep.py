"""The Pico profile's idle in machine.lightsleep (firmware/pocket/boards/pico.py
LIGHTSLEEP): after 3 minutes without a key the screen blanks and the board sleeps;
a button edge wakes it to the screen it left, and the USB REPL still answers."""

from host.screen import render
from tests.emu.test_emu_board import BOOT_MS, golden

BLANK_MS = 180000  # firmware/pocket/idle.py: three minutes without input


def test_blank_screen_sleeps_and_a_button_wakes_it(board):
    board.power_on()
    board.run_ms(BOOT_MS)
    assert render.diff_frames(golden("title"), board.frame()) == 0
    board.run_ms(BLANK_MS + 1000)
    assert not board.panel.on, "the screen should be off after 3 minutes idle"
    board.run_ms(2000)  # asleep
    board.down("down")
    board.run_ms(100)
    board.up("down")
    board.run_ms(400)
    assert board.panel.on, "a button edge should wake the board and the screen"
    # The press that wakes a blank screen only wakes it: the title is as it was.
    assert render.diff_frames(golden("title"), board.frame()) == 0
    board.tap("down")
    assert render.diff_frames(golden("title"), board.frame()) > 0  # keys work again
    assert board.exec("print(6 * 7)").strip() == "42"  # the REPL answers
