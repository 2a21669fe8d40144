"""The project's SSD1306 driver against the reference one, adafruit_ssd1306, under CPython.

For every golden frame, the bytes each driver sends for the same buffer go to the
SSD1306 model (host/screen/ssd1306_panel.py), and both decode to the same picture: the
frame itself. Each driver runs unchanged on a recording I2C object, the only
stand-in: machine.I2C's writevto for ours, busio.I2C's lock and writeto (through
the real adafruit_bus_device.I2CDevice) for adafruit's. The init sequences are
compared command by command; docs/display.md explains every difference.
"""

import builtins
import importlib
import importlib.util
import os
import sys

import pytest

from golden import GOLDEN, frame as golden_frame
from host.screen import fbcanvas
from host.screen.ssd1306_panel import Panel

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRAMES = sorted(f[:-4] for f in os.listdir(GOLDEN) if f.endswith(".txt"))
ADDR = 0x3C
FULL = 1024


def load_ours():
    """firmware/pocket/ssd1306.py as it is, on CPython's framebuf stand-in (host):
    the driver's own `import framebuf` gets host.screen.fbcanvas (nothing is installed in
    sys.modules)."""
    path = os.path.join(ROOT, "firmware", "pocket", "ssd1306.py")
    spec = importlib.util.spec_from_file_location("pocket_ssd1306_cpython", path)
    mod = importlib.util.module_from_spec(spec)

    def board_import(name, *args, **kwargs):
        if name == "framebuf":
            return fbcanvas
        return builtins.__import__(name, *args, **kwargs)

    mod.__builtins__ = dict(vars(builtins), __import__=board_import)
    spec.loader.exec_module(mod)
    assert mod.framebuf is fbcanvas and "framebuf" not in sys.modules
    return mod


def load_adafruit():
    """adafruit_ssd1306 as on any PC: CPython has no `framebuf`, so it draws with
    adafruit_framebuf."""
    sys.modules.pop("adafruit_ssd1306", None)
    mod = importlib.import_module("adafruit_ssd1306")
    assert mod.framebuf.__name__ == "adafruit_framebuf"
    return mod


ours = load_ours()
adafruit = load_adafruit()


class MachineI2C:
    """machine.I2C as our driver uses it: writevto, one transaction per call."""

    def __init__(self, panel):
        self.panel = panel
        self.log = []

    def writevto(self, addr, vector, stop=True):
        assert addr == ADDR and stop
        data = b"".join(bytes(v) for v in vector)
        self.log.append(data)
        self.panel.receive(data)


class BusioI2C:
    """busio.I2C as adafruit_bus_device uses it: lock, writeto with start/end, unlock."""

    def __init__(self, panel):
        self.panel = panel
        self.log = []
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        assert self.locked
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        assert self.locked, "a write without the bus lock"
        assert address == ADDR
        data = bytes(buffer[start : len(buffer) if end is None else end])
        self.log.append(data)
        self.panel.receive(data)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        raise AssertionError("adafruit_ssd1306 reads nothing from the panel")


def make_ours(flip=False):
    panel = Panel()
    i2c = MachineI2C(panel)
    driver = ours.SSD1306(ours.I2CBus(i2c, ADDR), flip=flip)
    return driver, panel, i2c


def make_adafruit(rotate=None):
    panel = Panel()
    i2c = BusioI2C(panel)
    driver = adafruit.SSD1306_I2C(128, 64, i2c, addr=ADDR)
    if rotate is not None:
        driver.rotate(rotate)
    return driver, panel, i2c


def golden(name):
    frame = bytes(golden_frame(name))
    assert len(frame) == FULL
    return frame


def show_ours(driver, frame):
    driver.buffer[:] = frame
    driver.show()


def show_adafruit(driver, frame):
    driver.buffer[1:] = frame  # byte 0 is the I2C control byte 0x40
    driver.show()


def turned(frame):
    """The frame turned by 180 degrees."""
    out = bytearray(FULL)
    for page in range(8):
        for x in range(128):
            b = frame[page * 128 + x]
            r = int("{:08b}".format(b)[::-1], 2)  # bit 0 <-> bit 7
            out[(7 - page) * 128 + 127 - x] = r
    return bytes(out)


