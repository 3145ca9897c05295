"""Fonts for trees and tables that render Chinese as glyphs on every platform.

The platform default font often lacks CJK glyphs (Qt then shows boxes or picks a font
whose metrics differ from the Latin text).  So every view font names its families
explicitly: Latin-and-CJK fonts first, in an order that prefers those shipped by Linux
distributions (WenQuanYi Micro Hei is the Debian package `fonts-wqy-microhei` that
`make run` installs), then the macOS and Windows ones; `QFont.setFamilies` makes Qt fall
back through the list glyph by glyph.  Families that are not installed are dropped so
the first family is one that really exists.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QFont, QFontDatabase

CJK_FAMILIES: tuple[str, ...] = (
    "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans CJK TC", "Source Han Sans",
    "Source Han Sans SC", "Microsoft YaHei", "Microsoft JhengHei", "PingFang SC",
    "PingFang TC", "Hiragino Sans GB")
# symbols the palette uses (≠ ✗ −) beyond what CJK fonts cover
SYMBOL_FAMILIES: tuple[str, ...] = ("DejaVu Sans", "Noto Sans Symbols2", "Segoe UI Symbol")


@lru_cache(maxsize=1)
def available_families() -> tuple[str, ...]:
    """The preferred families that are installed, in preference order (needs a QGuiApplication)."""
    installed = {f.lower() for f in QFontDatabase.families()}
    return tuple(f for f in CJK_FAMILIES + SYMBOL_FAMILIES if f.lower() in installed)


def has_cjk_font() -> bool:
    installed = set(available_families())
    return any(f in installed for f in CJK_FAMILIES)


def tree_font(point_size: float = 10.0, bold: bool = False) -> QFont:
    """The font trees are drawn with: explicit CJK-capable families with fallbacks."""
    font = QFont()
    families = list(available_families()) or list(CJK_FAMILIES)
    # keep a generic last resort so Qt still finds *something* if none is installed
    families.append(QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).family())
    font.setFamilies(families)
    font.setPointSizeF(point_size)
    font.setBold(bold)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    return font


def ui_font(point_size: float = 9.5) -> QFont:
    """A font for tables and labels that also shows Chinese words."""
    return tree_font(point_size)
