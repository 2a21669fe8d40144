"""SSD1306 128x64 OLED driver that sends only what changed since the last frame.

API-compatible with micropython-lib's ssd1306 (its init commands, and its methods
`init_display`, `poweroff`, `poweron`, `contrast`, `invert`, `rotate`, `show`), so
that driver can be dropped in: the driver *is* a framebuf.FrameBuffer (MONO_VLSB,
one byte = 8 rows of one column of one page), the bus comes in through the
constructor, and `show()` only moves bytes. Unlike it, `show()` keeps a copy of
what the panel holds and, for each 8-row page that changed, sends only the columns
from the first to the last changed byte: a cursor move costs tens of bytes, not the
whole 1024-byte frame (~23 ms at 400 kHz). The panel's bus is I2CBus here, or
pocket.spibus.SPIBus (its own module: an I2C board never loads it).
"""

import framebuf
from micropython import const

# Fundamental commands
_SET_CONTRAST = const(0x81)  # + 1 byte: 0..255
_SET_ENTIRE_ON = const(0xA4)  # follow RAM (0xA5 would light every pixel)
_SET_NORM_INV = const(0xA6)  # normal display (| 1 would invert it)
_SET_DISP = const(0xAE)  # | 1 = on, 0 = sleep
# Addressing
_SET_MEM_ADDR = const(0x20)  # + 1 byte: 0 horizontal, the mode `show()` relies on
_SET_COL_ADDR = const(0x21)  # + first, last column of the window
_SET_PAGE_ADDR = const(0x22)  # + first, last page of the window
# Hardware configuration
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)  # | 1 mirrors left-right
_SET_MUX_RATIO = const(0xA8)  # + rows - 1
_SET_IREF_SELECT = const(0xAD)  # + 0x30: internal IREF (SSD1306B, SSD1315)
_SET_COM_OUT_DIR = const(0xC0)  # | 8 mirrors top-bottom
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
# Timing and driving
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)

_CONTROL_CMD = const(0x00)  # I2C control byte: the rest are commands
_CONTROL_DATA = const(0x40)  # I2C control byte: the rest is display RAM
_DEFAULT_ADDR = const(0x3C)


class I2CBus:
    """The panel on I2C: one transaction per command group or data run."""

    def __init__(self, i2c, addr=_DEFAULT_ADDR):
        self.i2c = i2c
        self.addr = addr
        # Reused: no list a write. (The port joins the control byte and the run
        # in a buffer of its own for the transfer and frees it at once.)
        self._cmd = [bytes((_CONTROL_CMD,)), None]
        self._data = [bytes((_CONTROL_DATA,)), None]

    def command(self, buf):
        self._cmd[1] = buf
        self.i2c.writevto(self.addr, self._cmd)

    def data(self, buf):
        self._data[1] = buf
        self.i2c.writevto(self.addr, self._data)


class SSD1306(framebuf.FrameBuffer):
    """A 128x64 (or 128x32) SSD1306; draw with the framebuf API, then `show()`."""

    def __init__(self, bus, width=128, height=64, external_vcc=False, flip=False):
        self.bus = bus
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shown = bytearray(len(self.buffer))  # what the panel's RAM holds
        self._synced = False  # False until a full frame has been sent
        self._mv = memoryview(self.buffer)
        self._mv_shown = memoryview(self._shown)
        self._window = bytearray(6)  # column and page window, sent as one command run
        self.external_vcc = external_vcc
        self.flip = flip
        self.bytes_sent = 0  # display RAM bytes sent so far (for tests and tuning)
        self.init_display()

    def init_display(self):
        remap = 0x00 if self.flip else 0x01
        com_dir = 0x00 if self.flip else 0x08
        self.bus.command(
            bytes(
                (
                    _SET_DISP,
                    _SET_MEM_ADDR,
                    0x00,
                    _SET_DISP_START_LINE,
                    _SET_SEG_REMAP | remap,
                    _SET_MUX_RATIO,
                    self.height - 1,
                    _SET_COM_OUT_DIR | com_dir,
                    _SET_DISP_OFFSET,
                    0x00,
                    _SET_COM_PIN_CFG,
                    0x02 if self.width > 2 * self.height else 0x12,
                    _SET_DISP_CLK_DIV,
                    0x80,
                    _SET_PRECHARGE,
                    0x22 if self.external_vcc else 0xF1,
                    _SET_VCOM_DESEL,
                    0x30,
                    _SET_CONTRAST,
                    0xFF,
                    _SET_ENTIRE_ON,
                    _SET_NORM_INV,
                    _SET_IREF_SELECT,
                    0x30,
                    _SET_CHARGE_PUMP,
                    0x10 if self.external_vcc else 0x14,
                )
            )
        )
        self.fill(0)
        self.refresh()
        self.poweron()

    def poweroff(self):
        """Sleep: the panel goes dark (~10 uA) and keeps its RAM."""
        self.bus.command(bytes((_SET_DISP,)))

    def poweron(self):
        self.bus.command(bytes((_SET_DISP | 0x01,)))

    def contrast(self, contrast):
        self.bus.command(bytes((_SET_CONTRAST, contrast & 0xFF)))

    def invert(self, invert):
        self.bus.command(bytes((_SET_NORM_INV | (invert & 1),)))

    def rotate(self, rotate):
        """1: upright (the init's, without `flip`); 0: turned by 180 degrees.

        The segment remap applies to RAM written after it, so the next `show()`
        sends the whole frame again."""
        r = rotate & 1
        self.bus.command(bytes((_SET_COM_OUT_DIR | (r << 3), _SET_SEG_REMAP | r)))
        self.flip = not r
        self._synced = False

    def refresh(self):
        """Send the whole frame (after a panel reset, or if its RAM is in doubt)."""
        self._synced = False
        self.show()

    def _send(self, page, first, last):
        w = self._window
        w[0] = _SET_COL_ADDR
        w[1] = first
        w[2] = last
        w[3] = _SET_PAGE_ADDR
        w[4] = page
        w[5] = page
        start = page * self.width
        self.bus.command(w)
        self.bus.data(self._mv[start + first : start + last + 1])
        self._mv_shown[start + first : start + last + 1] = self._mv[
            start + first : start + last + 1
        ]
        self.bytes_sent += last - first + 1

    def show(self):
        """Send the pages that changed, each from its first to its last changed column."""
        buf = self.buffer
        shown = self._shown
        w = self.width
        if not self._synced:
            # One window over the whole panel: one command run and one data write.
            self._window[:] = bytes(
                (_SET_COL_ADDR, 0, w - 1, _SET_PAGE_ADDR, 0, self.pages - 1)
            )
            self.bus.command(self._window)
            self.bus.data(self._mv)
            self._mv_shown[:] = self._mv
            self.bytes_sent += len(buf)
            self._synced = True
            return
        for page in range(self.pages):
            start = page * w
            end = start + w
            # memoryview slices compare without copying the page (bytes slices would)
            if self._mv[start:end] == self._mv_shown[start:end]:
                continue
            lo = start
            while buf[lo] == shown[lo]:
                lo += 1
            hi = end - 1
            while buf[hi] == shown[hi]:
                hi -= 1
            self._send(page, lo - start, hi - start)
