# Two commands set everything up on a fresh machine: `make run` and `make test`.
# Both create or refresh the virtual environment from pyproject.toml first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV ?= .venv-bench
# A checkout of e2bc666 (issue 35's base) with its .venv: `make bench` compares a notification's
# CPU with it, interleaved (`git worktree add --detach ../base-e2n e2bc666 && make -C ../base-e2n venv`).
NOTIFY_BASE ?=
PYTEST_ARGS ?=
# pytest-xdist workers for `make test`: one per core.  Much of the suite waits on servers, browsers
# and child processes, and its long parts (fuzzing, crash points, twins) are separate tests, so
# they spread; `TEST_WORKERS=0` runs everything in one process.
TEST_WORKERS ?= auto
ARENA_GAMES ?= 2000
SOAK ?= ci

.PHONY: run test lint typecheck bench bench-ratings sim soak fuzz crash duplicates clean venv messages

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The compiled rules core when a C compiler is present (deploy/run.sh); serve logs which build.
run: $(STAMP)
	sh deploy/run.sh $(BIN) $(VENV)/compiled

test: $(STAMP)
	sh deploy/ensure-postgres.sh
	sh deploy/ensure-dovecot.sh
	sh deploy/ensure-chromium.sh
	sh deploy/ensure-fonts.sh
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check service adapters tests
	$(BIN)/ruff format --check service adapters tests
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	sh deploy/ensure-postgres.sh
	$(BIN)/python -m tests.bench.run --bench-venv $(BENCH_VENV) $(if $(NOTIFY_BASE),--notify-base $(NOTIFY_BASE))
	$(BIN)/python -m tests.bench.run --only arena --bench-venv $(BENCH_VENV) --arena-games $(ARENA_GAMES)

# 10,000 finished games through the service on SQLite, then `conquian ratings rebuild`'s work timed
# and compared with the follower's standings (docs/benchmarks.md); `make test` runs it small.
bench-ratings: $(STAMP)
	$(BIN)/python -m tests.bench.ratings_rebuild --games 10000

# The deadline simulation at full size (10,000 games, several minutes); `make test` runs it small.
sim: $(STAMP)
	sh deploy/ensure-postgres.sh
	$(BIN)/python -m tests.sim.run

# The catalogs every channel shares: extract the English messages from the code and templates,
# merge them into each language's .po (new ones untranslated), compile the .mo files the service
# reads.  Both the .po and the .mo files are committed; tests/test_catalogs.py checks them.
LOCALES := service/locales
LANGUAGES := es fil uk ms hi

messages: $(STAMP)
	mkdir -p $(LOCALES)
	$(BIN)/pybabel --quiet extract -F babel.cfg --no-wrap --sort-by-file --add-comments=Translators: \
		--project=conquian --copyright-holder="Conquian by message" -o $(LOCALES)/messages.pot .
	for lang in $(LANGUAGES); do \
		test -f $(LOCALES)/$$lang/LC_MESSAGES/messages.po || \
		$(BIN)/pybabel --quiet init --no-wrap -i $(LOCALES)/messages.pot -d $(LOCALES) -l $$lang; \
	done
	$(BIN)/pybabel --quiet update --no-wrap --no-fuzzy-matching --ignore-obsolete -i $(LOCALES)/messages.pot -d $(LOCALES)
	$(BIN)/pybabel compile --statistics -d $(LOCALES)

# Fuzzing every inbound surface at length: 10× the cases `make test` runs, from a fresh seed (printed),
# each case and every 64 KB input timed (results in docs/reliability.md).  FUZZ_ARGS="--seed N" replays.
FUZZ_ARGS ?=
fuzz: $(STAMP)
	$(BIN)/python -m tests.reliability.fuzz.run $(FUZZ_ARGS)

# Crash points (issue 9, part 1) at 600 runs per stage and database; `make test` runs 60 of each.
CRASH_RUNS ?= 600
crash: $(STAMP)
	sh deploy/ensure-postgres.sh
	CONQUIAN_CRASH_RUNS=$(CRASH_RUNS) $(BIN)/python -m pytest -q -s tests/reliability/crash

# The soak: bots on every channel against `conquian serve` processes, a worker and a database
# restart in the middle. SOAK=ci: 20 moves/s for 3 minutes; SOAK=long: 50 moves/s for an hour;
# SOAK=ten: 50 moves/s for 10 minutes.
# `make test` runs a 25-second form and the 30-second PostgreSQL stop.
soak: $(STAMP)
	sh deploy/ensure-dovecot.sh
	$(BIN)/python -m tests.reliability.soak.run --form $(SOAK)

# Issue 9, parts 2 and 3 at full size: 1,000 patterns of duplicate, stale and racing messages on
# each database, and 300 twin pairs compared until they part (100 for a spectator, issue 37);
# `make test` runs them smaller.
duplicates: $(STAMP)
	sh deploy/ensure-postgres.sh
	CONQUIAN_DUPLICATE_PATTERNS=1000 CONQUIAN_DUPLICATE_PATTERNS_POSTGRESQL=1000 \
	  CONQUIAN_TWIN_PAIRS_POSTGRESQL=300 CONQUIAN_TWIN_STEPS=0 CONQUIAN_TWIN_SPECTATOR_PAIRS=100 \
	  $(BIN)/python -m pytest -q -s tests/reliability/dup

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
