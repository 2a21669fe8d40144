"""The test_*.py files here run inside MicroPython: tests/host/test_firmware_mpy.py
starts each in its own interpreter, and pytest under CPython does not collect them
with the folder. Named alone (`pytest tests/firmware/test_keys.py`), a file runs
the same way, inside MicroPython, as one test."""

import pytest

collect_ignore_glob = ["*.py"]


def pytest_pycollect_makemodule(module_path, parent):
    return InMicroPython.from_parent(parent, path=module_path)


class InMicroPython(pytest.File):
    def collect(self):
        yield ModuleRun.from_parent(self, name=self.path.stem)


class ModuleRun(pytest.Item):
    def runtest(self):
        from test_firmware_mpy import test_firmware_module_in_micropython

        test_firmware_module_in_micropython(self.name)
