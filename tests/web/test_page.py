"""The game in a real browser (Chromium, driven by Selenium): the page's frames
are the simulator's for the same presses, its saves outlive a reload, its links
open the same dice, and its keys, mouse and fingers are buttons."""

import os
import time

import pytest

from crisscross import buttons, sharecode
from crisscross.memory_storage import MemoryStorage
from host.play import hostclock, keyscript, sim
from golden import frame as golden
from host.screen import render

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAME_KEYS = os.path.join(ROOT, "docs", "img", "results.keys")  # a whole game
SEED = 7  # the seed results.keys was written for
PLAY_STEPS = 12  # into the game: two pairs placed, the second still on show
HINT_STEPS = 15  # a roll to place, the cursor away from where the hint puts it


def game_steps():
    with open(GAME_KEYS) as f:
        return keyscript.parse(f.read())


class Sim:
    """The simulator's device on a fake clock, stepped like the page."""

    def __init__(self, storage=None, seed=SEED, today=None):
        self.storage = storage if storage is not None else MemoryStorage()
        self.clock = hostclock.FakeClock()
        self.device = sim.Device(self.storage, 0, seed, today=today)
        self.device.step(0)

    def frame(self):
        return bytes(self.device.frame)

    def play(self, steps):
        """The frame after each step."""
        out = []
        for step in steps:
            sim.replay(self.device, self.clock, [step])
            out.append(self.frame())
        return out


def browser_play(page, steps):
    out = []
    for kind, value, _ in steps:
        if kind == keyscript.WAIT:
            time.sleep(value / 1000)
            out.append(page.settle())
        elif kind == keyscript.LONG:
            out.append(page.hold(value))
        else:
            out.append(page.tap(value))
    return out


def assert_same(want, got, what):
    n = render.diff_frames(want, got)
    assert n == 0, "%s: %d pixels differ\nsimulator:\n%s\nbrowser:\n%s" % (
        what,
        n,
        render.to_ascii(want),
        render.to_ascii(got),
    )


def test_the_title_frame_is_the_golden_one(page):
    assert_same(golden("title"), page.open(), "title")


def test_a_whole_symbols_game_draws_the_simulators_frames(page):
    steps = game_steps()
    today = tuple(time.localtime()[:3])  # the page's: its records have the date
    twin = Sim(today=lambda: today)
    want = twin.play(steps)
    page.open("?seed=%d" % SEED)
    got = browser_play(page, steps)
    for k, step in enumerate(steps):
        assert_same(
            want[k], got[k], "after key %d (%s)" % (k + 1, keyscript.step_text(step))
        )
    # It ended on the results screen, whose code the page offers as a link.
    code = sharecode.pretty(twin.device.app.session.code)
    link = page.run("return document.getElementById('share-link').value")
    assert link == page.origin + "/#code=" + code
    assert page.run("return document.getElementById('share').hidden") is False
    # The high score and statistics are kept: after a reload the title and the
    # high scores are the simulator's after the same game.
    again = Sim(twin.storage, seed=None, today=lambda: today)
    assert_same(again.frame(), page.reload(), "the title after a reload")
    scores = keyscript.parse("down\na\n")  # they open on the game just played
    for k, (want_f, got_f) in enumerate(
        zip(again.play(scores), browser_play(page, scores))
    ):
        assert_same(want_f, got_f, "high scores, key %d" % (k + 1))


def saved_mid_game(page):
    """The first PLAY_STEPS of the game played on the page and on a twin
    simulator; the twin, whose storage holds the same save."""
    steps = game_steps()[:PLAY_STEPS]
    twin = Sim()
    twin.play(steps)
    page.open("?seed=%d" % SEED)
    browser_play(page, steps)
    return twin


def test_a_reload_offers_continue_at_the_same_place(page):
    twin = saved_mid_game(page)
    # A reload: the saved game waits behind Continue, the title's first item.
    resumed = Sim(twin.storage, seed=None)
    assert_same(resumed.frame(), page.reload(), "the title after a reload")
    assert render.diff_frames(golden("title"), resumed.frame()) > 0  # Continue
    steps = keyscript.parse("a\nright\na\n")  # Continue, then play on
    for k, (want, got) in enumerate(
        zip(resumed.play(steps), browser_play(page, steps))
    ):
        assert_same(want, got, "after the reload, key %d" % (k + 1))


