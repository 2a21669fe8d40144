"""The browser game in a real Chromium (Debian's chromium and chromium-driver),
driven by Selenium, for tests/web and `bench web`: the page built by
host.web.build and served on 127.0.0.1.

`missing()` says why no browser can run here (the tests then skip, except on
CI, where they fail); `Site` builds and serves the page; `Page` opens it,
presses keys and buttons as a person does (edges with times), and reads the
canvas's pixels back as a MONO_VLSB frame. Chromium runs headless with a fresh
profile and nothing that reaches the network.
"""

import os
import shutil
import tempfile
import threading
import time

from crisscross import buttons
from host.screen import render
from host.web import build as web

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=900,800",
)
READY_S = 30  # the page's first frame: MicroPython loads and the title is drawn
SETTLE_S = 20  # a step of a test until the game has nothing left to do
HOLD_S = 1.0  # a long press: past buttons.LONG_MS
ON = render.ON_RGB


def missing():
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make deps)"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.path.exists(path):
            return "%s not found: apt-get install %s (make deps does, as root)" % (
                path,
                package,
            )
    if not os.path.exists(os.path.join(web.MICROPYTHON, "micropython.wasm")):
        return "MicroPython WebAssembly is not installed (make deps)"
    return None


def required():
    """CI must run the browser tests: there a missing browser is a failure."""
    return os.environ.get("CI") == "true"


class Site:
    """build/web's files, built into a temporary folder and served."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="ccp-web-test-")
        self.out = os.path.join(self.folder, "web")
        web.build(self.out)
        self.httpd = web.server(self.out, 0)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = "http://127.0.0.1:%d" % self.httpd.server_address[1]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_browser(profile):
    """Chromium, headless, its profile in the folder `profile`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + ("--user-data-dir=" + profile,):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))


class Page:
    """The game's page in one browser; every open() starts from empty storage
    unless told to keep it."""

    def __init__(self, driver, origin):
        self.driver = driver
        self.origin = origin

    def run(self, script, *args):
        return self.driver.execute_script(script, *args)

    def clear_storage(self):
        # A file of the same origin that runs nothing: the game must not save
        # while its storage is emptied.
        self.driver.get(self.origin + "/pocket.css")
        self.run("localStorage.clear()")

    def open(self, query="", link="", keep=False):
        """Load the page (`query` like "?seed=7", `link` like "#daily") and wait
        for its first frame."""
        if not keep:
            self.clear_storage()
        self.driver.get(self.origin + "/" + query + link)
        return self.wait_ready()

    def reload(self):
        self.driver.refresh()
        return self.wait_ready()

    def wait_ready(self):
        self._wait("return window.pocket && (pocket.ready || pocket.error)", READY_S)
        error = self.run("return pocket.error")
        assert error is None, "the page stopped: %s" % error
        return self.settle()

    def _wait(self, script, seconds):
        end = time.monotonic() + seconds
        while not self.run(script):
            assert time.monotonic() < end, "timed out waiting for: %s" % script
            time.sleep(0.02)

    def settle(self):
        """Wait until the game has nothing to do until a button, then the frame."""
        self._wait("return pocket.error !== null || pocket.idle()", SETTLE_S)
        error = self.run("return pocket.error")
        assert error is None, "the page stopped: %s" % error
        return self.frame()

    def frame(self):
        """The canvas's 128x64 pixels as a MONO_VLSB frame (lit: the OLED's colour)."""
        rgba = self.run(
            "const c = document.getElementById('screen');"
            "return Array.from(c.getContext('2d').getImageData(0, 0, 128, 64).data);"
        )
        frame = bytearray(render.frame_bytes(render.WIDTH, render.HEIGHT))
        for y in range(render.HEIGHT):
            for x in range(render.WIDTH):
                o = (y * render.WIDTH + x) * 4
                pixel = tuple(rgba[o : o + 3])
                assert pixel in (ON, (0, 0, 0)), "pixel %d,%d is %r" % (x, y, pixel)
                if pixel == ON:
                    frame[(y >> 3) * render.WIDTH + x] |= 1 << (y & 7)
        return frame

    # --- input, as a person gives it ---

    def key(self, button):
        """The keyboard key of a button, as the simulator binds them."""
        from selenium.webdriver.common.keys import Keys

        return {
            buttons.UP: Keys.ARROW_UP,
            buttons.DOWN: Keys.ARROW_DOWN,
            buttons.LEFT: Keys.ARROW_LEFT,
            buttons.RIGHT: Keys.ARROW_RIGHT,
            buttons.A: "z",
            buttons.B: "x",
        }[button]

    def tap(self, button):
        from selenium.webdriver.common.action_chains import ActionChains

        k = self.key(button)
        ActionChains(self.driver).key_down(k).key_up(k).perform()
        return self.settle()

    def hold(self, button, seconds=HOLD_S, key=None):
        from selenium.webdriver.common.action_chains import ActionChains

        k = key or self.key(button)
        ActionChains(self.driver).key_down(k).pause(seconds).key_up(k).perform()
        return self.settle()

    def drawn_button(self, button):
        return self.driver.find_element(
            "css selector", '.device [data-button="%d"]' % button
        )

    def click(self, button):
        """A mouse click on the drawn button."""
        self.drawn_button(button).click()
        return self.settle()

    def touch_hold(self, button, seconds=HOLD_S):
        """A finger held on the drawn button, then lifted."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        finger = PointerInput(interaction.POINTER_TOUCH, "finger")
        actions = ActionChains(self.driver)
        actions.w3c_actions = ActionBuilder(self.driver, mouse=finger)
        actions.w3c_actions.pointer_action.move_to(self.drawn_button(button))
        actions.w3c_actions.pointer_action.pointer_down()
        actions.w3c_actions.pointer_action.pause(seconds)
        actions.w3c_actions.pointer_action.pointer_up()
        actions.perform()
        return self.settle()
