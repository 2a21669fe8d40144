"""Raspberry Pi Pico 2 / Pico 2 W (RP2350): the Pico's header and the Pico's wiring.

The buttons pull up (internal pull-ups, switch to ground), so the RP2350's erratum
E9 (a pad with input enabled can hold itself high against an internal pull-down)
does not matter here.
"""

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

NAME = "Raspberry Pi Pico 2"
# machine.lightsleep while blank: tried on the emulated RP2040 Pico only (its
# profile has it on); this board keeps a plain sleep until tried on one.
LIGHTSLEEP = False
