"""`python3 -m host bench pico`: the game on MicroPython's real rp2 firmware, on an
emulated Pico at 125 MHz (host/emu, docs/emulator.md), driven by real button edges.

    python3 -m host bench pico [--json] [--root DIR] [--families symbols,cards]

The game is flashed once with `python3 -m host flash` into a fresh flash file,
cached under build/bench/ by the hash of the installed files, so a rerun with the same
code skips it. Then scripted sessions, each from power-on on a copy of that flash:

- boot: power-on to the title drawn (the last display byte of the title frame);
- idle: the CPU's busy share over IDLE_MS with no key pressed, on the title and on
  a symbols play screen (cycles the core executes, not those it sleeps in WFI/WFE);
- symbols: cursor moves (press to the last display byte), placements and rolls (A
  acts when it is let go: from the release to the last display byte, the save
  included), hints (from the long press, 600 ms after the edge, to the hint drawn),
  display bytes per cursor move, flash bytes programmed per placement;
- a whole game of symbols, digits, cards and words against one AI seat, started at
  START_AT_MS (the same dice on every version of the code; the card and word
  games on the deals of share codes CARDS_CODE and WORDS_CODE, typed on New
  game), a hint every turn (cards: two hand moves, the hint, A puts the hinted
  card: timed to the card on the glass with its save, the AI seat's reply
  apart): the largest heap live
  after any collection (needs the firmware's ELF), collections per game, each
  hint's and AI turn's time.

Every figure comes from emulated time and cycle counts: the same firmware, code and
inputs give the same figures on any machine, however busy.
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile

from host import ROOT
from host.bench import cli
from host.board import mpy_build
from host.bench.pico_play import (
    CODES,
    FAMILIES,
    START_AT_MS,
    Driver,
    PicoError,
    boot,
    cards_game,
    dice_game,
    idle_busy,
    new_game,
    words_game,
)

OUT = os.path.join(ROOT, "build", "bench")
FLASH_TIMEOUT_S = 900
# The official firmware imports the game's modules from littlefs into RAM: its
# menus take longer, so its games start later (its figures are the heap's).
STOCK_START_AT_MS = 20000


# ---- the flashed image, cached ---------------------------------------------


def _files_hash(root, uf2):
    from host.board import flash

    files = flash.local_files(root)
    h = hashlib.sha256()
    with open(uf2, "rb") as f:
        h.update(hashlib.sha256(f.read()).digest())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return h.hexdigest()[:16]


def flashed_image(root=ROOT, log=None, uf2=None):
    """A flash file holding the game of `root` installed by `host flash` on
    firmware `uf2` (default: the emulator's), booted once; cached in build/bench/
    by the firmware's and the installed files' hash. Beside it (.json): the
    board's littlefs used after the flash (os.statvfs), in bytes."""
    from host.emu.board import Board
    from host.emu.firmware import uf2_path

    uf2 = uf2 or uf2_path()
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "pico-flash-%s.bin" % _files_hash(root, uf2))
    if os.path.isfile(path) and os.path.isfile(path + ".json"):
        return path
    if log:
        log(
            "bench pico: flashing the game onto an emulated board with %s (once "
            "per code and firmware)" % os.path.basename(uf2)
        )
    fd, tmp = tempfile.mkstemp(prefix="pico-flash-", suffix=".bin", dir=OUT)
    os.close(fd)
    os.unlink(tmp)
    board = Board(uf2=uf2, flash_path=tmp, pty=True, elf="")
    try:
        board.power_on()
        board.run_ms(1000)
        with board.running():
            proc = subprocess.run(
                [sys.executable, "-m", "host", "flash", "--port", board.port],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=FLASH_TIMEOUT_S,
            )
        if proc.returncode != 0:
            raise PicoError(
                "host flash failed:\n" + (proc.stdout + proc.stderr)[-2000:]
            )
        board.run_ms(3000)
        used = board.exec(
            "import os\n_v = os.statvfs('/')\nprint(_v[0] * (_v[2] - _v[3]))"
        )
        board.power_off()
    finally:
        board.close()
    with open(path + ".json", "w") as f:
        json.dump({"littlefs_used_bytes": int(used.strip())}, f)
    os.replace(tmp, path)
    return path


