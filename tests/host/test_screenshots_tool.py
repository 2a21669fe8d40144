"""tools/screenshots.py leaves a picture alone when Chromium only shaded a few
edge pixels differently: running it again changes no file in the checkout."""

import io
import os
import sys

import pygame

from mpy import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import screenshots


def png(pixels, size=(4, 3)):
    """PNG bytes of a picture of `size`, grey but for `pixels` {(x, y): rgb}."""
    surface = pygame.Surface(size)
    surface.fill((100, 100, 100))
    for at, rgb in pixels.items():
        surface.set_at(at, rgb)
    out = io.BytesIO()
    pygame.image.save(surface, out, "shot.png")
    return out.getvalue()


def test_a_few_levels_off_is_the_same_picture_and_more_is_not(tmp_path):
    path = tmp_path / "web.png"
    assert not screenshots.same_picture(str(path), png({}))  # none there yet
    path.write_bytes(png({(1, 1): (67, 71, 83)}))
    assert screenshots.same_picture(str(path), png({(1, 1): (75, 75, 77)}))
    edge = 100 + screenshots.SAME_LEVELS
    assert screenshots.same_picture(
        str(path), png({(1, 1): (67, 71, 83), (2, 2): (edge,) * 3})
    )
    assert not screenshots.same_picture(
        str(path), png({(1, 1): (67, 71, 83), (2, 2): (edge + 1,) * 3})
    )
    assert not screenshots.same_picture(str(path), png({(1, 1): (255, 255, 255)}))
    assert not screenshots.same_picture(str(path), png({(1, 1): (67, 71, 83)}, (4, 4)))
