"""Criss Cross Pocket, first at power-on: hold any game button now for safe mode."""

try:
    from pocket import safemode

    safemode.check()
    del safemode  # its heap is the word game's: pocket.setup lets the module go
except Exception as e:  # a broken install must still boot to the REPL
    print("boot.py:", e)
