"""Raspberry Pi Pico (RP2040): SSD1306 on I2C0, six buttons to ground.

Pin numbers are GPIO numbers (GPn), not physical pin numbers; hardware/README.md
has the physical pins.
"""

NAME = "Raspberry Pi Pico"
BUS = "i2c"
I2C_ID = 0
SDA = 4  # GP4, physical pin 6
SCL = 5  # GP5, physical pin 7
# The RP2040 does Fast-mode Plus: 1 MHz is past the SSD1306's rated 400 kHz, which
# modules keep up with on short wires (the timing budgets are measured at it).
# Drop to 400_000 if the picture shows noise or error.log shows EIO.
I2C_FREQ = 1000000
ADDR = 0x3C
FLIP = False  # True turns the picture by 180 degrees (display mounted upside down)
# GPIO of UP, DOWN, LEFT, RIGHT, A, B (the order of crisscross.buttons)
BUTTONS = (10, 11, 12, 13, 14, 15)
# machine.lightsleep while the screen is blank (after 3 minutes idle): a button edge
# wakes it. MicroPython 1.24+ keeps the USB clocks in lightsleep while a host has
# configured the port (micropython#15111), so the REPL and `make flash` still work.
LIGHTSLEEP = True
