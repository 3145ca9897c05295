"""Themes (`gui.themes`): text readable in each (WCAG contrast computed from the palette),
verdicts told apart without colour in each, the dark theme following the desktop, no
pixel-sized fonts."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

from tcompare.gui import themes
from tcompare.gui.drawing import palette
from tcompare.gui.drawing.dep_view import ARC_VERDICTS
from tcompare.gui.table.model import ERROR_BRUSH, ROW_TEXT_BRUSH, SKIP_BRUSH
from tcompare.gui.themes import THEMES, contrast
from tcompare.layout.verdict_style import LOOKS
from tcompare.scoring.base import Verdict
from gui_helpers import open_and_wait, window  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
NODE_VERDICTS = (Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA,
                 Verdict.CROSSING, Verdict.IGNORED)
TAG_VERDICTS = (Verdict.MATCH, Verdict.WRONG_POS, Verdict.IGNORED)
NOT_SCORED = (Verdict.IGNORED, None)       # two words for one look: nothing was counted


def text_pairs(theme: themes.Theme) -> list[tuple[str, str, str]]:
    """(what, text colour, background) for every text the views and widgets draw."""
    pairs = [("words", theme.text, theme.canvas), ("captions", theme.muted, theme.canvas),
             ("message", theme.alert, theme.canvas), ("header", theme.muted, theme.window),
             ("header alert", theme.alert, theme.window),
             ("widgets", theme.window_text, theme.window), ("fields", theme.window_text, theme.base),
             ("selection", theme.selection_text, theme.selection)]
    for verdict, look in theme.looks.items():
        pairs.append((f"label in a {verdict} box", theme.box_text, look.fill))
        for back, where in ((theme.canvas, "canvas"), (theme.label_back, "arc label"),
                            (theme.window, "legend"), (theme.hover, "explanation's row")):
            pairs.append((f"{verdict} ink on {where}", theme.ink_for(verdict), back))
    for fill in (theme.hover, *theme.head_fill, *theme.dependent_fill):
        pairs.append(("word on a hover fill", theme.text, fill))
    return pairs


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_application_palette_reads(qtbot, name):
    """The widgets' palette of each theme, as Qt has it: text on window, on fields, on the
    selection, tooltips."""
    pal = themes.qpalette(THEMES[name])
    role = QPalette.ColorRole
    need = themes.HIGH_CONTRAST if THEMES[name].high_contrast else themes.TEXT_CONTRAST
    for fg, bg in ((role.WindowText, role.Window), (role.Text, role.Base),
                   (role.HighlightedText, role.Highlight), (role.ButtonText, role.Button),
                   (role.ToolTipText, role.ToolTipBase)):
        assert contrast(pal.color(fg).name(), pal.color(bg).name()) >= need, (fg, bg)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_text_reads_on_its_background(name):
    theme = THEMES[name]
    need = themes.HIGH_CONTRAST if theme.high_contrast else themes.TEXT_CONTRAST
    low = [(what, fg, bg, round(contrast(fg, bg), 2)) for what, fg, bg in text_pairs(theme)
           if contrast(fg, bg) < need]
    assert low == []


def test_contrast_ratio_is_wcag():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert themes.readable("#E69F00", "#FFFFFF") != "#E69F00"        # orange text: darkened
    assert contrast(themes.readable("#E69F00", "#FFFFFF"), "#FFFFFF") >= 4.5


def test_table_rows_with_a_light_background_keep_dark_text():
    for brush in (ERROR_BRUSH, SKIP_BRUSH):
        assert contrast(ROW_TEXT_BRUSH.color().name(), brush.color().name()) >= 4.5


@pytest.mark.parametrize("name", sorted(THEMES))
def test_verdicts_differ_without_colour(name):
    """Within what one kind of drawn item can show, no two verdicts share line style, icon
    and hatch: greyscale or colour-blind, they still differ.  Themes change colours only."""
    theme = THEMES[name]
    for verdicts in (NODE_VERDICTS, TAG_VERDICTS, ARC_VERDICTS):
        cues = [(theme.look(v).line, theme.look(v).icon, theme.look(v).hatch) for v in verdicts]
        assert len(set(cues)) == len(cues), verdicts
        legends = [theme.look(v).legend for v in verdicts]
        assert len(set(legends)) == len(legends)
        for v in verdicts:       # a box the scorer made no item for never looks scored
            if v not in NOT_SCORED:
                assert cues[verdicts.index(v)] != (theme.look(None).line, theme.look(None).icon,
                                                   theme.look(None).hatch), v
    for verdict, look in LOOKS.items():
        mine = theme.look(verdict)
        assert (mine.line, mine.icon, mine.hatch, mine.legend) == \
            (look.line, look.icon, look.hatch, look.legend)


def test_drawn_boxes_follow_the_theme(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    keeper = window.preferences.themes
    try:
        for name in ("dark", "high_contrast", "light"):
            keeper.apply(name)
            for verdict in NODE_VERDICTS:
                assert palette.style_for(verdict).fill == THEMES[name].look(verdict).fill
            image = window.view.render_image()
            assert image.pixelColor(0, 0).name().upper() == THEMES[name].canvas
            # the drawing carries the same verdicts in every theme
            items = window.view.node_items("gold")
            assert all(item.data(palette.VERDICT_ROLE) == window.view.node_items("gold")[ref]
                       .data(palette.VERDICT_ROLE) for ref, item in items.items())
    finally:
        keeper.apply("system")


def test_system_theme_follows_the_desktop(qtbot, window):
    """"Follow the system": dark when the desktop says dark (colorSchemeChanged), light
    again when it says light; a theme the user chose is kept."""
    hints = QGuiApplication.styleHints()
    keeper = window.preferences.themes
    assert keeper.name == "system" and themes.current().name == "light"
    try:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert themes.current().name == "dark"
        assert window.view.canvas.backgroundBrush().color().name().upper() == "#1E1E1E"
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert themes.current().name == "light"
        keeper.apply("high_contrast")
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert themes.current().name == "high_contrast"
    finally:
        keeper.apply("system")


def test_dark_dependency_view_draws_light_words_and_readable_labels(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "conll" / "demo.gold.conllu",
                  [DEMO / "conll" / "demo.system.conllu"])
    keeper = window.preferences.themes
    try:
        keeper.apply("dark")
        view = window.view
        dark = THEMES["dark"]
        # the key above the arcs is redrawn too (it was drawn light)
        assert dark.look(Verdict.MATCH).border in view.legend.text()
        for side in ("gold", "system"):
            for _word, label in view.label_items(side).items():
                text = label.childItems()[0]
                back = label.brush().color().name().upper()
                assert contrast(text.brush().color().name(), back) >= 4.5
        words = [c for t in view.token_items() for c in t.childItems() if hasattr(c, "text")]
        assert words and all(c.brush().color().name().upper() in (dark.text, dark.muted)
                             for c in words)
    finally:
        keeper.apply("system")


def test_no_widget_font_is_set_in_pixels(qtbot, window):
    """Point sizes follow the screen's logical DPI; a pixel size would not scale."""
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.preferences.show_dialog()
    pixel = [w for w in [window, *window.findChildren(QWidget)] if w.font().pixelSize() != -1]
    assert pixel == []
    view = window.view
    assert all(f.pointSizeF() > 0 for f in (view.label_font, view.word_font, view.pos_font))
    window.preferences.dialog.reject()