FILL_STORAGE = """
    let n = 0;
    for (const size of [262144, 16384, 1024, 64, 1]) {
        const chunk = "x".repeat(size);
        try {
            for (;;) localStorage.setItem("another-site/" + n++, chunk);
        } catch (e) {}
    }
    return n;
"""


def webhost():
    """host/web's webhost module, as the page runs it."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "host", "web"))
    import webhost

    return webhost


def browser_storage(items=None, full=False):
    """The page's storage as the simulator's: webhost.BrowserStorage over a
    dict of localStorage's items (`full`: every save refused)."""
    from test_webhost import Area

    return webhost().BrowserStorage(Area(items, full))


def plays_as_on_a_storage_refusing_saves(page, spoil):
    """Open the page, run the script `spoil` on its storage, play: every frame is
    the simulator's on an empty storage that refuses every save (the game says
    so once and plays on, never stopping). What `spoil` returned."""
    steps = game_steps()[:PLAY_STEPS]
    twin = Sim(browser_storage(full=True))
    want = twin.play(steps)
    page.open("?seed=%d" % SEED)
    spoiled = page.run(spoil)
    got = browser_play(page, steps)
    for k, step in enumerate(steps):
        assert_same(
            want[k], got[k], "after key %d (%s)" % (k + 1, keyscript.step_text(step))
        )
    return spoiled


def test_a_full_storage_is_told_and_the_game_goes_on(page):
    # Another page of the site filled the storage: a save is refused.
    assert plays_as_on_a_storage_refusing_saves(page, FILL_STORAGE) > 0
    page.run("localStorage.clear()")


def test_a_storage_full_at_load_still_reads_the_saves_kept(page):
    # Another page of the site filled the storage while the game was away: its
    # saved game is still there to continue (a save is refused, and told).
    twin = saved_mid_game(page)
    assert page.run(FILL_STORAGE) > 0
    try:
        resumed = Sim(twin.storage, seed=None)
        assert_same(resumed.frame(), page.reload(), "the title, Continue first")
    finally:
        page.run("localStorage.clear()")


def test_a_second_tab_plays_without_saves_and_leaves_the_firsts_alone(page):
    # Each tab would write its own copy of the saves over the other's: the
    # first keeps them, a second says it keeps none and writes nothing.
    steps = game_steps()[:PLAY_STEPS]
    page.open("?seed=%d" % SEED)
    browser_play(page, steps)
    saved = page.run("return JSON.stringify(localStorage)")
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    try:
        page.open("?seed=%d" % SEED, keep=True)
        assert page.run("return pocket.savesKept") is False
        time.sleep(4.5)  # its message ("open in another tab") has gone by itself
        unsaved = Sim(MemoryStorage(), seed=None)  # no Continue: no saves read
        assert_same(unsaved.frame(), page.settle(), "the second tab's title")
        browser_play(page, steps)
        assert page.run("return JSON.stringify(localStorage)") == saved
    finally:
        page.driver.close()
        page.driver.switch_to.window(first)
    saves = browser_storage(page.run("return {...localStorage}"))
    assert_same(Sim(saves, seed=None).frame(), page.reload(), "first")


# Another page of the site holds the game's lock and lets it go once a page
# asks for it (or after 5 s): as a page of the game just left does, a moment
# after the next one loads.
HOLD_LOCK_UNTIL_ASKED = """
    const done = arguments[arguments.length - 1];
    navigator.locks.request("crisscross-pocket", async () => {
        done(true);
        const end = performance.now() + 5000;
        while (performance.now() < end) {
            const state = await navigator.locks.query();
            if (state.pending.length > 0) return;
        }
    });
"""


