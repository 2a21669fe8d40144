"""The only module that touches `machine`: builds the display and pins a profile names."""

from machine import I2C, SPI, Pin

from pocket import ssd1306

# Both edges: a press (pin pulled to ground) and a release each wake the main loop.
IRQ_EDGES = Pin.IRQ_FALLING | Pin.IRQ_RISING
IRQ_PRESS = Pin.IRQ_FALLING  # the edge of a press, among an interrupt's flags


def display(profile):
    """The SSD1306 the profile describes, initialised and blank."""
    if profile.BUS == "spi":
        spi = SPI(
            profile.SPI_ID,
            baudrate=profile.SPI_BAUD,
            sck=Pin(profile.SCK),
            mosi=Pin(profile.MOSI),
        )
        from pocket.spibus import SPIBus

        bus = SPIBus(spi, Pin(profile.DC), Pin(profile.CS), Pin(profile.RES))
    else:
        i2c = I2C(
            profile.I2C_ID,
            sda=Pin(profile.SDA),
            scl=Pin(profile.SCL),
            freq=profile.I2C_FREQ,
        )
        if profile.ADDR not in i2c.scan():
            raise OSError(
                "no display at 0x%02x (SDA=%d SCL=%d): check wiring"
                % (profile.ADDR, profile.SDA, profile.SCL)
            )
        bus = ssd1306.I2CBus(i2c, profile.ADDR)
    return ssd1306.SSD1306(bus, flip=profile.FLIP)


def buttons(profile):
    """The six button pins, inputs with pull-ups, in crisscross.buttons order."""
    return [Pin(n, Pin.IN, Pin.PULL_UP) for n in profile.BUTTONS]


def waiter(lightsleep, edge):
    """How the loop waits for the next edge or timer (pocket.wake): asleep in WFE,
    and with the screen blank in machine.lightsleep where `lightsleep` (the
    profile's LIGHTSLEEP) allows it."""
    from pocket import wake

    if lightsleep:
        import machine

        return wake.waiter(edge, machine.lightsleep)
    return wake.waiter(edge)
