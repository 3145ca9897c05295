#!/bin/sh
# Manual check that the bundle (dist/tcompare, `make bundle`) runs on a machine with no Python:
# a minimal Debian 12 made with debootstrap, python3 absent.  Needs root, the network (Debian's
# mirror, taken from apt's sources) and a minute or two; not part of `make test`.
#
#   sudo sh packaging/check_chroot.sh [DIR]        # DIR default /var/tmp/tcompare-chroot
#
# 1. bare minbase system: `tcompare --version` and `tcompare score` on the bundled demo (PTB,
#    CoNLL-X, Sinica) must print what the bundle prints on this machine, byte for byte; the
#    window (offscreen and xcb) and `export --to png` must refuse with a message naming the
#    missing library and the apt line (exit 1, never Qt's abort).
# 2. the runtime apt line (RUNTIME_APT below, the same as tcompare/gui/shell/launch.py prints)
#    installed into the chroot, python3 still absent: the xcb plugin's libraries all resolve; `--screenshot` offscreen on the demo and
#    on the Chinese (Sinica) demo pair, each a real PNG, no fontconfig error; Graphviz export
#    (`export --to gv-svg`) when the bundle has pygraphviz.
# 3. an X server (xvfb) added: the window on the xcb platform plugin, as on a desktop.
# The chroot is made afresh each run from a pristine minbase kept as DIR.tar (delete it to
# debootstrap again); KEEP=1 leaves the chroot afterwards.  Exit status 0: all passed.
set -eu
RUNTIME_APT="libgl1 libegl1 libfontconfig1 libglib2.0-0 libdbus-1-3 libx11-xcb1 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 fonts-wqy-microhei"
DIR=${1:-/var/tmp/tcompare-chroot}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUNDLE="$ROOT/dist/tcompare"
OUT=$(mktemp -d)
FAILED=0

