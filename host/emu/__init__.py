"""The emulator: MicroPython's real rp2 firmware on an emulated Pico (rp2040js
under Node.js), with the SSD1306 on I2C, buttons on GPIO and a flash file that
keeps littlefs between power cycles (docs/emulator.md).

- board.py: `Board`, the emulated Pico driven from Python (power, time, button
  edges, the frame, figures), over protocol.mjs (Node.js): board.mjs the Pico and
  its execute loop, flash.mjs its flash chip, panel.mjs the SSD1306's side of the
  I2C bus, bootrom.mjs its boot ROM routines.
- repl.py: its USB serial as bytes and a REPL, and on a pseudo-terminal for
  mpremote.
- firmware.py: which firmware and ELF to run; elf.py reads the ELF's symbols.
- cli.py (`host emu`): the emulated board in the simulator's window, or headless.
"""


class EmuError(Exception):
    """Something a person can fix (a missing file, a bad argument); one line."""
