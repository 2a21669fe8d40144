"""The 128x64 screen on a PC, shared by every front end, the emulator, the
benchmarks and the tests.

- fbcanvas.py: the canvas the game draws on, byte-identical to MicroPython's
  `framebuf` (font8x8.py is its font, taken from the firmware).
- render.py: a frame as text, braille, a diff or a picture (golden frames, the
  terminal, screenshots).
- ssd1306_panel.py: a model of the SSD1306 controller on an I2C bus, for the
  emulated Pico and the firmware's tests (it also runs inside MicroPython).
"""
