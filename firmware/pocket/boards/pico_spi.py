"""Raspberry Pi Pico with an SPI SSD1306 module (7 pins: GND VCC D0 D1 RES DC CS).

Not detected automatically: write `pico_spi` into board.txt on the board to use it.
Buttons as on the I2C Pico.
"""

from pocket.boards.pico import BUTTONS, FLIP, LIGHTSLEEP  # noqa: F401

NAME = "Raspberry Pi Pico (SPI display)"
BUS = "spi"
SPI_ID = 0
SCK = 18  # GP18, SPI0 SCK -> D0
MOSI = 19  # GP19, SPI0 TX -> D1
DC = 20
RES = 21
CS = 17
SPI_BAUD = 10000000  # the SSD1306 takes 10 MHz: a full frame in under 1 ms