def test_view_and_legend_combinations_stay_distinct_in_greyscale(qtbot):
    """The legend swatches of the constituency verdicts, drawn in greyscale, are pairwise
    different pictures in every theme."""
    from PySide6.QtGui import QImage

    from tcompare.gui.drawing.legend import _Swatch

    try:
        for name, theme in THEMES.items():
            themes.set_current(theme)
            pictures = {}
            for verdict in NODE_VERDICTS:
                swatch = _Swatch(verdict)
                qtbot.addWidget(swatch)
                image = swatch.grab().toImage().convertToFormat(QImage.Format.Format_Grayscale8)
                pictures[verdict] = bytes(image.constBits())
            for a, b in itertools.combinations(pictures, 2):
                assert pictures[a] != pictures[b], (name, a, b)
    finally:
        themes.set_current(THEMES["light"])


@pytest.mark.parametrize("name", ["dark", "high_contrast"])
def test_lines_stand_out_from_the_canvas(name):
    """Borders, arcs and edges at 3:1 (WCAG non-text contrast) in the dark and high-contrast
    themes.  (Light keeps the Okabe-Ito hues; its orange is 2.3:1 and relies on the fill,
    the icon and the line style besides.)"""
    theme = THEMES[name]
    lines = {str(v): look.border for v, look in theme.looks.items()}
    lines.update(edge=theme.edge, head_edge=theme.head_edge, accent=theme.accent)
    assert {k: c for k, c in lines.items() if contrast(c, theme.canvas) < 3.0} == {}
