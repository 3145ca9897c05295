"""The annotation team's entries in the File menu: "Open annotators' files…" (the
disagreement browser and adjudication), "Compare releases…" (the release diff) and
"Suspicious gold…" (the suspects table).  Each opens a window of its own; the main
window only lends its File menu and its folder."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLineEdit, QListWidget, QMenu, QMessageBox, QProgressDialog,
                               QPushButton, QVBoxLayout, QWidget)

from tcompare.gui.annotation.annotators_load import AnnotatorsLoad
from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import N_, tr
from tcompare.workspace.annotators import AnnotatorsDocument, AnnotatorsError, default_curated_path


class MenuHost(Protocol):
    """The window lending its File menu."""

    interactive: bool

    def open_files(self, gold: str, systems: list[str] | tuple = (), notation: str | None = None,
                   profile: str | None = None, options: dict | None = None, goto: int = 1) -> None: ...
    def activateWindow(self) -> None: ...  # noqa: N802
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
        form.addRow(tr("annotation_menu", "Parser:"), self._with_button(self.parser, self._choose_parser))
        form.addRow(tr("annotation_menu", "Curated file:"), self._with_button(self.curated, self._choose_curated))
        ok = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok.accepted.connect(self.accept)
        ok.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.files)
        box.addLayout(buttons_row)
        box.addLayout(form)
        box.addWidget(ok)
        self.files.setAccessibleName(tr("annotation_menu", "Annotators' files"))
        self.parser.setAccessibleName(tr("annotation_menu", "Parser:").rstrip(":："))
        self.curated.setAccessibleName(tr("annotation_menu", "Curated file:").rstrip(":："))
        a11y.name_widgets(self)

    def _with_button(self, line: QLineEdit, slot) -> QWidget:
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(line, 1)
        button = QPushButton(tr("annotation_menu", "Choose…"))
        button.setToolTip(line.placeholderText() or tr("annotation_menu", "Where the curated file goes"))
        button.clicked.connect(lambda _=False: slot())
        box.addWidget(button)
        return row

    def _choose_parser(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("annotation_menu", "A parser's output"))
        if path:
            self.parser.setText(path)

    def _choose_curated(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("annotation_menu", "The curated file"),
                                              self.curated.text())
        if path:
            self.curated.setText(path)

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


STAGE_TEXT = {"read": N_("annotation_menu", "Reading the files: {done} of {total} sentences"),
              "pair": N_("annotation_menu", "Pairing the sentences: file {done} of {total}"),
              "compare": N_("annotation_menu", "Finding the disagreements: {done} of {total} sentences")}


class AnnotationMenu:
    """File › Open annotators' files…, Compare releases…, Suspicious gold…"""

    def __init__(self, window: MenuHost, file_menu: QMenu, before: QAction):
        self.window = window
        self.windows: list[QWidget] = []        # kept alive while open
        self.load: AnnotatorsLoad | None = None          # the annotators' files being read
        self.progress: QProgressDialog | None = None
        self.last_error = ""
        self.open_action = QAction(tr("annotation_menu", "Open &annotators' files…"), window)  # type: ignore[arg-type]
        self.open_action.setShortcut(QKeySequence("Ctrl+Alt+A"))
        self.open_action.setStatusTip(tr("annotation_menu", "Several annotators' files of the same "
                                         "sentences: their disagreements, and adjudication into a curated file"))
        self.open_action.triggered.connect(lambda _=False: self.ask_annotators())
        window.addAction(self.open_action)
        file_menu.insertAction(before, self.open_action)
        self.release_action = QAction(tr("annotation_menu", "Compare &releases…"), window)  # type: ignore[arg-type]
        self.release_action.setStatusTip(tr("annotation_menu", "Two releases of a treebank: what changed, "
                                            "each changed sentence drawn old against new"))
        self.release_action.triggered.connect(lambda _=False: self.ask_release())
        self.suspects_action = QAction(tr("annotation_menu", "S&uspicious gold…"), window)  # type: ignore[arg-type]
        self.suspects_action.setStatusTip(tr("annotation_menu", "Gold sentences most likely to hold an "
                                             "annotation error (systems agreeing against it, variation "
                                             "nuclei, duplicates)"))
        self.suspects_action.triggered.connect(lambda _=False: self.ask_suspects())
        for action in (self.release_action, self.suspects_action):
            window.addAction(action)
            file_menu.insertAction(before, action)
        file_menu.insertSeparator(before)

    def _files(self, title: str, many: bool = False) -> list[str]:
        if many:
            return QFileDialog.getOpenFileNames(self.window, title)[0]  # type: ignore[arg-type]
        path = QFileDialog.getOpenFileName(self.window, title)[0]  # type: ignore[arg-type]
        return [path] if path else []

    def _problem(self, title: str, message: str) -> None:
        self.last_error = message
        if self.window.interactive:
            QMessageBox.warning(self.window, title, message)  # type: ignore[arg-type]

    def _keep(self, shown: QWidget) -> QWidget:
        self.windows.append(shown)
        shown.resize(1280, 720)
        shown.show()
        return shown

    def ask_release(self) -> None:
        old = self._files(tr("annotation_menu", "The old release"))
        new = self._files(tr("annotation_menu", "The new release")) if old else []
        if old and new:
            self.open_release(old[0], new[0])

    def open_release(self, old: str, new: str) -> QWidget | None:
        from tcompare import formats
        from tcompare.analysis.release_diff import release_diff
        from tcompare.gui.annotation.release_window import ReleaseWindow
        title = tr("annotation_menu", "Compare releases")
        try:
            before, after = formats.read_file(old), formats.read_file(new)
            diff = release_diff(before, after)
        except (formats.ReadError, ValueError) as exc:
            self._problem(title, str(exc))
            return None
        return self._keep(ReleaseWindow(diff, before, after))

    def ask_suspects(self) -> None:
        gold = self._files(tr("annotation_menu", "The gold file"))
        if gold:
            systems = self._files(tr("annotation_menu", "Systems' files (optional: cancel for none)"), many=True)
            self.open_suspects(gold[0], systems)

    def open_suspects(self, gold: str, systems: list[str]) -> QWidget | None:
        from tcompare import formats
        from tcompare.analysis.suspects import rank_suspects
        from tcompare.gui.annotation.suspects_window import SuspectsWindow
        title = tr("annotation_menu", "Suspicious gold")
        try:
            corpus = formats.read_file(gold)
            others = [formats.read_file(s) for s in systems]
            found = rank_suspects(corpus, others)
        except (formats.ReadError, ValueError) as exc:
            self._problem(title, str(exc))
            return None
        return self._keep(SuspectsWindow(found, corpus, others, open_sentence=self._open_in_main))

    def _open_in_main(self, gold: str, systems: list[str], sentence: int) -> None:
        self.window.open_files(gold, systems, goto=sentence)
        self.window.activateWindow()

    def ask_annotators(self) -> None:
        if self.load is not None:
            self._problem(tr("annotation_menu", "Annotators' files"),
                          tr("annotation_menu", "annotators' files are being read: wait or cancel"))
            return
        dialog = AnnotatorsDialog(self.window)  # type: ignore[arg-type]
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.start_annotators(dialog.paths(), dialog.parser.text().strip() or None,
                              dialog.curated.text().strip() or None)

    def start_annotators(self, paths: list[str], parser: str | None = None,
                         curated: str | None = None) -> AnnotatorsLoad:
        """Read the files in a thread behind a cancellable progress dialog; the window
        opens when they are read (`self.windows[-1]`)."""
        parent = self.window if isinstance(self.window, QWidget) else None
        self.progress = dialog = QProgressDialog(tr("annotation_menu", "Reading the annotators' files…"),
                                                 tr("annotation_menu", "Cancel"), 0, 100, parent)
        dialog.setObjectName("annotators_progress")
        dialog.setWindowTitle(tr("annotation_menu", "Open annotators' files"))
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setValue(0)
        dialog.show()
        self.load = load = AnnotatorsLoad(paths, parser, parent)
        dialog.canceled.connect(load.requestInterruption)
        load.progress.connect(self._on_progress)
        load.done.connect(lambda document, error: self._on_loaded(document, error, paths, curated))
        load.start()
        return load

    def _on_progress(self, value: int, stage: str, done: int, total: int) -> None:
        if self.progress is not None and not self.progress.wasCanceled():
            self.progress.setValue(value)
            self.progress.setLabelText(tr("annotation_menu", STAGE_TEXT[stage]).format(done=done, total=total))

    def _on_loaded(self, document: AnnotatorsDocument | None, error: str, paths: list[str],
                   curated: str | None) -> None:
        load, self.load = self.load, None
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        if load is not None:
            load.wait()
            load.deleteLater()
        if document is None:
            if error:
                self._problem(tr("annotation_menu", "Annotators' files"), error)
            else:
                self.last_error = tr("annotation_menu", "cancelled: no file was opened")
            return
        self.show_annotators(document, paths, curated)

    def shutdown(self, timeout_ms: int = 30000) -> None:
        """The main window closes: stop the reading and wait for its thread (a QThread
        destroyed while it runs aborts the program)."""
        if self.load is not None:
            self.load.requestInterruption()
            self.load.wait(timeout_ms)

    def open_annotators(self, paths: list[str], parser: str | None = None,
                        curated: str | None = None) -> AnnotatorsWindow | None:
        """The same, read in this thread (scripts and tests)."""
        try:
            document = AnnotatorsDocument(paths, parser)
        except AnnotatorsError as exc:
            self._problem(tr("annotation_menu", "Annotators' files"), str(exc))
            return None
        return self.show_annotators(document, paths, curated)

    def show_annotators(self, document: AnnotatorsDocument, paths: list[str],
                        curated: str | None) -> AnnotatorsWindow:
        shown = AnnotatorsWindow(document, Path(curated) if curated else default_curated_path(paths[0]),
                                 interactive=self.window.interactive)
        self._keep(shown)
        return shown
