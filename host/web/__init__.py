"""The game in a browser: a static page that runs shared/crisscross unchanged in
MicroPython WebAssembly.

- index.html, pocket.css, pocket.mjs: the page, the handheld drawn as the
  simulator draws it, and its JavaScript (keys, touch, the canvas, the clock);
- webhost.py: the host inside MicroPython (storage over localStorage, button
  edges, the steps), shipped in the ROMFS image with the engine;
- build.py: `python3 -m host web` (`make web`) builds build/web/ and serves it;
- chromium.py: the page in headless Chromium (Selenium), for tests/web and
  `bench web`.
"""
