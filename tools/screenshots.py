"""Write the README's screenshots with the real simulator, headless.

Each picture is a key file, docs/img/NAME.keys, replayed by `python3 -m host sim
--headless --keys` to write NAME.png, exactly as anyone can reproduce; web.png is
play.keys replayed on the browser page (`make web`'s, in Debian's Chromium):

    .venv/bin/python tools/screenshots.py            # the PNGs from the key files
    .venv/bin/python tools/screenshots.py --record   # the key files recorded anew

--record plays the games again with the device-level AI, through button presses,
and writes the key files first. tests/web/test_page.py replays results.keys and
counts steps into it (PLAY_STEPS, HINT_STEPS): look at those after a recording.
(`.venv/bin/python`: PNGs need pygame, which `make deps` installs there.)
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "portable")]

import host  # noqa: E402,F401

OUT = os.path.join(ROOT, "docs", "img")
SEED = 7


def scripts():
    from appdriver import Driver
    from crisscross.dice import ai

    d = Driver(seed=SEED)
    d.start_game("down right")  # advanced rules
    game = d.app.session.game
    for _ in range(5):
        d.place(ai.choose(game, "device"))
        d.press("a")
    d.press("right b")
    yield "play", list(d.log)
    while not game.over:
        d.place(ai.choose(game, "device"))
        d.press("a")
    yield "results", list(d.log)
    d.press("a down down down down down down down down down down")
    yield "results-sheet", list(d.log)


NAMES = ("play", "results", "results-sheet")


def record():
    os.makedirs(OUT, exist_ok=True)
    for name, keys in scripts():
        with open(os.path.join(OUT, name + ".keys"), "w") as f:
            f.write(
                "# python3 -m host sim --headless --seed %d --keys %s.keys\n"
                % (SEED, name)
            )
            f.write("\n".join(k.replace("wait:", "wait ") for k in keys) + "\n")


def web_picture(keyfile, png):
    """The page as a person sees it after the keys of `keyfile`, the game's dice
    those of SEED: the handheld and its help, as README shows them."""
    import tempfile

    from host.play import keyscript
    from host.web import chromium

    problem = chromium.missing()
    if problem:
        print("web.png not made: %s" % problem)
        return
    site = chromium.Site()
    with tempfile.TemporaryDirectory(prefix="ccp-shot-") as profile:
        driver = chromium.start_browser(profile)
        try:
            driver.set_window_size(820, 1000)  # room for all of it, at 5 px a pixel
            page = chromium.Page(driver, site.origin)
            page.open("?seed=%d" % SEED)
            with open(keyfile) as f:
                for kind, value, _ in keyscript.parse(f.read()):
                    if kind == keyscript.WAIT:
                        page.settle()
                    elif kind == keyscript.LONG:
                        page.hold(value)
                    else:
                        page.tap(value)
            # The share link names this run's port: left out of the picture.
            page.run("document.getElementById('share').hidden = true")
            shot = driver.find_element("css selector", "main").screenshot_as_png
        finally:
            driver.quit()
            site.close()
    if same_picture(png, shot):
        print("%s: unchanged" % png)
        return
    with open(png, "wb") as f:
        f.write(shot)
    print(png)


# Chromium's rasteriser shades a few edge pixels a few levels apart from run to
# run: a picture no pixel of which is further off than this is the same one.
SAME_LEVELS = 16


def same_picture(path, shot):
    """Whether the PNG file `path` shows what the PNG bytes `shot` show."""
    import io

    import pygame

    if not os.path.exists(path):
        return False
    old = pygame.image.load(path)
    new = pygame.image.load(io.BytesIO(shot), "shot.png")
    if old.get_size() != new.get_size():
        return False
    a = pygame.image.tobytes(old, "RGBA")
    b = pygame.image.tobytes(new, "RGBA")
    return a == b or max(abs(x - y) for x, y in zip(a, b)) <= SAME_LEVELS


def main(argv):
    if argv not in ([], ["--record"]):
        sys.exit("usage: tools/screenshots.py [--record]")
    if argv:
        record()
    for name in NAMES:
        keyfile = os.path.join(OUT, name + ".keys")
        png = os.path.join(OUT, name + ".png")
        cmd = [sys.executable, "-m", "host", "sim", "--headless", "--seed", str(SEED)]
        cmd += ["--keys", keyfile, "--png", png, "--scale", "4"]
        subprocess.run(cmd, check=True, cwd=ROOT)
        print(png)
    web_picture(os.path.join(OUT, "play.keys"), os.path.join(OUT, "web.png"))


if __name__ == "__main__":
    main(sys.argv[1:])
