"""The performance budgets `make bench-check` holds the game to, and why each.

A budget names a figure of bench/results.json by its dotted path ('*' matches any
one key, e.g. every family) and the most it may be. Only deterministic figures
(bytes, lines, sizes) have budgets; times are printed, never checked.

Line budgets assume ~200,000 executed Python lines a second: the slowest board we
support (RP2040 at 125 MHz, bytecode .mpy) runs simple lines of this code in ~5 us.
"""

KB = 1024
LINES_PER_S = 200000

BUDGETS = (
    (
        "app.*.peak_live_bytes",
        64 * KB,
        "fits an ESP32 without PSRAM (~110 KB heap) with room to spare",
    ),
    (
        "app.*.alloc_per_event_mean",
        512,
        "garbage collections stay rare in steady play",
    ),
    (
        "bus.bytes_per_cursor_move_mean",
        256,
        "a quarter of a full frame (1,025 bytes, ~23 ms at 400 kHz)",
    ),
    ("lines.boot", 200000, "first frame within ~1 s of power-on"),
    ("lines.redraw", 5000, "a redraw within ~25 ms"),
    ("lines.cursor_move", 5000, "a cursor move feels instant (~25 ms + the bus)"),
    ("lines.hint", 100000, "a hint within ~0.5 s of the long press"),
    (
        "flash.total_bytes",
        704 * KB,
        "everything fits half the Pico's 1,408 KB filesystem",
    ),
)


def flatten(tree, prefix=""):
    """{"a": {"b": 1}} -> {"a.b": 1} (numbers only)."""
    out = {}
    for key, value in tree.items():
        path = prefix + str(key)
        if isinstance(value, dict):
            out.update(flatten(value, path + "."))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[path] = value
    return out


def matches(pattern, path):
    p = pattern.split(".")
    q = path.split(".")
    return len(p) == len(q) and all(a == "*" or a == b for a, b in zip(p, q))


def check(results):
    """[(path, value, limit, ok, why)] for every figure that has a budget, and a
    [(pattern, why)] of budgets no figure matched (a measurement went missing)."""
    flat = flatten(results)
    rows = []
    missing = []
    for pattern, limit, why in BUDGETS:
        hit = sorted(p for p in flat if matches(pattern, p))
        if not hit:
            missing.append((pattern, why))
        for path in hit:
            rows.append((path, flat[path], limit, flat[path] <= limit, why))
    return rows, missing
