"""pocket.wake: the loop's sleep returns on an edge, and after its time without one."""

import time

from pocket import wake


def test_a_set_flag_returns_at_once_even_from_an_endless_wait():
    edge = wake.Edge()
    wait = wake.waiter(edge)
    edge.flag = 1
    wait(None)  # would never return if the flag were not polled
    wait(10000)


def test_without_an_edge_the_wait_lasts_its_time():
    edge = wake.Edge()
    wait = wake.waiter(edge)
    t = time.ticks_ms()
    wait(30)
    assert time.ticks_diff(time.ticks_ms(), t) >= 25


def test_the_poller_sees_the_flag_as_readable():
    import select

    edge = wake.Edge()
    p = select.poll()
    p.register(edge, select.POLLIN)
    assert p.poll(0) == []
    edge.flag = 1
    assert len(p.poll(0)) == 1


def test_long_waits_use_lightsleep_where_given():
    slept = []
    edge = wake.Edge()
    wait = wake.waiter(edge, slept.append)
    wait(5000, True)
    wait(None, True)
    wait(20)  # not deep: a plain poll
    assert slept == [5000, wake.DEEP_MS]