def littlefs_used(image):
    """The board's littlefs used after `host flash` made `image`, in bytes."""
    with open(image + ".json") as f:
        return json.load(f)["littlefs_used_bytes"]


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.mean(xs), 1) if xs else None


def _max(xs):
    xs = [x for x in xs if x is not None]
    return round(max(xs), 1) if xs else None


def session(
    image,
    family,
    check_title=True,
    log=None,
    word_turns=None,
    heap_map=False,
    uf2=None,
    start_at=START_AT_MS,
):
    """One power-on: boot, idle on the title, a whole game of `family` against one
    AI seat (idle on its play screen first); the figures of that run. The word
    game stops after `word_turns` turns of the human when given (bench-check).
    heap_map: also `heap_map`, the lines of host/bench/heapwalk.py's report of
    the heap at its largest (needs the firmware's ELF). uf2: the firmware (default:
    the emulator's)."""
    d = Driver(image, heap_snapshot=heap_map, uf2=uf2)
    out = {}
    try:
        b = d.board
        if check_title:
            out["boot_ms"] = boot(d)
        else:  # another tree's title may differ: its first frame, drawn whole
            b.power_on()
            if not b.run_until(lambda bd: bd.display_updates, 8000, step_ms=10):
                raise PicoError("nothing was drawn within 8 s of power-on")
            d.settle(8000)
            out["boot_ms"] = d.last_write_end(0)
        out["idle_title"] = idle_busy(d)
        s0 = d.stats()
        fig = {
            k: []
            for k in (
                "move",
                "move_bytes",
                "hint",
                "place",
                "place_flash",
                "roll",
                "reply",
                "ai",
            )
        }
        new_game(d, family, code=CODES.get(family), start_at=start_at)
        d.settle()
        out["idle_play"] = idle_busy(d)
        if family == "cards":
            out["rounds"] = cards_game(d, fig)
        elif family == "words":
            out["rounds"] = words_game(d, fig, log=log, stop_after=word_turns)
        else:
            out["rounds"] = dice_game(d, family, fig)
        s1 = d.stats()
        out.update(fig)
        out["gc_count"] = s1.get("gc_count", 0) - s0.get("gc_count", 0)
        out["heap_live_max"] = s1.get("heap_peak_live_after_gc")
        out["peak_at"] = fig.get("peak_at", "before the game")
        out["memory_errors"] = s1.get("memory_errors")
        out["busy_s"] = round(s1["busy_cycles"] / s1["clk_sys"], 2)
        if heap_map:
            out["heap_map"] = _heap_map(d, out, family, image)
    finally:
        d.close()
    if log:
        log(
            "bench pico: %s session done%s"
            % (family, " (%s)" % os.path.basename(uf2) if uf2 else "")
        )
    return out


def _heap_map(d, out, family, image):
    """The report of what the heap held right after its largest collection;
    `image`, the flash file the board started from, names what is in ROMFS."""
    from host.bench.heapwalk import HeapWalk

    snap = d.board.peak_snapshot()
    if snap is None:
        return ["no heap snapshot (the firmware's ELF is not set)"]
    walk = HeapWalk(snap[0], snap[1], d.board.elf, image)
    path = os.path.join(OUT, "heap-peak-%s.bin" % family)
    walk.save(path)
    head = "largest heap live: %s bytes, at %s (SRAM saved in %s, flash %s)" % (
        out["heap_live_max"],
        out["peak_at"],
        os.path.relpath(path, ROOT),
        os.path.relpath(image, ROOT),
    )
    return [head] + walk.report(min_bytes=512, max_depth=4)


# bench-check plays the first turns of the word game only: the whole game is the
# longest on the emulator, and `make test` must stay under 20 minutes on a 2-core
# machine. `make bench` plays
# it whole for host/bench/results.json.
CHECK_WORD_TURNS = 8


