"""File › Export current sentence… (PNG, SVG, PDF, LaTeX), the Explain dock and
View › Presentation mode: the teaching features, installed into the main window by
`install_teaching_features` through its public attributes only.

* PNG: the view's scene rendered to an image (``scale`` pixels per drawing unit).
* SVG: QSvgGenerator; text stays text, so words (Chinese too) are searchable in the file.
* PDF: QPdfWriter, one page the size of the drawing (vector; Qt embeds the font subsets,
  so CJK prints without the reader having the font).
* LaTeX: `tcompare.export.latex` (forest / tikz-dependency) from the sentence pair and the
  scorer's result.
`render_pair_to_file` draws a pair in an offscreen view for ``tcompare export``.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QFont, QImage, QKeySequence, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFileDialog, QFormLayout, QHBoxLayout, QLineEdit, QMessageBox,
                               QPushButton, QWidget)

from tcompare.export.cjk_fonts import choose_cjk_fonts, installed_cjk_fonts
from tcompare.gui import themes
from tcompare.gui.i18n import N_, tr
from tcompare.gui.terms import term
from tcompare.gui.scene_export import image_bytes, memory_device, painted, without_overlays, write_bytes

FORMATS = {"png": N_("export_dialog", "PNG image (*.png)"), "svg": N_("export_dialog", "SVG drawing (*.svg)"),
           "pdf": N_("export_dialog", "PDF document (*.pdf)"), "latex": N_("export_dialog", "LaTeX document (*.tex)")}
EXTENSIONS = {"png": ".png", "svg": ".svg", "pdf": ".pdf", "latex": ".tex"}
TITLE_HEIGHT = 28.0
PDF_MAX_POINTS = 14000.0   # PDF pages are limited to 200 inches; bigger drawings are scaled down
PRESENTATION_ZOOM_STEPS = 2
LEGEND_HEIGHT = 26.0
LEGEND_BOX = 22.0


def legend_for(notation: str) -> tuple:
    """The verdicts a picture's legend lists: the constituency legend's, or the arc verdicts."""
    from tcompare.gui import palette
    from tcompare.gui.views import notation_kind
    from tcompare.scoring.base import Verdict

    if notation_kind(notation) == "dependency":
        # the dependency view colours arcs with the same styles (its key is a widget)
        return (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH,
                Verdict.IGNORED)
    return tuple(palette.CONSTITUENCY_VERDICTS)


# -- writing ----------------------------------------------------------------------------------

def _title_font() -> QFont:
    try:
        from tcompare.gui.fonts import tree_font

        return tree_font(12.0, bold=True)
    except Exception:  # pragma: no cover - fonts needs only Qt
        font = QFont()
        font.setBold(True)
        return font


def _legend_width(verdicts) -> float:
    from PySide6.QtGui import QFontMetricsF

    from tcompare.gui import palette

    metrics = QFontMetricsF(_legend_font())
    return sum(LEGEND_BOX + 6 + metrics.horizontalAdvance(term(palette.style_for(v).legend)) + 18
               for v in verdicts) + 8


def _legend_font() -> QFont:
    try:
        from tcompare.gui.fonts import tree_font

        return tree_font(9.0)
    except Exception:  # pragma: no cover
        return QFont()


def _paint_legend(painter: QPainter, verdicts, top: float, factor: float) -> None:
    """One row of sample boxes with their meanings (the GUI legend's styles)."""
    from PySide6.QtGui import QFontMetricsF

    from tcompare.gui import palette

    painter.save()
    painter.scale(factor, factor)
    font = _legend_font()
    metrics = QFontMetricsF(font, painter.device())  # the device's resolution, not the screen's
    x = 8.0
    y = top / factor + (LEGEND_HEIGHT - 14) / 2
    for verdict in verdicts:
        style = palette.style_for(verdict)
        palette.paint_verdict_box(painter, QRectF(x, y, LEGEND_BOX, 14), style, "", icon_font=font)
        x += LEGEND_BOX + 6
        painter.setFont(font)
        painter.setPen(QColor(themes.current().text))
        width = metrics.horizontalAdvance(term(style.legend))
        painter.drawText(QRectF(x, y - 2, width + 4, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, term(style.legend))
        x += width + 18
    painter.restore()


def write_scene(scene, path: str | Path, fmt: str, scale: float = 2.0, title: str = "",
                legend: tuple = ()) -> None:
    """Write a QGraphicsScene's whole drawing as ``png``, ``svg`` or ``pdf``, with an
    optional title line above and a legend row (``legend``: the verdicts to list) below.

    Raises
    ------
    OSError when the file cannot be written.
    ValueError for an unknown format.
    """
    path = str(path)
    rect = scene.sceneRect()
    top = TITLE_HEIGHT if title else 0.0
    bottom = LEGEND_HEIGHT if legend else 0.0
    width = max(rect.width(), 1.0, _legend_width(legend) if legend else 0.0)
    height = max(rect.height(), 1.0) + top + bottom

    def paint(painter: QPainter, factor: float) -> None:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        # opaque canvas (white but in the dark theme) in every format (a transparent SVG loses black text on dark slides)
        painter.fillRect(QRectF(0, 0, width * factor, height * factor), QColor(themes.current().canvas))
        if title:
            painter.setFont(_title_font())
            painter.setPen(QColor(themes.current().text))
            painter.drawText(QRectF(8 * factor, 0, (width - 8) * factor, top * factor),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        with without_overlays(scene):    # no selection frame or query marks in a picture
            scene.render(painter, QRectF(0, top * factor, rect.width() * factor,
                                         rect.height() * factor), rect)
        if legend:
            _paint_legend(painter, legend, (top + rect.height()) * factor, factor)

    # Qt paints into memory (every painter and encoder result checked); the file is then
    # written atomically: a full disk keeps the previous file, no half-written picture
    if fmt == "png":
        image = QImage(max(1, int(width * scale + 0.5)), max(1, int(height * scale + 0.5)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(themes.current().canvas))
        painted(image, lambda painter: paint(painter, scale))
        data = image_bytes(image, "PNG")
    elif fmt == "svg":
        from PySide6.QtSvg import QSvgGenerator

        device, buffer = memory_device()
        generator = QSvgGenerator()
        generator.setOutputDevice(device)
        generator.setSize(QSize(int(width + 0.5), int(height + 0.5)))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setTitle(title or "tcompare comparison")
        painted(generator, lambda painter: paint(painter, 1.0))
        device.close()
        data = bytes(buffer.data())
    elif fmt == "pdf":
        factor = min(1.0, PDF_MAX_POINTS / max(width, height))
        device, buffer = memory_device()
        writer = QPdfWriter(device)
        writer.setResolution(72)   # one drawing unit = one point
        writer.setPageSize(QPageSize(QSizeF(width * factor, height * factor), QPageSize.Unit.Point))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0))
        writer.setTitle(title or "tcompare comparison")
        writer.setCreator("tcompare")
        painted(writer, lambda painter: paint(painter, factor))
        del writer                  # (the PDF is complete once its writer is gone)
        device.close()
        data = bytes(buffer.data())
    else:
        raise ValueError(f"unknown picture format {fmt!r}")
    if not data:
        raise OSError(errno.EIO, tr("export_dialog", "cannot write {path}").format(path=path))
    write_bytes(path, data)


def latex_for(gold: Any, system: Any, result: Any, title: str = "", cjk_font: str | None = None) -> str:
    """The LaTeX document; `cjk_font`: xeCJK's font for Chinese text (None: an installed one)."""
    from tcompare.export.latex import export_pair

    return export_pair(gold, system, result, title=title, cjk_font=cjk_font or None)


def _ensure_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(["tcompare-export"])
    return app


def render_pair_to_file(gold: Any, system: Any, result: Any, notation: str, path: str | Path,
                        fmt: str, scale: float = 2.0, title: str = "", with_legend: bool = True) -> None:
    """Draw a pair in an offscreen view of the notation's kind and write it (``tcompare export``)."""
    if fmt == "latex":
        write_bytes(path, latex_for(gold, system, result, title).encode("utf-8"))
        return
    _ensure_app()
    from tcompare.gui.views import notation_kind, view_class

    view = view_class(notation_kind(notation))()
    try:
        view.resize(1200, 800)
        view.show_pair(gold, system, result, notation)
        write_scene(view.scene, path, fmt, scale, title, legend_for(notation) if with_legend else ())
    finally:
        view.deleteLater()


def export_current(window: Any, path: str | Path, fmt: str, scale: float = 2.0,
                   title: str | None = None, cjk_font: str | None = None) -> Path:
    """Export the window's current sentence; returns the path written.  `cjk_font`: LaTeX's
    font for Chinese text (None: an installed one)."""
    if window.current_position is None:
        raise ValueError(tr("export_dialog", "no sentence is shown"))
    position = window.current_position
    if title is None:
        title = tr("export_dialog", "Sentence {n}").format(n=position + 1)
        profile = window.session.profile
        if profile is not None:
            title += f" ({profile.name})"
    path = Path(path)
    if fmt == "latex":
        gold, system = window.session.pair(window.current_system, position)
        write_bytes(path, latex_for(gold, system, window.current_result, title,
                                    cjk_font).encode("utf-8"))
        return path
    scene = window.view.scene
    if scene is None:
        raise ValueError(tr("export_dialog", "this view cannot be exported as a picture"))
    write_scene(scene, path, fmt, scale, title, legend_for(window.session.notation))
    return path


# -- the dialog -------------------------------------------------------------------------------

class ExportDialog(QDialog):
    """Format, file name, PNG scale; `accept` writes through `export_current`."""

    def __init__(self, window: Any, parent: QWidget | None = None):
        super().__init__(parent or window)
        self.window_ = window
        self.setWindowTitle(tr("export_dialog", "Export current sentence"))
        self.written: Path | None = None
        form = QFormLayout(self)
        self.format_box = QComboBox()
        for key, text in FORMATS.items():
            self.format_box.addItem(tr("export_dialog", text).split(" (")[0], key)
        self.format_box.currentIndexChanged.connect(self._format_changed)
        form.addRow(tr("export_dialog", "Format"), self.format_box)
        self.path_edit = QLineEdit()
        browse = QPushButton(tr("export_dialog", "Browse…"))
        browse.clicked.connect(self.browse)
        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse)
        form.addRow(tr("export_dialog", "File"), row)
        self.scale_box = QDoubleSpinBox()
        self.scale_box.setRange(0.5, 8.0)
        self.scale_box.setSingleStep(0.5)
        self.scale_box.setValue(2.0)
        self.scale_box.setSuffix(" ×")
        form.addRow(tr("export_dialog", "PNG scale"), self.scale_box)
        # LaTeX with Chinese words names a font xelatex must find: the installed ones offered
        # (a fixed Noto Serif CJK SC stopped xelatex on a machine with WenQuanYi only)
        self.font_box = QComboBox()
        self.font_box.setObjectName("cjk_font_box")
        self.font_box.setEditable(True)
        self.font_box.setToolTip(tr("export_dialog", "The font xelatex sets Chinese text in (LaTeX "
                                    "only); the fonts installed here are listed first"))
        self.font_box.addItems(list(installed_cjk_fonts()))
        remembered = str(window.settings.value("export/cjk_font", "") or "")
        self.font_box.setCurrentText(remembered or choose_cjk_fonts().main)
        form.addRow(tr("export_dialog", "Chinese font"), self.font_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        folder = Path(str(window.settings.value("last_folder", str(Path.home()))))
        number = (window.current_position or 0) + 1
        self.path_edit.setText(str(folder / f"sentence-{number}.png"))
        self._format_changed()

    @property
    def fmt(self) -> str:
        return self.format_box.currentData()

    def set_format(self, fmt: str) -> None:
        self.format_box.setCurrentIndex(list(FORMATS).index(fmt))

    def _format_changed(self, _index: int = 0) -> None:
        self.scale_box.setEnabled(self.fmt == "png")
        self.font_box.setEnabled(self.fmt == "latex")
        path = Path(self.path_edit.text() or "sentence.png")
        self.path_edit.setText(str(path.with_suffix(EXTENSIONS[self.fmt])))

    def browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("export_dialog", "Export to"), self.path_edit.text(),
                                              tr("export_dialog", FORMATS[self.fmt]))
        if path:
            self.path_edit.setText(path)

    def accept(self) -> None:
        path = self.path_edit.text().strip()
        if not path:
            return
        try:
            font = self.font_box.currentText().strip() or None
            self.written = export_current(self.window_, path, self.fmt, self.scale_box.value(),
                                          cjk_font=font)
            if self.fmt == "latex" and font:
                self.window_.settings.setValue("export/cjk_font", font)
        except (OSError, ValueError) as exc:
            if self.window_.interactive:
                QMessageBox.warning(self, tr("export_dialog", "Export"),
                                    tr("export_dialog", "Could not export: {error}").format(error=exc))
            else:
                self.window_.statusBar().showMessage(
                    tr("export_dialog", "could not export: {error}").format(error=exc), 10000)
            return
        self.window_.settings.setValue("last_folder", str(Path(path).parent))
        self.window_.statusBar().showMessage(tr("export_dialog", "exported {path}").format(path=path), 5000)
        super().accept()


# -- installing into the main window ---------------------------------------------------------

class TeachingFeatures:
    """The Explain dock, File › Export current sentence… and View › Presentation mode of
    `window` (a MainWindow; `actions` its WindowActions, whose menus get the entries)."""

    def __init__(self, window: Any, actions: Any):
        from tcompare.gui.explain_panel import ExplainPanel

        self.window = w = window
        self.presenting = False
        self._restore: dict[str, Any] | None = None     # the window as it was before presenting
        self.panel = ExplainPanel(w)
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.panel)
        self.panel.hide()
        self.explain_action = self.panel.toggleViewAction()
        self.explain_action.setText(tr("export_dialog", "&Explain score"))
        self.explain_action.setShortcut(QKeySequence("Ctrl+Shift+X"))
        self.explain_action.setStatusTip(tr("export_dialog", "Show step by step how the current sentence's score is counted"))
        self.export_action = QAction(tr("export_dialog", "&Export current sentence…"), w)
        self.export_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.export_action.setStatusTip(tr("export_dialog", "PNG, SVG, PDF or LaTeX of the sentence shown"))
        self.export_action.triggered.connect(self.ask_export)
        self.presentation_action = QAction(tr("export_dialog", "&Presentation mode"), w)
        self.presentation_action.setCheckable(True)
        self.presentation_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.presentation_action.setStatusTip(tr("export_dialog", "Larger trees and explanation text for classroom demos"))
        self.presentation_action.toggled.connect(self.set_presentation)
        # one key to step through the sentences on a projector (PgDown does it too)
        self.step_action = QAction(tr("export_dialog", "Next sentence (presentation)"), w)
        self.step_action.setShortcut(QKeySequence("Space"))
        self.step_action.setEnabled(False)
        self.step_action.triggered.connect(w.next_sentence)
        for action in (self.explain_action, self.export_action, self.presentation_action,
                       self.step_action):
            w.addAction(action)
        self._add_to_menus(actions)

    def _add_to_menus(self, actions: Any) -> None:
        actions.menus["file"].insertAction(actions.quit, self.export_action)
        actions.menus["file"].insertSeparator(actions.quit)
        actions.menus["view"].addSeparator()
        actions.menus["view"].addActions([self.explain_action, self.presentation_action])

    def _chrome(self, presenting: bool) -> None:
        w = self.window
        panes = [w.sentences, w.sidebar, w.actions_.toolbar, w.statusBar()]
        w.views.for_each_view(lambda view: view.set_high_contrast(presenting))
        if presenting:
            self._restore = {"full": w.isFullScreen(), "visible": [p.isVisible() for p in panes],
                             "explain": self.panel.isVisible(), "explain_height": self.panel.height()}
            for pane in panes:
                pane.hide()
            w.showFullScreen()
            self.step_action.setEnabled(True)
            return
        restore = self._restore
        if restore is not None:
            for pane, visible in zip(panes, restore["visible"]):
                pane.setVisible(visible)
            if not restore["full"]:
                w.showNormal()
            # presenting gave the explanation 40 % of the screen: back to the height it had
            # (it stayed at half the window), or hidden again
            if not restore["explain"]:
                self.panel.hide()
            else:
                height = restore["explain_height"]
                w.resizeDocks([self.panel], [height], Qt.Orientation.Vertical)
                QTimer.singleShot(0, lambda: w.resizeDocks([self.panel], [height],
                                                           Qt.Orientation.Vertical))
        self.step_action.setEnabled(False)

    def ask_export(self) -> None:
        if self.window.current_position is None:
            self.window.statusBar().showMessage(tr("export_dialog", "open files and show a sentence first"), 5000)
            return
        ExportDialog(self.window).exec()

    def set_presentation(self, on: bool) -> None:
        """For a projector: full screen without the table, sidebar, toolbar and status bar,
        bigger explanation text, a zoomed-in view, PgDown / Space to step; off restores all."""
        if on == self.presenting:
            return
        self.presenting = on
        self._chrome(on)
        QApplication.processEvents()     # the full-screen size first: the view fits into it
        from tcompare.gui.explain_panel import NORMAL_SIZE, PRESENTATION_SIZE

        self.panel.set_font_size(PRESENTATION_SIZE if on else NORMAL_SIZE)
        if on:
            self.panel.show()
            # give the explanation a good part of the window
            self.window.resizeDocks([self.panel], [int(self.window.height() * 0.4)],
                                    Qt.Orientation.Vertical)
            for _ in range(PRESENTATION_ZOOM_STEPS):
                self.window.view.zoom_in()
            # zooming in leaves an arbitrary middle part in view: start at the first words,
            # once the dock has taken its height (the resize is applied on the next layout)
            QTimer.singleShot(0, lambda: self.window.view.reveal_start())
        else:
            # back to fitting each sentence to the view (the presentation zoom was by hand:
            # 100 % stopped the fitting for every later sentence), once the window has its
            # size again
            self.window.view.zoom_fit()
            QTimer.singleShot(0, lambda: self.window.view.zoom_fit())
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)
