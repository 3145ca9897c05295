#!/bin/sh
# Renders the icon's PNG sizes from its SVG into packaging/share/icons/hicolor/NxN/apps/
# (committed; run again after editing the SVG).  Needs rsvg-convert (apt: librsvg2-bin).
set -eu
HERE=$(dirname "$0")
ICONS="$HERE/share/icons/hicolor"
SVG="$ICONS/scalable/apps/io.github.tcompare.tcompare.svg"
for size in 16 24 32 48 64 128 256; do
  mkdir -p "$ICONS/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" "$SVG" -o "$ICONS/${size}x${size}/apps/io.github.tcompare.tcompare.png"
done
echo "icons rendered from $SVG"
