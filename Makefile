# make run: serve the app on SQLite. make test: every test, browser tests included.
SHELL := /bin/bash
PORT ?= 8000
# make run LAN=1: serve the phones on the same Wi-Fi (binds to this machine's local address).
LAN ?=
VENV := .venv
PY := $(VENV)/bin/python
# The first Python 3.12+ on PATH (pyenv honours .python-version).
PYTHON ?= $(shell for p in python3.13 python3.12 python3 python; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' \
	>/dev/null 2>&1 && { echo $$p; break; }; done)

.PHONY: run test test-fast test-postgres lint format bench bench-club loadtest loadtest-scaled bench-scaled messages check-deploy clean nginx wrk

$(PY):
	@if [ -z "$(PYTHON)" ]; then \
		echo "error: Python 3.12 or newer is needed and none was found on PATH." >&2; \
		echo "       Install it (e.g. 'pyenv install 3.12' or your system's python3.12 package)," >&2; \
		echo "       or name one: make run PYTHON=/path/to/python3.12" >&2; \
		exit 1; \
	fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@ $(VENV)/.runtime

# gettext compiles the Spanish and Swedish catalogues; install it where apt can.
gettext:
	@command -v msgfmt >/dev/null 2>&1 || { \
		if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && apt-get install -y -qq gettext >/dev/null; \
		else echo "error: gettext (msgfmt) is needed: install the 'gettext' package." >&2; exit 1; fi; }

messages: gettext | $(PY)
	@$(PY) manage.py compilemessages --ignore '.venv' -v 0

# Debian's Chromium drives the browser tests (Playwright cannot download its own here).
chromium:
	@if [ -n "$$CHROME_PATH" ] || [ -x /usr/bin/chromium ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "Installing Chromium for the browser tests..."; \
		apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "error: the browser tests need Chromium: install Debian's 'chromium' package" >&2; \
		echo "       or set CHROME_PATH to a Chromium/Chrome binary." >&2; exit 1; \
	fi

run: $(VENV)/.runtime messages
	$(PY) manage.py migrate --noinput
ifeq ($(LAN),1)
	$(PY) manage.py runlan --port $(PORT)
else
	$(PY) manage.py runserver 127.0.0.1:$(PORT)
endif

test: $(VENV)/.dev messages chromium
	$(PY) manage.py makemigrations --check --dry-run >/dev/null
	$(PY) -m pytest --durations=15 $(PYTEST_ARGS)

# The edit-run loop: everything but the browser and load tests (no Chromium needed).
test-fast: $(VENV)/.dev messages
	$(PY) -m pytest -m "not browser and not load" --durations=10 -q $(PYTEST_ARGS)

# The load tests at full size: 50 tables at once, duplicate posts, SIGKILL mid-game (minutes).
loadtest: $(VENV)/.dev messages
	LOAD_FULL=1 $(PY) -m pytest -m load tests/load -q

# The same load and fault tests with two app servers behind nginx on one throwaway PostgreSQL:
# phones spread over both servers, one server killed mid-game (minutes; not part of make test).
loadtest-scaled: $(VENV)/.dev messages nginx
	LOAD_FULL=1 LOAD_SCALED=1 bash scripts/with-postgres.sh $(PY) -m pytest -m load tests/load -q

# Debian's nginx is the proxy of the scaled load test (run in the foreground, own config).
nginx:
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "Installing nginx for the scaled load test..."; \
		apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null; \
	else \
		echo "error: the scaled load test needs nginx: install Debian's 'nginx' package." >&2; exit 1; \
	fi

# Debian's wrk drives the bench's read phases; without it the bench falls back to its own
# Python client and says so.
wrk:
	@if command -v wrk >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "Installing wrk for the bench..."; \
		apt-get update -qq && apt-get install -y -qq wrk >/dev/null; \
	else \
		echo "warning: wrk not found: the bench measures reads with its Python client." >&2; \
	fi

test-postgres: $(VENV)/.dev messages chromium
	bash scripts/with-postgres.sh $(PY) -m pytest --durations=15 $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The app on its production setup (gunicorn, DEBUG=0, whitenoise) against its budgets; npm
# installs Lighthouse into bench/node_modules. Misses show as ✗; only a crash fails.
bench: $(VENV)/.dev messages wrk
	$(PY) bench/run.py $(BENCH_ARGS)
	$(PY) bench/photo_bench.py

# One app server against two behind nginx on a throwaway PostgreSQL (docs/deploy.md's figures).
# A club of 50 tables and 10,000 matches: its re-rating, recompute and kept leaderboard.
bench-club: $(VENV)/.dev
	DATABASE_URL=sqlite:////tmp/club-bench.sqlite3 $(PY) bench/club_bench.py $(BENCH_ARGS)

bench-scaled: $(VENV)/.dev messages nginx wrk
	bash scripts/with-postgres.sh $(PY) bench/scaled.py $(BENCH_ARGS)

check-deploy: $(VENV)/.runtime
	DEBUG=0 SECRET_KEY=$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))') \
		ALLOWED_HOSTS=example.org $(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
