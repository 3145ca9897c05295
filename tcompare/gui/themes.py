"""Colour themes: light, dark and high contrast, and "system" (light or dark as the desktop is).

A `Theme` is every colour the drawings use: the canvas, the words, the muted captions, the
tree edges, the hover colours and, per verdict, a `VerdictLook` (fill, border, line style,
icon) derived from the one table in `tcompare.layout.verdict_style` -- the line styles,
icons and hatches never change with the theme, so a verdict is never told by colour alone.
``ink`` is a verdict's colour when it is used for TEXT (arc labels, corner icons): the
border colour darkened or lightened until it reads on the canvas (WCAG: 4.5:1).

The current theme is process-wide (like the application palette); `apply(window, name)`
sets it, sets the application's QPalette and redraws the window's views.  "system"
follows ``QStyleHints.colorScheme()`` and its ``colorSchemeChanged`` signal (Qt 6.5+).
The high-contrast theme is presentation mode's look (black, thicker lines) for every day.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from tcompare.gui.language.i18n import N_
from tcompare.layout.verdict_style import BLACK, LOOKS, VerdictLook
from tcompare.scoring.base import Verdict

class RestyledViews(Protocol):
    """The window's comparison views, each redrawn in the new colours."""

    def for_each_view(self, act: Callable[[Any], None]) -> None: ...


class ThemedWindow(Protocol):
    """A window drawn in the theme (a QWidget: its children are repainted): its views are
    redrawn in the new colours."""

    views: RestyledViews

    def findChildren(self, kind: type) -> list: ...  # noqa: N802 (Qt's name)

THEME_NAMES = ("system", "light", "dark", "high_contrast")
THEME_TITLES = {"system": N_("themes", "Follow the system (light or dark)"),   # tr() when shown
                "light": N_("themes", "Light"), "dark": N_("themes", "Dark"),
                "high_contrast": N_("themes", "High contrast")}
TEXT_CONTRAST = 4.5          # WCAG 2 AA for text
HIGH_CONTRAST = 7.0          # WCAG 2 AAA: what the high-contrast theme promises


