"""Pictures of a MONO_VLSB frame buffer: ASCII art, terminal blocks, pygame, PNG.

A frame is the SSD1306's byte layout (framebuf.MONO_VLSB, stride = width): byte
(y // 8) * w + x holds column x of rows 8*(y // 8) .. +7, least significant bit
on top. Used by the simulator, golden-frame tests and terminal play. CPython only.
"""

WIDTH = 128
HEIGHT = 64

ON_CHAR = "#"
OFF_CHAR = "."

# Quadrant block per 2x2 cell, indexed by bits: top-left 1, top-right 2,
# bottom-left 4, bottom-right 8.
QUADRANTS = (
    " \u2598\u259d\u2580\u2596\u258c\u259e\u259b"
    "\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
)

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


def to_blocks(buf, w=WIDTH, h=HEIGHT):
    """Quadrant blocks, 2x2 pixels per character: 128x64 becomes 64x32 chars."""
    _check(buf, w, h)
    out = []
    for y in range(0, h, 2):
        line = []
        for x in range(0, w, 2):
            bits = _lit(buf, w, x, y)
            if x + 1 < w:
                bits |= _lit(buf, w, x + 1, y) << 1
            if y + 1 < h:
                bits |= _lit(buf, w, x, y + 1) << 2
                if x + 1 < w:
                    bits |= _lit(buf, w, x + 1, y + 1) << 3
            line.append(QUADRANTS[bits])
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
    """Write the frame as a PNG of (w*scale, h*scale) pixels to path."""
    import pygame

    pygame.image.save(to_surface(buf, scale, w, h), str(path))