[ "$(id -u)" = 0 ] || { echo "check_chroot: needs root (debootstrap, chroot)" >&2; exit 2; }
[ -x "$BUNDLE/tcompare" ] || { echo "check_chroot: no bundle in $BUNDLE; run make bundle" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null

# the mirror apt already uses (deb822 "URIs:" or a one-line "deb URL bookworm main")
MIRROR=$(sed -n 's/^URIs: *\([^ ]*debian\)\/* *$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
[ -n "$MIRROR" ] || MIRROR=$(awk '$1 == "deb" && $2 ~ /debian\/?$/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
MIRROR=${MIRROR:-http://deb.debian.org/debian}

pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; FAILED=1; }
in_chroot() { chroot "$DIR" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
no_python() {
  if in_chroot sh -c 'command -v python3 || command -v python || ls /usr/lib/python3* /usr/bin/python* 2>/dev/null'; then
    fail "python found in the chroot ($1)"
  else
    pass "no python3 in the chroot ($1)"
  fi
}
png_ok() {  # a PNG of the asked size, bigger than a blank window would be
  file="$1"; want_w="$2"; want_h="$3"
  [ -s "$file" ] || return 1
  [ "$(od -An -c -j1 -N3 "$file" | tr -d ' ')" = PNG ] || return 1
  w=$(od -An -tu1 -j16 -N4 "$file" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  h=$(od -An -tu1 -j20 -N4 "$file" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  [ "$w" = "$want_w" ] && [ "$h" = "$want_h" ] && [ "$(wc -c < "$file")" -gt 20000 ]
}

rm -rf "$DIR"
start=$(date +%s)
if [ -s "$DIR.tar" ]; then
  echo "== the pristine minbase kept in $DIR.tar"
  mkdir -p "$DIR" && tar -xf "$DIR.tar" -C "$DIR"
else
  echo "== debootstrap --variant=minbase bookworm $DIR $MIRROR"
  debootstrap --variant=minbase bookworm "$DIR" "$MIRROR" > "$OUT/debootstrap.log" 2>&1 || {
    tail -n 20 "$OUT/debootstrap.log"; echo "check_chroot: debootstrap failed" >&2; exit 2; }
  tar -cf "$DIR.tar" -C "$DIR" .
fi
echo "   $(($(date +%s) - start)) s, $(du -sh "$DIR" | cut -f1)"
cp -a "$BUNDLE" "$DIR/bundle"
DEMO=/bundle/_internal/resources/demo        # the bundle's own copy: resources found from it
no_python "minbase"

echo "== 1. bare minbase"
if in_chroot /bundle/tcompare --version > "$OUT/version" 2>&1; then
  pass "tcompare --version: $(cat "$OUT/version")"
else
  fail "tcompare --version: $(cat "$OUT/version")"
fi
for pair in "ptb gold.mrg system.mrg" "conll demo.gold.conll demo.system.conll" "sinica gold.sinica system.sinica"; do
  set -- $pair    # run in the demo folder with bare names: eval.pl's report names its files
  (cd "$BUNDLE/_internal/resources/demo/$1" && "$BUNDLE/tcompare" score "$2" "$3") > "$OUT/host-$1" 2>/dev/null || true
  if in_chroot sh -c "cd $DEMO/$1 && /bundle/tcompare score $2 $3" > "$OUT/chroot-$1" 2> "$OUT/chroot-$1.err" \
      && [ -s "$OUT/chroot-$1" ] && cmp -s "$OUT/host-$1" "$OUT/chroot-$1"; then
    pass "tcompare score on the $1 demo: same bytes as on the host ($(wc -l < "$OUT/chroot-$1") lines)"
  else
    fail "tcompare score on the $1 demo: $(head -c 400 "$OUT/chroot-$1.err")"
  fi
done
if in_chroot env QT_QPA_PLATFORM=offscreen /bundle/tcompare --screenshot /tmp/bare.png > "$OUT/bare" 2>&1; then
  echo "NOTE  the window started without the runtime packages"
elif grep -q "apt-get install" "$OUT/bare" && ! grep -q Traceback "$OUT/bare"; then
  pass "without the runtime packages the window refuses clearly: $(head -n 1 "$OUT/bare")"
else
  fail "without the runtime packages: $(cat "$OUT/bare")"
fi
# the desktop's first start (xcb): our apt line before Qt starts, never Qt's abort (exit 134)
code=0
in_chroot env DISPLAY=:0 /bundle/tcompare > "$OUT/bare-xcb" 2>&1 || code=$?
if [ "$code" = 1 ] && grep -q "apt-get install .*libxcb-icccm4" "$OUT/bare-xcb"; then
  pass "the window on xcb without the packages names them: $(grep -m1 'On Debian' "$OUT/bare-xcb")"
else
  fail "the window on xcb without the packages (exit $code): $(head -c 600 "$OUT/bare-xcb")"
fi
if ! in_chroot sh -c "cd $DEMO/ptb && /bundle/tcompare export gold.mrg system.mrg --sentence 2 --to png -o /tmp/p.png" \
     > "$OUT/bare-export" 2>&1 && grep -q "apt-get install" "$OUT/bare-export" && ! grep -q Traceback "$OUT/bare-export"; then
  pass "without them export --to png refuses clearly too"
else
  fail "export --to png without the runtime packages: $(cat "$OUT/bare-export")"
fi

echo "== 2. with the runtime packages: apt-get install $RUNTIME_APT"
cp /etc/resolv.conf "$DIR/etc/resolv.conf"
if in_chroot sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $RUNTIME_APT" > "$OUT/apt.log" 2>&1; then
  pass "installed; the chroot is now $(du -sh "$DIR" | cut -f1) with the bundle"
else
  tail -n 20 "$OUT/apt.log"; fail "apt-get install $RUNTIME_APT"
fi
no_python "with the runtime packages"
QXCB=/bundle/_internal/PySide6/Qt/plugins/platforms/libqxcb.so
if [ -f "$DIR$QXCB" ]; then   # what the loader finds for the desktop's plugin, with only that line
  if in_chroot ldd "$QXCB" | grep "not found" > "$OUT/qxcb-missing"; then
    fail "the xcb plugin still misses: $(sort -u "$OUT/qxcb-missing" | tr -s ' \n\t' ' ')"
  else
    pass "the xcb plugin's libraries all resolve with the runtime line alone"
  fi
fi
for shot in "demo::1280x720:1280:720" "sinica:$DEMO/sinica/gold.sinica $DEMO/sinica/system.sinica:1920x1080:1920:1080"; do
  name=${shot%%:*}; rest=${shot#*:}; files=${rest%%:*}; rest=${rest#*:}
  size=${rest%%:*}; rest=${rest#*:}; w=${rest%%:*}; h=${rest#*:}
  # shellcheck disable=SC2086  # files is a list of two paths or empty
  if in_chroot env QT_QPA_PLATFORM=offscreen /bundle/tcompare $files --screenshot "/tmp/$name.png" --size "$size" \
       > "$OUT/shot-$name.log" 2>&1 && ! grep -qi "fontconfig error" "$OUT/shot-$name.log" \
       && png_ok "$DIR/tmp/$name.png" "$w" "$h"; then
    cp "$DIR/tmp/$name.png" "$OUT/$name.png"
    pass "--screenshot $name ${w}x${h}: $(wc -c < "$DIR/tmp/$name.png") bytes ($OUT/$name.png)"
  else
    fail "--screenshot $name: $(head -c 600 "$OUT/shot-$name.log")"
  fi
done
if [ -d "$BUNDLE/_internal/pygraphviz" ]; then   # built without GRAPHVIZ=0
  if in_chroot sh -c "cd $DEMO/ptb && /bundle/tcompare export gold.mrg system.mrg --sentence 2 --to gv-svg -o /tmp/pair.svg" \
       > "$OUT/gv.log" 2>&1 && grep -q "<svg" "$DIR/tmp/pair.svg"; then
    pass "export --to gv-svg (pygraphviz's Graphviz): $(wc -c < "$DIR/tmp/pair.svg") bytes"
  else
    fail "export --to gv-svg: $(head -c 600 "$OUT/gv.log")"
  fi
fi

echo "== 3. an X server: apt-get install xvfb xauth"
if in_chroot sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xauth" \
     > "$OUT/apt-x.log" 2>&1 \
   && in_chroot xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
        /bundle/tcompare --screenshot /tmp/xcb.png --size 1280x720 > "$OUT/xcb.log" 2>&1 \
   && png_ok "$DIR/tmp/xcb.png" 1280 720; then
  cp "$DIR/tmp/xcb.png" "$OUT/xcb.png"
  pass "--screenshot on X (xcb): $(wc -c < "$DIR/tmp/xcb.png") bytes ($OUT/xcb.png)"
else
  tail -n 5 "$OUT/apt-x.log"; fail "--screenshot on X (xcb): $(head -c 600 "$OUT/xcb.log" 2>/dev/null)"
fi
no_python "with xvfb"

[ "${KEEP:-0}" = 1 ] || rm -rf "$DIR"
if [ "$FAILED" = 0 ]; then echo "check_chroot: all passed (logs and pictures in $OUT)"; else echo "check_chroot: FAILED (logs in $OUT)"; fi
exit "$FAILED"
