"""File › Export report… and Export interactive report…: the HTML files of `tcompare report`
and `tcompare report --interactive` for the files that are open.

Asks for a path, then runs `tcompare.export.report_html.write_report` (the same Qt-free
function as the command line) on a worker thread for the open gold file and systems, with
the window's profile, options, notation and encoding; a progress dialog follows its steps
and the status bar says where the file went.  The report reads the files as saved: unsaved
gold edits are not in it (the status bar says so).

Forked scoring workers are not used here (``jobs=1``): forking a process that runs Qt
threads is not safe.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

from tcompare.gui.language.i18n import N_, tr

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QStatusBar

    from tcompare.gui.shell.actions import WindowActions
    from tcompare.gui.session import Session
    from tcompare.workspace.loading import LoadRequest


class UnsavedEdits(Protocol):
    def dirty(self) -> bool: ...


class ReportHost(Protocol):
    """The window whose open files are reported (a QWidget: the dialogs' parent); the report
    is read from the files as saved, so unsaved edits are mentioned."""

    session: Session
    settings: QSettings
    interactive: bool
    editor: UnsavedEdits

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)
    def addAction(self, action: QAction) -> None: ...  # noqa: N802

# the steps `write_report` reports (English data from below the GUI), shown translated
STEPS = (N_("report_action", "reading {name}"), N_("report_action", "scoring {name}"),
         N_("report_action", "labels, confusions and error classes of {name}"),
         N_("report_action", "drawing the worst sentences of {name}"),
         N_("report_action", "significance test between the systems"), N_("report_action", "done"))


def step_text(text: str) -> str:
    """A progress step of `write_report` in the interface's language (unknown: as it is)."""
    for template in STEPS:
        pattern = re.escape(template).replace(re.escape("{name}"), "(?P<name>.+)")
        found = re.fullmatch(pattern, text, re.S)
        if found is not None:
            return tr("report_action", template).format(**found.groupdict())
    return text


class ReportJob(QThread):
    """`write_report` off the GUI thread; `progress(percent, text)`, then `done(data, error)`."""

    progress = Signal(int, str)
    done = Signal(object, str)

    def __init__(self, path: Path, request: LoadRequest, parent: QObject | None = None,
                 browse: bool = False):
        super().__init__(parent)
        self.path = path
        self.request = request
        self.browse = browse        # the interactive page (`export.interactive_html`)

    def run(self) -> None:  # noqa: D401 - Qt entry point
        from tcompare.export.report_data import ReportError
        from tcompare.export.report_html import write_report

        req = self.request
        steps = {"progress": lambda f, text: self.progress.emit(int(f * 100), text)}
        try:
            if self.browse:
                from tcompare.export.interactive_html import write_interactive
                from tcompare.gui.language import i18n

                lang = {"zh_CN": "zh", "zh_TW": "zh_TW"}.get(i18n.current(), "en")
                data = write_interactive(self.path, req.gold, list(req.systems), req.profile,
                                         dict(req.options), lang=lang, fmt=req.notation,
                                         encoding=req.file_encoding(), jobs=1, **steps).report
            else:
                data = write_report(self.path, req.gold, list(req.systems), req.profile,
                                    dict(req.options), fmt=req.notation,
                                    encoding=req.file_encoding(), jobs=1, **steps)
        except ReportError as exc:
            self.done.emit(None, str(exc))
        except OSError as exc:
            self.done.emit(None, tr("report_action", "cannot write {path}: {error}").format(
                path=self.path, error=exc.strerror or exc))
        else:
            self.done.emit(data, "")


class ReportExport:
    """The File menu's "Export report…" action of `window` (``browse``: "Export interactive
    report…", the sentence browser), placed right after `after` (File › Export current
    sentence…) when that is given, else before Quit."""

    def __init__(self, window: ReportHost, actions: WindowActions, after: QAction | None = None,
                 browse: bool = False):
        self.window = window
        self.browse = browse
        self.job: ReportJob | None = None
        self.written: Path | None = None
        self.error = ""
        self.progress: QProgressDialog | None = None
        if browse:
            self.action = QAction(tr("report_action", "Export &interactive report…"), window)
            self.action.setStatusTip(tr("report_action", "One HTML file to browse every sentence "
                                        "in a web browser: filters, drawings, links"))
        else:
            self.action = QAction(tr("report_action", "Export &report…"), window)
            self.action.setStatusTip(tr("report_action", "One HTML file with the figures, significance, "
                                        "charts and the worst sentences of every open system"))
        self.action.triggered.connect(self.ask)
        window.addAction(self.action)
        menu = actions.menus["file"]
        entries = menu.actions()
        export = after if after in entries else None
        before = entries[entries.index(export) + 1] if export is not None else actions.quit
        menu.insertAction(before, self.action)

    def _default_path(self) -> str:
        req = self.window.session.request
        folder = str(self.window.settings.value("last_folder", str(Path(req.gold).parent)))
        suffix = "-interactive.html" if self.browse else "-report.html"
        return str(Path(folder) / (Path(req.gold).stem + suffix))

    def ask(self) -> None:
        req = self.window.session.request
        if req is None or not req.systems:
            self.window.statusBar().showMessage(
                tr("report_action", "open a gold file and at least one system first"), 5000)
            return
        if self.job is not None:
            self.window.statusBar().showMessage(tr("report_action", "a report is being written"), 5000)
            return
        caption = tr("report_action", "Export interactive report") if self.browse else \
            tr("report_action", "Export report")
        path, _ = QFileDialog.getSaveFileName(self.window, caption,
                                              self._default_path(),
                                              tr("report_action", "HTML report (*.html)"))
        if path:
            self.export(Path(path))

    def export(self, path: Path) -> ReportJob:
        """Start writing the report to `path`; `job.done` fires when it is written."""
        if path.suffix.lower() not in (".html", ".htm"):
            path = path.with_name(path.name + ".html")
        self.written, self.error = None, ""
        self.progress = dialog = QProgressDialog(tr("report_action", "Writing the report…"), "", 0, 100,
                                                 self.window)
        dialog.setWindowTitle(tr("report_action", "Export report"))
        dialog.setCancelButton(None)            # the scorer cannot stop half-way
        dialog.setMinimumDuration(400)
        dialog.setAutoClose(False)
        self.job = job = ReportJob(path, self.window.session.request, self.window, self.browse)
        job.progress.connect(self._on_progress)
        job.done.connect(self._on_done)
        job.start()
        return job

    def _on_progress(self, percent: int, text: str) -> None:
        if self.progress is not None:
            self.progress.setValue(min(99, percent))
            self.progress.setLabelText(step_text(text))

    def _on_done(self, data: Any, error: str) -> None:
        job, self.job = self.job, None
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        if job is not None:
            job.wait()
            job.deleteLater()
        if data is None:
            self.error = error
            self.window.statusBar().showMessage(
                tr("report_action", "report not written: {error}").format(error=error), 10000)
            if self.window.interactive:
                QMessageBox.warning(self.window, tr("report_action", "Export report"),
                                    tr("report_action", "The report was not written:\n{error}").format(
                                        error=error))
            return
        assert job is not None
        self.written = job.path
        self.window.settings.setValue("last_folder", str(job.path.parent))
        unsaved = self.window.editor.dirty()
        self.window.statusBar().showMessage(
            tr("report_action", "report written to {path} ({seconds} s)").format(
                path=job.path, seconds=f"{data.seconds:.1f}")
            + (tr("report_action", " -- from the files as saved, without the unsaved edits")
               if unsaved else ""), 10000)
