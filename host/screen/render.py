"""Pictures of a MONO_VLSB frame buffer: ASCII art, terminal braille, pygame, PNG.

A frame is the SSD1306's byte layout (framebuf.MONO_VLSB, stride = width): byte
(y // 8) * w + x holds column x of rows 8*(y // 8) .. +7, least significant bit
on top. Used by the simulator, golden-frame tests and terminal play. CPython only.
"""

WIDTH = 128
HEIGHT = 64

ON_CHAR = "#"
OFF_CHAR = "."

# Unicode braille: U+2800 plus one bit per dot of a 2x4 cell, dots 1-8 at
# (column, row) (0, 0) (0, 1) (0, 2) (1, 0) (1, 1) (1, 2) (0, 3) (1, 3).
BRAILLE = 0x2800
BRAILLE_DOTS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3))

# The OLED look: lit pixels light blue, dark ones black.
ON_RGB = (140, 210, 255)
OFF_RGB = (0, 0, 0)
DEFAULT_SCALE = 6


def frame_bytes(w, h):
    """Length of a MONO_VLSB frame of w x h pixels."""
    return w * ((h + 7) // 8)


def _check(buf, w, h):
    if w < 1 or h < 1:
        raise ValueError("frame size must be positive, got %dx%d" % (w, h))
    need = frame_bytes(w, h)
    if len(buf) != need:
        raise ValueError("a %dx%d frame is %d bytes, got %d" % (w, h, need, len(buf)))


def _lit(buf, w, x, y):
    return (buf[(y >> 3) * w + x] >> (y & 7)) & 1


def rows(buf, w=WIDTH, h=HEIGHT):
    """The frame as h lists of w ints (0 or 1), top row first."""
    _check(buf, w, h)
    return [[_lit(buf, w, x, y) for x in range(w)] for y in range(h)]


def to_ascii(buf, w=WIDTH, h=HEIGHT):
    """One line per pixel row, '#' lit and '.' dark, each line ending in '\\n'."""
    return "".join(
        "".join(ON_CHAR if bit else OFF_CHAR for bit in row) + "\n"
        for row in rows(buf, w, h)
    )


def from_ascii(text):
    """Parse to_ascii() output (size taken from the text) back into a bytearray."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines or not lines[0]:
        raise ValueError("no frame rows in text")
    w = len(lines[0])
    buf = bytearray(frame_bytes(w, len(lines)))
    for y, line in enumerate(lines):
        if len(line) != w:
            raise ValueError(
                "row %d has %d pixels, row 1 has %d" % (y + 1, len(line), w)
            )
        for x, ch in enumerate(line):
            if ch == ON_CHAR:
                buf[(y >> 3) * w + x] |= 1 << (y & 7)
            elif ch != OFF_CHAR:
                raise ValueError(
                    "row %d column %d: %r is neither %r nor %r"
                    % (y + 1, x + 1, ch, ON_CHAR, OFF_CHAR)
                )
    return buf


def to_braille(buf, w=WIDTH, h=HEIGHT):
    """Braille cells, 2x4 pixels per character: 128x64 becomes 64x16 chars."""
    _check(buf, w, h)
    out = []
    for y in range(0, h, 4):
        line = []
        for x in range(0, w, 2):
            bits = 0
            for k, (dx, dy) in enumerate(BRAILLE_DOTS):
                if x + dx < w and y + dy < h:
                    bits |= _lit(buf, w, x + dx, y + dy) << k
            line.append(chr(BRAILLE + bits))
        out.append("".join(line) + "\n")
    return "".join(out)


def diff_frames(a, b, w=WIDTH, h=HEIGHT):
    """How many of the w x h pixels differ between frames a and b."""
    _check(a, w, h)
    _check(b, w, h)
    return sum(_lit(a, w, x, y) != _lit(b, w, x, y) for y in range(h) for x in range(w))


def to_surface(buf, scale=DEFAULT_SCALE, w=WIDTH, h=HEIGHT):
    """A pygame Surface of (w*scale, h*scale); each pixel a scale x scale square."""
    import pygame  # only the hosts that draw pictures need pygame

    _check(buf, w, h)
    if scale < 1:
        raise ValueError("scale must be at least 1, got %d" % scale)
    small = pygame.Surface((w, h))
    small.fill(OFF_RGB)
    for y in range(h):
        for x in range(w):
            if _lit(buf, w, x, y):
                small.set_at((x, y), ON_RGB)
    # transform.scale samples the nearest pixel: squares stay sharp.
    return pygame.transform.scale(small, (w * scale, h * scale))


def to_png(buf, path, scale=DEFAULT_SCALE, w=WIDTH, h=HEIGHT):
    """Write the frame as a PNG of (w*scale, h*scale) pixels to path (a PNG
    whatever the name ends with)."""
    import pygame

    surface = to_surface(buf, scale, w, h)
    with open(str(path), "wb") as f:
        pygame.image.save(surface, f, "png")
