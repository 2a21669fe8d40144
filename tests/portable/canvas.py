"""The canvas the tests draw on: MicroPython's `framebuf` inside MicroPython, the
byte-identical host canvas (host/screen/fbcanvas.py) under CPython. It is a name here,
not a module installed as `framebuf`: the engine imports neither."""

try:
    import framebuf
except ImportError:  # CPython
    from host.screen import fbcanvas as framebuf

FrameBuffer = framebuf.FrameBuffer
MONO_VLSB = framebuf.MONO_VLSB


def new(w=128, h=64):
    """(buffer, canvas): a blank w x h MONO_VLSB canvas over its buffer."""
    buf = bytearray(w * ((h + 7) // 8))
    return buf, FrameBuffer(buf, w, h, MONO_VLSB)
