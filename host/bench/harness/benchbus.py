"""Display bus traffic of cursor moves, inside MicroPython: run by host/bench/bus.py.

The firmware's SSD1306 driver (firmware/pocket/ssd1306.py) on the recording I2C bus
of tests/firmware/machine.py, with the SSD1306 model of host/ssd1306_panel.py,
is the real App's canvas. After the first frame and a first placement, the cursor
tours the sheet; every transaction of every move is counted. Prints one line
"BUS-JSON {...}": per move the payload bytes (control bytes included, as the
panel receives them), the I2C transactions, and whether the panel matched the
canvas after each move.
"""

import gc
import json

import machine
from ssd1306_panel import Panel
from pocket import ssd1306

from crisscross import buttons, presses
from crisscross.app import App
from crisscross.memory_storage import MemoryStorage

ADDR = 0x3C
SEED = 5
STEP_MS = 50
# From the title: New game, rules -> Advanced, Start (symbols is the default game).
SETUP = ("a", "down", "right", "down", "down", "down", "down", "down", "a")
FIRST_TURN = ("a", "a")  # place where the cursor is, roll
TOUR = ("right",) * 4 + ("down",) * 4 + ("left",) * 4 + ("up",) * 4


class NullI2C:
    def writevto(self, addr, vector, stop=True):
        pass


def main():
    machine.devices.clear()
    panel = Panel()
    machine.devices[ADDR] = panel
    i2c = machine.I2C(0)
    display = ssd1306.SSD1306(ssd1306.I2CBus(i2c, ADDR))
    now = 1000
    app = App(display, MemoryStorage(), now, SEED)
    app.render()
    display.show()
    full = sum(len(d) for _, d in i2c.log)

    # The driver's own allocation, without the recording bus's: a second driver
    # on a bus that drops every write shows the same frames.
    quiet = ssd1306.SSD1306(ssd1306.I2CBus(NullI2C(), ADDR))
    quiet.buffer[:] = display.buffer
    quiet.show()
    shown = [0]  # bytes the last show() of the quiet driver allocated

    class Loop:
        """The firmware's loop, one frame per step(): button edges in, display out."""

        def __init__(self):
            self.buttons = buttons.Buttons()

        def step(self, t):
            if presses.run_frame(app, self.buttons, t):
                display.show()
                quiet.buffer[:] = display.buffer
                before = gc.mem_alloc()
                quiet.show()
                shown[0] = gc.mem_alloc() - before

    loop = Loop()

    def press(name):
        """A tap: down, up presses.TAP_MS later, a frame at each edge."""
        nonlocal now
        b, ms = presses.parse(name)
        now = presses.hold(loop, b, now + STEP_MS, ms, ms)

    for name in SETUP + FIRST_TURN:
        press(name)
    if type(app.screen).__name__ != "Play":
        raise RuntimeError("not on the play screen: " + type(app.screen).__name__)
    moves = []
    for name in TOUR:
        n = len(i2c.log)
        press(name)
        log = i2c.log[n:]
        moves.append(
            {
                "bytes": sum(len(d) for _, d in log),
                "transactions": len(log),
                "ok": panel.ram == display.buffer,
                "show_alloc": shown[0],
            }
        )
    print("BUS-JSON " + json.dumps({"first_frame": full, "moves": moves}))


main()