def test_a_lock_let_go_a_moment_after_the_page_loads_still_keeps_the_saves(page):
    twin = saved_mid_game(page)
    first = page.driver.current_window_handle
    page.driver.get(page.origin + "/pocket.css")  # the game's page left
    page.driver.switch_to.new_window("tab")
    other = page.driver.current_window_handle
    try:
        page.driver.get(page.origin + "/pocket.css")
        assert page.driver.execute_async_script(HOLD_LOCK_UNTIL_ASKED)
        page.driver.switch_to.window(first)
        resumed = Sim(twin.storage, seed=None)
        opened = page.open(keep=True)
        assert page.run("return pocket.savesKept") is True
        assert_same(resumed.frame(), opened, "the title, Continue first")
    finally:
        page.driver.switch_to.window(other)
        page.driver.close()
        page.driver.switch_to.window(first)


def test_locks_the_browser_refuses_leave_the_page_playing_with_its_saves(page):
    # The site's storage blocked: navigator.locks refuses. The page must not
    # wait for a lock for ever; it plays as the first tab.
    refuse = (
        "navigator.locks.request = () => "
        "Promise.reject(new DOMException('The request was denied.', 'SecurityError'));"
    )
    added = page.driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": refuse}
    )
    try:
        assert_same(golden("title"), page.open(), "the title, no message")
    finally:
        page.driver.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument",
            {"identifier": added["identifier"]},
        )


REVOKE_STORAGE = """
    const revoked = () => {
        throw new DOMException("The storage is disabled.", "SecurityError");
    };
    for (const name of ["getItem", "setItem", "removeItem", "key"]) {
        Storage.prototype[name] = revoked;
    }
    Object.defineProperty(Storage.prototype, "length", { get: revoked });
"""


def test_a_storage_taken_away_mid_game_reads_as_empty_and_the_game_goes_on(page):
    # A privacy setting changed while the page is open: every localStorage call
    # throws; the game reads nothing and every save is refused.
    plays_as_on_a_storage_refusing_saves(page, REVOKE_STORAGE)


def test_a_huge_foreign_save_is_put_aside_and_the_game_goes_on(page):
    # A value far larger than any save under the game's key: read once as a
    # damaged file; moving it aside happens in the page, not in MicroPython's heap.
    key = webhost().PREFIX + "game.sav"
    junk = "ab" * 700000
    steps = game_steps()[:PLAY_STEPS]
    twin = Sim(browser_storage({key: junk}))
    want = twin.play(steps)
    page.open("?seed=%d" % SEED)
    page.run(
        "localStorage.setItem(arguments[0], arguments[1])",
        key,
        junk,
    )
    page.reload()  # "Saved game was damaged", gone by itself by the first key
    got = browser_play(page, steps)
    for k, step in enumerate(steps):
        assert_same(
            want[k], got[k], "after key %d (%s)" % (k + 1, keyscript.step_text(step))
        )


def start_keys():
    """From the title: New game, up to its last row (Start), A."""
    return keyscript.parse("a\nup\na\n")


def test_a_code_link_opens_the_same_dice(page):
    twin = Sim()
    want = twin.play(start_keys())[-1]
    code = sharecode.pretty(twin.device.app.session.code)
    page.open(link="#code=" + code)
    # New game, its dice set to the code and Start chosen: A starts it.
    assert page.run("return location.hash") == ""
    assert_same(want, page.tap(buttons.A), "the game of the link " + code)
    assert page.run("return pocket.shareLink()") == page.origin + "/#code=" + code


def test_a_bad_code_link_says_why_and_keeps_the_title(page):
    # One character wrong; a code cut inside a %-escape (no URI at all).
    for link in ("#code=AVF-F6V6", "#code=%E0%A4%A"):
        frame = page.open(link=link)
        assert render.diff_frames(golden("title"), frame) > 0, link  # the message
        assert_same(golden("title"), page.tap(buttons.B), "the title, message gone")
    # A stray % alone is no link: the title, as for any unknown link.
    assert_same(golden("title"), page.open(link="#%"), "the title after #%")
    assert page.run("return location.hash") == ""


def test_a_link_far_too_long_for_a_code_is_told_at_once(page):
    for way in ("load", "hashchange"):
        link = "#code=" + "A" * 200000
        if way == "load":
            frame = page.open(link=link)
        else:
            page.open()
            page.run("location.hash = arguments[0]", link)
            frame = page.settle()
        assert render.diff_frames(golden("title"), frame) > 0, way  # the message
        assert page.run("return pocket.error") is None
        assert_same(golden("title"), page.tap(buttons.B), "the title, message gone")


