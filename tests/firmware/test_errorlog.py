"""Errors: appended to a bounded log, drawn as a screen that fits."""

import os

from pocket import errorlog
from rig import Rig

LOG = "/tmp/fw_error.log"
OLD = "/tmp/fw_error.log.1"


def clean():
    for p in (LOG, OLD):
        try:
            os.remove(p)
        except OSError:
            pass


def boom():
    raise ValueError("the dice fell off the table")


def test_exceptions_are_appended_with_their_traceback():
    clean()
    for n in range(2):
        try:
            boom()
        except ValueError as e:
            assert errorlog.log_exception(e, LOG, OLD, "run %d" % n)
    text = open(LOG).read()
    assert text.count("ValueError: the dice fell off the table") == 2
    assert "--- run 1" in text and "boom" in text


def test_the_log_rotates_instead_of_filling_the_flash():
    clean()
    with open(LOG, "w") as f:
        f.write("x" * (errorlog.MAX_BYTES + 1))
    errorlog.log_exception(ValueError("new"), LOG, OLD)
    assert os.stat(OLD)[6] == errorlog.MAX_BYTES + 1
    assert os.stat(LOG)[6] < 200


def test_a_broken_log_file_does_not_raise():
    assert not errorlog.log_exception(ValueError("x"), "/no/such/dir/error.log")


def test_wrap_fits_sixteen_columns():
    lines = errorlog.wrap("memory allocation failed, allocating 4096 bytes")
    assert lines == ["memory", "allocation", "failed,"] or all(
        len(x) <= 16 for x in lines
    )
    assert all(len(x) <= 16 for x in errorlog.wrap("x" * 40))
    assert len(errorlog.wrap("a " * 100)) == 3


def test_the_error_screen_reaches_the_panel():
    rig = Rig()
    errorlog.draw(rig.display, MemoryError("memory allocation failed"))
    rig.display.show()
    assert rig.panel.ram == rig.display.buffer
    lit = sum(bin(b).count("1") for b in rig.panel.ram)
    assert lit > 300  # a title bar and several lines of text
