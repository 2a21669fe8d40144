"""Write the README's screenshots with the real simulator, headless.

Each picture is a key file, docs/img/NAME.keys, replayed by `python3 -m host sim
--headless --keys` to write NAME.png, exactly as anyone can reproduce:

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


if __name__ == "__main__":
    main(sys.argv[1:])
