"""An SSD1306 as the bus sees it: decodes commands and RAM writes into 8 pages x 128.

Written from the datasheet, independent of the driver under test: control bytes
(Co, D/C), horizontal addressing with a column and page window, the commands that
take arguments, display on/off and contrast.
"""

ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1}
ARGS.update({0xD9: 1, 0xDA: 1, 0xDB: 1})


class Panel:
    def __init__(self, width=128, pages=8):
        self.width = width
        self.pages = pages
        self.ram = bytearray(width * pages)
        self.on = False
        self.contrast = 0x7F
        self.mode = 2  # page addressing after reset
        self.cols = (0, width - 1)
        self.rows = (0, pages - 1)
        self.col = 0
        self.page = 0
        self.pending = []  # a command waiting for its arguments
        self.data_bytes = 0
        self.bus_bytes = 0  # everything received, control bytes included

    def receive(self, data):
        """One I2C transaction addressed to the panel."""
        self.bus_bytes += len(data)
        i = 0
        while i < len(data):
            control = data[i]
            i += 1
            single = control & 0x80  # Co=1: one byte, then another control byte
            is_data = control & 0x40
            end = i + 1 if single else len(data)
            for b in data[i:end]:
                self.ram_byte(b) if is_data else self.command(b)
            i = end

    def spi(self, dc, data):
        self.bus_bytes += len(data)
        for b in data:
            self.ram_byte(b) if dc else self.command(b)

    def command(self, b):
        if self.pending:
            self.pending.append(b)
        else:
            self.pending = [b]
        op = self.pending[0]
        if len(self.pending) <= ARGS.get(op, 0):
            return
        args = self.pending[1:]
        self.pending = []
        if op == 0x20:
            self.mode = args[0] & 3
        elif op == 0x21:
            self.cols = (args[0], args[1])
            self.col = args[0]
        elif op == 0x22:
            self.rows = (args[0] & 7, args[1] & 7)
            self.page = args[0] & 7
        elif op == 0x81:
            self.contrast = args[0]
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF

    def ram_byte(self, b):
        self.ram[self.page * self.width + self.col] = b
        self.data_bytes += 1
        if self.col < self.cols[1]:
            self.col += 1
            return
        self.col = self.cols[0]
        if self.mode == 0:  # horizontal: wrap to the next page of the window
            self.page = self.page + 1 if self.page < self.rows[1] else self.rows[0]
