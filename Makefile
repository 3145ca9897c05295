# Two set-up commands for a fresh Debian 12 machine: `make run` and `make test`.
# Both create .venv, install tcompare editable with its test extras, and (as root) the Qt
# runtime libraries and a CJK font; not root: the exact apt line is printed instead.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# the window's runtime (tcompare/gui/shell/system_libraries.py WINDOW_APT; tests/gui/test_system_libraries.py)
APT_PKGS := libgl1 libegl1 libfontconfig1 libglib2.0-0 libdbus-1-3 libx11-xcb1 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 fonts-wqy-microhei
# export --to gv-*: pygraphviz's own cairo links these from the system
APT_PKGS += libxrender1 libxext6
# gcc and the Python headers build the compiled scoring kernel (Cython; optional at run time)
APT_PKGS += gcc python3-dev
# headless Chromium: tests/test_report.py opens the HTML report in it (skipped without it)
BROWSER_PKGS := chromium
# packaging checks: the chroot (packaging/check_chroot.sh), icon PNGs (render_icons.sh), the
# desktop entry, AppStream and MIME validators tests/test_packaging.py uses (skipped without)
PACKAGING_PKGS := debootstrap librsvg2-bin desktop-file-utils appstream shared-mime-info
XVFB_PKGS := xvfb xauth xdotool libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0

.PHONY: run test test-all test-fast lint refs wheel check-wheel bundle install-desktop bench screenshots screenshots-zh sysdeps sysdeps-xvfb sysdeps-browser sysdeps-packaging venv clean fuzz robustness

run: venv
	$(PY) -m tcompare $(ARGS)

# the whole suite, lint and types included (tests/test_lint.py), on every core
PYTEST_ARGS ?= -n auto
# `make test`: everything but the tests marked heavy (the PyInstaller bundle build, the
# 41k-sentence page in Chromium, sweeps through reference programs, whole treebanks a faster
# test already covers), so CI stays under 5 minutes on 2 cores; `make test-all` runs them too
test: venv refs sysdeps-browser
	$(PY) -m pytest -q $(PYTEST_ARGS) -m "not heavy"

test-all: venv refs sysdeps-browser
	@# PyInstaller (the packaging extra): tests/test_bundle.py builds and runs the bundle
	@$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install -q -e '.[test,packaging]' \
	  || echo "PyInstaller unavailable: the bundle tests will be skipped"
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

# a one-folder bundle in dist/tcompare/ that runs where no Python is installed (PyInstaller,
# from the `packaging` extra; packaging/tcompare.spec), with the desktop files and
# install-desktop.sh next to the program.  Manual check on a bare Debian: packaging/check_chroot.sh
# GRAPHVIZ=0 leaves pygraphviz out (106 MB; only `export --to gv-*` uses it)
GRAPHVIZ ?= 1
bundle: venv
	$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install -q -e '.[test,packaging]'
	TCOMPARE_BUNDLE_GRAPHVIZ=$(GRAPHVIZ) $(PY) -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/tcompare.spec
	cp -r packaging/share packaging/install-desktop.sh dist/tcompare/
	@du -sh dist/tcompare

# the .desktop entry, icons, MIME types and metainfo into ~/.local/share (PREFIX=/usr
# DESTDIR=... for a staged install); the entry starts EXEC: by default the bundle when built,
# else .venv's tcompare, else `tcompare` from PATH
install-desktop:
	EXEC="$${EXEC:-$$(for p in "$(CURDIR)/dist/tcompare/tcompare" "$(CURDIR)/$(VENV)/bin/tcompare"; do \
	  if [ -x "$$p" ]; then echo "$$p"; break; fi; done)}" sh packaging/install-desktop.sh

# the public reference programs the comparison tests run (../refs; absent ones make tests skip)
refs:
	-@bash tools/refs.sh >/dev/null

bench: venv
	$(PY) benchmarks/run.py $(BENCH_ARGS)

