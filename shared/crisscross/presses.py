"""Scripted presses as a person makes them: raw edges with times, nothing made up.

Every driver that plays the app without a person (tests, key files, screenshots,
the golden frames, the benchmarks) names presses as key files do and turns them
into edges on a `crisscross.buttons.Buttons`, as a board's pins do:

    a, b, up, ...   a tap: down at t, up TAP_MS later
    long-a, long-b  held HOLD_MS (past buttons.LONG_MS), then let go

`hold()` sends the edges and runs the host's frames in between (`host.step(t)`:
poll the buttons, feed their events to the app, tick, render: `run_frame`), so
the app sees only what Buttons makes of the edges. Boards never import this module; it
imports nothing at its top, so a benchmark can load it before measuring the app.
"""

TAP_MS = 80
HOLD_MS = 700  # buttons.LONG_MS is 600
FRAME_MS = 20  # a frame of the fake clock between the edges


def parse(name):
    """'a' -> (A, TAP_MS); 'long-a' -> (A, HOLD_MS); unknown -> None."""
    from crisscross import buttons

    ms = TAP_MS
    if name.startswith("long-"):
        ms = HOLD_MS
        name = name[5:]
    if name in buttons.NAMES:
        return buttons.NAMES.index(name), ms
    return None


def hold(host, button, now, ms, frame_ms=FRAME_MS):
    """Press `button` at `now` and release it `ms` later; returns the release
    time. host has .buttons (a Buttons) and .step(t), one frame of its loop;
    frames run at both edges and every `frame_ms` between them."""
    keys = host.buttons
    t = now
    end = now + ms
    keys.down(button, t)
    host.step(t)
    while t < end:
        t = min(t + frame_ms, end)
        if t < end:
            host.step(t)
    keys.poll(t)  # a hold that reached LONG_MS says so before the release
    keys.up(button, t)
    host.step(t)
    return t


def run_frame(app, keys, now):
    """One frame of a host loop, as firmware/pocket/loop.py runs it: the buttons'
    events to the app, then its timers and drawing. Returns app.render()."""
    keys.poll(now)
    event = keys.get()
    while event is not None:
        app.feed(event[0], event[1], now)
        event = keys.get()
    app.tick(now)
    return app.render()
