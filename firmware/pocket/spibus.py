"""The SSD1306 on SPI (pocket.ssd1306's bus for boards that wire it so): a module
of its own, so a board on I2C never holds its code."""


class SPIBus:
    """The panel on SPI: DC low for commands, high for RAM; CS framing each write."""

    def __init__(self, spi, dc, cs, res=None):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        dc.init(dc.OUT, value=0)
        cs.init(cs.OUT, value=1)
        if res is not None:  # pulse reset: the panel's RAM and registers start clean
            import time

            res.init(res.OUT, value=1)
            time.sleep_ms(1)
            res(0)
            time.sleep_ms(10)
            res(1)

    def _write(self, dc, buf):
        self.cs(1)
        self.dc(dc)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)

    def command(self, buf):
        self._write(0, buf)

    def data(self, buf):
        self._write(1, buf)
