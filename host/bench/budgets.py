"""The performance budgets `make bench-check` holds the game to, and why each.

A budget names a figure of host/bench/results.json by its dotted path ('*' matches
any one key, e.g. every family) and the most it may be. Figures that repeat exactly
(bytes, lines, sizes, the emulated Pico's milliseconds) are checked against theirs;
wall-clock times (WEB_BUDGETS) are printed beside their budgets, never checked.

Line budgets assume ~200,000 executed Python lines a second: the slowest board we
support (RP2040 at 125 MHz, bytecode .mpy) runs simple lines of this code in ~5 us.
"""

KB = 1024
LINES_PER_S = 200000

BUDGETS = (
    # WebAssembly keeps the bytecode in RAM, as the official firmware does: its
    # peaks are held to that firmware's budget, and the report prints them beside
    # the board's (pico_stock.*, with a 112 KB-heap whole game of every family in
    # the tests). The board's own budgets hold the board.
    (
        "app.*.peak_live_bytes",
        96 * KB,
        "the code in RAM, as on the official firmware (pico_stock's budget)",
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
        "the game (crisscross/) fits half the Pico's 1,408 KB filesystem",
    ),
    (
        "flash.romfs_image_bytes",
        512 * KB,
        "the game and its data fit the Pico's ROMFS partition",
    ),
)


# The browser game (host/bench/web.py). The page's weight is checked by
# bench-check; the times are headless Chromium's on this machine, measured by
# `make bench` only and printed beside their budgets (a busy machine is slower).
WEB_BUDGETS = (
    (
        "web.page_weight_gzip_bytes",
        1024 * KB,
        "a visit downloads at most 1 MB (a phone on a slow line: seconds)",
    ),
    ("web.first_frame_ms", 1500, "the title within 1.5 s of opening the link"),
    ("web.key_to_frame_ms_mean", 30, "a key press is on the screen within 2 frames"),
    ("web.hint_ms.words", 1500, "the word hint, as on the board"),
    (
        "web.longest_step_ms.words",
        200,
        "the tab never freezes: keys and paints get the thread within 0.2 s",
    ),
)

# Measured on MicroPython's real rp2 firmware on the emulated
# Pico at 125 MHz (host/bench/pico.py): `pico` on the emulator's firmware (the
# ROMFS build: the game run from flash), `pico_stock` on the official one (the
# game's code in RAM). Emulated time and cycles: deterministic.
PICO_BUDGETS = (
    ("pico.idle_busy_pct.*", 5, "idle on the title and play screens: a battery lasts"),
    ("pico.cursor_move_ms_mean", 20, "a cursor move feels instant"),
    ("pico.cursor_move_ms_max", 30, "no cursor move lags"),
    ("pico.placement_ms_mean", 60, "a placement and its save feel instant"),
    ("pico.placement_ms_mean_of.*", 60, "a placement or card play and its save"),
    ("pico.hint_ms_max.symbols", 300, "a hint within 0.3 s of the long press"),
    ("pico.hint_ms_max.digits", 300, "a hint within 0.3 s of the long press"),
    ("pico.hint_ms_max.cards", 300, "a hint within 0.3 s of the long press"),
    ("pico.hint_ms_max.words", 1000, "the word hint within 1 s (a thinking screen)"),
    ("pico.ai_turn_ms_max.words", 1000, "an AI seat's word turn within 1 s"),
    ("pico.boot_to_title_ms", 1500, "power-on to the title within 1.5 s"),
    (
        "pico.heap_live_max_bytes.*",
        56 * KB,
        "ROMFS firmware, the code in flash: live heap after any collection, "
        "whole game",
    ),
    (
        "pico.littlefs_used_bytes",
        64 * KB,
        "on a ROMFS board the filesystem keeps only the start-up files and saves",
    ),
)
PICO_STOCK_BUDGETS = (
    (
        "pico_stock.heap_live_max_bytes.*",
        96 * KB,
        "official firmware, the code in RAM: live heap after any collection, "
        "whole game",
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


def check(results, budgets=BUDGETS):
    """[(path, value, limit, ok, why)] for every figure that has a budget, and a
    [(pattern, why)] of budgets no figure matched (a measurement went missing)."""
    flat = flatten(results)
    rows = []
    missing = []
    for pattern, limit, why in budgets:
        hit = sorted(p for p in flat if matches(pattern, p))
        if not hit:
            missing.append((pattern, why))
        for path in hit:
            rows.append((path, flat[path], limit, flat[path] <= limit, why))
    return rows, missing
