# Two commands set everything up on a fresh machine: `make run` and `make test`.
# Both create or refresh the virtual environment from pyproject.toml first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV ?= .venv-bench
PYTEST_ARGS ?=

.PHONY: run test lint typecheck bench sim fuzz duplicates clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/conquian serve

test: $(STAMP)
	sh deploy/ensure-postgres.sh
	sh deploy/ensure-dovecot.sh
	sh deploy/ensure-chromium.sh
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check service adapters tests
	$(BIN)/mypy

bench: $(STAMP)
	sh deploy/ensure-postgres.sh
	$(BIN)/python -m tests.bench.run --bench-venv $(BENCH_VENV)

# The deadline simulation at full size (10,000 games, several minutes); `make test` runs it small.
sim: $(STAMP)
	sh deploy/ensure-postgres.sh
	$(BIN)/python -m tests.sim.run

# Issue 9, parts 2 and 3 at full size: 1,000 patterns of duplicate, stale and racing messages on
# each database, and 300 twin pairs compared until they part; `make test` runs them smaller.
duplicates: $(STAMP)
	sh deploy/ensure-postgres.sh
	CONQUIAN_DUPLICATE_PATTERNS=1000 CONQUIAN_DUPLICATE_PATTERNS_POSTGRESQL=1000 \
	  CONQUIAN_TWIN_PAIRS_POSTGRESQL=300 CONQUIAN_TWIN_STEPS=0 \
	  $(BIN)/python -m pytest -q -s tests/reliability/dup

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
