"""Display bus traffic of cursor moves, inside MicroPython: run by host/bench/bus.py.

The firmware's SSD1306 driver (pocket/ssd1306.mpy, compiled and mounted as `host
flash` installs it) on a recording I2C bus, with the SSD1306 model of
host/screen/ssd1306_panel.py at its address, is the real App's canvas. After the first frame and a first placement, the cursor
tours the sheet; every transaction of every move is counted. Prints one line
"BUS-JSON {...}": per move the payload bytes (control bytes included, as the
panel receives them), the I2C transactions, and whether the panel matched the
canvas after each move.
"""

import framebuf
import gc
import json

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


class RecordingI2C:
    """The part of machine.I2C the driver uses: every transaction is logged and
    handed to the device at its address, as the wires would."""

    def __init__(self, devices):
        self.devices = devices  # address -> device with receive(bytes)
        self.log = []  # (addr, bytes) per transaction

    def writevto(self, addr, vector, stop=True):
        if addr not in self.devices:
            raise OSError(19)  # ENODEV, as a board says when nothing acknowledges
        data = b"".join(bytes(v) for v in vector)
        self.log.append((addr, data))
        self.devices[addr].receive(data)


class NullI2C:
    def writevto(self, addr, vector, stop=True):
        pass


def main():
    panel = Panel()
    i2c = RecordingI2C({ADDR: panel})
    display = ssd1306.SSD1306(ssd1306.I2CBus(i2c, ADDR))
    now = 1000
    app = App(display, MemoryStorage(), now, SEED, sprite=framebuf.FrameBuffer)
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
