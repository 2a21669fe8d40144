"""An SSD1306 OLED as the bus sees it, and the picture a person would see on it.

The one SSD1306 model of the project (tests under MicroPython, the bus benchmark,
the reference-driver comparison, the board emulator). Written from the Solomon
Systech SSD1306 datasheet (rev 1.1, section 8-10), independent of any driver:

- I2C: every transaction starts with a control byte, Co (bit 7) and D/C# (bit 6).
  Co=0: the rest of the transaction is commands (D/C#=0) or display RAM (D/C#=1).
  Co=1: exactly one byte follows, then another control byte.
- SPI (4-wire): the DC pin says command or RAM, for every byte.
- Commands and their argument bytes (sent as commands, possibly across
  transactions): see ARGS. Unknown opcodes are recorded in `unknown`.
- Display RAM: 8 pages x 128 columns, a byte is 8 vertical pixels, bit 0 on top.
  Addressing modes 0x20 m: 0 horizontal, 1 vertical, 2 page (the reset default);
  0x21/0x22 set the column/page window and move the pointer to its start;
  in page mode 0xB0-0xB7 set the page and 0x00-0x0F / 0x10-0x1F the column nibbles.

`picture()` turns RAM into what the glass shows: display off or the charge pump
not running (internal VCC) gives a dark panel; 0xA5 lights every pixel; 0xA7
inverts; the display start line (0x40-0x7F), display offset (0xD3), multiplex
ratio (0xA8), COM pin configuration (0xDA), COM scan direction (0xC0/0xC8) and
segment remap (0xA0/0xA1) place each RAM pixel on a segment and a COM line.

The glass: the common 0.96" 128x64 module (and the 128x32 one), wired so that
every driver's upright setting - segment remap 0xA1, COM scan 0xC8, COM pins 0x12
on 64 rows (0x02 on 32) - puts RAM column 0, row 0 top left. So SEG127 is the
left edge and COM63 (COM31 on 32 rows) the top edge; on 64 rows the two sides'
COM pads alternate row by row.

Plain Python that runs under MicroPython too (tests/firmware use it there).
"""

# Commands that take argument bytes, and how many (datasheet table 9-1).
ARGS = {
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address window
    0x22: 2,  # page address window
    0x26: 6,  # right horizontal scroll setup
    0x27: 6,  # left horizontal scroll setup
    0x29: 5,  # vertical and right horizontal scroll setup
    0x2A: 5,  # vertical and left horizontal scroll setup
    0xA3: 2,  # vertical scroll area
    0x23: 1,  # fade out and blinking (advanced graphics)
    0xD6: 1,  # zoom in (advanced graphics)
    0xA8: 1,  # multiplex ratio
    0xD3: 1,  # display offset
    0xDA: 1,  # COM pins hardware configuration
    0xD5: 1,  # display clock divide ratio / oscillator frequency
    0xD9: 1,  # pre-charge period
    0xDB: 1,  # VCOMH deselect level
    # Not in the 2008 SSD1306 datasheet: IREF selection (0x00 external, 0x30
    # internal) of the SSD1306B and SSD1315, which adafruit_ssd1306 sends. An
    # SSD1306 ignores it; either way it changes brightness only, not the picture.
    0xAD: 1,
}

