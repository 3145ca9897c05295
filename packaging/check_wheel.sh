#!/bin/sh
# `make check-wheel`: the wheel in dist/ installed the two ways a user would, and the three
# things a user does first run from each: --version, score the bundled demo, and a screenshot
# of the window on it (offscreen).
#   1. into a fresh virtual environment with pip;
#   2. with pipx (itself pip-installed into a throwaway venv), PIPX_HOME and PIPX_BIN_DIR in
#      a temporary folder, so nothing of the user's pipx is touched.
# Everything runs from the temporary folder: the installed files only, not the checkout.
# Exit status: 0 when everything works.
set -eu
WHEEL=$(cd "$(dirname "$(ls dist/tcompare-*.whl | head -n 1)")" && pwd)/$(basename "$(ls dist/tcompare-*.whl | head -n 1)")
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

# first use: version, the demo scored, a real picture of the window on it
first_use() {   # $1 the installed tcompare, $2 its share/tcompare/resources, $3 a label
  "$1" --version
  ( cd "$2/demo/ptb" && "$1" score gold.mrg system.mrg ) > "$WORK/$3.score"
  tail -n 3 "$WORK/$3.score"
  grep -q "^Bracketing FMeasure *= *93.33" "$WORK/$3.score"    # the demo's known figure
  QT_QPA_PLATFORM=offscreen "$1" --screenshot "$WORK/$3.png" --size 1280x720
  test "$(wc -c < "$WORK/$3.png")" -gt 20000
  echo "$3 ok: $(wc -c < "$WORK/$3.png")-byte screenshot"
}

echo "== pip into a fresh venv"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q "$WHEEL"
first_use "$WORK/venv/bin/tcompare" "$WORK/venv/share/tcompare/resources" venv

echo "== pipx install $(basename "$WHEEL")"
"$PYTHON" -m venv "$WORK/pipx-tool"
"$WORK/pipx-tool/bin/pip" install -q pipx
export PIPX_HOME="$WORK/pipx" PIPX_BIN_DIR="$WORK/pipx-bin" PIPX_MAN_DIR="$WORK/pipx-man"
"$WORK/pipx-tool/bin/pipx" install --python "$PYTHON" "$WHEEL"
first_use "$PIPX_BIN_DIR/tcompare" "$PIPX_HOME/venvs/tcompare/share/tcompare/resources" pipx
cmp -s "$WORK/venv.score" "$WORK/pipx.score"
echo "wheel ok: $WHEEL (pip and pipx)"
