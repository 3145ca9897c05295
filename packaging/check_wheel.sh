#!/bin/sh
# `make check-wheel`: the wheel in dist/ installed into a fresh virtual environment (as pipx
# would), then the three things a user does first: --version, score the bundled demo, and a
# screenshot of the window on it (offscreen).  Exit status: 0 when all three work.
set -eu
WHEEL=$(ls dist/tcompare-*.whl | head -n 1)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q "$WHEEL"
DEMO="$WORK/venv/share/tcompare/resources/demo/ptb"
cd "$WORK"                                   # not the checkout: the installed files only
"$WORK/venv/bin/tcompare" --version
"$WORK/venv/bin/tcompare" score "$DEMO/gold.mrg" "$DEMO/system.mrg" | tail -n 3
QT_QPA_PLATFORM=offscreen "$WORK/venv/bin/tcompare" --screenshot "$WORK/shot.png"
test -s "$WORK/shot.png" && echo "wheel ok: $WHEEL"
