# Mesa — two commands on a fresh machine:
#   make run    install, migrate the embedded SQLite database, load demo data, serve on 127.0.0.1:$(PORT)
#   make test   install with test extras, start a throwaway PostgreSQL 15 and Redis, run the whole suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=
# make load LOAD_ARGS="--saturate --duration 60": the saturation run and its reference
LOAD_ARGS ?=
# Two pytest processes (pytest-xdist), whole modules to each (issue 16 §6; docs/testing.md):
# module- and session-scoped fixtures are built at most once per worker. In file order (no
# reorder by size), so a folder's modules stay together on a worker (the report tests' shared
# day) and the slow modules tests/conftest.py puts first start first. XDIST= runs one process.
XDIST ?= -n 2 --dist loadscope --no-loadscope-reorder
# Python and pytest keep their compiled files (__pycache__, git-ignored): a shell that sets
# PYTHONDONTWRITEBYTECODE makes every run recompile the app and rewrite every test module's
# asserts, about 10 s of each worker's start (docs/testing.md, "make check").
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check install install-test bench bench-scale bench-floor bench-write lint load drills clean messages mutate

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml requirements/constraints.txt | $(VENV)/bin/python
	$(BIN)/pip install -q -c requirements/constraints.txt -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml requirements/constraints.txt | $(VENV)/bin/python
	$(BIN)/pip install -q -c requirements/constraints.txt -e '.[test]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: $(VENV)/.installed
	DJANGO_SETTINGS_MODULE=casino.settings.dev $(BIN)/python manage.py migrate --noinput -v 0
	DJANGO_SETTINGS_MODULE=casino.settings.dev $(BIN)/python manage.py seed_demo
	@echo "Mesa: http://127.0.0.1:$(PORT)/  (API docs: /api/docs/, health: /health)"
	DJANGO_SETTINGS_MODULE=casino.settings.dev $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The replica test takes a hot standby of the test cluster; a hot standby cannot open while
# another worker holds a long transaction with many savepoints (the shared report day), so
# under xdist it skips and runs here on its own, after the parallel run.
REPLICA_TEST := tests/reliability/test_replica.py

test: $(VENV)/.installed-test
	./scripts/system-deps.sh
	@start=$$(date +%s); \
	$(BIN)/python scripts/testenv.py -- sh -c '$(BIN)/pytest $(XDIST) $(PYTEST_ARGS); s=$$?; \
	  if [ -n "$(XDIST)" ]; then $(BIN)/pytest -p no:xdist -q $(REPLICA_TEST) || s=1; fi; exit $$s'; \
	status=$$?; \
	echo "make test: $$(( $$(date +%s) - start )) s in all (installs excluded)"; exit $$status

# The edit-test loop: the engine and the services, no browser, no fuzzing, no worker, no slow
# test; at most 100 hypothesis examples a property (HYPOTHESIS_PROFILE=check, tests/conftest.py).
# The test databases are built from the models (--no-migrations: 2 s, not 14 s of migrating);
# make test runs every migration, and tests/architecture/test_migrations.py fails on a model
# change without its migration.
# The HTTP layer's own modules (the API's endpoints and contract, the generated client, the
# pages) are not the engine or the services: they run in make test and .ci/run.
CHECK_HTTP_LAYER := --ignore=tests/casino/test_api.py --ignore=tests/casino/test_api_contract.py \
  --ignore=tests/casino/test_api_schema_rules.py --ignore=tests/casino/test_generated_client.py \
  --ignore=tests/casino/test_client_day.py --ignore=tests/tables/test_api.py \
  --ignore=tests/tables/test_api_v1.py --ignore=tests/cage/api --ignore=tests/hands/test_api.py \
  --ignore=tests/tables/test_pages.py --ignore=tests/cage/test_pages.py \
  --ignore=tests/hands/test_pages.py --ignore=tests/tables/test_help.py \
  --ignore=tests/hands/test_live_panel.py
check: $(VENV)/.installed-test
	@start=$$(date +%s); \
	HYPOTHESIS_PROFILE=check $(BIN)/python scripts/testenv.py -- $(BIN)/pytest $(XDIST) -q --no-migrations -m "not e2e and not celery and not slow" \
	  --ignore=tests/e2e --ignore=tests/security/test_fuzz_api.py --ignore=tests/reliability \
	  --ignore=tests/reports $(CHECK_HTTP_LAYER) tests/poker tests/casino tests/tables tests/cage tests/hands \
	  tests/architecture/test_traceability.py tests/architecture/test_migrations.py $(PYTEST_ARGS); \
	status=$$?; echo "make check: $$(( $$(date +%s) - start )) s"; exit $$status

# Issue 41: the style, the layers and the types (mypy on every app, [tool.mypy] in
# pyproject.toml; its cache in .mypy_cache). .ci/run runs it before make test.
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

load: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m loadtest.run $(LOAD_ARGS)

drills: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python -m drills.run_all

# Reports from a streaming read replica and its lag guard (issue 18 §4; docs/reliability.md).
.PHONY: drill-replica
drill-replica: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m drills.replica

bench: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python -m compileall -q poker
	$(BIN)/python -m benchmarks.evaluator
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m benchmarks.hands
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m benchmarks.live_hand
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m benchmarks.reports

# The floor's pace (issue 38 §5): the typical hand tapped in Chromium at 1024x768 from the
# table screen to the stored hand: taps, keystrokes, scrolls, page loads, server time.
#   make bench-floor BENCH_FLOOR_ARGS="--hands 5 --size 768x1024"
BENCH_FLOOR_ARGS ?=
bench-floor: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m benchmarks.floor $(BENCH_FLOOR_ARGS)

# The cost of history (issue 18 §2): hot paths on one day and on MESA_SCALE_DAYS days.
bench-scale: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m benchmarks.scale

# A write's cost in Django's own terms (issue 43, docs/benchmarks.md): the CPU of a buy-in, a
# colour change and a complete hand through the WSGI handler, each beside GET /api/me/ of the
# same run (interleaved blocks), then whether a buy-in's cost grows over a session's buy-ins.
BENCH_WRITE_REQUESTS ?= 60
BENCH_WRITE_GROWTH ?= 900
bench-write: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m loadtest.profile --requests $(BENCH_WRITE_REQUESTS)
	$(BIN)/python scripts/testenv.py -- $(BIN)/python -m loadtest.profile --growth $(BENCH_WRITE_GROWTH)

# Mutation testing (issue 16 §1): mutmut over the modules of scripts/mutate.py, each in its
# own copy of the tree under /tmp/mesa-mutate (never the work tree), scoped to its tests.
#   make mutate                          every module (hours on 2 cores)
#   make mutate MODULE=poker/pots.py     one module;  MODULE=--engine: the engine's modules
mutate: $(VENV)/.installed-test
	./scripts/system-deps.sh
	$(BIN)/python scripts/mutate.py $(MODULE)

messages: $(VENV)/.installed
	cd casino && ../$(BIN)/django-admin makemessages -l es -l en --ignore '*/migrations/*'

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .hypothesis
