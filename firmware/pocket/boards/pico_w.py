"""Raspberry Pi Pico W: the Pico's wiring (the radio uses none of these pins)."""

from pocket.boards.pico import (  # noqa: F401 - the profile is these names
    BUS,
    I2C_ID,
    SDA,
    SCL,
    I2C_FREQ,
    ADDR,
    FLIP,
    BUTTONS,
)

NAME = "Raspberry Pi Pico W"
# machine.lightsleep while blank: tried on the emulated RP2040 Pico only (its
# profile has it on); this board keeps a plain sleep until tried on one.
LIGHTSLEEP = False
