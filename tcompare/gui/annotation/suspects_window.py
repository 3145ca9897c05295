"""File › Suspicious gold…: gold sentences ranked by how likely they hold an annotation
error (`analysis.suspects.rank_suspects`), the evidence drawn.

Left: the ranked table (rank, sentence, score, evidence by kind, words).  Centre: the gold
sentence and, on the same word axis, each system's sentence of the same words; the words
and spans the evidence names are framed.  Below: the evidence, one line each.  F8 /
Shift+F8: the next / previous suspect; Enter (or a double click) opens the gold file and
the systems in the main window at that sentence, to correct it in the gold editor.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QMainWindow, QPlainTextEdit,
                               QScrollArea, QSplitter, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from tcompare.analysis.suspects import Suspect, describe
from tcompare.gui.annotation.axis_view import AxisView, Band
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import tr
from tcompare.model.corpus import Corpus
from tcompare.model.tree import Tree
from tcompare.scoring.annotators import Disagreement, words_of
from tcompare.scoring.pairing import item_text

FIELD_OF = {"HEAD": "attachment", "DEPREL": "label", "UPOS": "pos", "XPOS": "pos", "POS": "pos",
            "FEATS": "feats", "bracket": "attachment", "label": "label", "arc": "attachment",
            "pos": "pos"}


def frames(suspect: Suspect, dependency: bool, item: Any = None) -> list[Disagreement]:
    """The evidence's words and spans as items the axis view frames.  The evidence counts
    a tree's words without its ``-NONE-`` traces (as EVALB): put back on `item`'s words."""
    at = list(range(len(words_of(item)) + 1))
    if isinstance(item, Tree):
        at = [k for k, t in enumerate(item.tokens) if t.pos != "-NONE-"]
        at.append(len(item.tokens))
    out = []
    for reason in suspect.reasons:
        if reason.kind == "duplicate" or reason.end <= reason.start:
            continue
        start, end = reason.start, reason.end
        if isinstance(item, Tree) and end < len(at):
            start, end = at[start], at[end - 1] + 1
        field = FIELD_OF.get(reason.field, "label")
        kind = "word" if dependency or field == "pos" else "span"
        if dependency and end - start > 1:      # a nucleus over several words
            out.extend(Disagreement(w, w + 1, (field,), (reason.gold, reason.proposed))
                       for w in range(start, end))
            continue
        out.append(Disagreement(start, end, (field,), (reason.gold, reason.proposed), kind))
    return out


class SuspectsWindow(QMainWindow):
    """See the module docstring."""

    def __init__(self, suspects: Sequence[Suspect], gold: Corpus, systems: Sequence[Corpus] = (),
                 parent: QWidget | None = None,
                 open_sentence: Callable[[str, list[str], int], None] | None = None):
        super().__init__(parent)
        self.open_sentence = open_sentence
        self.setObjectName("suspects_window")
        self.suspects, self.gold, self.systems = list(suspects), gold, list(systems)
        self.setWindowTitle(tr("suspects_window", "Suspicious gold — {gold}").format(gold=file_name(gold.path)))
        # each system's sentences by their words, to draw them under the gold
        self._by_text = [{item_text(r.item): r.item for r in s if r.error is None} for s in self.systems]
        self.table = QTableWidget(len(self.suspects), 6)
        self.table.setObjectName("suspects_table")
        self.table.setHorizontalHeaderLabels([
            tr("suspects_window", "Rank"), tr("suspects_window", "Sentence"), tr("suspects_window", "Score"),
            tr("suspects_window", "Systems"), tr("suspects_window", "Nuclei / duplicates"),
            tr("suspects_window", "Words")])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # sized once after filling: ResizeToContents measured every row at each cell set
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        for r, s in enumerate(self.suspects):
            counts = s.counts()
            cells = [str(r + 1), str(s.sentence + 1), f"{s.score:.2f}", str(counts["systems"]),
                     f"{counts['nucleus']} / {counts['duplicate']}", s.text[:100]]
            for c, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if c < 5:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, cell)
        self.table.resizeColumnsToContents()
        self.table.currentCellChanged.connect(lambda r, *_: r >= 0 and self.show_suspect(r))
        self.view = AxisView()
        self.second = AxisView()     # systems whose words differ from gold's (no traces)
        views = QWidget()
        column = QVBoxLayout(views)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.view)
        column.addWidget(self.second)
        column.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidget(views)
        self.scroll.setWidgetResizable(True)
        self.scroll.horizontalScrollBar().valueChanged.connect(
            lambda _v: (self.view.update(), self.second.update()))
        self.evidence = QPlainTextEdit()
        self.evidence.setObjectName("suspects_evidence")
        self.evidence.setReadOnly(True)
        centre = QSplitter(Qt.Orientation.Vertical)
        centre.addWidget(self.scroll)
        centre.addWidget(self.evidence)
        centre.setStretchFactor(0, 4)
        centre.setStretchFactor(1, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(centre)
        split.setSizes([460, 820])
        self.setCentralWidget(split)
        self.table.cellDoubleClicked.connect(lambda _r, _c: self.open_current())
        action = QAction(tr("suspects_window", "Open in the gold editor"), self)
        action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        action.triggered.connect(lambda _=False: self.open_current())
        self.addAction(action)
        for text, keys, step in ((tr("suspects_window", "Next suspect"), "F8", 1),
                                 (tr("suspects_window", "Previous suspect"), "Shift+F8", -1)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, s=step: self.step(s))
            self.addAction(action)
        for widget, name in ((self.table, tr("suspects_window", "Suspects")),
                             (self.view, tr("suspects_window", "Gold and systems on one word axis")),
                             (self.second, tr("suspects_window", "Systems with other words")),
                             (self.evidence, tr("suspects_window", "The evidence"))):
            widget.setAccessibleName(name)
        a11y.name_widgets(self)
        if self.suspects:
            self.table.setCurrentCell(0, 0)
        else:
            self.evidence.setPlainText(tr("suspects_window", "No evidence against any gold sentence."))

    def step(self, delta: int) -> None:
        if self.suspects:
            self.table.setCurrentCell((max(self.table.currentRow(), 0) + delta) % len(self.suspects), 0)

    def open_current(self) -> None:
        """The main window opens the gold file and the systems at the current suspect."""
        row = self.table.currentRow()
        if self.open_sentence is not None and 0 <= row < len(self.suspects):
            self.open_sentence(self.gold.path, [s.path for s in self.systems],
                               self.suspects[row].sentence + 1)

    def versions(self, suspect: Suspect) -> list[tuple[str, Any]]:
        record = self.gold[suspect.sentence]
        item = record.item if record.error is None else None
        out = [(tr("suspects_window", "gold") + f"  {file_name(self.gold.path)}", item)]
        text = item_text(item) if item is not None else None
        for system, by_text in zip(self.systems, self._by_text):
            out.append((file_name(system.path), by_text.get(text)))
        return out

    def show_suspect(self, row: int) -> None:
        suspect = self.suspects[row]
        versions = self.versions(suspect)
        gold = versions[0][1]
        words = words_of(gold)
        bands = [Band(versions[0][0], gold)]
        others = []
        for title, item in versions[1:]:
            (bands if words_of(item) == words else others).append(Band(title, item, "parser"))
        dependency = self.gold.kind == "dependency"
        self.view.available = self.second.available = self.scroll.viewport().width() - 4
        self.view.show_versions(bands, frames(suspect, dependency, gold), None)
        self.second.setVisible(bool(others))
        if others:
            self.second.show_versions(others, frames(suspect, dependency), None)
        self.evidence.setPlainText("\n".join(f"{r.weight:.2f}  {describe(r)}" for r in suspect.reasons))