# Commands without arguments that only set timing or scrolling state.
PLAIN = (0x2E, 0x2F, 0xE3)  # deactivate scroll, activate scroll, NOP

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class Panel:
    def __init__(self, width=128, pages=8, external_vcc=False):
        self.width = width
        self.pages = pages
        self.external_vcc = external_vcc  # True: VCC comes from outside, no pump
        self.ram = bytearray(width * pages)
        self.data_bytes = 0  # display RAM bytes written
        self.bus_bytes = 0  # everything received, control bytes included
        self.commands = []  # every complete command: (opcode, arg, ...) tuples
        self.unknown = []  # opcodes the datasheet does not define
        self.pending = []  # a command waiting for its arguments
        self.reset()

    def reset(self):
        """The register values after RES# (datasheet section 10, reset column)."""
        self.on = False
        self.contrast = 0x7F
        self.mode = PAGE
        self.cols = (0, self.width - 1)
        self.rows = (0, self.pages - 1)
        self.col = 0
        self.page = 0
        self.start_line = 0
        self.offset = 0
        self.mux = 63  # multiplex ratio - 1
        self.seg_remap = False  # 0xA0: column 0 on SEG0
        self.com_remap = False  # 0xC0: scan COM0 to COM[N-1]
        self.com_pins = 0x12
        self.inverted = False
        self.entire_on = False
        self.charge_pump = False  # 0x8D 0x10 after reset
        self.clock = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.iref = 0x00  # external current reference
        self.scrolling = False
        self.pending = []

    # --- the bus -----------------------------------------------------------------

    def receive(self, data):
        """One I2C transaction addressed to the panel (address byte not included)."""
        self.bus_bytes += len(data)
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            single = control & 0x80  # Co=1: one byte, then another control byte
            is_data = control & 0x40  # D/C#
            end = i + 1 if single else n
            if end > n:
                end = n
            for j in range(i, end):
                if is_data:
                    self.ram_byte(data[j])
                else:
                    self.command(data[j])
            i = end

    def spi(self, dc, data):
        """One SPI write with the DC pin at `dc` (1: display RAM, 0: commands)."""
        self.bus_bytes += len(data)
        for b in data:
            if dc:
                self.ram_byte(b)
            else:
                self.command(b)

    # --- commands ----------------------------------------------------------------

    def command(self, b):
        self.pending.append(b)
        op = self.pending[0]
        if len(self.pending) <= ARGS.get(op, 0):
            return
        args = self.pending[1:]
        self.commands.append(tuple(self.pending))
        self.pending = []
        self.execute(op, args)

    def execute(self, op, args):
        if op == 0x81:
            self.contrast = args[0]
        elif op == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif op == 0x20:
            self.mode = args[0] & 3  # 3 is invalid: treated like page mode below
        elif op == 0x21:
            self.cols = (args[0] & 0x7F, args[1] & 0x7F)
            self.col = self.cols[0]
        elif op == 0x22:
            self.rows = (args[0] & 7, args[1] & 7)
            self.page = self.rows[0]
        elif 0xB0 <= op <= 0xB7:
            if self.mode == PAGE:
                self.page = op & 7
        elif op <= 0x0F:
            if self.mode == PAGE:
                self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:
            if self.mode == PAGE:
                self.col = (self.col & 0x0F) | ((op & 0x07) << 4)
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op == 0xA8:
            if args[0] & 0x3F >= 15:  # 0..14 are invalid and ignored
                self.mux = args[0] & 0x3F
        elif 0xC0 <= op <= 0xCF:
            self.com_remap = bool(op & 0x08)
        elif op == 0xD3:
            self.offset = args[0] & 0x3F
        elif op == 0xDA:
            self.com_pins = args[0] & 0x32
        elif op == 0xD5:
            self.clock = args[0]
        elif op == 0xD9:
            self.precharge = args[0]
        elif op == 0xDB:
            self.vcomh = args[0]
        elif op == 0xAD:
            self.iref = args[0]
        elif op == 0x2E:
            self.scrolling = False
        elif op == 0x2F:
            self.scrolling = True
        elif op in ARGS or op in PLAIN:
            pass  # scroll setup, fade, zoom, NOP: no effect on a still picture
        else:
            self.unknown.append(op)

    # --- display RAM -------------------------------------------------------------

    def ram_byte(self, b):
        if self.page < self.pages and self.col < self.width:
            self.ram[self.page * self.width + self.col] = b
        self.data_bytes += 1
        c0, c1 = self.cols
        p0, p1 = self.rows
        if self.mode == HORIZONTAL:
            if self.col != c1:
                self.col = (self.col + 1) & 0x7F
                return
            self.col = c0
            self.page = p0 if self.page == p1 else (self.page + 1) & 7
        elif self.mode == VERTICAL:
            if self.page != p1:
                self.page = (self.page + 1) & 7
                return
            self.page = p0
            self.col = c0 if self.col == c1 else (self.col + 1) & 0x7F
        else:  # page mode: the column wraps within the page (figure 10-2)
            self.col = (self.col + 1) & 0x7F

    # --- what the glass shows ----------------------------------------------------

    def lit(self):
        """True when the panel shows anything at all."""
        return self.on and (self.charge_pump or self.external_vcc)

    def com_of_row(self, y):
        """The COM line that drives glass row y (0 = top)."""
        rows = self.pages * 8
        pad = rows - 1 - y  # the bottom row is on COM0's pad
        if rows > 32:  # 64 rows: the two sides' pads alternate
            side, idx = pad & 1, pad >> 1
        else:  # 32 rows: one side, in order
            side, idx = 0, pad
        if self.com_pins & 0x20:  # left/right remap swaps the sides
            side ^= 1
        if self.com_pins & 0x10:  # alternative COM pin configuration
            return 2 * idx + side
        return 32 * side + idx  # sequential

    def ram_row_of_com(self, com):
        """The display RAM row shown on a COM line, or None if it is not scanned."""
        n = self.mux + 1
        if self.com_remap:  # 0xC8: scan from COM[N-1] to COM0
            if com >= n:
                return None
            step = n - 1 - com
        else:
            step = com
        step = (step + self.offset) & 63
        if step >= n:
            return None
        return (self.start_line + step) & 63

    def picture(self):
        """What a person sees: MONO_VLSB, width x pages*8, bit 0 of a byte on top."""
        w = self.width
        out = bytearray(w * self.pages)
        if not self.lit():
            return bytes(out)
        inv = 1 if self.inverted else 0
        ram = self.ram
        for y in range(self.pages * 8):
            row = self.ram_row_of_com(self.com_of_row(y))
            if row is None:
                continue
            page = row >> 3
            src = page * w
            bit = 1 << (row & 7)
            dst = (y >> 3) * w
            mask = 1 << (y & 7)
            for x in range(w):
                if self.entire_on:
                    on = 1
                elif page >= self.pages:
                    on = inv
                else:
                    # SEG127 is the left edge; 0xA1 puts column 127 on SEG0
                    col = x if self.seg_remap else w - 1 - x
                    on = (1 if ram[src + col] & bit else 0) ^ inv
                if on:
                    out[dst + x] |= mask
        return bytes(out)
