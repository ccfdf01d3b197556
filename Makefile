# Two commands set everything up on a fresh machine: `make run` and `make test`.
# Both create or refresh the virtual environment from pyproject.toml first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV ?= .venv-bench
PYTEST_ARGS ?=

.PHONY: run test lint typecheck bench sim fuzz clean venv

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

# Fuzzing every inbound surface at length: 10× the cases `make test` runs, from a fresh seed (printed),
# each case and every 64 KB input timed (results in docs/reliability.md).  FUZZ_ARGS="--seed N" replays.
FUZZ_ARGS ?=
fuzz: $(STAMP)
	$(BIN)/python -m tests.reliability.fuzz.run $(FUZZ_ARGS)

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
