"""Six push-buttons on GPIO pins: debounced, latched, turned into button events.

Each pin reads 0 while its button is pressed (button to ground, internal pull-up).
A level change is accepted at once and then the pin is ignored for _DEBOUNCE_MS; an
edge whose level reads as before is looked at again _DEBOUNCE_MS after it (the
contact may still be bouncing), so contact bounce never makes a second press. An
interrupt on both edges wakes the main loop (`pocket.wake`) and latches presses that
begin and end between two scans: a tap shorter than a scan is not lost. Raw edges
go to a `crisscross.buttons.Buttons`, which makes the same events as the
simulator's keyboard.

The interrupt is a hard one where the port has them (rp2): its handler runs at the
edge, not when the game next runs Python, so a tap made during a blocking call (a
flash erase, a whole frame sent to the display) is latched too; one that begins and
ends while interrupts are off (the erase itself) shows its falling edge in the
interrupt's flags, read as soon as they are on again. The handler allocates nothing
(a hard interrupt may not), and only it writes the press counts, so scan() needs no
lock to read them. Where the port has no hard pin interrupts (esp32), a scheduled
one reads the pin's level instead.
"""

from micropython import const

from crisscross.buttons import diff

_DEBOUNCE_MS = const(10)


class Keys:
    """Scans `pins` (anything with value(); irq() optional) into `buttons`.
    `edge` (a pocket.wake.Edge, optional) is set by every pin interrupt;
    `falling` is the interrupt flag of a falling edge (Pin.IRQ_FALLING)."""

    def __init__(
        self, pins, buttons, clock, now, irq_trigger=None, edge=None, falling=0
    ):
        self.pins = pins
        self.buttons = buttons
        self.clock = clock
        self.edge = edge
        n = len(pins)
        self._down = 0  # debounced state, one bit per button
        self._changed = [
            now - _DEBOUNCE_MS
        ] * n  # when each debounced state last changed
        self._edge = [0] * n  # when the interrupt last saw a press begin
        self._presses = bytearray(n)  # presses the interrupt saw (mod 256): its own
        self._seen = bytearray(n)  # ... of which scan() has taken account: scan's
        self._bouncing = 0  # pins whose new level was ignored as bounce
        self._falling = 0  # the flag of a press's edge: a hard interrupt's
        if irq_trigger is not None:
            # One handler for every pin, which finds its pin among `pins`: a
            # closure per pin would hold its heap for the whole game.
            # (One bound method for all: each read of self._on_edge makes one.)
            on_edge = self._on_edge
            for pin in pins:
                try:
                    pin.irq(handler=on_edge, trigger=irq_trigger, hard=True)
                    self._falling = falling
                except TypeError:  # no hard pin interrupts on this port
                    pin.irq(handler=on_edge, trigger=irq_trigger)

    def _on_edge(self, pin):
        """A pin's interrupt (either edge); `pin` is one of `pins` (a port
        passes the very Pin object, as machine.Pin(n) gives the same one). A
        hard interrupt's handler: no allocation, whatever it runs."""
        fall = self._falling
        # A press began (or a release bounced): in a hard interrupt, a falling
        # edge among the flags, even if the pin is up again by now.
        if (pin.irq().flags() & fall) if fall else not pin.value():
            i = self.pins.index(pin)
            self._edge[i] = self.clock()
            presses = self._presses
            presses[i] = (presses[i] + 1) & 0xFF
        if self.edge is not None:
            self.edge.flag = 1

    def arm(self):
        """Clear the wake-up flag: an edge after this wakes the next wait."""
        if self.edge is not None:
            self.edge.flag = 0

    def held(self):
        """True while any button is down (debounced)."""
        return self._down != 0

    def unsettled(self):
        """True while a pin's level differs from its debounced state: look again
        once the debounce time is over."""
        return self._bouncing != 0

    def scan(self, now):
        """Read every pin once; call on every wake-up."""
        self._bouncing = 0
        buttons = self.buttons
        presses = self._presses
        seen = self._seen
        for i in range(len(self.pins)):
            bit = 1 << i
            count = presses[i]  # once: the interrupt may add one meanwhile
            latched = count != seen[i]
            down = not self.pins[i].value()
            was = bool(self._down & bit)
            if latched and down == was and diff(now, self._edge[i]) < _DEBOUNCE_MS:
                # An edge just now and the level as it was: the contact may be
                # bouncing still. Its level decides once the debounce time is over
                # (the edge stays latched until then).
                self._bouncing |= bit
                continue
            seen[i] = count
            settled = diff(now, self._changed[i]) >= _DEBOUNCE_MS
            if down != was:
                if settled:
                    self._changed[i] = now
                    if down:
                        self._down |= bit
                        buttons.down(i, now)
                    else:
                        self._down &= ~bit
                        buttons.up(i, now)
                else:
                    self._bouncing |= bit
            elif latched:
                # A press began since the last scan, yet the level is as it was:
                # pressed and released between two scans (up now), or released
                # and pressed again (down now: a quick re-press while the game
                # was busy). An edge within the debounce time of the last change
                # is that change bouncing.
                if diff(self._edge[i], self._changed[i]) >= _DEBOUNCE_MS:
                    if down:  # held from the new press on: long presses count from it
                        buttons.up(i, now)
                        buttons.down(i, self._edge[i])
                    else:
                        buttons.down(i, now)
                        buttons.up(i, now)
                    self._changed[i] = now
