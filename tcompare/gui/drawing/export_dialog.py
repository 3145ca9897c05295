"""File › Export current sentence… (PNG, SVG, PDF, LaTeX): the dialog and its menu entry.

The picture is written by `drawing.render.write_scene` (the one ``tcompare export`` uses);
the dialog sees the window through `ShownSentence` / `ExportHost` only: the sentence shown,
the settings and the status bar.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFileDialog, QFormLayout, QHBoxLayout, QLineEdit, QMenu,
                               QMessageBox, QPushButton, QWidget)

from tcompare.export.cjk_fonts import choose_cjk_fonts, installed_cjk_fonts
from tcompare.gui.drawing.render import latex_for, legend_for, write_scene
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.drawing.scene_export import write_bytes

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QStatusBar

    from tcompare.gui.session import Session
    from tcompare.gui.drawing.views import ComparisonView
    from tcompare.scoring.base import SentenceResult

FORMATS = {"png": N_("export_dialog", "PNG image (*.png)"), "svg": N_("export_dialog", "SVG drawing (*.svg)"),
           "pdf": N_("export_dialog", "PDF document (*.pdf)"), "latex": N_("export_dialog", "LaTeX document (*.tex)")}
EXTENSIONS = {"png": ".png", "svg": ".svg", "pdf": ".pdf", "latex": ".tex"}


class ShownSentence(Protocol):
    """The sentence a window shows: what `export_current` draws."""

    session: Session
    current_position: int | None
    current_system: int
    current_result: SentenceResult | None

    @property
    def view(self) -> ComparisonView: ...


class ExportHost(ShownSentence, Protocol):
    """What the dialog uses besides the sentence: the remembered folder and font, whether it
    may show a message box, and the status bar for the outcome (a QWidget, the dialog's parent)."""

    settings: QSettings
    interactive: bool

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

    def addAction(self, action: QAction) -> None: ...  # noqa: N802


def export_current(window: ShownSentence, path: str | Path, fmt: str, scale: float = 2.0,
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
    enhanced = bool(getattr(getattr(window.view, "diagram", None), "enhanced", ()))
    write_scene(scene, path, fmt, scale, title, legend_for(window.session.notation, enhanced))
    return path


# -- the dialog -------------------------------------------------------------------------------

class ExportDialog(QDialog):
    """Format, file name, PNG scale; `accept` writes through `export_current`."""

    def __init__(self, window: ExportHost, parent: QWidget | None = None):
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


class SentenceExport:
    """File › Export current sentence… (Ctrl+Shift+E) of `window`, before File › Quit."""

    def __init__(self, window: ExportHost, file_menu: QMenu, quit_action: QAction):
        self.window = window
        self.action = QAction(tr("export_dialog", "&Export current sentence…"), window)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.action.setStatusTip(tr("export_dialog", "PNG, SVG, PDF or LaTeX of the sentence shown"))
        self.action.triggered.connect(self.ask_export)
        window.addAction(self.action)
        file_menu.insertAction(quit_action, self.action)
        file_menu.insertSeparator(quit_action)

    def ask_export(self) -> None:
        if self.window.current_position is None:
            self.window.statusBar().showMessage(tr("export_dialog", "open files and show a sentence first"), 5000)
            return
        ExportDialog(self.window).exec()
