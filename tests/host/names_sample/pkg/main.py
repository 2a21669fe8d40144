"""Runs the sample on import (tests/host/test_mpy_names.py)."""

from pkg.shapes import SampleTile, describe_shape, checked_shape, ShapeError

square_shape = SampleTile(3).grown_by(extra_length=1)
print(describe_shape(square_shape), square_shape.surface_area())
try:
    checked_shape(SampleTile(-1))
except ShapeError as e:
    print(type(e).__name__, e)
try:
    square_shape.missing_attribute
except AttributeError:
    print("no attribute")
