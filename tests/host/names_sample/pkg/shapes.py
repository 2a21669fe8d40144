"""A module whose names a build renames, and some it must not."""

LABEL = "surface_area"  # a string naming an attribute: getattr below


class ShapeError(Exception):
    pass


class SampleTile:
    def __init__(self, side_length):
        self.side_length = side_length

    def surface_area(self):
        return self.side_length * self.side_length

    def grown_by(self, extra_length):
        return SampleTile(side_length=self.side_length + extra_length)


def describe_shape(shape):
    return "%s=%d" % (LABEL, getattr(shape, LABEL)())


def checked_shape(shape):
    if shape.side_length < 0:
        raise ShapeError("negative")
    return shape
