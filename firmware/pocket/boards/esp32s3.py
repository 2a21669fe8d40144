"""An ESP32-S3 dev board (ESP32-S3-DevKitC-1 and clones): SSD1306 on I2C.

The ESP32-S3 has no GPIO 22-25 and its 26-32 are the flash's: the ESP32's
wiring (25/26/27/32/33) does not fit. SDA/SCL are
MicroPython's default I2C pins for this chip (8/9). The buttons use 4-7 and 15/16,
next to each other on the DevKitC-1's left header, and avoid the strapping pins
(0, 3, 45, 46), USB (19, 20), the UART0 REPL (43, 44) and 35-37, which the octal
PSRAM of N8R8/N16R8 modules takes. Every one of them has an internal pull-up.
"""

NAME = "ESP32-S3 dev board"
BUS = "i2c"
I2C_ID = 0
SDA = 8
SCL = 9
I2C_FREQ = 400000
ADDR = 0x3C
FLIP = False
# GPIO of UP, DOWN, LEFT, RIGHT, A, B
BUTTONS = (4, 5, 6, 7, 15, 16)
LIGHTSLEEP = False  # as on the ESP32: a plain sleep keeps the USB serial link up