# -- colour arithmetic ---------------------------------------------------------------------------
def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{min(255, max(0, round(v))):02X}" for v in (r, g, b))


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` with `amount` (0..1) of `other` mixed in."""
    a, b = _rgb(colour), _rgb(other)
    return _hex(*(x + (y - x) * amount for x, y in zip(a, b)))


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#RRGGBB`` colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour: str, background: str, ratio: float = TEXT_CONTRAST) -> str:
    """`colour`, darkened (on a light background) or lightened (on a dark one) in small steps
    until it reaches `ratio` against `background`: the verdict's hue, readable as text."""
    target = "#000000" if luminance(background) > 0.18 else "#FFFFFF"
    step = 0.0
    out = colour
    while contrast(out, background) < ratio and step < 1.0:
        step += 0.05
        out = mix(colour, target, step)
    return out


# -- the themes ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Theme:
    """Every colour the views draw with (``#RRGGBB``).

    canvas : the drawing's background.  text : words and labels on the canvas.
    muted : captions, unremarkable POS tags, notes.  box_text : labels inside verdict boxes.
    edge / head_edge : tree edges (to a head child: darker and thicker).
    accent : the hover outline.  highlight : the hovered span (drawn at 110/255 alpha).
    alert : messages drawn on the canvas.  label_back : behind arc labels.
    hover / head_fill / dependent_fill : the dependency view's hover colours (gold, system).
    looks : per verdict, fill / border / line / icon.  ink : per verdict, as text.
    high_contrast : thick black lines (presentation mode's look).  dark : for QPalette.
    """

    name: str
    canvas: str
    text: str
    muted: str
    box_text: str
    edge: str
    head_edge: str
    accent: str
    highlight: str
    alert: str
    label_back: str
    hover: str
    head_fill: tuple[str, str]
    dependent_fill: tuple[str, str]
    looks: dict[Verdict | None, VerdictLook] = field(default_factory=dict)
    ink: dict[Verdict | None, str] = field(default_factory=dict)
    high_contrast: bool = False
    dark: bool = False
    window: str = "#EFEFEF"
    window_text: str = "#000000"
    base: str = "#FFFFFF"
    selection: str = "#308CC6"
    selection_text: str = "#FFFFFF"

    def look(self, verdict: Verdict | None) -> VerdictLook:
        return self.looks.get(verdict, self.looks[None])

    def ink_for(self, verdict: Verdict | None) -> str:
        return self.ink.get(verdict, self.ink[None])


def _with_ink(theme: Theme, ratio: float) -> Theme:
    # ink must read on every background verdict text is drawn on
    # (the legend sits on the window; the explanation's current row is the hover colour)
    backs = (theme.canvas, theme.label_back, theme.window, theme.hover)
    ink = {}
    for verdict, look in theme.looks.items():
        colour = look.border
        for back in backs:
            colour = readable(colour, back, ratio)
        ink[verdict] = colour
    return replace(theme, ink=ink)


def _light() -> Theme:
    return _with_ink(Theme(
        name="light", canvas="#FFFFFF", text="#000000", muted="#595959", box_text="#000000",
        edge="#7F7F7F", head_edge="#3C3C3C", accent="#0072B2", highlight="#F0E442",
        alert="#B34700", label_back="#FFFFFF", hover="#FFF2A8",
        head_fill=("#BCD8FF", "#E2C8FF"), dependent_fill=("#E6F0FF", "#F3EAFF"),
        looks=dict(LOOKS), selection="#2A6BA8"), TEXT_CONTRAST)


def _dark() -> Theme:
    canvas = "#1E1E1E"
    looks = {}
    for verdict, look in LOOKS.items():
        border = "#F0F0F0" if look.border == BLACK else mix(look.border, "#FFFFFF", 0.25)
        base = look.border if look.border != BLACK else "#F0E442"   # crossing: its yellow
        fill = mix(canvas, base, 0.26) if verdict is not None else "#2C2C2C"
        if verdict is Verdict.IGNORED:
            fill = "#262626"
        looks[verdict] = replace(look, fill=fill, border=border)
    return _with_ink(Theme(
        name="dark", canvas=canvas, text="#EDEDED", muted="#A8A8A8", box_text="#F2F2F2",
        edge="#8C8C8C", head_edge="#D0D0D0", accent="#56B4E9", highlight="#8A7F00",
        alert="#FF9E5E", label_back="#1E1E1E", hover="#3D3812",
        head_fill=("#1F4470", "#4A2A6A"), dependent_fill=("#1A2D44", "#33243F"),
        looks=looks, dark=True, window="#2B2B2B", window_text="#EDEDED", base="#1E1E1E",
        selection="#2F6BA8", selection_text="#FFFFFF"), TEXT_CONTRAST)


def _high_contrast() -> Theme:
    looks = {}
    for verdict, look in LOOKS.items():
        border = mix(look.border, "#000000", 0.45)
        fill = mix(look.fill, "#FFFFFF", 0.35) if verdict is not None else "#FFFFFF"
        looks[verdict] = replace(look, fill=fill, border=border, width=look.width + 1.0)
    return _with_ink(Theme(
        name="high_contrast", canvas="#FFFFFF", text="#000000", muted="#262626",
        box_text="#000000", edge="#000000", head_edge="#000000", accent="#0000C0",
        highlight="#F0E442", alert="#8B2500", label_back="#FFFFFF", hover="#FFF27A",
        head_fill=("#A8CCFF", "#DDBBFF"), dependent_fill=("#DCEAFF", "#F0E2FF"),
        looks=looks, high_contrast=True, window="#FFFFFF", window_text="#000000",
        base="#FFFFFF", selection="#0000C0", selection_text="#FFFFFF"), HIGH_CONTRAST)


THEMES: dict[str, Theme] = {t.name: t for t in (_light(), _dark(), _high_contrast())}
_current: list[Theme] = [THEMES["light"]]
_chosen: list[str] = ["system"]     # the user's choice: process-wide, like the theme itself
_desktop: list[QPalette] = []       # the application's palette before any theme was applied


def current() -> Theme:
    """The theme the views draw with now."""
    return _current[0]


def set_current(theme: Theme) -> None:
    _current[0] = theme


def system_is_dark(scheme: Qt.ColorScheme | None = None) -> bool:
    """Whether the desktop is dark (`scheme`: what colorSchemeChanged just said)."""
    if scheme is None:
        if QGuiApplication.instance() is None:
            return False
        scheme = QGuiApplication.styleHints().colorScheme()
    return scheme == Qt.ColorScheme.Dark


def resolve(name: str, scheme: Qt.ColorScheme | None = None) -> Theme:
    """The theme a setting names ("system": dark when the desktop is dark)."""
    if name == "system" or name not in THEMES:
        return THEMES["dark" if system_is_dark(scheme) else "light"]
    return THEMES[name]


def qpalette(theme: Theme) -> QPalette:
    """The application palette of a theme (widgets, tables, menus)."""
    from PySide6.QtWidgets import QApplication

    role = QPalette.ColorRole
    if theme.name == "light":
        app = QApplication.instance()
        pal = app.style().standardPalette() if app is not None else QPalette()
        # the style's own, but a selection white text reads on (Fusion's: 3.7:1)
        pal.setColor(role.Highlight, QColor(theme.selection))
        pal.setColor(role.HighlightedText, QColor(theme.selection_text))
        return pal
    pal = QPalette()
    grey = theme.muted
    for r, colour in ((role.Window, theme.window), (role.WindowText, theme.window_text),
                      (role.Base, theme.base), (role.AlternateBase, mix(theme.base, grey, 0.08)),
                      (role.Text, theme.window_text), (role.Button, theme.window),
                      (role.ButtonText, theme.window_text), (role.ToolTipBase, theme.base),
                      (role.ToolTipText, theme.window_text), (role.PlaceholderText, grey),
                      (role.Highlight, theme.selection),
                      (role.HighlightedText, theme.selection_text),
                      (role.Link, theme.accent), (role.BrightText, theme.alert),
                      (role.Mid, grey), (role.Dark, mix(theme.window, "#000000", 0.3)),
                      (role.Light, mix(theme.window, "#FFFFFF", 0.15)),
                      (role.Midlight, mix(theme.window, "#FFFFFF", 0.08)),
                      (role.Shadow, "#000000")):
        pal.setColor(r, QColor(colour))
    disabled = mix(theme.window_text, theme.window, 0.5)
    for r in (role.WindowText, role.Text, role.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, r, QColor(disabled))
    return pal


class ThemeKeeper(QObject):
    """Applies the chosen theme to `window` and, for "system", follows the desktop.

    `window`'s views are redrawn (`ThemedWindow`); `name` one of THEME_NAMES.  A child
    of the window, so the desktop's signal stops reaching it when the window goes.
    """

    changed = Signal(object)     # the Theme now drawn, after the views were redrawn

    def __init__(self, window: ThemedWindow, name: str = "system"):
        super().__init__(window)
        self.window = window
        self._drawn: Theme | None = current()     # what this window's views were drawn in
        app = QGuiApplication.instance()
        if app is not None:
            QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_scheme)
        self.apply(name)

    @property
    def name(self) -> str:
        """The theme chosen (THEME_NAMES): one for the whole application."""
        return _chosen[0]

    def _on_scheme(self, scheme: Qt.ColorScheme) -> None:
        if _chosen[0] == "system":
            self.apply("system", scheme)

    def apply(self, name: str, scheme: Qt.ColorScheme | None = None) -> Theme:
        """Draw in theme `name` from now on (`scheme`: the desktop's, when it just changed)."""
        from PySide6.QtWidgets import QApplication, QWidget

        _chosen[0] = name if name in THEME_NAMES else "system"
        theme = resolve(_chosen[0], scheme)
        changed = theme is not self._drawn      # (another window may have set it already)
        self._drawn = theme
        set_current(theme)
        app = QApplication.instance()
        if app is not None:
            if not _desktop:
                _desktop.append(QPalette(QApplication.palette()))
            # following a light desktop: its own palette (accent colours and all)
            desktop = _chosen[0] == "system" and theme.name == "light"
            app.setPalette(QPalette(_desktop[0]) if desktop else qpalette(theme))
        if changed:
            self.window.views.for_each_view(lambda view: view.restyle())
            for widget in self.window.findChildren(QWidget):
                widget.update()
            self.changed.emit(theme)
        return theme
