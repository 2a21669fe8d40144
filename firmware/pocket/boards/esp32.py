"""A generic ESP32 dev board (ESP32-WROOM-32, 30 or 38 pins): SSD1306 on I2C.

The buttons avoid the strapping pins (0, 2, 5, 12, 15) and the input-only pins
34..39, which have no internal pull-ups.
"""

NAME = "ESP32 dev board"
BUS = "i2c"
I2C_ID = 0
SDA = 21
SCL = 22
I2C_FREQ = 400000  # the SSD1306's rated speed; the ESP32's I2C is no faster in practice
ADDR = 0x3C
FLIP = False
# GPIO of UP, DOWN, LEFT, RIGHT, A, B
BUTTONS = (32, 33, 25, 26, 27, 14)
LIGHTSLEEP = False  # USB-serial stays up with a plain sleep; lightsleep needs wake pins
