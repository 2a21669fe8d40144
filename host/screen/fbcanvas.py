"""A CPython stand-in for MicroPython's `framebuf` module, byte-identical on mono formats.

The algorithms follow MicroPython 1.29's extmod/modframebuf.c step by step (line
stepping, ellipse error terms, polygon scan-line rounding, clipping order), so that
a frame drawn here has the same bytes as on the device. tests/host/
test_canvas_parity.py checks that against the real interpreter.

Usable as `framebuf` itself: FrameBuffer, FrameBuffer1 and the format constants
have MicroPython's names and values. Only the 1-bit formats are implemented.
"""

from operator import index as _int

from host.screen.font8x8 import FIRST_CHAR, FONT, GLYPH_BYTES, LAST_CHAR

# Format numbers as in MicroPython (framebuf.MONO_VLSB == 0 etc.).
MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_SUPPORTED = (MONO_VLSB, MONO_HLSB, MONO_HMSB)
_OTHER_FORMATS = (RGB565, GS4_HMSB, GS2_HMSB, GS8)
_MAX_DIM = 0xFFFF  # width, height and stride are uint16 in the C struct
_UINT32 = 0xFFFFFFFF  # blit compares colours as uint32_t, so key -1 matches nothing

# ellipse() quadrant mask bits: Q2 Q1 above, Q3 Q4 below the centre.
_ELLIPSE_Q1 = 0x01
_ELLIPSE_Q2 = 0x02
_ELLIPSE_Q3 = 0x04
_ELLIPSE_Q4 = 0x08
_ELLIPSE_ALL = 0x0F
_ELLIPSE_FILL = 0x10

# poly() computes crossings in 1/32 pixel fixed point, as the C code does.
_POLY_SCALE = 32
_POLY_HALF = 16


