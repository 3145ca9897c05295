"""File › Grade a class…: the class's grades in a window of their own (issue 32).

* Class: the gradebook (the figures `tcompare grade` prints), the heat map
  (`grading_heatmap`), the sentences nobody got right and the most frequent mistakes;
* Sentence: the class's submissions on one sentence (a list of every student's state and
  figure on it), gold above the chosen student's tree, F8 / Shift+F8 from student to
  student, PgDown / PgUp from sentence to sentence;
* Feedback: a student's feedback page as `tcompare grade --feedback` writes it;
* Present the most common mistake (Ctrl+Shift+P): the Sentence page full screen, high
  contrast and zoomed in, on the first example of the class's most frequent mistake; Esc
  leaves.

Grading is `analysis.grading.grade_class`, the CLI's code: every number is the same.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel, QListWidget,
                               QMainWindow,
                               QMessageBox, QPushButton, QScrollArea,
                               QSplitter, QSpinBox, QTableWidget, QTableWidgetItem, QTabWidget,
                               QTextBrowser, QVBoxLayout, QWidget)

from tcompare.export.grading_messages import grading_message
from tcompare.gui.drawing.legend import VerdictLegend
from tcompare.gui.drawing.views import PlaceholderView, view_class
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import current, tr
from tcompare.gui.language.scorer_text import error_class, scorer_message
from tcompare.gui.language.terms import term
from tcompare.gui.teaching.grading_heatmap import HeatMap
from tcompare.gui.teaching.grading_output import GradingOutputs
from tcompare.gui.teaching.grading_setup import GradeRequest, GradeSetupDialog, grade

class GradingWindow(QMainWindow):
    def __init__(self, grades: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("grading_window")
        self.grades = grades
        self.student = 0
        self.sentence = 1
        self.presenting = False
        self.setWindowTitle(tr("grading", "Grades: {gold}").format(gold=grades.gold.path))
        self.tabs = QTabWidget()
        self.setCentralWidget(self.tabs)
        self.tabs.addTab(self._class_page(), tr("grading", "Class"))
        self.tabs.addTab(self._sentence_page(), tr("grading", "Sentence"))
        self.tabs.addTab(self._feedback_page(), tr("grading", "Feedback"))
        self._actions()
        # the drawing fits the view it is shown in: lay it out again when its page shows
        self.tabs.currentChanged.connect(lambda _k: self._refit())
        self.show_cell(0, 1, switch=False)
        self.show_feedback(0)
        for widget, name in ((self.book, tr("grading", "Gradebook")),
                             (self.mistakes, tr("grading", "Most frequent mistakes")),
                             (self.sentence_box, tr("grading", "Sentence")),
                             (self.student_box, tr("grading", "Student")),
                             (self.feedback_student, tr("grading", "Student's feedback")),
                             (self.feedback, tr("grading", "Feedback"))):
            widget.setAccessibleName(name)
        a11y.name_widgets(self)
        self.resize(1280, 720)

    # -- the class ---------------------------------------------------------------------------------
    def _class_page(self) -> QWidget:
        g = self.grades
        from tcompare.export.grading_files import figure_keys

        keys = figure_keys(g)
        heads = [tr("grading", "student"), tr("grading", "done"), tr("grading", "missing"),
                 tr("grading", "unreadable"), tr("grading", "mismatched"),
                 *[term(k) for k in keys], tr("grading", "grade")]
        book = QTableWidget(len(g.students), len(heads))
        book.setObjectName("gradebook")
        book.setHorizontalHeaderLabels(heads)
        book.verticalHeader().setVisible(False)
        book.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, s in enumerate(g.students):
            f = s.figures
            cells = [s.name, s.count("done"), s.count("missing"), s.count("unreadable"),
                     s.count("mismatch"), *[f"{f[k]:.2f}" if k in f else "–" for k in keys], s.grade]
            for col, value in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if col:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if s.error or s.problems or s.mismatches:
                    item.setToolTip("\n".join(grading_message(m, current()) for m in (
                        [s.error] if s.error else s.problems + s.mismatches)))
                book.setItem(row, col, item)
        book.resizeColumnsToContents()
        book.verticalHeader().setDefaultSectionSize(book.fontMetrics().height() + 8)
        book.cellDoubleClicked.connect(lambda row, _col: self.show_feedback(row, switch=True))
        self.book = book
        self.heat = HeatMap()
        self.heat.set_grades(g)
        self.heat.cell_chosen.connect(lambda s, n: self.show_cell(s, n))
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.heat)
        heat_box = QWidget()
        heat_layout = QVBoxLayout(heat_box)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        legend = QLabel(tr("grading", "Heat map: {figure} per sentence; outlined: exactly right; "
                           "· missing, ✗ cannot be read, ≠ other words, – not scored. Click a "
                           "cell to see that sentence.").format(figure=g.cell_figure or ""))
        legend.setWordWrap(True)
        heat_layout.addWidget(legend)
        heat_layout.addWidget(scroll, 1)
        nobody = g.nobody_right()
        self.nobody = QLabel(tr("grading", "Sentences nobody got right: {list}").format(
            list=", ".join(map(str, nobody)) if nobody else tr("grading", "none")))
        self.nobody.setWordWrap(True)
        unit = tr("grading", "words") if g.kind == "dependency" else tr("grading", "brackets")
        mistakes = QTableWidget(min(len(g.mistakes), 12), 4)
        mistakes.setObjectName("class_mistakes")
        mistakes.setHorizontalHeaderLabels([tr("grading", "mistake"), tr("grading", "times"),
                                            unit, tr("grading", "students")])
        mistakes.verticalHeader().setVisible(False)
        mistakes.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, m in enumerate(g.mistakes[:12]):
            for col, value in enumerate((mistake_name(m.name), m.occurrences, m.weight,
                                         len(m.students))):
                mistakes.setItem(row, col, QTableWidgetItem(str(value)))
        mistakes.resizeColumnsToContents()
        mistakes.verticalHeader().setDefaultSectionSize(mistakes.fontMetrics().height() + 8)
        mistakes.cellDoubleClicked.connect(lambda row, _c: self.present_mistake(row))
        self.present_button = QPushButton(tr("grading", "Present the most common mistake"))
        self.present_button.setEnabled(bool(g.mistakes))
        self.present_button.clicked.connect(lambda: self.present_mistake(0))
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.nobody)
        bottom_layout.addWidget(QLabel(tr("grading", "Most frequent mistakes (double-click one "
                                          "to present it):")))
        bottom_layout.addWidget(mistakes, 1)
        bottom_layout.addWidget(self.present_button)
        self.outputs = GradingOutputs(self, g)
        files = QHBoxLayout()
        for text, slot in ((tr("grading", "Save gradebook (CSV)…"), self.outputs.save_gradebook),
                           (tr("grading", "Write feedback files…"), self.outputs.write_feedback),
                           (tr("grading", "Save class summary…"), self.outputs.save_summary)):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, f=slot: f())
            files.addWidget(button)
        bottom_layout.addLayout(files)
        split = QSplitter(Qt.Orientation.Vertical)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(book)
        top.addWidget(bottom)
        top.setSizes([700, 500])
        split.addWidget(top)
        split.addWidget(heat_box)
        split.setSizes([300, 400])
        self.mistakes = mistakes
        return split

    # -- one sentence, student by student -------------------------------------------------------
    def _sentence_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        bar = QHBoxLayout()
        self.sentence_box = QSpinBox()
        self.sentence_box.setRange(1, max(1, len(self.grades.gold)))
        self.sentence_box.valueChanged.connect(lambda n: self.show_cell(self.student, n, switch=False))
        self.student_box = QComboBox()
        self.student_box.addItems([s.name for s in self.grades.students])
        self.student_box.currentIndexChanged.connect(
            lambda k: self.show_cell(k, self.sentence, switch=False) if k >= 0 else None)
        previous = QPushButton(tr("grading", "◀ Previous student"))
        previous.clicked.connect(lambda: self.step_student(-1))
        following = QPushButton(tr("grading", "Next student ▶"))
        following.clicked.connect(lambda: self.step_student(1))
        bar.addWidget(QLabel(tr("grading", "Sentence")))
        bar.addWidget(self.sentence_box)
        bar.addWidget(QLabel(tr("grading", "Student")))
        bar.addWidget(self.student_box, 1)
        bar.addWidget(previous)
        bar.addWidget(following)
        self.caption = QLabel("")
        self.caption.setObjectName("grading_caption")
        self.caption.setWordWrap(True)
        self.cell_text = QLabel("")
        self.cell_text.setObjectName("grading_cell")
        self.cell_text.setWordWrap(True)
        try:
            self.view = view_class(self.grades.kind)()
            self.view.set_auto_layout(True)       # side by side or stacked by the view's shape
        except Exception:
            self.view = PlaceholderView()
        layout.addLayout(bar)
        layout.addWidget(self.caption)
        layout.addWidget(self.cell_text)
        # the class on this sentence: every student's state and figure, one click away
        self.class_list = QListWidget()
        self.class_list.setObjectName("class_on_sentence")
        self.class_list.setAccessibleName(tr("grading", "The class on this sentence"))
        self.class_list.currentRowChanged.connect(
            lambda k: self.show_cell(k, self.sentence, switch=False)
            if 0 <= k != self.student else None)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.class_list, 1)
        if self.grades.kind != "dependency":      # (the arc view draws its own key)
            self.legend = VerdictLegend(segmentation=False, hover=False)
            side_layout.addWidget(self.legend)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(side)
        split.addWidget(self.view)
        split.setStretchFactor(1, 1)
        split.setSizes([190, 1000])
        self.split = split
        layout.addWidget(split, 1)
        self.caption.hide()
        self.sentence_tab = page
        return page

    def show_cell(self, student: int, sentence: int, switch: bool = True) -> None:
        """Draw `student`'s (0-based) answer to gold `sentence` (1-based)."""
        g = self.grades
        self.student, self.sentence = student, sentence
        self.sentence_box.blockSignals(True)
        self.sentence_box.setValue(sentence)
        self.sentence_box.blockSignals(False)
        self.student_box.blockSignals(True)
        self.student_box.setCurrentIndex(student)
        self.student_box.blockSignals(False)
        s = g.students[student]
        cell = s.cells[sentence - 1]
        gold_record = g.gold[sentence - 1]
        gold_item = gold_record.item if gold_record.error is None else None
        system_item, result = None, None
        if cell.result >= 0 and s.corpus is not None:
            pair = s.pairs[cell.result]
            if len(pair.system) == 1 and s.corpus[pair.system[0]].error is None:
                system_item = s.corpus[pair.system[0]].item
            result = s.results[cell.result]
        self.view.show_pair(gold_item, system_item, result, g.gold.notation)
        self.view.set_titles(tr("grading", "GOLD"), s.name)
        QTimer.singleShot(0, self._refit)
        text = self.heat.describe(student, sentence)
        if cell.state != "done" and cell.message:
            text += f" — {scorer_message(cell.message)}"
        self.cell_text.setText(text)
        self._fill_class_list()
        self.heat.current = (student, sentence)
        self.heat.update()
        if switch:
            self.tabs.setCurrentWidget(self.sentence_tab)

    def _fill_class_list(self) -> None:
        """Each student's answer to the shown sentence: ✓ exactly right, the figure, or the
        state's mark."""
        from tcompare.gui.teaching.grading_heatmap import MARKS

        self.class_list.blockSignals(True)
        self.class_list.clear()
        for s in self.grades.students:
            cell = s.cells[self.sentence - 1]
            shown = ("✓ " if cell.right else "") + (
                MARKS.get(cell.state) or ("" if cell.value is None else f"{cell.value:.0f}"))
            self.class_list.addItem(f"{s.name}   {shown}")
        self.class_list.setCurrentRow(self.student)
        self.class_list.blockSignals(False)

    def _refit(self) -> None:
        if self.tabs.currentWidget() is self.sentence_tab and not self.presenting:
            self.view.refit()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        QTimer.singleShot(0, self._refit)

    def step_student(self, by: int) -> None:
        """F8 / Shift+F8: the next / previous student on this sentence (wrapping)."""
        n = len(self.grades.students)
        self.show_cell((self.student + by) % n, self.sentence)

    def step_sentence(self, by: int) -> None:
        n = len(self.grades.gold)
        self.show_cell(self.student, min(max(self.sentence + by, 1), n))

    # -- feedback ----------------------------------------------------------------------------------
    def _feedback_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.feedback_student = QComboBox()
        self.feedback_student.addItems([s.name for s in self.grades.students])
        self.feedback_student.currentIndexChanged.connect(
            lambda k: self.show_feedback(k) if k >= 0 else None)
        self.feedback = QTextBrowser()
        self.feedback.setObjectName("grading_feedback")
        self.feedback.setOpenLinks(False)
        layout.addWidget(self.feedback_student)
        layout.addWidget(self.feedback, 1)
        self.feedback_tab = page
        return page

    def show_feedback(self, student: int, switch: bool = False) -> None:
        from tcompare.export.grading_files import feedback_page

        self.feedback_student.blockSignals(True)
        self.feedback_student.setCurrentIndex(student)
        self.feedback_student.blockSignals(False)
        self.feedback.setHtml(feedback_page(self.grades, self.grades.students[student], "items",
                                            current()))
        if switch:
            self.tabs.setCurrentWidget(self.feedback_tab)

    # -- keys and presenting ---------------------------------------------------------------------
    def _actions(self) -> None:
        def act(text: str, slot: Any, *keys: str) -> QAction:
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.triggered.connect(slot)
            self.addAction(action)
            return action

        self.next_student = act(tr("grading", "Next student"), lambda: self.step_student(1), "F8")
        self.previous_student = act(tr("grading", "Previous student"),
                                    lambda: self.step_student(-1), "Shift+F8")
        act(tr("grading", "Next sentence"), lambda: self.step_sentence(1), "PgDown")
        act(tr("grading", "Previous sentence"), lambda: self.step_sentence(-1), "PgUp")
        act(tr("grading", "Present the most common mistake"), lambda: self.present_mistake(0),
            "Ctrl+Shift+P")
        act(tr("grading", "Leave presentation"), lambda: self.set_presenting(False), "Esc")

    def present_mistake(self, rank: int = 0) -> bool:
        """The `rank`-th most frequent mistake drawn full screen on its first example."""
        if not 0 <= rank < len(self.grades.mistakes):
            return False
        m = self.grades.mistakes[rank]
        name, sentence = self.example_of(m)
        student = next(k for k, s in enumerate(self.grades.students) if s.name == name)
        self.show_cell(student, sentence)
        template = (tr("grading", "The class's most common mistake: {mistake} — {n} times, {k} "
                       "students. Here: {student}, sentence {s}.") if rank == 0 else
                    tr("grading", "Mistake: {mistake} — {n} times, {k} students. Here: "
                       "{student}, sentence {s}."))
        self.caption.setText(template.format(mistake=mistake_name(m.name), n=m.occurrences,
                                             k=len(m.students), student=name, s=sentence))
        self.set_presenting(True)
        return True

    def example_of(self, mistake: Any) -> tuple[str, int]:
        """The (student, sentence) to show `mistake` on: its shortest sentence (a projector
        shows a short tree whole), the first such in class order."""
        from tcompare.scoring.pairing import sentence_length

        def length(example: tuple[str, int]) -> int:
            record = self.grades.gold[example[1] - 1]
            return sentence_length(record.item) if record.error is None else 10 ** 9

        return min(mistake.examples, key=length)

    def set_presenting(self, on: bool) -> None:
        if on == self.presenting:
            return
        self.presenting = on
        self.tabs.tabBar().setVisible(not on)
        self.split.widget(0).setVisible(not on)
        self.caption.setVisible(on)
        font = QFont(self.caption.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * (1.6 if on else 1.0))
        font.setBold(on)
        self.caption.setFont(font)
        self.view.set_high_contrast(on)
        if on:
            self.showFullScreen()
            self.view.setFocus()                  # keys go to the drawing, not a spin box
            QApplication.processEvents()
            self.view.zoom_fit()                  # the whole tree, as big as the screen allows
            QTimer.singleShot(0, self.view.zoom_fit)
        else:
            self.showNormal()
            self.view.zoom_fit()


def mistake_name(name: str) -> str:
    """A mistake as the interface says it: an error class part by part, a wrong head with its
    relation; a relation confusion (``obl -> nmod``) is labels only."""
    prefix = "wrong head: "
    if name.startswith(prefix):
        return tr("grading", "wrong head: {relation}").format(relation=name[len(prefix):])
    return error_class(name)


def open_grading(parent: QWidget | None = None, folder: str = "",
                 request: GradeRequest | None = None) -> GradingWindow | None:
    """File › Grade a class…: ask (unless `request` is given), grade, show the window."""
    if request is None:
        dialog = GradeSetupDialog(parent, folder)
        if not dialog.exec():
            return None
        request = dialog.request()
    grades, problem = grade(request, parent)
    if grades is None:
        if problem:                          # ("" : the teacher cancelled)
            QMessageBox.warning(parent, tr("grading", "Grade a class"), problem)
        return None
    window = GradingWindow(grades, parent)
    window.setWindowFlag(Qt.WindowType.Window, True)
    window.show()
    return window

