#!/bin/sh
# Registers tcompare with the desktop: the .desktop entry, the icons, the MIME types of the
# treebank notations (so a .mrg, .conllu or Sinica file opens in tcompare from a file
# manager) and the AppStream metainfo, copied into $DESTDIR$PREFIX/share; then refreshes the
# MIME and desktop databases when their tools are there (and DESTDIR is empty: a staged
# install leaves that to the package manager).
#
#   sh packaging/install-desktop.sh                 # into ~/.local/share, Exec=tcompare (PATH)
#   PREFIX=/usr DESTDIR=/tmp/stage sh packaging/install-desktop.sh
#   EXEC=/opt/tcompare/tcompare sh install-desktop.sh   # the program the entry starts
#
# Inside an unpacked bundle (dist/tcompare/install-desktop.sh) EXEC defaults to the bundle's
# own program.  `make install-desktop` runs this script from the checkout.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-$HOME/.local}
DESTDIR=${DESTDIR:-}
SHARE="$DESTDIR$PREFIX/share"
ID=io.github.tcompare.tcompare

if [ -z "${EXEC:-}" ]; then
  if [ -x "$HERE/tcompare" ] && [ -d "$HERE/_internal" ]; then
    EXEC="$HERE/tcompare"                      # run from inside the bundle
  else
    EXEC=tcompare
  fi
fi
SRC="$HERE/share"
[ -d "$SRC" ] || { echo "install-desktop: $SRC not found" >&2; exit 1; }

mkdir -p "$SHARE/applications" "$SHARE/metainfo" "$SHARE/mime/packages"
# Exec and TryExec name the program; a path with spaces is quoted as the spec asks
case "$EXEC" in
  *" "*) EXEC_FIELD="\"$EXEC\"" ;;
  *) EXEC_FIELD="$EXEC" ;;
esac
sed -e "s|^Exec=tcompare |Exec=$EXEC_FIELD |" -e "s|^TryExec=tcompare\$|TryExec=$EXEC|" \
  "$SRC/applications/$ID.desktop" > "$SHARE/applications/$ID.desktop"
cp "$SRC/metainfo/$ID.metainfo.xml" "$SHARE/metainfo/"
cp "$SRC/mime/packages/$ID.xml" "$SHARE/mime/packages/"
for dir in "$SRC"/icons/hicolor/*/apps; do
  size=$(basename "$(dirname "$dir")")
  mkdir -p "$SHARE/icons/hicolor/$size/apps"
  cp "$dir"/* "$SHARE/icons/hicolor/$size/apps/"
done

if [ -z "$DESTDIR" ]; then
  if command -v update-mime-database >/dev/null; then update-mime-database "$SHARE/mime"; fi
  if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$SHARE/applications"; fi
  if command -v gtk-update-icon-cache >/dev/null && [ -f "$SHARE/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" || true
  fi
fi
echo "tcompare desktop entry installed in $SHARE (Exec=$EXEC)"
