"""The class's heat map: one row per student, one column per gold sentence, each cell the
student's figure on that sentence in a colour-blind-safe scale (`layout.heat`), its number
and, for what was not handed in as asked, a mark (· missing, ✗ cannot be read, ≠ other
words, – not scored); an outline says "exactly right".  The last row counts the students
who got each sentence right.  Click a cell, or move with the arrow keys and press Enter, to
open that student's sentence.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from tcompare.gui.language.i18n import tr
from tcompare.layout.heat import heat_rgb, ink_for

MARKS = {"missing": "·", "unreadable": "✗", "mismatch": "≠", "not_scored": "–"}
MIN_CELL, MAX_CELL, ROW = 22, 46, 24


def state_text(state: str) -> str:
    return {"done": tr("grading", "handed in"), "missing": tr("grading", "missing"),
            "unreadable": tr("grading", "cannot be read"),
            "mismatch": tr("grading", "other words than the exercise"),
            "not_scored": tr("grading", "not scored")}.get(state, state)


class HeatMap(QWidget):
    """`grades` (an `analysis.grading.ClassGrades`) drawn as cells; `cell_chosen(student,
    sentence)` (0-based student, 1-based sentence) when a cell is opened."""

    cell_chosen = Signal(int, int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("grading_heat_map")
        self.grades: Any = None
        self.current = (0, 1)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(tr("grading", "Heat map of the class"))

    def set_grades(self, grades: Any) -> None:
        self.grades = grades
        self.current = (0, 1)
        self.updateGeometry()
        self.update()

    # -- geometry ---------------------------------------------------------------------------------
    def _columns(self) -> int:
        return len(self.grades.gold) if self.grades is not None else 0

    def _name_width(self) -> int:
        if self.grades is None:
            return 80
        metrics = QFontMetrics(self.font())
        names = [s.name for s in self.grades.students] + [tr("grading", "right")]
        return min(220, max(metrics.horizontalAdvance(n) for n in names) + 16)

    def cell_width(self) -> int:
        n = max(1, self._columns())
        return max(MIN_CELL, min(MAX_CELL, (self.width() - self._name_width() - 4) // n))

    def cell_rect(self, student: int, sentence: int) -> QRect:
        w = self.cell_width()
        return QRect(self._name_width() + (sentence - 1) * w, ROW * (student + 1), w - 1, ROW - 1)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        if self.grades is None:
            return QSize(400, 200)
        return QSize(self._name_width() + self._columns() * MAX_CELL + 4,
                     ROW * (len(self.grades.students) + 2) + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        if self.grades is None:
            return QSize(200, 100)
        return QSize(self._name_width() + self._columns() * MIN_CELL + 4,
                     ROW * (len(self.grades.students) + 2) + 4)

    def cell_at(self, point: QPoint) -> tuple[int, int] | None:
        if self.grades is None:
            return None
        x, y = point.x() - self._name_width(), point.y()
        student, sentence = y // ROW - 1, x // self.cell_width() + 1
        if x < 0 or not 0 <= student < len(self.grades.students) or not 1 <= sentence <= self._columns():
            return None
        return student, sentence

    # -- drawing ---------------------------------------------------------------------------------
    def paintEvent(self, event: Any) -> None:  # noqa: N802
        if self.grades is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        names = self._name_width()
        w = self.cell_width()
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, self.font().pointSizeF() * (0.85 if w < 34 else 1.0)))
        p.setFont(small)
        text_colour = self.palette().windowText().color()
        p.setPen(text_colour)
        for k in range(self._columns()):       # sentence numbers
            p.drawText(QRect(names + k * w, 0, w, ROW), Qt.AlignmentFlag.AlignCenter, str(k + 1))
        for row, student in enumerate(self.grades.students):
            p.setPen(text_colour)
            p.drawText(QRect(4, ROW * (row + 1), names - 8, ROW),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, student.name)
            for cell in student.cells:
                self._draw_cell(p, row, cell)
        bottom = ROW * (len(self.grades.students) + 1)
        p.setPen(text_colour)
        p.drawText(QRect(4, bottom, names - 8, ROW),
                   Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, tr("grading", "right"))
        for k, n in enumerate(self.grades.right_counts()):
            p.drawText(QRect(names + k * w, bottom, w, ROW), Qt.AlignmentFlag.AlignCenter, str(n))
        if self.hasFocus():
            pen = QPen(QColor("#0072B2"), 2, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.cell_rect(*self.current).adjusted(-1, -1, 1, 1))
        p.end()

    def _draw_cell(self, p: QPainter, row: int, cell: Any) -> None:
        rect = self.cell_rect(row, cell.gold)
        value = cell.value if cell.state == "done" else None
        p.fillRect(rect, QColor(*heat_rgb(value)))
        text = MARKS.get(cell.state) or ("" if cell.value is None else f"{cell.value:.0f}")
        p.setPen(QColor(ink_for(value)))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        if cell.right:
            p.setPen(QPen(QColor("#000000"), 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(2, 2, -2, -2))

    def describe(self, student: int, sentence: int) -> str:
        s = self.grades.students[student]
        cell = s.cells[sentence - 1]
        text = tr("grading", "{student}, sentence {n}: {state}").format(
            student=s.name, n=sentence, state=state_text(cell.state))
        if cell.value is not None:
            text += f", {cell.value:.2f}"
        if cell.right:
            text += tr("grading", ", exactly right")
        return text

    # -- mouse and keys --------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        hit = self.cell_at(event.position().toPoint())
        if hit is not None:
            QToolTip.showText(event.globalPosition().toPoint(), self.describe(*hit), self)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        hit = self.cell_at(event.position().toPoint())
        if hit is not None:
            self.current = hit
            self.update()
            self.cell_chosen.emit(*hit)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if self.grades is None:
            return super().keyPressEvent(event)
        student, sentence = self.current
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
                 Qt.Key.Key_Down: (1, 0)}
        if event.key() in moves:
            ds, dn = moves[event.key()]
            student = min(max(student + ds, 0), len(self.grades.students) - 1)
            sentence = min(max(sentence + dn, 1), self._columns())
            self.current = (student, sentence)
            self.setAccessibleDescription(self.describe(student, sentence))
            self.update()
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.cell_chosen.emit(student, sentence)
        else:
            super().keyPressEvent(event)
