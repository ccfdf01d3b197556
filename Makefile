# Two commands set everything up on a fresh machine: `make run` and `make test`.
# Both create or refresh the virtual environment from pyproject.toml first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV ?= .venv-bench
PYTEST_ARGS ?=
SOAK ?= ci

.PHONY: run test lint typecheck bench sim soak fuzz clean venv

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

# The soak: bots on every channel against `conquian serve` processes, a worker and a database
# restart in the middle. SOAK=ci: 20 moves/s for 3 minutes; SOAK=long: 50 moves/s for an hour.
# `make test` runs a 25-second form and the 30-second PostgreSQL stop.
soak: $(STAMP)
	sh deploy/ensure-dovecot.sh
	$(BIN)/python -m tests.reliability.soak.run --form $(SOAK)

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
