"""Criss Cross Pocket: start the game unless safe mode is on.

If even starting fails (no display, a broken install), the error goes to error.log
and the REPL, and the board stays up for `make flash` to repair it.
"""

import sys

try:
    from pocket.safemode import active as skip  # the module is let go later
except Exception:
    skip = False

if skip:
    print("safe mode: game skipped; the REPL is yours")
else:
    # The rp2 port's _boot.py leaves its `rp2` here: a frozen module whose classes
    # take heap on any firmware, which the game never uses (pocket.setup lets it go).
    globals().pop("rp2", None)
    try:
        from pocket import start

        start.main()
    except Exception as e:
        sys.print_exception(e)
        try:
            from pocket import errorlog

            errorlog.log_exception(e, stamp="start-up")
        except Exception:
            pass
