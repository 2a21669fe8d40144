"""Added to the sample package by tests/host/test_mpy_names.py."""


def brand_new_helper(first_value):
    return first_value + 1
