"""The annotators' window's Agreement tab: `analysis.agreement`'s figures, clickable.

Two tables: per field (units, Fleiss' kappa, Krippendorff's alpha, Cohen's kappa per pair)
and per annotator pair (the profile's figures: labelled / unlabelled F1, exact match, POS;
or UAS, LAS, label agreement).  A click on a field shows that field's disagreements only
(the window's filter); a click on a pair goes to the next sentence where those two
annotators differ.  Computed when the tab is first shown (tree alpha left out: it is the
command line's `tcompare agree`), so opening files stays quick.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)
from PySide6.QtCore import Qt

from tcompare.analysis.agreement import AgreementError, AgreementReport, Options, compare_annotators
from tcompare.gui.language.i18n import tr
from tcompare.workspace.annotators import AnnotatorsDocument

# the agreement report's fields -> the window's filter
FIELD_FILTER = {"deprel": "label", "head": "attachment", "upos": "pos", "xpos": "pos",
                "feats": "feats", "label": "label", "pos": "pos"}


def number(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


class AgreementTab(QWidget):
    """See the module docstring.  `choose_field(name)` and `go_to_pair(i, j)` are the
    window's."""

    def __init__(self, document: AnnotatorsDocument, choose_field: Callable[[str], None],
                 go_to_pair: Callable[[int, int], None], parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = document
        self.choose_field, self.go_to_pair = choose_field, go_to_pair
        self.report: AgreementReport | None = None
        self.note = QLabel()
        self.note.setObjectName("agreement_note")
        self.note.setWordWrap(True)
        self.fields = self._table("agreement_fields")
        self.pairs = self._table("agreement_pairs")
        self.fields.cellClicked.connect(self._field_clicked)
        self.pairs.cellClicked.connect(self._pair_clicked)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.fields)
        split.addWidget(self.pairs)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addWidget(self.note)
        box.addWidget(split, 1)

    def _table(self, name: str) -> QTableWidget:
        table = QTableWidget(0, 0)
        table.setObjectName(name)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return table

    def compute(self) -> AgreementReport | None:
        """The report (once); a clear message instead when it cannot be made."""
        if self.report is not None:
            return self.report
        doc = self.doc
        try:
            self.report = compare_annotators(doc.corpora[:doc.count], doc.names[:doc.count],
                                             Options(tree_alpha="off"))
        except AgreementError as exc:
            self.note.setText(str(exc))
            return None
        self._fill(self.report)
        return self.report

    def _fill(self, report: AgreementReport) -> None:
        names = report.annotators
        pairs = report.annotator_pairs
        self.fields.setColumnCount(5)
        self.fields.setHorizontalHeaderLabels([
            tr("agreement_tab", "Field"), tr("agreement_tab", "Units"), tr("agreement_tab", "Fleiss κ"),
            tr("agreement_tab", "Krippendorff α"), tr("agreement_tab", "Cohen κ per pair")])
        order = [f for f in report.fields_order if f in report.fields]
        self.fields.setRowCount(len(order))
        for r, name in enumerate(order):
            fa = report.fields[name]
            c = fa.coefficients
            cohen = "  ".join(f"{names[i]}–{names[j]} {number(c[f'cohen_kappa:{i + 1}-{j + 1}'].value)}"
                              for i, j in pairs if f"cohen_kappa:{i + 1}-{j + 1}" in c)
            cells = [name, f"{fa.units:g}", number(c["fleiss_kappa"].value if "fleiss_kappa" in c else None),
                     number(c["krippendorff_alpha"].value if "krippendorff_alpha" in c else None), cohen]
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setToolTip(tr("agreement_tab", "Click: show only this field's disagreements"))
                self.fields.setItem(r, col, cell)
        keys = list(dict.fromkeys(k for p in report.pairs for k in p.figures))
        self.pairs.setColumnCount(1 + len(keys))
        self.pairs.setHorizontalHeaderLabels([tr("agreement_tab", "Pair"), *keys])
        self.pairs.setRowCount(len(report.pairs))
        for r, pair in enumerate(report.pairs):
            i, j = pair.pair
            cells = [f"{names[i]}–{names[j]}", *(number(pair.figures.get(k), 2) for k in keys)]
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setToolTip(tr("agreement_tab", "Click: the next sentence where these two differ"))
                self.pairs.setItem(r, col, cell)
        notes = [tr("agreement_tab", "{n} sentences compared").format(n=len(report.rows))]
        if report.unpaired or report.excluded:
            notes.append(tr("agreement_tab", "{n} left out (see Unpaired)").format(
                n=len(report.unpaired) + len(report.excluded)))
        self.note.setText(" · ".join(notes))

    def _field_clicked(self, row: int, _col: int) -> None:
        name = self.fields.item(row, 0).text()
        if name in FIELD_FILTER:
            self.choose_field(FIELD_FILTER[name])

    def _pair_clicked(self, row: int, _col: int) -> None:
        if self.report is not None:
            self.go_to_pair(*self.report.pairs[row].pair)
