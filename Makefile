# Two set-up commands for a fresh Debian 12 machine: `make run` and `make test`.
# Both create .venv, install tcompare editable with its test extras, and (as root) the Qt
# runtime libraries and a CJK font; not root: the exact apt line is printed instead.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
APT_PKGS := libgl1 libegl1 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3 libxrender1 fonts-wqy-microhei
# gcc and the Python headers build the compiled scoring kernel (Cython; optional at run time)
APT_PKGS += gcc python3-dev
XVFB_PKGS := xvfb xauth xdotool libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0

.PHONY: run test test-fast lint refs wheel check-wheel bench screenshots sysdeps sysdeps-xvfb venv clean fuzz

run: venv
	$(PY) -m tcompare $(ARGS)

# the whole suite, lint and types included (tests/test_lint.py), on every core
PYTEST_ARGS ?= -n auto
test: venv refs
	$(PY) -m pytest -q $(PYTEST_ARGS)

# the edit-run loop: everything but the tests marked slow (whole anchor corpora)
test-fast: venv
	$(PY) -m pytest -q -n auto -m "not slow"

lint: venv
	$(VENV)/bin/ruff check tcompare tests benchmarks tools
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# a wheel and an sdist in dist/ (the compiled kernel built when a compiler is there), and the
# wheel installed into a fresh venv and run (packaging/check_wheel.sh)
wheel: venv
	$(PY) -m pip install -q build
	$(PY) -m build --wheel --sdist -o dist .

check-wheel: wheel
	sh packaging/check_wheel.sh

# the public reference programs the comparison tests run (../refs; absent ones make tests skip)
refs:
	-@bash tools/refs.sh >/dev/null

bench: venv
	$(PY) benchmarks/run.py $(BENCH_ARGS)

# FUZZ_SECONDS (default 600) shared by every reader and `score` target; finds go to tests/crashers/
FUZZ_SECONDS ?= 600
fuzz: venv
	$(PY) -c "import atheris" 2>/dev/null || $(PY) -m pip install -q atheris || echo "atheris unavailable: plain mutation loop"
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(PY) tools/fuzz.py

screenshots: venv
	QT_QPA_PLATFORM=offscreen $(PY) tools/screenshots.py docs/screenshots

venv: sysdeps $(STAMP)

$(STAMP): pyproject.toml setup.py tcompare/scoring/_evalb_kernel.pyx tcompare/scoring/_conllx_kernel.pyx
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# Install only what is missing; quiet and fast when everything is there.
sysdeps:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing system packages:$$missing"; \
	    (apt-get install -y -q --no-install-recommends $$missing >/dev/null 2>&1 || \
	     (apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $$missing >/dev/null)) || \
	     echo "warning: could not install$$missing"; \
	  else \
	    echo "tcompare needs these system packages; run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	  fi; \
	fi

sysdeps-xvfb:
	@if [ "$$(id -u)" = 0 ]; then apt-get install -y -q --no-install-recommends $(XVFB_PKGS) >/dev/null || \
	  (apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $(XVFB_PKGS) >/dev/null); \
	else echo "  sudo apt-get install -y $(XVFB_PKGS)"; fi

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
