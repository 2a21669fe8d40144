"""The board layer: pins, display, buttons, idle and error log for the real device.

Thin on purpose: everything a player sees is in `crisscross`; this package only
moves bytes to the screen and turns pins into button events. Only `hw` imports
`machine`, so the rest runs (and is tested) inside any MicroPython.

The contract, start to end:
- A board is a profile in `boards/` (constants only: BUS and its pins, ADDR, FLIP,
  BUTTONS in crisscross.buttons order, LIGHTSLEEP), found by `boards.load()` from
  the machine's name or `board.txt`.
- `boot.py` runs `safemode.check()`: a game button held at power-on leaves the
  REPL free. `main.py` runs `start.main()` otherwise.
- `start.main()` runs `setup.board()` once: (display, pins, lightsleep), the
  display an `ssd1306.SSD1306` (a framebuf.FrameBuffer with micropython-lib's
  `show`, `poweroff`, `poweron`, `contrast`), the pins inputs pulled up. Then
  `setup.game()` builds `crisscross.app.App(display, storage, now, today,
  sprite)` with the saves folder and `time.localtime` (a date once `host flash`
  has set the board's clock) and hands `loop.run` the app, display,
  `keys.Keys`, buttons, `idle.Idle`, the ms clock and `hw.waiter` (WFE or
  lightsleep until the next edge).
- An uncaught error goes to error.log and the screen (`errorlog.recover`); A
  builds the game again. Nothing resets the board, and Ctrl-C reaches the REPL.
"""
