"""File › Parse gold with…: run a parser on the open gold file and compare its output.

The dialog lists every parser of `tcompare.parsers.catalogue()`: those installed here can be
chosen, the others are shown greyed with the exact command that installs them (nothing is
downloaded).  The parser reads the gold's own tokens, or its raw text (then the aligned
profile, conll18, scores it).  Loading and parsing run on a `ParseJob` thread behind a
progress dialog whose Cancel stops between batches; the system file is written next to the
gold (``GOLD.PARSER.conllu``) through atomic_file and added to the open comparison.
Sentences the parser failed on are missing parses, counted in the status bar.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QMessageBox, QProgressDialog, QPushButton, QRadioButton,
                               QVBoxLayout, QWidget)

from tcompare.atomic_file import atomic_write_text
from tcompare.gui.language.i18n import tr
from tcompare.gui.teaching.parser_threads import ParseJob
from tcompare.parsers import CONSTITUENCY, DEPENDENCY, PRETOKENISED, RAW, ParserInfo, catalogue

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMenu, QStatusBar

    from tcompare.gui.session import Session
    from tcompare.parsers import ParseRun

SUFFIX = {"conllu": ".conllu", "conllx": ".conll", "ptb": ".mrg"}


class ParseGoldHost(Protocol):
    """The window: its open files, where to say what happened, and how to open more."""

    session: Session
    settings: QSettings
    interactive: bool

    def open_files(self, gold: str, systems: list[str] | tuple = (), notation: str | None = None,
                   profile: str | None = None, options: dict | None = None, goto: int = 1) -> None: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)
    def addAction(self, action: QAction) -> None: ...  # noqa: N802


def default_output(gold: str, parser: str, kind: str, notation: str) -> str:
    out_notation = "ptb" if kind == CONSTITUENCY else ("conllx" if notation == "conllx" else "conllu")
    safe = re.sub(r"[^\w.-]+", "-", parser).strip("-")
    path = Path(gold)
    return str(path.with_name(f"{path.stem}.{safe}{SUFFIX[out_notation]}"))


class ParseGoldDialog(QDialog):
    """Which parser, which mode, which file."""

    def __init__(self, parent: QWidget | None, gold: str, kind: str, notation: str,
                 entries: list[ParserInfo] | None = None):
        super().__init__(parent)
        self.setWindowTitle(tr("parse_gold", "Parse gold with a parser"))
        self.setObjectName("parse_gold_dialog")
        self.gold, self.kind, self.notation = gold, kind, notation
        self.entries = [e for e in (entries if entries is not None else catalogue()) if e.kind == kind]
        self.parser = QComboBox()
        self.parser.setObjectName("parse_parser")
        model = QStandardItemModel(self.parser)
        self.parser.setModel(model)
        for e in self.entries:
            self.parser.addItem(e.name if e.installed else tr("parse_gold", "{name} (not installed)").format(name=e.name))
            item = model.item(self.parser.count() - 1)
            item.setToolTip(e.detail + ("\n" + e.install if e.install else ""))
            if not e.installed:
                item.setEnabled(False)
        first = next((i for i, e in enumerate(self.entries) if e.installed and not e.name.startswith("stub")),
                     next((i for i, e in enumerate(self.entries) if e.installed), 0))
        self.parser.setCurrentIndex(first)
        self.detail = QLabel("")
        self.detail.setObjectName("parse_detail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pretokenised = QRadioButton(tr("parse_gold", "On the gold's own tokens, sentence by sentence"))
        self.raw = QRadioButton(tr("parse_gold", "On the raw text (the parser finds sentences and tokens; "
                                   "scored with an aligned profile)"))
        self.pretokenised.setChecked(True)
        self.output = QLineEdit()
        self.output.setObjectName("parse_output")
        browse = QPushButton(tr("parse_gold", "Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.output, 1)
        row.addWidget(browse)
        form = QFormLayout()
        form.addRow(tr("parse_gold", "Gold"), QLabel(gold))
        form.addRow(tr("parse_gold", "Parser"), self.parser)
        form.addRow("", self.detail)
        form.addRow(tr("parse_gold", "Mode"), self.pretokenised)
        form.addRow("", self.raw)
        form.addRow(tr("parse_gold", "System file"), row)
        missing = [e for e in self.entries if not e.installed]
        install = QLabel(tr("parse_gold", "Not installed here (nothing is downloaded; run the command, "
                            "then open this dialog again):") + "".join(
            f"<br><b>{e.name}</b>: <code>{e.install}</code>" for e in missing) if missing else "")
        install.setObjectName("parse_install")
        install.setWordWrap(True)
        install.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("parse_gold", "Parse"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(install)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.parser.currentIndexChanged.connect(self._chosen)
        self._chosen(self.parser.currentIndex())
        self.resize(720, 360)

    def entry(self) -> ParserInfo | None:
        i = self.parser.currentIndex()
        return self.entries[i] if 0 <= i < len(self.entries) else None

    def mode(self) -> str:
        return RAW if self.raw.isChecked() else PRETOKENISED

    def _chosen(self, _index: int) -> None:
        entry = self.entry()
        ok = entry is not None and entry.installed
        if entry is None:
            self.detail.setText(tr("parse_gold", "no parser of this kind"))
        else:       # said here, in the interface's language; the parsers' own words in the tooltip
            gives = (tr("parse_gold", "gives dependencies") if entry.kind == DEPENDENCY
                     else tr("parse_gold", "gives constituency trees"))
            state = (tr("parse_gold", "installed") if entry.installed
                     else tr("parse_gold", "not installed: {command}").format(command=entry.install))
            self.detail.setText(f"{entry.name}: {gives}, {state}")
            self.detail.setToolTip(entry.detail)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        if entry is not None:
            self.output.setText(default_output(self.gold, entry.name, self.kind, self.notation))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("parse_gold", "System file"), self.output.text())
        if path:
            self.output.setText(path)


class ParseGold:
    """File › Parse gold with… of a window: the dialog, the job, the progress, the result."""

    def __init__(self, window: ParseGoldHost, file_menu: QMenu, before: QAction | None = None):
        self.window = window
        self.job: ParseJob | None = None
        self.progress: QProgressDialog | None = None
        self.written: Path | None = None
        self.run: ParseRun | None = None
        self.error = self.message = ""
        self.action = QAction(tr("parse_gold", "&Parse gold with…"), window)
        self.action.setStatusTip(tr("parse_gold", "Run a parser installed here on the gold file and "
                                    "compare its output with the gold"))
        self.action.triggered.connect(self.ask)
        window.addAction(self.action)
        file_menu.insertAction(before, self.action) if before is not None else file_menu.addAction(self.action)

    def _open(self) -> tuple[str, str, str] | None:
        req = self.window.session.request
        if req is None:
            self.window.statusBar().showMessage(tr("parse_gold", "open a gold file first"), 5000)
            return None
        notation = req.notation or self.window.session.notation or ""
        kind = DEPENDENCY if notation in ("conllu", "conllx") else CONSTITUENCY
        return req.gold, notation, kind

    def make_dialog(self) -> ParseGoldDialog | None:
        opened = self._open()
        if opened is None:
            return None
        gold, notation, kind = opened
        return ParseGoldDialog(self.window if isinstance(self.window, QWidget) else None, gold, kind, notation)

    def ask(self) -> None:
        if self.job is not None:
            self.window.statusBar().showMessage(tr("parse_gold", "a parser is running"), 5000)
            return
        dialog = self.make_dialog()
        if dialog is not None and dialog.exec():
            entry = dialog.entry()
            if entry is not None:
                self.start(entry.name, dialog.mode(), dialog.output.text())

    def start(self, parser: str, mode: str, output: str) -> ParseJob:
        """Parse the open gold with `parser` into `output` (tests call this directly)."""
        req = self.window.session.request
        assert req is not None
        self.written, self.run, self.error = None, None, ""
        self.target, self.mode = Path(output), mode
        self.progress = dialog = QProgressDialog(tr("parse_gold", "Loading {parser}…").format(parser=parser),
                                                 tr("parse_gold", "Cancel"), 0, 100,
                                                 self.window if isinstance(self.window, QWidget) else None)
        dialog.setObjectName("parse_progress")
        dialog.setWindowTitle(tr("parse_gold", "Parse gold with {parser}").format(parser=parser))
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setValue(0)
        self.job = job = ParseJob(parser, req.gold, req.notation, req.file_encoding(), mode,
                                  self.window if isinstance(self.window, QWidget) else None)
        dialog.canceled.connect(job.requestInterruption)
        job.stage.connect(lambda stage: self._stage(parser, stage))
        job.progress.connect(self._on_progress)
        job.done.connect(self._on_done)
        job.start()
        return job

    def cancel(self) -> None:
        if self.job is not None:
            self.job.requestInterruption()

    def shutdown(self, timeout_ms: int = 30000) -> None:
        """The window closes: stop the parse between batches and wait for its thread (a
        QThread destroyed while it runs aborts the program)."""
        if self.job is not None:
            self.job.requestInterruption()
            self.job.wait(timeout_ms)

    def _stage(self, parser: str, stage: str) -> None:
        if self.progress is not None and stage == "parse":
            self.progress.setLabelText(tr("parse_gold", "Parsing with {parser}…").format(parser=parser))

    def _on_progress(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress.setValue(min(99, 100 * done // max(total, 1)))
            self.progress.setLabelText(tr("parse_gold", "Parsing: {done} of {total} sentences").format(
                done=done, total=total))

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def _on_done(self, run: Any, error: str) -> None:
        job, self.job = self.job, None
        self._close_progress()
        if job is not None:
            job.wait()
            job.deleteLater()
        bar = self.window.statusBar()
        if run is None or run.cancelled:
            self.error = error or tr("parse_gold", "cancelled: nothing was written")
            bar.showMessage(tr("parse_gold", "not parsed: {error}").format(error=self.error), 10000)
            if error and self.window.interactive:
                QMessageBox.warning(self.window if isinstance(self.window, QWidget) else None,
                                    tr("parse_gold", "Parse gold"), self.error)
            return
        try:
            atomic_write_text(self.target, run.text)
        except OSError as exc:
            self.error = tr("parse_gold", "cannot write {path}: {error}").format(path=self.target,
                                                                                 error=exc.strerror or exc)
            bar.showMessage(self.error, 10000)
            return
        self.run, self.written = run, self.target
        req = self.window.session.request
        assert req is not None
        # raw text: other sentences and tokens than the gold's, which only the aligned profile scores
        profile = "conll18" if self.mode == RAW and run.notation == "conllu" else req.profile
        systems = [s for s in req.systems if Path(s) != self.target] + [str(self.target)]
        self.message = tr("parse_gold", "{parser}: {sentences} sentences in {seconds} s, {missing} without a "
                          "parse; written to {path}").format(
            parser=run.parser, sentences=run.sentences, seconds=f"{run.seconds:.1f}",
            missing=len(run.missing), path=self.target)
        session = self.window.session

        def say_again(*_args: Any) -> None:     # after the load's own notes
            session.finished.disconnect(say_again)
            bar.showMessage(self.message, 15000)

        session.finished.connect(say_again)
        self.window.open_files(req.gold, systems, req.notation, profile, req.options)
        bar.showMessage(self.message, 15000)
