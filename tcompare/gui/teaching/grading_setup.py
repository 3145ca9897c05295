"""File › Grade a class…, first step: the exercise's gold file, the students' files (a
folder or files), the profile and the teacher's rule (a threshold table or a line on the
figure), as `tcompare grade` takes them; then `grade` runs `analysis.grading.grade_class`
student by student in a thread (`GradeJob`) under a cancellable progress dialog."""

from __future__ import annotations

import os
from dataclasses import dataclass

from typing import Any, Callable

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import ( QComboBox, QDialog, QDialogButtonBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QProgressDialog,
                               QPushButton, QWidget)

from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import tr

SEPARATOR = ";"


@dataclass
class GradeRequest:
    gold: str
    submissions: list[str]
    profile: str | None
    rule_kind: str          # "thresholds" | "linear"
    rule: str


class GradeSetupDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, folder: str = ""):
        super().__init__(parent)
        self.setWindowTitle(tr("grading", "Grade a class"))
        self.setObjectName("grade_setup")
        self.folder = folder
        self.gold = QLineEdit()
        self.gold.setObjectName("grade_gold")
        self.gold.textChanged.connect(self._gold_changed)
        self.submissions = QLineEdit()
        self.submissions.setObjectName("grade_submissions")
        self.submissions.setPlaceholderText(tr("grading", "a folder, or files separated by ;"))
        self.profile = QComboBox()
        self.rule_kind = QComboBox()
        self.rule_kind.addItem(tr("grading", "Threshold table (grade:lowest figure)"), "thresholds")
        self.rule_kind.addItem(tr("grading", "Straight line (figure:grade,figure:grade)"), "linear")
        self.rule_kind.currentIndexChanged.connect(self._rule_kind_changed)
        self.rule = QLineEdit("A:90,B:80,C:70,D:60,F:0")
        self.rule.setObjectName("grade_rule")
        self.problem = QLabel("")
        self.problem.setWordWrap(True)

        def browse_row(edit: QLineEdit, *buttons: QPushButton) -> QHBoxLayout:
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            for button in buttons:
                row.addWidget(button)
            return row

        gold_button = QPushButton(tr("grading", "Browse…"))
        gold_button.clicked.connect(self.choose_gold)
        folder_button = QPushButton(tr("grading", "Folder…"))
        folder_button.clicked.connect(self.choose_folder)
        files_button = QPushButton(tr("grading", "Files…"))
        files_button.clicked.connect(self.choose_files)
        form = QFormLayout(self)
        form.addRow(tr("grading", "Exercise (gold file)"), browse_row(self.gold, gold_button))
        form.addRow(tr("grading", "Students' files"),
                    browse_row(self.submissions, folder_button, files_button))
        form.addRow(tr("grading", "Profile"), self.profile)
        form.addRow(tr("grading", "Grade rule"), self.rule_kind)
        form.addRow("", self.rule)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.gold.setAccessibleName(tr("grading", "Exercise (gold file)"))
        self.rule.setAccessibleName(tr("grading", "Grade rule"))
        a11y.name_widgets(self)
        self.resize(640, 240)

    def _gold_changed(self, path: str) -> None:
        from tcompare.scoring import profiles

        notation = None
        if os.path.isfile(path):
            try:
                from tcompare.formats.lines import sniff_head

                notation = sniff_head(path)
            except Exception:
                notation = None
        self.profile.clear()
        if notation:
            self.profile.addItems([n for n in profiles.names_for(notation) if n != "phenomena"])
            self.profile.setCurrentText(profiles.default_for(notation))

    def _rule_kind_changed(self) -> None:
        self.rule.setText("A:90,B:80,C:70,D:60,F:0" if self.rule_kind.currentData() == "thresholds"
                          else "50:0,95:20")

    def choose_gold(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("grading", "The exercise's gold file"),
                                              self.folder)
        if path:
            self.gold.setText(path)

    def choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("grading", "The students' folder"),
                                                self.folder)
        if path:
            self.submissions.setText(path)

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, tr("grading", "The students' files"),
                                                self.folder)
        if paths:
            self.submissions.setText(SEPARATOR.join(paths))

    def request(self) -> GradeRequest:
        parts = [p.strip() for p in self.submissions.text().split(SEPARATOR) if p.strip()]
        return GradeRequest(self.gold.text().strip(), parts, self.profile.currentText() or None,
                            self.rule_kind.currentData(), self.rule.text().strip())