def test_every_golden_frame_is_tested():
    assert len(FRAMES) >= 40 and "about" in FRAMES


@pytest.mark.parametrize("name", FRAMES)
def test_both_drivers_show_the_golden_frame(name):
    frame = golden(name)
    assert any(frame) and frame != b"\xff" * FULL
    ours_d, ours_p, _ = make_ours()
    ada_d, ada_p, _ = make_adafruit()
    show_ours(ours_d, frame)
    show_adafruit(ada_d, frame)
    assert ours_p.unknown == [] and ada_p.unknown == []
    assert ours_p.ram == frame and ada_p.ram == frame
    pic = ours_p.picture()
    assert pic == ada_p.picture()
    assert pic == frame  # upright: what the game drew is what a person sees


@pytest.mark.parametrize("name", FRAMES)
def test_flipped_both_drivers_show_the_frame_turned(name):
    # profile FLIP=True: ours sends A0/C0 in its init; adafruit's rotate(False) the
    # same two commands after its init (its rotate(True) is its init's C8/A1)
    frame = golden(name)
    ours_d, ours_p, _ = make_ours(flip=True)
    ada_d, ada_p, _ = make_adafruit(rotate=False)
    show_ours(ours_d, frame)
    show_adafruit(ada_d, frame)
    pic = ours_p.picture()
    assert pic == ada_p.picture() == turned(frame)
    assert pic != frame  # no golden frame is symmetric under a half turn


def test_after_a_frame_ours_sends_only_what_changed():
    first, second = golden("about"), golden("title")
    ours_d, ours_p, ours_i2c = make_ours()
    ada_d, ada_p, ada_i2c = make_adafruit()
    show_ours(ours_d, first)
    show_adafruit(ada_d, first)
    n_ours, n_ada = len(ours_i2c.log), len(ada_i2c.log)
    ram_ours, ram_ada = ours_p.data_bytes, ada_p.data_bytes
    show_ours(ours_d, second)
    show_adafruit(ada_d, second)
    assert ours_p.picture() == ada_p.picture() == second
    sent_ours = sum(len(t) for t in ours_i2c.log[n_ours:])
    sent_ada = sum(len(t) for t in ada_i2c.log[n_ada:])
    assert sent_ada == 6 * 2 + 1 + FULL  # six 2-byte command writes, the whole RAM
    assert sent_ours < sent_ada
    spans = 0  # per page, from the first to the last changed column
    for page in range(8):
        cols = [
            x for x in range(128) if first[page * 128 + x] != second[page * 128 + x]
        ]
        spans += cols[-1] - cols[0] + 1 if cols else 0
    assert 0 < spans < FULL
    assert ours_p.data_bytes - ram_ours == spans
    assert ada_p.data_bytes - ram_ada == FULL


def test_adafruit_pixel_api_agrees_with_the_buffer_layout():
    # the same buffer means the same image in both framebufs (MONO_VLSB == MVLSB)
    frame = golden("about")
    ada_d, _, _ = make_adafruit()
    ours_d, _, _ = make_ours()
    show_adafruit(ada_d, frame)
    show_ours(ours_d, frame)
    for x, y in ((0, 0), (5, 3), (127, 63), (64, 17), (100, 40), (33, 8)):
        lit = (frame[(y >> 3) * 128 + x] >> (y & 7)) & 1
        assert bool(ada_d.pixel(x, y)) == bool(lit) == bool(ours_d.pixel(x, y))


# The init sequences, command by command, up to the first display RAM byte
# (docs/display.md, "The reference driver").
OURS_INIT = [
    (0xAE,),
    (0x20, 0x00),
    (0x40,),
    (0xA1,),
    (0xA8, 0x3F),
    (0xC8,),
    (0xD3, 0x00),
    (0xDA, 0x12),
    (0xD5, 0x80),
    (0xD9, 0xF1),
    (0xDB, 0x30),
    (0x81, 0xFF),
    (0xA4,),
    (0xA6,),
    (0xAD, 0x30),
    (0x8D, 0x14),
    (0x21, 0, 127),
    (0x22, 0, 7),
]
ADAFRUIT_INIT = (
    [(0xAF,)]  # poweron() in the constructor, before init_display()
    + OURS_INIT[:16]
    + [(0xAF,), (0x21, 0, 127), (0x22, 0, 7)]
)


