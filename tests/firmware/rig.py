"""A whole device on the test bench: the firmware's own modules, a recording I2C bus
with an emulated SSD1306, six pins a test presses, and a clock that sleeps instantly."""

import machine
from crisscross.buttons import Buttons
from ssd1306_panel import Panel
from pocket import boards, loop, ssd1306
from pocket.idle import Idle
from pocket.keys import Keys

START_MS = 1000


class Clock:
    def __init__(self, now=START_MS):
        self.now = now

    def __call__(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


class Waits:
    """The loop's wait on the bench: records how long the loop asked to sleep
    (None: until an edge) and returns at once; tests move the clock themselves."""

    def __init__(self):
        self.asked = []
        self.deep = []

    def __call__(self, ms, deep=False):
        self.asked.append(ms)
        self.deep.append(deep)


class Rig:
    def __init__(self, app_factory=None, profile="pico"):
        self.profile = boards.load(profile)
        machine.devices.clear()
        self.panel = Panel()
        machine.devices[self.profile.ADDR] = self.panel
        p = self.profile
        self.i2c = machine.I2C(p.I2C_ID, sda=machine.Pin(p.SDA), scl=machine.Pin(p.SCL))
        self.display = ssd1306.SSD1306(ssd1306.I2CBus(self.i2c, p.ADDR))
        self.pins = [
            machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in p.BUTTONS
        ]
        self.clock = Clock()
        self.buttons = Buttons()
        self.keys = Keys(
            self.pins,
            self.buttons,
            self.clock,
            self.clock(),
            machine.IRQ_FALLING | machine.IRQ_RISING,
            None,
            machine.IRQ_FALLING,
        )
        self.waits = Waits()
        self.idle = Idle(self.display, self.clock())
        self.app = app_factory(self.display, self.clock()) if app_factory else None
        self.mismatches = 0  # frames where the panel did not show the canvas

    def frames(self, n=1):
        """Run the real main loop for n frames, checking the panel after each."""
        for _ in range(n):
            loop.run(
                self.app,
                self.display,
                self.keys,
                self.buttons,
                self.idle,
                self.clock,
                self.waits,
                1,
            )
            if self.panel.ram != self.display.buffer:
                self.mismatches += 1

    def bus_bytes(self):
        return sum(len(d) for _, d in self.i2c.log)

    def tap(self, button, hold_ms=50, gap_ms=50):
        """Press for hold_ms, release, one pass of the loop after each edge (the
        wake-up the edge's interrupt gives), then gap_ms before anything else: a
        finger takes that long to come down again. A hold past the long press
        also gets the passes the loop makes while a button is down."""
        from pocket.loop import HELD_MS

        self.pins[button].drive(0)
        self.frames(1)
        end = self.clock.now + hold_ms
        while end - self.clock.now > HELD_MS:
            self.clock.now += HELD_MS
            self.frames(1)
        self.clock.now = end
        self.pins[button].drive(1)
        self.frames(1)
        self.clock.now += gap_ms


class StandIn:
    """A tiny app with the App interface: a 5x5 grid and a cursor the arrows move."""

    def __init__(self, canvas, now):
        self.canvas = canvas
        self.cursor = 12
        self.marks = bytearray(25)
        self.dirty = True
        self.fed = []

    def feed(self, button, kind, now):
        self.fed.append((button, kind))
        if kind not in (0, 3):  # PRESS, REPEAT
            return
        r, c = divmod(self.cursor, 5)
        if button == 0:
            r = max(0, r - 1)
        elif button == 1:
            r = min(4, r + 1)
        elif button == 2:
            c = max(0, c - 1)
        elif button == 3:
            c = min(4, c + 1)
        elif button == 4:
            self.marks[self.cursor] ^= 1
        self.cursor = r * 5 + c
        self.dirty = True

    def tick(self, now):
        pass

    def next_tick(self, now):
        return None  # no timers: only a button wakes it

    def render(self):
        if not self.dirty:
            return False
        self.dirty = False
        cv = self.canvas
        cv.fill(0)
        cv.text("Criss Cross", 20, 0, 1)
        for i in range(25):
            r, c = divmod(i, 5)
            x, y = 34 + c * 12, 10 + r * 11
            cv.rect(x, y, 11, 10, 1)
            if self.marks[i]:
                cv.text("X", x + 2, y + 1, 1)
            if i == self.cursor:
                cv.rect(x + 1, y + 1, 9, 8, 1)
        return True