def _cdiv(a, b):
    """Integer division truncating toward zero, like C's `/`."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _writable(buf):
    """The buffer to draw into, written in place; refuses read-only objects."""
    if isinstance(buf, bytearray):
        return buf
    try:
        view = memoryview(buf)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if view.readonly:
        raise TypeError("framebuffer needs a writable buffer (bytearray or memoryview)")
    return view.cast("B")


class FrameBuffer:
    """FrameBuffer(buf, width, height, format, stride=width), drawing into buf."""

    def __init__(self, buf, width, height, format, stride=None):
        width = _int(width)
        height = _int(height)
        format = _int(format)
        stride = width if stride is None else _int(stride)
        if not (0 < width <= _MAX_DIM and 0 < height <= _MAX_DIM):
            raise ValueError("width and height must be 1..65535")
        if stride > _MAX_DIM or stride < width:
            raise ValueError("stride must be at least width and at most 65535")
        if format == MONO_VLSB:
            pages = (height + 7) // 8
            need = (pages - 1) * stride + width
        elif format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
            need = ((height - 1) * stride + ((width + 7) & ~7)) // 8
        elif format in _OTHER_FORMATS:
            raise ValueError("host canvas implements only the MONO_* formats")
        else:
            raise ValueError("invalid format")
        data = _writable(buf)
        if len(data) < need:
            raise ValueError(
                "buffer too small: %dx%d needs %d bytes, got %d"
                % (width, height, need, len(data))
            )
        # Underscored names: subclasses such as the SSD1306 driver set .width.
        self._fb_obj = buf
        self._fb_buf = data
        self._fb_w = width
        self._fb_h = height
        self._fb_stride = stride
        self._fb_format = format
        if format == MONO_VLSB:
            self._set = self._vlsb_set
            self._get = self._vlsb_get
            self._fill = self._vlsb_fill
        else:
            self._set = self._horiz_set
            self._get = self._horiz_get
            self._fill = self._horiz_fill

    # --- per-format primitives; coordinates already inside the buffer ---

    def _vlsb_set(self, x, y, col):
        i = (y >> 3) * self._fb_stride + x
        bit = 1 << (y & 7)
        if col:
            self._fb_buf[i] |= bit
        else:
            self._fb_buf[i] &= ~bit & 0xFF

    def _vlsb_get(self, x, y):
        return (self._fb_buf[(y >> 3) * self._fb_stride + x] >> (y & 7)) & 1

    def _vlsb_fill(self, x, y, w, h, col):
        # A whole 8-row page band at a time: same bits as row by row.
        buf = self._fb_buf
        yend = y + h
        while y < yend:
            page = y >> 3
            stop = min(yend, (page + 1) << 3)
            mask = ((1 << (stop - y)) - 1) << (y & 7)
            start = page * self._fb_stride + x
            if mask == 0xFF:
                buf[start : start + w] = (b"\xff" if col else b"\x00") * w
            elif col:
                for i in range(start, start + w):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(start, start + w):
                    buf[i] &= keep
            y = stop

    def _horiz_bit(self, x, y):
        offset = x & 7 if self._fb_format == MONO_HMSB else 7 - (x & 7)
        return (x + y * self._fb_stride) >> 3, offset

    def _horiz_set(self, x, y, col):
        i, offset = self._horiz_bit(x, y)
        if col:
            self._fb_buf[i] |= 1 << offset
        else:
            self._fb_buf[i] &= ~(1 << offset) & 0xFF

    def _horiz_get(self, x, y):
        i, offset = self._horiz_bit(x, y)
        return (self._fb_buf[i] >> offset) & 1

    def _horiz_fill(self, x, y, w, h, col):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self._horiz_set(xx, yy, col)

    # --- clipped helpers shared by the drawing methods ---

    def _fill_rect(self, x, y, w, h, col):
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0:
            return
        if x >= self._fb_w or y >= self._fb_h:
            return
        xend = min(self._fb_w, x + w)
        yend = min(self._fb_h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill(x, y, xend - x, yend - y, col)

    def _set_checked(self, x, y, col):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            self._set(x, y, col)

    def _line(self, x1, y1, x2, y2, col):
        # Bresenham exactly as modframebuf.c: the loop never plots the end
        # point; it is plotted once afterwards.
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self._set_checked(y1, x1, col)
            else:
                self._set_checked(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._set_checked(x2, y2, col)

    # --- the framebuf API ---

    def fill(self, c):
        self._fill(0, 0, self._fb_w, self._fb_h, _int(c))

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, *c):
        """pixel(x, y) -> 0/1, or None outside; pixel(x, y, c) sets it."""
        if len(c) > 1:
            raise TypeError("pixel() takes 2 or 3 arguments")
        x = _int(x)
        y = _int(y)
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if not c:
                return self._get(x, y)
            self._set(x, y, _int(c[0]))
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
            return
        self._fill_rect(x, y, w, 1, c)
        self._fill_rect(x, y + h - 1, w, 1, c)
        self._fill_rect(x, y, 1, h, c)
        self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _ELLIPSE_FILL:
            if mask & _ELLIPSE_Q1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_Q2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_Q3:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & _ELLIPSE_Q4:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            if mask & _ELLIPSE_Q1:
                self._set_checked(cx + x, cy - y, col)
            if mask & _ELLIPSE_Q2:
                self._set_checked(cx - x, cy - y, col)
            if mask & _ELLIPSE_Q3:
                self._set_checked(cx - x, cy + y, col)
            if mask & _ELLIPSE_Q4:
                self._set_checked(cx + x, cy + y, col)

    def ellipse(self, x, y, xr, yr, c, f=False, m=_ELLIPSE_ALL):
        """Midpoint ellipse in two point sets, as modframebuf.c draws it."""
        cx, cy, a, b, col = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        mask = (_ELLIPSE_FILL if f else 0) | (_int(m) & _ELLIPSE_ALL)
        if a == 0 and b == 0:
            if mask & _ELLIPSE_ALL:
                self._set_checked(cx, cy, col)
            return
        self._ellipse_half(cx, cy, a, b, False, col, mask)
        self._ellipse_half(cx, cy, b, a, True, col, mask)

    def _ellipse_half(self, cx, cy, ru, rv, swap, col, mask):
        """One point set of ellipse(): from (ru, 0), v rises by one at each point
        and u falls by one where the midpoint error says so, as long as the curve
        moves more in v than in u. (u, v) is (x, y) with radii (a, b), or with
        swap (y, x) with radii (b, a)."""
        two_ru2 = 2 * ru * ru
        two_rv2 = 2 * rv * rv
        u = ru
        v = 0
        uchange = rv * rv * (1 - 2 * ru)
        vchange = ru * ru
        err = 0
        stopping_u = two_rv2 * ru
        stopping_v = 0
        while stopping_u >= stopping_v:
            if swap:
                self._ellipse_points(cx, cy, v, u, col, mask)
            else:
                self._ellipse_points(cx, cy, u, v, col, mask)
            v += 1
            stopping_v += two_ru2
            err += vchange
            vchange += two_ru2
            if 2 * err + uchange > 0:
                u -= 1
                stopping_u -= two_rv2
                err += uchange
                uchange += two_rv2

    def poly(self, x, y, coords, c, f=False):
        """Polygon from a buffer of x,y pairs (e.g. array('h')), outline or filled."""
        x, y = _int(x), _int(y)
        try:
            pts = memoryview(coords).tolist()
        except TypeError:
            # As on the device: a list is refused, an array is not.
            raise TypeError("object with buffer protocol required") from None
        n = len(pts) // 2
        if n == 0:
            return
        col = _int(c)
        if f:
            self._poly_fill(x, y, pts, n, col)
            return
        px1, py1 = pts[0], pts[1]
        for i in range(n - 1, -1, -1):
            px2, py2 = pts[2 * i], pts[2 * i + 1]
            self._line(x + px1, y + py1, x + px2, y + py2, col)
            px1, py1 = px2, py2

    def _poly_fill(self, x, y, pts, n, col):
        # Scan-line fill (alienryderflex.com/polygon_fill) in modframebuf.c's
        # integer form, including its extra pixels at local minima.
        ys = pts[1 : 2 * n : 2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = pts[0], pts[1]
            for i in range(n - 1, -1, -1):
                px2, py2 = pts[2 * i], pts[2 * i + 1]
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    scaled = _cdiv(_POLY_SCALE * (px2 - px1) * (row - py1), py2 - py1)
                    nodes.append(
                        _cdiv(_POLY_SCALE * px1 + scaled + _POLY_HALF, _POLY_SCALE)
                    )
                elif row == max(py1, py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, col)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, col)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                self._fill_rect(
                    x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, col
                )

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Copy fbuf at (x, y); source colour `key` is transparent."""
        if not isinstance(fbuf, FrameBuffer):
            raise TypeError("blit source must be a FrameBuffer")
        if palette is not None and not isinstance(palette, FrameBuffer):
            raise TypeError("blit palette must be a FrameBuffer or None")
        x, y, key = _int(x), _int(y), _int(key) & _UINT32
        if x >= self._fb_w or y >= self._fb_h or -x >= fbuf._fb_w or -y >= fbuf._fb_h:
            return
        x0end = min(self._fb_w, x + fbuf._fb_w)
        y0end = min(self._fb_h, y + fbuf._fb_h)
        sy = max(0, -y)
        for dy in range(max(0, y), y0end):
            sx = max(0, -x)
            for dx in range(max(0, x), x0end):
                col = fbuf._get(sx, sy)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(dx, dy, col)
                sx += 1
            sy += 1

    def scroll(self, xstep, ystep):
        """Shift the contents; uncovered pixels keep their old values."""
        xstep, ystep = _int(xstep), _int(ystep)
        if xstep < 0:
            sx, xend, dx = 0, self._fb_w + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = self._fb_w - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, self._fb_h + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = self._fb_h - 1, ystep - 1, -1
            if yend >= y:
                return
        get, put = self._get, self._set
        for yy in range(y, yend, dy):
            for xx in range(sx, xend, dx):
                put(xx, yy, get(xx - xstep, yy - ystep))

    def text(self, s, x, y, c=1):
        """8x8 glyphs, 8 px apart; bytes outside 32..127 draw as glyph 127."""
        if isinstance(s, str):
            data = s.encode("utf-8", "surrogatepass")
        elif isinstance(s, bytes):
            data = s
        else:
            # MicroPython takes str and bytes, not bytearray.
            raise TypeError("can't convert %s to str" % type(s).__name__)
        # The C loop walks a NUL-terminated string.
        data = data.split(b"\x00", 1)[0]
        x0, y0, col = _int(x), _int(y), _int(c)
        w, h = self._fb_w, self._fb_h
        for code in data:
            if code < FIRST_CHAR or code > LAST_CHAR:
                code = LAST_CHAR
            base = (code - FIRST_CHAR) * GLYPH_BYTES
            for j in range(GLYPH_BYTES):
                if 0 <= x0 < w:
                    column = FONT[base + j]
                    yy = y0
                    while column:
                        if column & 1 and 0 <= yy < h:
                            self._set(x0, yy, col)
                        column >>= 1
                        yy += 1
                x0 += 1


def FrameBuffer1(buf, width, height, stride=None):
    """The legacy MONO_VLSB constructor MicroPython still ships."""
    return FrameBuffer(buf, width, height, MONO_VLSB, stride)
