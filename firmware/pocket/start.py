"""Start the game on the board, and survive it crashing.

An uncaught error is appended to error.log and shown on screen; A restarts the game
in place. Nothing here ever resets the board, so a bug can never become a boot loop,
and Ctrl-C (mpremote, `make flash`) always reaches the REPL.

This module stays in the heap for the whole game (main.py's frame runs its loop),
so it holds only that loop: what runs once (the board's profile, building the
game) is pocket.setup, and the error screen is pocket.errorlog, each imported when
needed and let go after.
"""

import gc


def main():
    from pocket import setup

    board = setup.board()  # (display, pins, lightsleep)
    del setup  # the game's step lets the module go
    while True:
        try:
            play(board)
        except Exception as e:  # anything the game raises
            gc.collect()  # a MemoryError leaves little heap to report it with
            from pocket import errorlog

            errorlog.recover(e, board[0], board[1])
            gc.collect()


def play(board):
    """Build the game around the hardware and run it (returns only by raising)."""
    from pocket import loop, setup

    game = setup.game(*board)  # it lets go of pocket.setup: held here no longer
    del setup
    loop.run(*game)