def measure(root=ROOT, families=FAMILIES, log=None, word_turns=None, heap_map=False):
    """The `pico` section of host/bench/results.json (the word game cut short after
    `word_turns` turns of the human when given: `words_turns_only` says so).
    heap_map: each family's report of the heap at its largest, in `heap_map`."""
    from host.emu.firmware import uf2_path

    image = flashed_image(root, log)
    check = os.path.abspath(root) == ROOT
    # The official firmware, for its times: its menus take longer (as --stock's).
    start_at = START_AT_MS if has_romfs(uf2_path()) else STOCK_START_AT_MS
    # One board at a time: the emulator is CPU-bound, and boards driven from
    # threads of one process do not keep to their scripts.
    runs = {
        f: session(image, f, check, log, word_turns, heap_map, start_at=start_at)
        for f in families
    }
    sym = runs.get("symbols") or runs[families[0]]
    out = {
        "firmware": firmware_name(uf2_path()),
        "littlefs_used_bytes": littlefs_used(image),
        "boot_to_title_ms": round(sym["boot_ms"], 1),
        "idle_busy_pct": {"title": sym["idle_title"], "play": sym["idle_play"]},
        "cursor_move_ms_mean": _mean(sym["move"]),
        "cursor_move_ms_max": _max(sym["move"]),
        "display_bytes_per_cursor_move": _mean(sym["move_bytes"]),
        "placement_ms_mean": _mean(sym["place"]),
        "placement_ms_max": _max(sym["place"]),
        "roll_ms_mean": _mean(sym["roll"]),
        "roll_ms_max": _max(sym["roll"]),
        "flash_bytes_per_placement": _mean(sym["place_flash"]),
        "hint_ms_mean": {f: _mean(r["hint"]) for f, r in runs.items()},
        "hint_ms_max": {f: _max(r["hint"]) for f, r in runs.items()},
        "not_measured": [f for f in FAMILIES if f not in runs],
    }
    out.update(_games(runs, word_turns, heap_map))
    # Every family's own (the figures above are the symbol game's).
    out["cursor_move_ms_max_of"] = {f: _max(r["move"]) for f, r in runs.items()}
    out["placement_ms_mean_of"] = {f: _mean(r["place"]) for f, r in runs.items()}
    ai = {f: r["ai"] for f, r in runs.items() if r["ai"]}
    if ai:  # an AI seat's move, from the frame before it to its own (words)
        out["ai_turn_ms_mean"] = {f: _mean(xs) for f, xs in ai.items()}
        out["ai_turn_ms_max"] = {f: _max(xs) for f, xs in ai.items()}
    if "cards" in runs and runs["cards"]["reply"]:  # after the human's card
        out["card_reply_ms_mean"] = _mean(runs["cards"]["reply"])
        out["card_reply_ms_max"] = _max(runs["cards"]["reply"])
    return out


def _games(runs, word_turns, heap_map):
    """The whole games' figures both sections give, by family: the heap (none
    without the firmware's ELF), collections, memory errors, rounds."""
    out = {
        "heap_live_max_bytes": {f: r["heap_live_max"] for f, r in runs.items()},
        "heap_peak_at": {f: r["peak_at"] for f, r in runs.items()},
        "collections_per_game": {f: r["gc_count"] for f, r in runs.items()},
        "memory_errors": {f: r["memory_errors"] for f, r in runs.items()},
        "rounds": {f: r["rounds"] for f, r in runs.items()},
    }
    if None in out["heap_live_max_bytes"].values():
        out["heap_live_max_bytes"] = {}
    if word_turns and "words" in runs:
        out["words_turns_only"] = word_turns
    if heap_map:
        out["heap_map"] = {f: r["heap_map"] for f, r in runs.items()}
    return out


def has_romfs(uf2):
    """Whether the firmware file `uf2` has a ROMFS partition."""
    from host.board import uf2 as uf2mod
    from host.emu.board import firmware_drives

    return uf2mod.ROMFS in firmware_drives(uf2)


def firmware_name(uf2):
    """What the figures ran on, in words."""
    if has_romfs(uf2):
        build = "RPI_PICO_ROMFS: the game in the ROMFS partition, run from flash"
    else:
        build = "RPI_PICO, no ROMFS: the game's code loaded into RAM"
    return "MicroPython rp2 (%s), emulated RP2040 at 125 MHz" % build


