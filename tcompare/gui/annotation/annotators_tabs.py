"""The annotators' window's lower tabs: the current item in every version (with the key
that takes it), what the curator changed per annotator (with their score against the
curated file), the agreement tables (`agreement_tab`) and the sentences left unpaired."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHeaderView, QLabel, QPlainTextEdit,
                               QSplitter, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout,
                               QWidget)

from tcompare.gui import fonts
from tcompare.gui.annotation.agreement_tab import AgreementTab
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import N_, tr
from tcompare.scoring.annotators import Disagreement
from tcompare.workspace.annotators import PARSER, AnnotatorsDocument

FIELD_NAMES = {"attachment": N_("annotators", "attachment"), "label": N_("annotators", "label"),
               "pos": N_("annotators", "POS"), "feats": N_("annotators", "FEATS"),
               "tokens": N_("annotators", "words")}
KEYS_HELP = N_("annotators", "F8 next disagreement · 1–9 take that annotator's item · Ctrl+1–9 "
               "their sentence · P / Ctrl+P the parser's · E edit · Ctrl+Z undo · Ctrl+S save")


def field_list(fields: tuple[str, ...]) -> str:
    return ", ".join(tr("annotators", FIELD_NAMES.get(f, f)) for f in fields)


# the profile's figures shown per annotator: dependencies' LAS / UAS, EVALB's F1 and tagging
SCORE_NAMES = {"LAS": "LAS", "UAS": "UAS", "fmeasure": "F1", "tagging_accuracy": "POS"}


class AnnotatorsTabs(QTabWidget):
    """See the module docstring; `choose_field` and `go_to_pair` are the window's."""

    def __init__(self, document: AnnotatorsDocument, choose_field: Callable[[str | None], None],
                 go_to_pair: Callable[[int, int], None], view: QWidget,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = document
        self.view = view          # the drawing, which announces the current item
        self.item_table = QTableWidget(0, 3)
        self.item_table.setObjectName("annotators_item")
        self.item_table.setHorizontalHeaderLabels([tr("annotators", "Key"), tr("annotators", "Version"),
                                                   tr("annotators", "Value")])
        self.item_table.verticalHeader().hide()
        self.item_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.item_table.horizontalHeader().setStretchLastSection(True)
        self.item_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.item_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.item_title = QLabel()
        self.item_title.setObjectName("annotators_item_title")
        item_page = QWidget()
        item_box = QVBoxLayout(item_page)
        item_box.setContentsMargins(4, 4, 4, 4)
        item_box.addWidget(self.item_title)
        item_box.addWidget(self.item_table)
        keys = QLabel(tr("annotators", KEYS_HELP))
        keys.setWordWrap(True)
        keys.setObjectName("annotators_keys")
        item_box.addWidget(keys)

        self.changes_table = QTableWidget(0, 4)
        self.changes_table.setObjectName("annotators_changes")
        self.changes_table.setHorizontalHeaderLabels([
            tr("annotators", "Annotator"), tr("annotators", "Changed by the curator"),
            tr("annotators", "By field"), tr("annotators", "Score against the curated file")])
        self.changes_table.verticalHeader().hide()
        self.changes_table.setWordWrap(False)
        self.changes_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.changes_table.horizontalHeader().setStretchLastSection(True)
        self.changes_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.changes_list = QPlainTextEdit()
        self.changes_list.setObjectName("annotators_change_list")
        self.changes_list.setReadOnly(True)
        changes_page = QSplitter(Qt.Orientation.Horizontal)
        changes_page.addWidget(self.changes_table)
        changes_page.addWidget(self.changes_list)
        self.unpaired = QPlainTextEdit("\n".join(document.unpaired))
        self.unpaired.setObjectName("annotators_unpaired")
        self.unpaired.setReadOnly(True)
        self.addTab(item_page, tr("annotators", "Item"))
        self.addTab(changes_page, tr("annotators", "Changes by annotator"))
        self.agreement = AgreementTab(document, choose_field, go_to_pair)
        self.addTab(self.agreement, tr("annotators", "Agreement"))
        self.addTab(self.unpaired, tr("annotators", "Unpaired ({n})").format(n=len(document.unpaired)))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.currentChanged.connect(self._tab_shown)
        for widget in (self.item_table, self.changes_table):
            widget.setFont(fonts.ui_font())

    def _tab_shown(self, index: int) -> None:
        if self.widget(index) is self.agreement:
            self.agreement.compute()
        elif index == 1:
            self.refresh_changes()

    def show_item(self, row: int, item: Disagreement | None) -> None:
        doc = self.doc
        if item is None:
            self.item_title.setText(tr("annotators", "The annotators agree on this sentence")
                                    if not doc.disagreements(row) else
                                    tr("annotators", "No disagreement of this field in this sentence"))
            self.item_table.setRowCount(0)
            return
        words = doc.words(row)[item.start:item.end]
        title = (tr("annotators", "Word {first} “{words}”: {fields}") if item.end - item.start == 1
                 else tr("annotators", "Words {first}–{last} “{words}”: {fields}"))
        self.item_title.setText(title.format(first=item.start + 1, last=item.end,
                                             words=" ".join(words)[:80], fields=field_list(item.fields)))
        a11y.announce(self.view, self.item_title.text())
        values = doc.values(row, item)
        rows = []
        for k, name in enumerate(doc.names):
            key = "P" if name == PARSER else str(k + 1)
            rows.append((key, f"{name}  {file_name(doc.paths[k])}", values.get(name) or "—"))
        if doc.adjudication is not None:
            rows.append(("", tr("annotators", "curated"), doc.curated_value(row, item) or "—"))
        self.item_table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                self.item_table.setItem(r, c, QTableWidgetItem(text.replace("\n", " ⏎ ")))

    def refresh_changes(self) -> None:
        if self.doc.adjudication is None:
            self.changes_table.setRowCount(0)
            self.changes_list.setPlainText(tr("annotators", "Nothing decided yet."))
            return
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)   # the first time scores every row
        try:
            reports = self.doc.changes_by_annotator()
        finally:
            QApplication.restoreOverrideCursor()
        self.changes_table.setRowCount(len(reports))
        lines = []
        for r, report in enumerate(reports):
            figures = report.summary.metrics if report.summary else {}
            shown = [k for k in SCORE_NAMES if figures.get(k) is not None][:2]
            cells = [f"{report.name}  {file_name(report.path)}", str(len(report.changes)),
                     ", ".join(f"{tr('annotators', FIELD_NAMES.get(f, f))} {n}"
                               for f, n in report.by_field.most_common()),
                     "  ".join(f"{SCORE_NAMES[k]} {figures[k]:.2f}" for k in shown)]
            for c, text in enumerate(cells):
                self.changes_table.setItem(r, c, QTableWidgetItem(text))
            for change in report.changes:
                d = change.item
                words = f"{d.start + 1}" if d.end - d.start == 1 else f"{d.start + 1}-{d.end}"
                lines.append(f"{report.name} · {change.row + 1}:{words} "
                             f"{field_list(d.fields)}: {d.values[0]} → {d.values[1]}")
        self.changes_table.resizeColumnsToContents()
        self.changes_list.setPlainText("\n".join(lines))
