"""Buttons on pins: debounce, latching of short taps, safe mode."""

import machine
from crisscross import buttons
from crisscross.buttons import Buttons
from pocket.keys import Keys
from rig import Clock


def make(falling=machine.IRQ_FALLING):
    """The keys as the board has them: a hard interrupt on both edges."""
    pins = [machine.Pin(i, machine.Pin.IN, machine.Pin.PULL_UP) for i in range(6)]
    clock = Clock()
    b = Buttons()
    edges = machine.IRQ_FALLING | machine.IRQ_RISING
    k = Keys(pins, b, clock, clock(), edges, None, falling)
    return pins, clock, b, k


def events(b):
    out = []
    e = b.get()
    while e is not None:
        out.append(e)
        e = b.get()
    return out


def test_press_and_release_are_events():
    pins, clock, b, k = make()
    pins[buttons.A].drive(0)
    k.scan(clock())
    clock.now += 100
    pins[buttons.A].drive(1)
    k.scan(clock())
    assert events(b) == [(buttons.A, buttons.PRESS), (buttons.A, buttons.RELEASE)]


def test_bounce_within_debounce_time_is_one_press():
    pins, clock, b, k = make()
    for level in (0, 1, 0, 1, 0):  # contacts chatter for a few ms
        pins[buttons.UP].drive(level)
        k.scan(clock())
        clock.now += 2
    clock.now += 30
    k.scan(clock())
    assert events(b) == [(buttons.UP, buttons.PRESS)]


def test_a_scan_during_the_first_bounce_of_a_press_is_one_press():
    # The press's first edge wakes the loop at once; its scan reads the pin while
    # the contact springs open again, and the contact then settles, held.
    pins, clock, b, k = make()
    k.scan(clock())
    clock.now += 20
    pins[buttons.UP].drive(0)
    pins[buttons.UP].drive(1)
    k.scan(clock())
    assert k.unsettled() and events(b) == []  # looked at again after the bounce
    clock.now += 1
    pins[buttons.UP].drive(0)
    k.scan(clock())
    clock.now += 12
    k.scan(clock())
    clock.now += 200
    pins[buttons.UP].drive(1)
    k.scan(clock())
    clock.now += 50
    k.scan(clock())
    assert events(b) == [(buttons.UP, buttons.PRESS), (buttons.UP, buttons.RELEASE)]


def test_a_scan_during_the_bounce_of_a_release_is_one_release():
    pins, clock, b, k = make()
    pins[buttons.LEFT].drive(0)
    k.scan(clock())
    clock.now += 300
    pins[buttons.LEFT].drive(1)  # let go; the contact springs back once
    pins[buttons.LEFT].drive(0)
    k.scan(clock())  # woken by the edges, reads it down
    clock.now += 1
    pins[buttons.LEFT].drive(1)
    k.scan(clock())
    clock.now += 12
    k.scan(clock())
    clock.now += 50
    k.scan(clock())
    assert events(b) == [(buttons.LEFT, buttons.PRESS), (buttons.LEFT, buttons.RELEASE)]


def test_a_tap_shorter_than_a_frame_is_not_lost():
    pins, clock, b, k = make()
    k.scan(clock())
    clock.now += 5
    pins[buttons.B].drive(0)  # down and up between two scans
    clock.now += 5
    pins[buttons.B].drive(1)
    clock.now += 23
    k.scan(clock())
    assert events(b) == [(buttons.B, buttons.PRESS), (buttons.B, buttons.RELEASE)]


def test_release_bounce_is_not_a_second_press():
    pins, clock, b, k = make()
    pins[buttons.LEFT].drive(0)
    k.scan(clock())
    clock.now += 100
    pins[buttons.LEFT].drive(1)
    k.scan(clock())
    clock.now += 2
    pins[buttons.LEFT].drive(0)  # the contact springs back once
    pins[buttons.LEFT].drive(1)
    clock.now += 30
    k.scan(clock())
    assert events(b) == [(buttons.LEFT, buttons.PRESS), (buttons.LEFT, buttons.RELEASE)]


def test_held_direction_repeats_through_buttons_poll():
    pins, clock, b, k = make()
    pins[buttons.RIGHT].drive(0)
    for _ in range(20):
        k.scan(clock())
        b.poll(clock())
        clock.now += 33
    got = events(b)
    assert got[0] == (buttons.RIGHT, buttons.PRESS)
    assert (buttons.RIGHT, buttons.REPEAT) in got


def test_a_release_and_new_press_between_two_scans_are_not_lost():
    # The game was busy (a save, a new screen) while the button was let go and
    # pressed again: the level is down at both scans, the interrupt saw the press.
    pins, clock, b, k = make()
    pins[buttons.A].drive(0)
    k.scan(clock())
    assert events(b) == [(buttons.A, buttons.PRESS)]
    clock.now += 80
    pins[buttons.A].drive(1)
    clock.now += 120
    pins[buttons.A].drive(0)
    pressed_at = clock()
    clock.now += 150
    k.scan(clock())
    assert events(b) == [(buttons.A, buttons.RELEASE), (buttons.A, buttons.PRESS)]
    # the long press counts from the new press, not from the scan that saw it
    b.poll(pressed_at + buttons.LONG_MS)
    assert events(b) == [(buttons.A, buttons.LONG)]


def test_the_interrupt_is_a_hard_one_and_allocates_nothing():
    # machine.Pin's double runs a hard handler with the heap locked, as a board
    # does: an allocation would raise MemoryError here.
    pins, clock, b, k = make()
    assert all(p.hard for p in pins)
    for _ in range(3):
        clock.now += 40
        pins[buttons.DOWN].drive(0)
        clock.now += 40
        pins[buttons.DOWN].drive(1)
        clock.now += 40
        k.scan(clock())
    assert (
        events(b)
        == [(buttons.DOWN, buttons.PRESS), (buttons.DOWN, buttons.RELEASE)] * 3
    )


def test_a_tap_made_while_interrupts_are_off_is_not_lost():
    # A 20 ms tap inside a flash erase (interrupts off): the interrupt comes
    # when they are on again, the pin up by then; its flags hold the press.
    pins, clock, b, k = make()
    k.scan(clock())
    clock.now += 5
    machine.interrupts(False)
    pins[buttons.A].drive(0)
    clock.now += 20
    pins[buttons.A].drive(1)
    clock.now += 25
    machine.interrupts(True)
    k.scan(clock())  # the edge's time is now: it may be bouncing still
    assert k.unsettled() and events(b) == []
    clock.now += 12  # the main loop scans again once the debounce time is over
    k.scan(clock())
    assert events(b) == [(buttons.A, buttons.PRESS), (buttons.A, buttons.RELEASE)]
    # A port without hard pin interrupts reads the level in a scheduled one,
    # once the call is over: the same tap is lost there (esp32's limit).
    pins, clock, b, k = make(falling=0)
    machine.interrupts(False)
    pins[buttons.A].drive(0)
    clock.now += 20
    pins[buttons.A].drive(1)
    machine.interrupts(True)
    k.scan(clock())
    assert events(b) == []