def measure_stock(
    root=ROOT, families=FAMILIES, log=None, word_turns=None, heap_map=False
):
    """The `pico_stock` section: the heap of a whole game of every family on the
    official firmware ($MICROPYTHON_STOCK_UF2, with its ELF), the game's code
    on littlefs and loaded into RAM. heap_map: as measure()."""
    from host.emu.firmware import stock_uf2_path

    uf2 = stock_uf2_path()
    image = flashed_image(root, log, uf2)
    runs = {
        f: session(
            image,
            f,
            False,
            log,
            word_turns,
            heap_map=heap_map,
            uf2=uf2,
            start_at=STOCK_START_AT_MS,
        )
        for f in families
    }
    out = {
        "firmware": firmware_name(uf2),
        "littlefs_used_bytes": littlefs_used(image),
    }
    out.update(_games(runs, word_turns, heap_map))
    return out


def missing_stock():
    """One line when the official firmware's figures cannot be measured here."""
    from host.emu.firmware import missing_stock_firmware, node_missing, stock_elf_path

    problem = missing_stock_firmware() or node_missing()
    if not problem and not stock_elf_path():
        problem = "no MICROPYTHON_STOCK_ELF: the official firmware's heap needs it"
    return problem


def missing():
    """One line when the emulator cannot run here (no firmware, no Node), else None."""
    from host.emu.firmware import missing_firmware, node_missing

    return missing_firmware() or node_missing()


FORMAT = "%-44s %12s %12s"


def format_table(pico, budgets=None):
    from host.bench import budgets as bench_budgets

    rows = []
    flat = bench_budgets.flatten({"pico": pico})
    for path in sorted(flat):
        rows.append(FORMAT % (path, flat[path], ""))
    return "\n".join(rows)


def build_parser():
    p = cli.parser("pico", __doc__)
    p.add_argument(
        "--root", default=ROOT, help="the tree to flash (e.g. an older worktree)"
    )
    p.add_argument(
        "--families",
        default=",".join(FAMILIES),
        help="the games played whole (comma-separated)",
    )
    p.add_argument(
        "--word-turns",
        type=int,
        default=None,
        metavar="N",
        help="stop the word game after N turns of the human (bench-check: %d)"
        % CHECK_WORD_TURNS,
    )
    p.add_argument(
        "--stock",
        action="store_true",
        help="the official firmware's section instead ($MICROPYTHON_STOCK_UF2: "
        "the heap of every family)",
    )
    p.add_argument(
        "--heap-map",
        action="store_true",
        help="also print what the heap held at its largest in each game "
        "(host/bench/heapwalk.py; needs the firmware's ELF)",
    )
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    families = cli.pick("pico", [args.families], FAMILIES, "family")
    if families is None:
        return 2
    families = tuple(families)
    if args.word_turns is not None and args.word_turns < 1:
        sys.stderr.write("bench pico: --word-turns must be at least 1\n")
        return 2
    problem = mpy_build.checkout_problem(args.root, "--root " + args.root)
    if problem:
        sys.stderr.write("bench pico: %s\n" % problem)
        return 2
    problem = missing_stock() if args.stock else missing()
    if problem:
        sys.stderr.write("bench pico: %s\n" % problem)
        return 2
    log = lambda m: sys.stderr.write(m + "\n")  # noqa: E731
    try:
        if args.stock:
            pico = measure_stock(
                args.root, families, log, args.word_turns, heap_map=args.heap_map
            )
        else:
            pico = measure(
                args.root,
                families,
                log=log,
                word_turns=args.word_turns,
                heap_map=args.heap_map,
            )
    except PicoError as e:
        sys.stderr.write("bench pico: %s\n" % e)
        return 1
    maps = pico.pop("heap_map", {})
    print(
        json.dumps(pico, indent=1, sort_keys=True) if args.json else format_table(pico)
    )
    for family, lines in maps.items():
        sys.stderr.write("\n%s: %s\n" % (family, "\n".join(lines)))
    return 0
