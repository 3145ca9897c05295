"""The files of a graded class, written from the window as `tcompare grade` writes them:
the gradebook (CSV), one feedback page per student at a chosen level, the class summary
(`export.grading_files`), the pages in the interface's language.  Each asks where (unless told) and says a failed write."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from tcompare.gui.language.i18n import current, tr


class GradingOutputs:
    def __init__(self, parent: QWidget, grades: Any):
        self.parent, self.grades = parent, grades

    def _where(self, path: str | None, title: str, suggested: str, folder: bool = False) -> str:
        if path:
            return path
        start = os.path.join(os.path.dirname(os.path.abspath(self.grades.gold.path)), suggested)
        if folder:
            return QFileDialog.getExistingDirectory(self.parent, title, os.path.dirname(start))
        return QFileDialog.getSaveFileName(self.parent, title, start)[0]

    def _written(self, write: Any, *args: Any) -> bool:
        from tcompare.atomic_file import WriteError

        try:
            write(self.grades, *args, current())
        except (WriteError, OSError) as exc:
            QMessageBox.warning(self.parent, tr("grading", "Grade a class"), str(exc))
            return False
        return True

    def save_gradebook(self, path: str | None = None) -> str:
        """The gradebook as `tcompare grade --output csv` writes it; the path ('' if none)."""
        from tcompare.export.grading_files import write_gradebook

        path = self._where(path, tr("grading", "Save gradebook (CSV)…"), "gradebook.csv")
        return path if path and self._written(write_gradebook, path) else ""

    def save_summary(self, path: str | None = None) -> str:
        from tcompare.export.grading_files import write_summary

        path = self._where(path, tr("grading", "Save class summary…"), "class-summary.html")
        return path if path and self._written(write_summary, path) else ""

    def write_feedback(self, folder: str | None = None, level: str | None = None) -> str:
        """One feedback page per student in `folder` at `level` (asked when not given)."""
        from tcompare.export.grading_files import LEVELS, write_feedback

        if level is None:
            names = [tr("grading", "the score only"), tr("grading", "the items wrong"),
                     tr("grading", "the items wrong and the drawings")]
            chosen, ok = QInputDialog.getItem(self.parent, tr("grading", "Write feedback files…"),
                                              tr("grading", "What each student sees:"), names,
                                              1, False)
            if not ok:
                return ""
            level = LEVELS[names.index(chosen)]
        folder = self._where(folder, tr("grading", "Write feedback files…"), "feedback", True)
        return folder if folder and self._written(write_feedback, folder, level) else ""
