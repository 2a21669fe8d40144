"""Waiting for the next button edge or timer, with the CPU asleep meanwhile.

A pin interrupt sets `Edge.flag`; `waiter(edge)` returns `wait(ms)`, which returns
when the time is up or as soon as an edge comes. It is built on `select.poll` over a
pollable object, the way asyncio's ThreadSafeFlag is: between events the port sleeps
in WFE/WFI (no Python runs), the interrupt wakes it, its handler (pocket.keys) sets
the flag, and the poll returns. No per-frame polling, no allocation per wait.
"""

import io
import select

_POLL = 3  # MP_STREAM_POLL, the ioctl request select.poll makes
DEEP_MS = 60000  # a light sleep's longest stretch (the timer must be armed)


class Edge(io.IOBase):
    """A flag that select.poll sees as readable while it is set."""

    def __init__(self):
        self.flag = 0

    def ioctl(self, req, arg):
        if req == _POLL:
            return arg if self.flag else 0
        return -1  # nothing else is supported


def waiter(edge, lightsleep=None):
    """`wait(ms)`: sleep up to ms (None: until an edge), or until the edge flag is
    set. `lightsleep(ms)`, where given, is used for long waits instead: the board
    stops its clocks and a pin interrupt or the timer wakes it."""
    poller = select.poll()
    poller.register(edge, select.POLLIN)

    def wait(ms, deep=False):
        if edge.flag:
            return
        if deep and lightsleep is not None:
            lightsleep(DEEP_MS if ms is None or ms > DEEP_MS else ms)
            return
        # ipoll: no list is made per call (poll() would allocate its result).
        for _ in poller.ipoll(-1 if ms is None else ms):
            break

    return wait
