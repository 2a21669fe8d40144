"""Criss Cross Pocket, first at power-on: hold any game button now for safe mode."""

try:
    from pocket import safemode

    safemode.check()
    del safemode  # main.py reads it from sys.modules; pocket.setup lets it go
except Exception as e:  # a broken install must still boot to the REPL
    print("boot.py:", e)
