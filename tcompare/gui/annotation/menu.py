"""The annotation team's entries in the File menu: "Open annotators' files…" (the
disagreement browser and adjudication), "Compare releases…" (the release diff) and
"Suspicious gold…" (the suspects table).  Each opens a window of its own; the main
window only lends its File menu and its folder."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLineEdit, QListWidget, QMenu, QMessageBox, QPushButton,
                               QVBoxLayout, QWidget)

from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.gui.language.i18n import tr
from tcompare.workspace.annotators import AnnotatorsDocument, AnnotatorsError, default_curated_path


class MenuHost(Protocol):
    """The window lending its File menu."""

    interactive: bool

    def addAction(self, action: QAction) -> None: ...  # noqa: N802


class AnnotatorsDialog(QDialog):
    """The annotators' files (two or more), a parser's output (optional), the curated file."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("annotators_dialog")
        self.setWindowTitle(tr("annotation_menu", "Open annotators' files"))
        self.files = QListWidget()
        add = QPushButton(tr("annotation_menu", "Add files…"))
        add.clicked.connect(self._add)
        remove = QPushButton(tr("annotation_menu", "Remove"))
        remove.clicked.connect(lambda: [self.files.takeItem(self.files.row(i))
                                        for i in self.files.selectedItems()])
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(add)
        buttons_row.addWidget(remove)
        self.parser = QLineEdit()
        self.parser.setPlaceholderText(tr("annotation_menu", "optional: a parser's output of the same sentences"))
        self.curated = QLineEdit()
        form = QFormLayout()
        form.addRow(tr("annotation_menu", "Parser:"), self.parser)
        form.addRow(tr("annotation_menu", "Curated file:"), self.curated)
        ok = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok.accepted.connect(self.accept)
        ok.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.files)
        box.addLayout(buttons_row)
        box.addLayout(form)
        box.addWidget(ok)

    def _add(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, tr("annotation_menu", "Annotators' files"))
        self.set_files([*self.paths(), *paths])

    def set_files(self, paths: list[str]) -> None:
        self.files.clear()
        self.files.addItems(paths)
        if paths and not self.curated.text():
            self.curated.setText(str(default_curated_path(paths[0])))

    def paths(self) -> list[str]:
        return [self.files.item(k).text() for k in range(self.files.count())]


class AnnotationMenu:
    """File › Open annotators' files…, Compare releases…, Suspicious gold…"""

    def __init__(self, window: MenuHost, file_menu: QMenu, before: QAction):
        self.window = window
        self.windows: list[QWidget] = []        # kept alive while open
        self.open_action = QAction(tr("annotation_menu", "Open &annotators' files…"), window)  # type: ignore[arg-type]
        self.open_action.setShortcut(QKeySequence("Ctrl+Alt+A"))
        self.open_action.setStatusTip(tr("annotation_menu", "Several annotators' files of the same "
                                         "sentences: their disagreements, and adjudication into a curated file"))
        self.open_action.triggered.connect(lambda _=False: self.ask_annotators())
        window.addAction(self.open_action)
        file_menu.insertAction(before, self.open_action)
        self.extra: list[QAction] = []
        self.file_menu, self.before = file_menu, before

    def add(self, action: QAction) -> None:
        """Another entry of the family (the release diff, the suspects table)."""
        self.window.addAction(action)
        self.file_menu.insertAction(self.before, action)
        self.extra.append(action)

    def ask_annotators(self) -> None:
        dialog = AnnotatorsDialog(self.window)  # type: ignore[arg-type]
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.open_annotators(dialog.paths(), dialog.parser.text().strip() or None,
                             dialog.curated.text().strip() or None)

    def open_annotators(self, paths: list[str], parser: str | None = None,
                        curated: str | None = None) -> AnnotatorsWindow | None:
        try:
            document = AnnotatorsDocument(paths, parser)
        except AnnotatorsError as exc:
            if self.window.interactive:
                QMessageBox.warning(self.window, tr("annotation_menu", "Annotators' files"), str(exc))  # type: ignore[arg-type]
            self.last_error = str(exc)
            return None
        shown = AnnotatorsWindow(document, Path(curated) if curated else default_curated_path(paths[0]),
                                 interactive=self.window.interactive)
        self.windows.append(shown)
        shown.resize(1280, 720)
        shown.show()
        return shown
