"""Criss Cross Pocket, first at power-on: hold any game button now for safe mode."""

try:
    from pocket import safemode

    safemode.check()
except Exception as e:  # a broken install must still boot to the REPL
    print("boot.py:", e)
