# Two commands are all it takes on a fresh machine with Python 3.11+:
#   make play   - start the game
#   make test   - check style (ruff) and types (mypy), then run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test test-long dist dist-windows bench bench-ai bench-idle bench-net two-windows soak clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/drako-desktop $(ARGS)

# Style (ruff), types (mypy) and the release workflow (actionlint) first: any of them failing fails the
# test before the long suite starts.
# The suite runs in several processes (pytest-xdist); PYTEST_WORKERS=0 runs it in this one. A process that
# runs out of tests takes over half of another's (worksteal): test times differ a hundredfold.
# The long checks (marked `long` in tests/conftest.py: exhaustive walks, strength over whole games, soaks, real
# processes) are left out, for a suite under 4 minutes on 2 cores; `make test-long` runs them, CI runs both.
# One process more than the cores: the tests that wait (on the network, on a program of their own) leave their
# core to the others.
PYTEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
# Python keeps the compiled modules (and pytest its rewritten tests) in __pycache__ even where the environment says
# not to: collecting the suite takes each process 13 s without them and 4 s with, and every real program a test
# starts compiles the app again without them.
PYTEST := env -u PYTHONDONTWRITEBYTECODE SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest \
	-n $(PYTEST_WORKERS) --dist worksteal
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/actionlint .github/workflows/release.yml
	$(PYTEST) -m "not long" $(PYTEST_ARGS)

test-long: $(STAMP)
	$(PYTEST) -m long $(PYTEST_ARGS)

# The frozen app for this system in dist/drako-desktop/ with the versions every build freezes
# (packaging/pins.txt), packed as dist/drako-desktop-VERSION-linux-x64.tar.gz.
dist: $(STAMP)
	$(BIN)/python -m pip install --quiet -r packaging/pins.txt
	$(BIN)/pyinstaller --noconfirm --clean build.spec
	$(BIN)/python tools/archive.py dist/drako-desktop linux-x64 dist

# The Windows app, frozen under Wine on Linux (installs Wine when it is missing) into dist-windows/,
# zipped as dist-windows/drako-desktop-VERSION-windows-x64.zip (tools/build_windows.py).
dist-windows: $(STAMP)
	nice -n 10 $(BIN)/python tools/build_windows.py

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py

# How much of a CPU core the app uses while nothing happens (the main menu, a table waiting for a person).
bench-idle: $(STAMP)
	$(BIN)/drako-desktop bench-idle $(ARGS)

# Strength and speed of the computer opponents against their targets (long: run it alone).
bench-ai: $(STAMP)
	$(BIN)/python tools/bench_ai.py $(ARGS)

# Playing across computers on loopback (docs/network.md): a move's latency to the other clients, an idle host's CPU,
# how many tables one host serves, and a soak of every fault in one game (several minutes: run it alone).
bench-net: $(STAMP)
	$(BIN)/python tools/bench_net.py $(ARGS)

# Two copies of the app in real windows (an X server of its own: Xvfb and xdotool, installed through apt-get when
# missing) play a whole game against each other through an invitation, by clicks and a paste; the joining copy's
# connection is cut mid-game (docs/network.md). ARGS="--game aetherya-pocket" for the other game.
two-windows: $(STAMP)
	$(BIN)/python tools/two_windows.py $(ARGS)

# Hundreds of whole games played through the screen as people play them, before a release (long: run it alone).
soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/soak.py $(ARGS)

clean:
	rm -rf build dist dist-windows tests/output
