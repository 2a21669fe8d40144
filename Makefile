# Criss Cross Pocket. Two commands for a newcomer: `make sim` and `make test`.
# Everything else is installed here, pinned: .venv from requirements.txt, and the
# WebAssembly MicroPython from package-lock.json.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NODE ?= node
MPY_RUN := $(NODE) host/mpy/run.mjs
STAMP_PY := $(VENV)/.installed
STAMP_JS := node_modules/.installed
PORT ?= auto
PY_DIRS := $(wildcard shared firmware host tests tools)

.PHONY: all sim term web test lint format mpy-cross pytest test-mpy parity golden deps clean help
.PHONY: debian
.PHONY: flash repl logs uf2
.PHONY: bench bench-check

# `make` alone prints this help; it runs nothing.
all: help

help:
	@echo "The two commands:"
	@echo "  make sim      play in the desktop simulator (window)"
	@echo "  make test     install what is needed and run every test"
	@echo "More:"
	@echo "  make term     play in the terminal"
	@echo "  make web      play in the browser: builds build/web/ and serves it on localhost"
	@echo "                (PORT=8000; ARGS=--build-only builds only)"
	@echo "  make flash    put the game on a board over USB (PORT=auto, or PORT=/dev/ttyACM0;"
	@echo "                ARGS=--dry-run shows the plan and sizes, with or without a board)"
	@echo "  make uf2      one file for a fresh Pico: build/criss-cross-pocket.uf2 (firmware,"
	@echo "                game and start-up files; it replaces what the board holds)"
	@echo "  make repl     the board's MicroPython prompt"
	@echo "  make logs     print the board's error log"
	@echo "  make emu      the real MicroPython firmware on an emulated Pico, in the window"
	@echo "  make bench    performance figures beside their budgets"
	@echo "  make bench-check  the deterministic figures only; fails when one is over"
	@echo "  make soak     the emulator's long runs: 50 power cuts, a whole word game"
	@echo "  make format   format the code (black) and refresh mip.json's file list"
	@echo "  make golden   rewrite the golden frames after a deliberate change"
	@echo "  make parity   the same seeded games under MicroPython and CPython"
	@echo "Parts of make test: make deps (the venv, npm packages, Chromium), make lint"
	@echo "  (black, ruff), make pytest, make test-mpy (the portable tests in MicroPython)."
	@echo "  make clean removes the venv, node_modules and build caches."

$(STAMP_PY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(STAMP_JS): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

deps: $(STAMP_PY) $(STAMP_JS) debian

# Debian's packages some tests use: Chromium and its driver (the browser tests,
# tests/web, and `bench web`) and wamerican (the word list the dictionary is
# rebuilt from, tests/host/test_words_dict_build.py). Installed where we may (root
# with apt-get); elsewhere those tests say why they skip.
debian:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || \
	    [ ! -f /usr/share/dict/american-english ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "apt-get install chromium chromium-driver wamerican (tests/web, the word list)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends chromium chromium-driver wamerican \
	      >/dev/null || echo "not installed: the browser tests and the dictionary's rebuild will skip"; \
	  fi; \
	fi

sim: $(STAMP_PY)
	$(PY) -m host sim $(ARGS)

term: $(STAMP_PY)
	$(PY) -m host term $(ARGS)

# The browser game (host/web): static files in build/web/, served on localhost.
WEB_PORT := $(if $(filter auto,$(PORT)),8000,$(PORT))
web: $(STAMP_PY) $(STAMP_JS)
	$(PY) -m host web --port $(WEB_PORT) $(ARGS)

# Format the code and refresh the mip manifest, mip.json (tested to match).
format: $(STAMP_PY)
	$(VENV)/bin/black $(PY_DIRS)
	$(PY) -m host.board.mip_manifest

# black for the form, ruff (ruff.toml) for the mistakes.
lint: $(STAMP_PY)
	$(VENV)/bin/black --check --quiet $(PY_DIRS)
	$(VENV)/bin/ruff check --quiet --output-format concise $(PY_DIRS)

# Any syntax MicroPython 1.29 does not know fails here.
mpy-cross: $(STAMP_PY)
	$(PY) -m host.board.check_mpy shared firmware

# One worker a core, each test file on one worker (its fixtures made once).
pytest: deps
	$(PY) -m pytest -q -n auto --dist loadfile tests

test-mpy: $(STAMP_JS)
	$(MPY_RUN) --mount shared:/shared --mount tests/portable:/tests/portable \
		--path /shared tests/mpy_suite.py

# Same seeds, same moves, same frames under MicroPython and CPython.
parity: deps
	$(PY) -m pytest -q tests/host -k parity

# Rewrite the golden frames of every screen, on purpose, after a deliberate change.
golden: $(STAMP_PY)
	$(PY) tests/golden.py --update

# Performance figures beside their budgets (docs/performance.md); writes
# host/bench/results.json. bench-check: the deterministic ones only, fails when over.
bench: deps
	$(PY) -m host bench all

bench-check: deps
	$(PY) -m host bench all --check

test: deps lint mpy-cross pytest test-mpy bench-check

clean:
	rm -rf $(VENV) node_modules build/bench build/mpy-cache build/web .pytest_cache

# The board: see docs/flashing.md. ARGS="--dry-run" shows the plan only.
flash: $(STAMP_PY)
	$(PY) -m host flash --port $(PORT) $(ARGS)

repl: $(STAMP_PY)
	$(PY) -m host flash repl --port $(PORT)

logs: $(STAMP_PY)
	$(PY) -m host flash logs --port $(PORT)

# One file for a fresh Pico: the ROMFS firmware (MICROPYTHON_UF2, default
# build/micropython-pico-romfs.uf2), the game's ROMFS image and the start-up files.
uf2: $(STAMP_PY)
	$(PY) -m host uf2 $(ARGS)

# The real MicroPython firmware on an emulated Pico (docs/emulator.md): the .uf2 from
# MICROPYTHON_UF2 (default build/micropython-pico-romfs.uf2, else
# build/micropython-pico.uf2), the flash in build/emu-flash.bin.
.PHONY: emu
emu: deps
	@$(PY) -m host emu $(ARGS)

# The long variants of the emulator tests (tests/emu, the real firmware from
# MICROPYTHON_UF2 and MICROPYTHON_STOCK_UF2): 50 power cuts during saves instead of
# 12, and a whole word game against the AI on the official firmware with a 112 KB
# heap instead of its first turns.
.PHONY: soak
soak: deps
	CRISSCROSS_SOAK=1 $(PY) -m pytest -q -rP tests/emu/test_emu_powercut.py \
		tests/emu/test_emu_memory.py::test_words_game_against_the_ai_on_a_112_kb_heap
