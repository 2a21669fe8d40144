"""`python3 -m host bench web`: the browser game's figures (docs/performance.md).

    page_weight_gzip_bytes   every file of build/web gzipped: what a visit
                             downloads from a host that compresses
    first_frame_ms           the page's first frame, from the start of its load:
                             the slowest of LOADS loads with empty storage (the
                             first with the browser's cache empty too)
    key_to_frame_ms_mean     a direction's key press to its frame on the canvas,
                             in a symbols game
    hint_ms.words            holding A in the word game to the frame of its hint
                             (the long press, 600 ms, included)
    longest_step_ms.words    the longest the page waited for one step of the game
                             during those hints (a slice of the word search,
                             crisscross.words): the tab never froze longer

Headless Chromium on this machine (host.web.chromium); the weight needs no
browser. Without one, the timed figures are listed in not_measured with why.
"""

import statistics
import tempfile

from crisscross import buttons
from host.bench import cli
from host.web import build as web
from host.web import chromium

LOADS = 3
MOVES = 30  # direction presses timed
HINTS = 3  # word hints timed
TIMED = ("first_frame_ms", "key_to_frame_ms_mean", "hint_ms", "longest_step_ms")
SYMBOLS = "?seed=7"
NEW_GAME_WORDS = (buttons.A, buttons.RIGHT, buttons.RIGHT, buttons.RIGHT, buttons.UP)
START = (buttons.A,)


def weight():
    with tempfile.TemporaryDirectory(prefix="ccp-web-bench-") as tmp:
        web.build(tmp + "/web")
        return sum(web.weight(tmp + "/web").values())


def _stats(page):
    return page.run("return pocket.stats")


def first_frame(page):
    times = []
    for _ in range(LOADS):
        page.open()
        times.append(_stats(page)["firstFrameMs"])
    return max(times)


def key_to_frame(page):
    page.open(SYMBOLS)
    for b in (buttons.A, buttons.UP, buttons.A):  # New game, Start: a symbols game
        page.tap(b)
    page.run("pocket.stats.keyToFrameMs.length = 0")
    for k in range(MOVES):
        page.tap(buttons.RIGHT if k % 8 < 4 else buttons.LEFT)
    times = _stats(page)["keyToFrameMs"]
    if len(times) < MOVES:
        raise ValueError("%d of %d moves drew a frame" % (len(times), MOVES))
    return statistics.mean(times)


def word_hints(page):
    """(slowest hint ms, longest step ms) over HINTS hints in a word game."""
    page.open(SYMBOLS)
    for b in NEW_GAME_WORDS + START:
        page.tap(b)
    page.run("pocket.stats.longestStepMs = 0")
    slowest = 0
    for _ in range(HINTS):
        page.hold(buttons.A, 1.5)
        s = _stats(page)
        down = [p["t"] for p in s["presses"] if p["button"] == buttons.A][-1]
        found = [d["t"] for d in s["draws"] if d["t"] > down and not d["busy"]]
        if not found:
            raise ValueError("no hint was drawn after holding A")
        slowest = max(slowest, found[0] - down)
        page.tap(buttons.RIGHT)  # the next hint starts afresh from elsewhere
    return slowest, _stats(page)["longestStepMs"]


def measure(timings=True):
    out = {"page_weight_gzip_bytes": weight()}
    if not timings:
        return out
    problem = chromium.missing()
    if problem:
        out["not_measured"] = list(TIMED)
        out["why_not"] = problem
        return out
    site = chromium.Site()
    try:
        with tempfile.TemporaryDirectory(prefix="ccp-chromium-") as profile:
            driver = chromium.start_browser(profile)
            try:
                page = chromium.Page(driver, site.origin)
                out["first_frame_ms"] = round(first_frame(page), 1)
                out["key_to_frame_ms_mean"] = round(key_to_frame(page), 2)
                hint, step = word_hints(page)
                out["hint_ms"] = {"words": round(hint, 1)}
                out["longest_step_ms"] = {"words": round(step, 1)}
            finally:
                driver.quit()
    finally:
        site.close()
    return out


COLUMNS = (("figure", "%-28s"), ("value", "%12s"))


def table(figures):
    from host.bench.budgets import flatten

    rows = [(k, v) for k, v in sorted(flatten(figures).items())]
    lines = [cli.table(COLUMNS, rows)]
    if figures.get("why_not"):
        lines.append("not measured: %s (%s)" % (", ".join(TIMED), figures["why_not"]))
    return "\n".join(lines)


def main(argv):
    p = cli.parser("web", __doc__)
    p.add_argument(
        "--weight", action="store_true", help="the weight alone (no browser)"
    )
    args = p.parse_args(argv)
    errors = (web.BuildError, ValueError, AssertionError, OSError)
    return cli.run("web", lambda: measure(not args.weight), errors, args.json, table)