def grade_now(request: GradeRequest, progress: Callable[[int, int, str], None] | None = None,
              stop: Callable[[], bool] | None = None) -> tuple[Any, str]:
    """(ClassGrades or None, the problem in words), in the calling thread: what `GradeJob`
    runs, `tcompare grade`'s code (`analysis.grading`) from the rule to the mistakes."""
    from tcompare import formats
    from tcompare.analysis import grading
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import kind_problem

    try:
        rule = (grading.parse_linear(request.rule) if request.rule_kind == "linear"
                else grading.parse_thresholds(request.rule))
        paths = grading.collect_submissions(request.submissions, request.gold)
        gold = formats.read_file(request.gold)
        profile = profiles.get(request.profile or profiles.default_for(gold.notation))
        problem = kind_problem(profile, gold) if len(gold) else None
        if problem:
            return None, problem
        return grading.grade_class(gold, paths, profile, profile.prepare({}), rule,
                                   progress=progress, stop=stop), ""
    except grading.GradingCancelled:
        raise                                # (not a problem to tell: the teacher asked)
    except (grading.RuleError, grading.GradingError, formats.ReadError, KeyError) as exc:
        return None, str(exc)


class GradeJob(QThread):
    """`grade_now(request)` off the GUI thread: `progress(k, total, student)` before each
    student, then `done(ClassGrades or None, problem)`; stops between students when asked
    (`requestInterruption`): done(None, "") then."""

    progress = Signal(int, int, str)
    done = Signal(object, str)

    def __init__(self, request: GradeRequest, parent: QObject | None = None):
        super().__init__(parent)
        self.request = request
        self.cancelled = False

    def run(self) -> None:  # noqa: D401 - Qt entry point
        from tcompare.analysis.grading import GradingCancelled

        try:
            grades, problem = grade_now(self.request, self.progress.emit,
                                        self.isInterruptionRequested)
        except GradingCancelled:
            self.cancelled = True
            grades, problem = None, ""
        except Exception as exc:           # a bug must not kill the thread silently: said
            grades, problem = None, f"{type(exc).__name__}: {exc}"
        self.done.emit(grades, problem)


def grade(request: GradeRequest, parent: QWidget | None = None,
          started: Callable[[GradeJob, QProgressDialog], None] | None = None) -> tuple[Any, str]:
    """(ClassGrades or None, the problem in words; "" when the teacher cancelled).

    The grading runs in a `GradeJob` thread while this waits in an event loop of its own:
    the windows keep painting and answering, the progress dialog's Cancel stops the job
    between two students.  `started(job, dialog)` is told once both exist (tests)."""
    job = GradeJob(request)
    progress = QProgressDialog(tr("grading", "Grading…"), tr("grading", "Cancel"), 0, 0, parent)
    progress.setObjectName("grading_progress")
    progress.setWindowTitle(tr("grading", "Grade a class"))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.setMinimumDuration(300)
    progress.setMinimumWidth(420)            # a long student name does not resize it
    outcome: list[Any] = [None, ""]
    loop = QEventLoop()

    def step(k: int, total: int, name: str) -> None:
        if progress.wasCanceled():
            return
        progress.setMaximum(total)
        progress.setValue(k)
        progress.setLabelText(tr("grading", "Grading {name} ({k} of {n})…").format(
            name=name, k=k + 1, n=total))

    def stopping() -> None:
        job.requestInterruption()
        progress.setLabelText(tr("grading", "Stopping after this student…"))

    def finished(grades: Any, problem: str) -> None:
        outcome[:] = [grades, problem]
        loop.quit()

    # queued: the slots run in this (the GUI) thread, where the dialog lives
    job.progress.connect(step, Qt.ConnectionType.QueuedConnection)
    job.done.connect(finished, Qt.ConnectionType.QueuedConnection)
    progress.canceled.connect(stopping)
    job.start()
    if started is not None:
        started(job, progress)
    loop.exec()
    job.wait()
    progress.close()
    progress.deleteLater()
    return outcome[0], outcome[1]
