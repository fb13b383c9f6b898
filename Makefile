# The two commands of the README: `make app` and `make test`. Everything else helps them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
VOILA_IP ?= 127.0.0.1

.PHONY: app test lint bench coverage tournament clean static translations

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardschool needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

TEMPLATE := $(VENV)/share/jupyter/voila/templates/cardschool
# setuptools tells each editable install of mapped folders (engine/ -> cardschool.engine) to
# beware of a folder named as the package, cardschool, in the working directory: there is none
NO_NOTICE := PYTHONWARNINGS="ignore:Editable installation"

$(STAMP): pyproject.toml $(wildcard widgets/voila_template/*) | $(BIN)/python
	$(NO_NOTICE) $(BIN)/python -m pip install --quiet -e ".[app,test]"
	@# an editable install skips pyproject's data-files: the app's Voila template, copied
	mkdir -p $(TEMPLATE) && cp widgets/voila_template/* $(TEMPLATE)/
	@touch $(STAMP)

# every page's kernel imports cardschool from source: compile it once, so that no kernel
# compiles it again (with PYTHONDONTWRITEBYTECODE set, each one would: ~0.25 s of CPU)
BYTECODE := $(BIN)/python -m compileall -q engine widgets

# the class server (widgets/classroom/server.py): the class records' HTTP API for the static
# site, beside Voila, on the same database; CLASS_ORIGINS: the static site's origins, if any
CLASS_PORT ?= 8867
CLASS_IP ?= 127.0.0.1
CLASS_ORIGINS ?=
CLASS_COMMAND := ../$(BIN)/python -m cardschool.widgets.classroom.server \
	--host $(CLASS_IP) --port $(CLASS_PORT) --exercises $(CURDIR)/tutorial/exercises \
	--origin http://localhost:$(PORT) --origin http://127.0.0.1:$(PORT) \
	$(foreach origin,$(CLASS_ORIGINS),--origin $(origin))
# where the pages' kernels reach it (on this machine)
CLASS_URL := http://$(if $(filter 0.0.0.0,$(CLASS_IP)),127.0.0.1,$(CLASS_IP)):$(CLASS_PORT)

app: $(STAMP)
	@$(BYTECODE)
	@echo "cardschool is at http://localhost:$(PORT)/voila/render/index.ipynb"
	@echo "its class server is at http://localhost:$(CLASS_PORT)/api"
	@# one class database, the class server's only: every page's kernel records through the
	@# server (CARDSCHOOL_CLASS_SERVER) and holds no database URL; Ctrl-C stops Voila, and
	@# the trap then stops the class server. The kernel key (a shared table's deal, for the
	@# pages' kernels only): CARDSCHOOL_KERNEL_KEY, else a new one, in a file only this user
	@# reads (given to the class server), and in the kernels' environment
	cd tutorial && keyfile=$$(mktemp) && \
		{ if [ -n "$$CARDSCHOOL_KERNEL_KEY" ]; then printf '%s\n' "$$CARDSCHOOL_KERNEL_KEY"; \
		else ../$(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(32))'; fi \
		> "$$keyfile"; } && \
		{ $(CLASS_COMMAND) --kernel-key-file "$$keyfile" \
		--db "$${CARDSCHOOL_DB:-$(CURDIR)/tutorial/cardschool.db}" & \
		class=$$!; } && \
		trap 'kill $$class 2>/dev/null; wait $$class; rm -f "$$keyfile"' EXIT INT TERM && \
		env -u CARDSCHOOL_DB CARDSCHOOL_CLASS_SERVER=$(CLASS_URL) \
		CARDSCHOOL_KERNEL_KEY="$$(cat "$$keyfile")" \
		../$(BIN)/voila --port=$(PORT) --no-browser --Voila.ip=$(VOILA_IP)

test: $(STAMP)
	$(BIN)/ruff check engine widgets tests tutorial
	$(BIN)/python -m pytest -n 2 --dist loadscope --nbval-lax --nbval-current-env --durations=25

lint: $(STAMP)
	$(BIN)/ruff check engine widgets tests tutorial
	$(BIN)/ruff format --check engine widgets tests

# every package's translation files (locale/<language>.po) brought up to date with the English
# catalogs, then compiled (locale/<language>.mo, read at run time): after changing a sentence;
# the notebooks' too (tutorial/locale/<language>.po, from their English markdown cells), and
# each notebook's generated cells in French and Spanish: after changing a lesson's prose
translations: $(STAMP)
	$(BIN)/python -m cardschool.widgets.language_files extract
	$(BIN)/python -m cardschool.widgets.language_files compile
	$(BIN)/python -m cardschool.widgets.language_files status

coverage: $(STAMP)
	$(BIN)/python -m cardschool.engine.exercises coverage tutorial

bench: $(STAMP)
	$(NO_NOTICE) $(BIN)/python -m pip install --quiet -e ".[app,test,bench]"
	@$(BYTECODE)
	cd tests/benchmarks && ../../$(BIN)/python bench.py $(ARGS)

# the whole school as a folder of static files (Python runs in the browser): build/static/
# (its build, widgets/site/, installs its tools at the versions widgets/site/pins.py names, whose
# internals it relies on; Pyodide's runtime comes from npm, cached in build/cache/)
# (in a venv of their own: the lite build's JupyterLab extensions would otherwise join the app's
# Voila pages, whose front end then fails to load them); CLASS_SERVER: the class server its
# class and teacher pages record through (https://...), written into build/static/class-server.json
STATIC_VENV := build/venv-static
CLASS_SERVER ?=
static:
	test -x $(STATIC_VENV)/bin/python || $(PYTHON) -m venv $(STATIC_VENV)
	@# --no-compile: the build imports a few of the tools' modules once; compiling all of
	@# them ahead costs more than it saves
	$(NO_NOTICE) $(STATIC_VENV)/bin/python -m pip install --quiet --no-compile -e . \
		$$($(STATIC_VENV)/bin/python widgets/site/pins.py)
	$(STATIC_VENV)/bin/python -m cardschool.widgets.site build/static \
		$(if $(CLASS_SERVER),--class-server '$(CLASS_SERVER)')

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
