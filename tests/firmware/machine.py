"""A test double for MicroPython's `machine` module, which WebAssembly has not got.

Pins hold a level a test drives (and fire their irq handler on the edge, at once,
or when interrupts are on again with the flags of every edge meanwhile, as rp2's
hard interrupts do: `interrupts(False)` stands for a flash erase); I2C and SPI
record every transaction and hand it to the device attached at that address, such as
the SSD1306 model in host/screen/ssd1306_panel.py. Only what the firmware uses is here.
"""

IRQ_FALLING = 4
IRQ_RISING = 8

devices = {}  # I2C address -> device with receive(bytes); shared by every bus
spi_devices = []  # devices with spi(dc, bytes)
sleeps = []  # every lightsleep(ms)
pressed = set()  # pin ids whose button the outside world holds down
_off = []  # while interrupts are off: the pins with edges waiting


def interrupts(on):
    """Test side: interrupts off (a flash erase) or on again, when each pin with
    edges meanwhile calls its handler once, its flags those edges."""
    if not on:
        _off.append(None)
        return
    waiting = [p for p in _off if p is not None]
    del _off[:]
    for pin in waiting:
        pin._fire()


class _IRQ:
    def __init__(self):
        self._flags = 0

    def flags(self):
        return self._flags


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = IRQ_FALLING
    IRQ_RISING = IRQ_RISING
    pins = {}  # id -> the last Pin made with it, for tests to drive

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._level = 0
        self.handler = None
        self.trigger = 0
        self.hard = False
        self._irq = _IRQ()
        self._edges = 0  # flags of edges waiting for interrupts to be on
        self.init(mode, pull, value)
        Pin.pins[id] = self

    def init(self, mode=-1, pull=-1, value=None):
        if pull == Pin.PULL_UP:
            self._level = 0 if self.id in pressed else 1
        if value is not None:
            self._level = 1 if value else 0

    def value(self, v=None):
        if v is None:
            return self._level
        self._level = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        if handler is not None:
            self.handler = handler
            self.trigger = trigger
            self.hard = hard
        return self._irq

    def drive(self, level):
        """Test side: the outside world sets the pin's level."""
        old = self._level
        self._level = 1 if level else 0
        if self.handler is None or old == self._level:
            return
        flag = (IRQ_FALLING if old else IRQ_RISING) & self.trigger
        if not flag:
            return
        self._edges |= flag
        if _off:
            if self not in _off:
                _off.append(self)
            return
        self._fire()

    def _fire(self):
        self._irq._flags, self._edges = self._edges, 0
        if self.hard:
            import micropython  # a hard interrupt's handler may not allocate

            micropython.heap_lock()
            try:
                self.handler(self)
            finally:
                micropython.heap_unlock()
        else:
            self.handler(self)


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id
        self.freq = freq
        self.log = []  # (addr, bytes) per transaction

    def scan(self):
        return sorted(devices)

    def _send(self, addr, data):
        if addr not in devices:
            raise OSError(19)  # ENODEV, as a board says when nothing acknowledges
        self.log.append((addr, data))
        devices[addr].receive(data)

    def writeto(self, addr, buf, stop=True):
        self._send(addr, bytes(buf))

    def writevto(self, addr, vector, stop=True):
        self._send(addr, b"".join(bytes(v) for v in vector))


class SPI:
    def __init__(self, id, baudrate=1000000, sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.log = []
        self.dc = None  # the DC pin, set by the test so that writes can be decoded

    def write(self, buf):
        data = bytes(buf)
        self.log.append(data)
        for dev in spi_devices:
            dev.spi(self.dc.value() if self.dc else 0, data)


def lightsleep(ms=None):
    sleeps.append(ms)


def reset():
    raise RuntimeError("machine.reset() called: the firmware must never reset itself")