def test_the_daily_link_opens_todays_dice(page):
    today = tuple(time.localtime()[:3])
    twin = Sim(seed=None, today=lambda: today)
    # New game, up twice to Dice, right to Daily, down to Start, A.
    want = twin.play(keyscript.parse("a\nup\nup\nright\ndown\na\n"))
    page.open(link="#daily")
    assert_same(want[-1], page.tap(buttons.A), "today's game")


def hint_frames(page):
    """Into a game in the simulator and the page: the simulator's frames with
    the hint's message box and after it."""
    steps = game_steps()[:HINT_STEPS]
    twin = Sim()
    before = twin.play(steps)[-1]
    shown, later = twin.play(keyscript.parse("long-a\nwait 2000\n"))
    assert render.diff_frames(before, later) > 0  # the hint moved the cursor
    assert render.diff_frames(shown, later) > 0  # and said what it is worth
    page.open("?seed=%d" % SEED)
    assert_same(before, browser_play(page, steps)[-1], "before the hint")
    return shown, later


def assert_hint(shown, later, got):
    # The hint's message box lasts 1.5 s: a slow machine may read the frame
    # after it went; the cursor stays where the hint put it.
    if render.diff_frames(later, got):
        assert_same(shown, got, "the hint")


def test_a_held_key_gives_the_hint(page):
    shown, later = hint_frames(page)
    assert_hint(shown, later, page.hold(buttons.A))


def test_a_finger_held_on_the_drawn_a_is_a_long_press(page):
    shown, later = hint_frames(page)
    assert_hint(shown, later, page.touch_hold(buttons.A))


def test_a_click_on_a_drawn_button_acts(page):
    twin = Sim()
    want = twin.play(keyscript.parse("a\ndown\n"))
    page.open()
    assert_same(want[0], page.click(buttons.A), "a click on A")
    assert_same(want[1], page.click(buttons.DOWN), "a click on down")


def test_the_screen_sits_in_the_middle_of_its_bezel_and_the_keys_stand_out(page):
    page.open()
    box = page.run(
        "const r = (s) => document.querySelector(s).getBoundingClientRect();"
        "const s = r('#screen'), b = r('.bezel'), d = r('.device');"
        "return [s.left - b.left, b.right - s.right, b.left - d.left, d.right - b.right]"
    )
    assert abs(box[0] - box[1]) < 0.5 and abs(box[2] - box[3]) < 0.5, box

    def luminance(css):
        rgb = [int(v) / 255 for v in css[css.index("(") + 1 : -1].split(",")[:3]]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a, b):
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    style = (
        "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]"
    )
    key = page.run(style, ".key.a", "backgroundColor")
    assert contrast(key, page.run(style, ".key.a", "color")) >= 4.5  # its letter
    assert contrast(key, page.run(style, ".device", "backgroundColor")) >= 3


