"""Runs the portable tests inside MicroPython (also works under CPython).

Every module tests/portable/test_*.py holds plain `test_*` functions that use only
`assert`, so pytest runs them under CPython and this runner under MicroPython.
Usage inside the interpreter: argv[1:] may name modules or `module::function` to run.
"""

import os
import sys
import time

try:
    from sys import print_exception
except ImportError:  # CPython
    import traceback

    def print_exception(e):
        traceback.print_exception(type(e), e, e.__traceback__)


def _modules(folder):
    names = []
    for name in os.listdir(folder):
        if name.startswith("test_") and name.endswith(".py"):
            names.append(name[:-3])
    names.sort()
    return names


def _ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


def run(folder, selection, verbose=False):
    sys.path.insert(0, folder)
    passed = failed = 0
    t0 = _ms()
    for modname in _modules(folder):
        wanted = [s for s in selection if s.split("::")[0] == modname]
        if selection and not wanted:
            continue
        try:
            mod = __import__(modname)
        except Exception as e:
            print("ERROR importing", modname)
            print_exception(e)
            failed += 1
            continue
        names = sorted(n for n in dir(mod) if n.startswith("test_"))
        m0 = _ms()
        for n in names:
            if wanted and modname not in wanted and (modname + "::" + n) not in wanted:
                continue
            try:
                getattr(mod, n)()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAILED", modname + "::" + n)
                print_exception(e)
        if verbose:
            print("  %-32s %6d ms" % (modname, _ms() - m0))
    t1 = _ms()
    impl = (
        sys.implementation.name
        + " "
        + ".".join(str(v) for v in sys.implementation.version[:3])
    )
    print("MicroPython suite (%s, %d ms):" % (impl, t1 - t0))
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    folder = (
        "/tests/portable"
        if sys.implementation.name == "micropython"
        else "tests/portable"
    )
    args = sys.argv[1:]
    verbose = "-v" in args
    if run(folder, [a for a in args if a != "-v"], verbose):
        sys.exit(1)