def commands_before_ram(i2c):
    """The commands a fresh panel receives until the first display RAM write."""
    replay = Panel()
    for t in i2c.log:
        replay.receive(t)
        if replay.data_bytes:
            break
    return replay.commands


def test_init_sequences_command_by_command():
    _, ours_p, ours_i2c = make_ours()
    _, ada_p, ada_i2c = make_adafruit()
    assert commands_before_ram(ours_i2c) == OURS_INIT
    assert commands_before_ram(ada_i2c) == ADAFRUIT_INIT
    # after the blank frame, ours turns the panel on; adafruit's already is
    assert ours_p.commands[len(OURS_INIT) :] == [(0xAF,)]
    assert ada_p.commands[len(ADAFRUIT_INIT) :] == []
    for p in (ours_p, ada_p):
        assert p.on and p.charge_pump and p.contrast == 0xFF and p.iref == 0x30
        assert p.picture() == bytes(FULL)


def test_flipped_init_differs_in_remap_only():
    _, p, i2c = make_ours(flip=True)
    cmds = commands_before_ram(i2c)
    assert [c for c in cmds if c not in OURS_INIT] == [(0xA0,), (0xC0,)]
    _, a, _ = make_adafruit(rotate=False)
    assert a.commands[-2:] == [(0xC0,), (0xA0,)]  # rotate(False), after the init
    _, a, _ = make_adafruit(rotate=True)
    assert a.commands[-2:] == [(0xC8,), (0xA1,)]  # rotate(True): as the init left it


def test_rotate_and_invert_send_what_adafruits_send():
    frame = golden("title")
    for flag in (False, True):
        ours_d, ours_p, _ = make_ours()
        ada_d, ada_p, _ = make_adafruit()
        show_ours(ours_d, frame)
        show_adafruit(ada_d, frame)
        n = len(ours_p.commands)
        ours_d.rotate(flag)
        ada_d.rotate(flag)
        ours_d.invert(not flag)
        ada_d.invert(not flag)
        assert ours_p.commands[n:] == ada_p.commands[-3:]
        before = ours_p.data_bytes
        show_ours(ours_d, frame)
        show_adafruit(ada_d, frame)
        # the segment remap applies to RAM written after it: the whole frame again
        assert ours_p.data_bytes - before == FULL
        pic = ours_p.picture()
        assert pic == ada_p.picture()
        want = frame if flag else turned(frame)
        if not flag:  # inverted as well
            want = bytes(b ^ 0xFF for b in want)
        assert pic == want


def test_adafruit_rotate_true_is_upright():
    frame = golden("title")
    ada_d, ada_p, _ = make_adafruit(rotate=True)
    show_adafruit(ada_d, frame)
    assert ada_p.picture() == frame


def test_transactions_on_the_wire():
    _, ours_p, ours_i2c = make_ours()
    _, ada_p, ada_i2c = make_adafruit()
    # ours: the init as one command run, one window, one RAM write, display on
    assert [t[0] for t in ours_i2c.log] == [0x00, 0x00, 0x40, 0x00]
    assert [len(t) for t in ours_i2c.log] == [27, 7, 1 + FULL, 2]
    # adafruit: the probe (an empty write), then every command byte in its own
    # transaction behind Co=1 (0x80), then the RAM in one write
    assert ada_i2c.log[0] == b""
    cmd_writes = ada_i2c.log[1:-1]
    assert all(len(t) == 2 and t[0] == 0x80 for t in cmd_writes)
    assert len(cmd_writes) == 1 + 24 + 2 + 1 + 6  # on, init (+AD 30, AF), window
    assert ada_i2c.log[-1][0] == 0x40 and len(ada_i2c.log[-1]) == 1 + FULL
    assert ours_p.bus_bytes == 27 + 7 + 1 + FULL + 2
    assert ada_p.bus_bytes == 2 * 34 + 1 + FULL