def test_space_on_a_focused_drawn_button_presses_it(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    twin = Sim()
    want = twin.play(keyscript.parse("down\n"))
    page.open()
    page.run("arguments[0].focus()", page.drawn_button(buttons.DOWN))
    ActionChains(page.driver).send_keys(Keys.SPACE).perform()
    assert_same(want[0], page.settle(), "Space on the focused down")


def test_enter_on_the_copy_button_copies_and_presses_nothing(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    steps = game_steps()
    page.open("?seed=%d" % SEED)
    browser_play(page, steps)  # the results: the link is offered
    before = page.run("return pocket.stats.presses.length")
    for _ in range(20):  # Tab to it, as a person using the keyboard does
        if page.run("return document.activeElement.id") == "copy":
            break
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
    ActionChains(page.driver).send_keys(Keys.ENTER).perform()
    page._wait("return document.getElementById('copied').textContent !== ''", 5)
    assert page.run("return pocket.stats.presses.length") == before
    # Clicked with the mouse instead, the button leaves Enter to the game: A.
    page.run("document.getElementById('copied').textContent = ''")
    page.run("document.activeElement.blur()")
    page.driver.find_element("css selector", "#copy").click()
    ActionChains(page.driver).send_keys(Keys.ENTER).perform()
    page.settle()
    assert page.run("return pocket.stats.presses.length") == before + 1


@pytest.mark.parametrize("width", [320, 360, 412])
def test_the_page_fits_a_phones_width(page, width):
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 740, "deviceScaleFactor": 3, "mobile": True},
    )
    try:
        page.open()
        box = page.run(
            "const r = (s) => document.querySelector(s).getBoundingClientRect();"
            "const keys = [...document.querySelectorAll('.device [data-button]')];"
            "const inner = r('.controls');"
            "return {page: document.documentElement.scrollWidth,"
            " device: r('.device').right, screen: r('#screen').width,"
            " smallest: Math.min(...keys.map((k) => k.getBoundingClientRect().width)),"
            " left: Math.min(...keys.map((k) => k.getBoundingClientRect().left)),"
            " right: Math.max(...keys.map((k) => k.getBoundingClientRect().right)),"
            " inside: [inner.left, inner.right]}"
        )
        assert box["page"] <= width and box["device"] <= width, box
        # The buttons inside the handheld, big enough for a finger.
        assert box["inside"][0] <= box["left"] and box["right"] <= box["inside"][1], box
        assert box["smallest"] >= 36, box
        # The screen as wide as the phone allows, in whole device pixels per
        # OLED pixel.
        assert box["screen"] >= 0.7 * width and round(box["screen"] * 3) % 128 == 0, box
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_keys_stay_the_games_after_a_click_on_the_share_link(page):
    twin = Sim()
    steps = start_keys() + keyscript.parse("right\n")
    want = twin.play(steps)[-1]
    page.open("?seed=%d" % SEED)
    browser_play(page, start_keys())
    page.driver.find_element("css selector", "#share-link").click()  # to copy it
    assert page.run("return document.activeElement.id") == "share-link"
    assert_same(want, page.tap(buttons.RIGHT), "a key with the link's field focused")


def test_z_and_x_are_a_and_b_on_any_keyboard_layout(page):
    # The physical Z key of a Cyrillic layout types "я": it is still A.
    frame = page.open()
    page.run(
        "for (const type of ['keydown', 'keyup']) dispatchEvent(new KeyboardEvent("
        "type, {key: '\u044f', code: 'KeyZ'}));"
    )
    assert render.diff_frames(frame, page.settle()) > 0  # New game opened


def test_a_landscape_phone_shows_the_whole_handheld(page):
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 640, "height": 360, "deviceScaleFactor": 3, "mobile": True},
    )
    try:
        page.open()
        box = page.run(
            "const keys = [...document.querySelectorAll('.device [data-button]')];"
            "return {bottom: Math.max(...keys.map((k) => k.getBoundingClientRect().bottom)),"
            " device: document.querySelector('.device').getBoundingClientRect().bottom,"
            " screen: document.querySelector('#screen').getBoundingClientRect().width,"
            " smallest: Math.min(...keys.map((k) => k.getBoundingClientRect().width))}"
        )
        assert box["device"] <= 360 and box["bottom"] <= 360, box  # no scrolling
        assert box["smallest"] >= 36 and round(box["screen"] * 3) % 128 == 0, box
        assert box["screen"] >= 256, box  # as large as the height leaves room for
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_page_opened_as_a_file_says_how_to_serve_it(page, site):
    page.driver.get("file://" + os.path.join(site.out, "index.html"))
    status = "return document.getElementById('status').textContent"
    page._wait("return %s.includes('make web')" % status[7:], 20)
    assert page.run(status) == "Serve this folder: make web"


@pytest.mark.parametrize("blocked", ["micropython.wasm", "micropython.mjs"])
def test_a_page_that_cannot_load_says_so_with_a_way_on(page, blocked):
    driver = page.driver
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/" + blocked]})
    try:
        page.clear_storage()
        driver.get(page.origin + "/")
        status = "return document.getElementById('status').textContent"
        page._wait("return %s.includes('could not load')" % status[7:], 20)
        said = page.run(status)
        assert "check the connection" in said and "console" in said, said
        # Whichever file failed, the same words and a button to reload.
        assert page.run("return document.querySelector('#status button') !== null")
    finally:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    assert page.open() is not None  # and it loads again
