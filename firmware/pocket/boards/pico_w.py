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
    LIGHTSLEEP,
)

NAME = "Raspberry Pi Pico W"
