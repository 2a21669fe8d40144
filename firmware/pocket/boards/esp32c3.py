"""An ESP32-C3 board (ESP32-C3-DevKitM-1, "ESP32-C3 SuperMini"): SSD1306 on I2C.

The ESP32-C3 has GPIO 0-21 only; 11-17 belong to the flash, 18/19 to USB, 20/21
to the UART0 REPL, and 2, 8 and 9 are strapping pins (a button held at power-on
could stop it booting). That leaves exactly eight: 0, 1, 3, 4, 5, 6, 7, 10, all on
the SuperMini's headers and the DevKitM-1's: SDA/SCL on 4/5 and the six buttons.
"""

NAME = "ESP32-C3 board"
BUS = "i2c"
I2C_ID = 0  # the ESP32-C3 has one I2C controller
SDA = 4
SCL = 5
I2C_FREQ = 400000
ADDR = 0x3C
FLIP = False
# GPIO of UP, DOWN, LEFT, RIGHT, A, B
BUTTONS = (0, 1, 3, 10, 6, 7)
LIGHTSLEEP = False  # as on the ESP32: a plain sleep keeps the USB serial link up
