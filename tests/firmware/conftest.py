"""The test_*.py files here run inside MicroPython (tests/host/test_firmware_mpy.py
starts them); pytest under CPython must not collect them."""

collect_ignore_glob = ["*.py"]