# the hostile-input matrix (tools/robustness.py): 8 notations x 30 kinds of hostile file x 10
# commands, each within 15 s (30 s for CCG) and 300 MB with no traceback; a table, the failing
# cells, exit 1 when one fails.  Not part of `make test` (about half an hour);
# ROBUSTNESS_ARGS="-n ptb -k deep -j 2 -v" for a part of it
robustness: venv
	$(PY) tools/robustness.py $(ROBUSTNESS_ARGS)

# FUZZ_SECONDS (default 600) shared by every reader and `score` target; finds go to tests/crashers/
FUZZ_SECONDS ?= 600
fuzz: venv
	$(PY) -c "import atheris" 2>/dev/null || $(PY) -m pip install -q atheris || echo "atheris unavailable: plain mutation loop"
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(PY) tools/fuzz.py

screenshots: venv
	QT_QPA_PLATFORM=offscreen $(PY) tools/screenshots.py docs/screenshots

# the Chinese window (zh_CN, zh_TW) at 1280x720 and 1920x1080, to look at after translating
screenshots-zh: venv
	QT_QPA_PLATFORM=offscreen $(PY) tools/i18n_screenshots.py screenshots-zh

venv: sysdeps $(STAMP) qm

$(STAMP): pyproject.toml setup.py tcompare/scoring/evalb/_kernel.pyx tcompare/scoring/conllx/_kernel.pyx tcompare/scoring/zh/_kernel.pyx tcompare/scoring/conll18/_kernel.pyx tcompare/formats/_bus_guard.pyx tcompare/formats/_lines.pyx
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

sysdeps-browser:
	@if dpkg-query -W -f='$${Status}' $(BROWSER_PKGS) 2>/dev/null | grep -q "install ok installed"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing $(BROWSER_PKGS) (headless browser for the HTML report tests)"; \
	  (apt-get install -y -q --no-install-recommends $(BROWSER_PKGS) >/dev/null 2>&1 || \
	   (apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $(BROWSER_PKGS) >/dev/null)) || \
	   echo "warning: could not install $(BROWSER_PKGS); the browser tests will be skipped"; \
	else echo "the HTML report tests need: sudo apt-get install -y $(BROWSER_PKGS)"; fi

sysdeps-packaging:
	@if [ "$$(id -u)" = 0 ]; then apt-get install -y -q --no-install-recommends $(PACKAGING_PKGS) >/dev/null || \
	  (apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $(PACKAGING_PKGS) >/dev/null); \
	else echo "  sudo apt-get install -y $(PACKAGING_PKGS)"; fi

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info

# The interface's Chinese translations (tcompare/gui/translations): `make translations` extracts
# every tr()/N_() string of tcompare/gui into the .ts files (new ones "unfinished"), builds the
# .qm the program loads, and lists what still needs a translation.  Translate in the .ts with
# pyside6-linguist or any text editor, then run it again (see docs/translating.md).
TS_FILES := tcompare/gui/translations/tcompare_zh_CN.ts tcompare/gui/translations/tcompare_zh_TW.ts
QM_FILES := $(TS_FILES:.ts=.qm)
LUPDATE  ?= $(VENV)/bin/pyside6-lupdate
LRELEASE ?= $(VENV)/bin/pyside6-lrelease
.PHONY: translations qm
translations: $(STAMP)
	$(LUPDATE) -tr-function-alias translate+=tr,QT_TRANSLATE_NOOP+=N_ -extensions py -locations relative \
	  -no-obsolete tcompare/gui -ts $(TS_FILES)
	$(MAKE) qm
	@$(PY) -m tcompare.gui.language.i18n_check $(TS_FILES)

qm: $(QM_FILES)
%.qm: %.ts $(STAMP)
	@if [ -x "$(LRELEASE)" ]; then $(LRELEASE) -silent $< -qm $@; \
	else echo "no $(LRELEASE): the committed $@ is used"; fi
