"""The disagreement browser and adjudication window (File › Open annotators' files…).

Left: the sentences (number, disagreements under the field filter, decisions, words).
Centre: the sentence's versions on one word axis (`axis_view`), the current item shaded.
Below: the current item, each version's value with the key that takes it; the changes
the curator made to each annotator (with their score against the curated file); the
sentences that pair with nothing.

Keyboard first (every key also in the Adjudicate menu):
F8 / Shift+F8 next / previous disagreement (under the filter), Right / Left the next /
previous item in the sentence, PgDown / PgUp the next / previous sentence;
1-9 take that annotator's value of the item, Ctrl+1-9 their whole sentence, P / Ctrl+P the
parser's, E edit the curated sentence, Ctrl+Z undo, Ctrl+S save;
Ctrl+Shift+A / L / P / F / 0 filter: attachment, label, POS, FEATS, all fields.

Every decision goes at once to the journal and the provenance sidecar (`editing.adjudication`):
a kill loses nothing; the next opening of the same files offers the recovery.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QMainWindow, QMessageBox, QPushButton, QScrollArea,
                               QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget, QDialog)

from tcompare.editing.tree_edits import EditRefused
from tcompare.gui import fonts
from tcompare.gui.annotation.annotators_tabs import AnnotatorsTabs, field_list
from tcompare.gui.annotation.axis_view import AxisView, Band
from tcompare.gui.annotation.curated_file import CuratedFile, edit_dialog
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import N_, tr
from tcompare.scoring.annotators import Disagreement, words_of
from tcompare.workspace.annotators import PARSER, AnnotatorsDocument

FILTERS = ((None, N_("annotators", "All fields"), "0"),
           ("attachment", N_("annotators", "Attachment"), "A"),
           ("label", N_("annotators", "Label"), "L"),
           ("pos", N_("annotators", "POS"), "P"),
           ("feats", N_("annotators", "FEATS"), "F"))
class AnnotatorsWindow(QMainWindow):
    """See the module docstring.  `document` is open; `curated_path` is where the
    curated file goes (opened at once when it or its journal exists, else at the first
    decision).  ``interactive`` False: no message boxes (tests, screenshots)."""

    def __init__(self, document: AnnotatorsDocument, curated_path: str | Path,
                 parent: QWidget | None = None, interactive: bool = True):
        super().__init__(parent)
        self.setObjectName("annotators_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.doc = document
        self.curated_path = Path(curated_path)
        self.interactive = interactive
        self.row = 0
        self.item_index = -1
        self.wanted: str | None = None
        self.setWindowTitle(tr("annotators", "Annotators — {files}").format(
            files=", ".join(file_name(p) for p in document.paths)))
        self._build()
        self._actions()
        document.changed.connect(self._on_changed)
        self.curated = CuratedFile(self)
        if self.curated_path.exists() or self.curated.waiting():
            self.curated.open()
        self.fill_table()
        self._name_widgets()
        first = document.next_disagreement(0, -1, None)
        self.show_row(first[0] if first else 0, first[1] if first else -1)

    # -- building ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("annotators_sentences")
        self.table.setHorizontalHeaderLabels([tr("annotators", "#"), tr("annotators", "Disagree"),
                                              tr("annotators", "Decided"), tr("annotators", "Sentence")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        # sized once after filling: ResizeToContents measured every row at each cell set
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.currentCellChanged.connect(lambda r, *_: r >= 0 and r != self.row and self.show_row(r))
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        self.filter = QComboBox()
        self.filter.setObjectName("annotators_filter")
        for _field, title, _key in FILTERS:
            self.filter.addItem(tr("annotators", title))
        self.filter.setToolTip(tr("annotators", "Show and walk the disagreements of one field "
                                  "(Ctrl+Shift+0 / A / L / P / F)"))
        self.filter.currentIndexChanged.connect(lambda i: self.set_filter(FILTERS[i][0]))
        self.filter.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.position = QLabel()
        self.position.setObjectName("annotators_position")
        previous = QPushButton(tr("annotators", "◀ Previous (Shift+F8)"))
        previous.clicked.connect(lambda: self.step(-1))
        following = QPushButton(tr("annotators", "Next disagreement (F8) ▶"))
        following.clicked.connect(lambda: self.step(1))
        for button in (previous, following):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(tr("annotators", "Field:")))
        bar.addWidget(self.filter)
        bar.addWidget(previous)
        bar.addWidget(following)
        bar.addWidget(self.position, 1)

        self.view = AxisView()
        # versions whose words differ from the first one's: one more axis per word sequence
        self.others: list[AxisView] = []
        self.canvas = QWidget()
        self.canvas_box = QVBoxLayout(self.canvas)
        self.canvas_box.setContentsMargins(0, 0, 0, 0)
        self.canvas_box.setSpacing(2)
        self.canvas_box.addWidget(self.view)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.canvas)
        self.scroll.setWidgetResizable(False)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # the band names stay at the visible left edge: redraw them when scrolled
        for scroll_bar in (self.scroll.horizontalScrollBar(), self.scroll.verticalScrollBar()):
            scroll_bar.valueChanged.connect(lambda _v: [v.update() for v in (self.view, *self.others)])

        self.tabs = AnnotatorsTabs(self.doc, self.choose_field, self.go_to_pair, self.view)
        # the tabs' parts, by the names the tests and the actions use
        self.item_table, self.changes_table = self.tabs.item_table, self.tabs.changes_table
        self.agreement = self.tabs.agreement

        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(bar)
        upright = QSplitter(Qt.Orientation.Vertical)
        upright.addWidget(self.scroll)
        upright.addWidget(self.tabs)
        upright.setStretchFactor(0, 4)
        upright.setStretchFactor(1, 1)
        self.upright = upright
        column.addWidget(upright)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(centre)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        split.setSizes([300, 1000])
        self.setCentralWidget(split)
        self.table.setFont(fonts.ui_font())

    def _actions(self) -> None:
        menu = self.menuBar().addMenu(tr("annotators", "&Adjudicate"))

        def act(text: str, slot, *keys: str) -> QAction:
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _=False: slot())
            self.addAction(action)
            menu.addAction(action)
            return action

        act(tr("annotators", "Next disagreement"), lambda: self.step(1), "F8")
        act(tr("annotators", "Previous disagreement"), lambda: self.step(-1), "Shift+F8")
        act(tr("annotators", "Next item in the sentence"), lambda: self.step_item(1), "Right")
        act(tr("annotators", "Previous item in the sentence"), lambda: self.step_item(-1), "Left")
        act(tr("annotators", "Next sentence"), lambda: self.show_row(min(self.row + 1, len(self.doc) - 1)),
            "PgDown", "Down")
        act(tr("annotators", "Previous sentence"), lambda: self.show_row(max(self.row - 1, 0)), "PgUp", "Up")
        menu.addSeparator()
        self.take_actions = []
        for k, name in enumerate(self.doc.names[:self.doc.count][:9]):
            self.take_actions.append(act(tr("annotators", "Take {name}'s item").format(name=name),
                                         lambda k=k: self.take(k, whole=False), str(k + 1)))
            act(tr("annotators", "Take {name}'s sentence").format(name=name),
                lambda k=k: self.take(k, whole=True), f"Ctrl+{k + 1}")
        if self.doc.has_parser:
            act(tr("annotators", "Take the parser's item"), lambda: self.take(self.doc.count, whole=False), "P")
            act(tr("annotators", "Take the parser's sentence"), lambda: self.take(self.doc.count, whole=True),
                "Ctrl+P")
        act(tr("annotators", "Edit the curated sentence…"), self.edit, "E", "F2")
        act(tr("annotators", "Undo the last decision"), self.undo, "Ctrl+Z")
        act(tr("annotators", "Save the curated file"), self.save, "Ctrl+S")
        act(tr("annotators", "Save the changes by annotator as CSV…"), lambda: self.curated.ask_changes_csv())
        menu.addSeparator()
        for k, (_field, title, key) in enumerate(FILTERS):
            act(tr("annotators", "Filter: {field}").format(field=tr("annotators", title)),
                lambda k=k: self.filter.setCurrentIndex(k), f"Ctrl+Shift+{key}")
        menu.addSeparator()
        act(tr("annotators", "Zoom in"), lambda: self.view.set_zoom(self.view.scale * 1.25), "Ctrl++", "Ctrl+=")
        act(tr("annotators", "Zoom out"), lambda: self.view.set_zoom(self.view.scale / 1.25), "Ctrl+-")
        act(tr("annotators", "Fit the sentence"), lambda: self.view.set_zoom(None), "Ctrl+0")
        act(tr("annotators", "Close"), self.close, "Ctrl+W")

    def _name_widgets(self) -> None:
        """Names for screen readers (the tables and panes have no label beside them)."""
        for widget, name in ((self.table, tr("annotators", "Sentences")),
                             (self.view, tr("annotators", "The versions on one word axis")),
                             (self.item_table, tr("annotators", "The current item in each version")),
                             (self.changes_table, tr("annotators", "Changes by annotator")),
                             (self.tabs.changes_list, tr("annotators", "The changes, one per line")),
                             (self.tabs.unpaired, tr("annotators", "Sentences left unpaired")),
                             (self.agreement.fields, tr("annotators", "Agreement per field")),
                             (self.agreement.pairs, tr("annotators", "Agreement per pair"))):
            widget.setAccessibleName(name)
        a11y.name_widgets(self)

    # -- the curated file -------------------------------------------------------------------
    def save(self) -> bool:
        return self.curated.save()

    def save_changes_csv(self, path: str) -> bool:
        return self.curated.save_changes_csv(path)

    # -- showing --------------------------------------------------------------------------------
    def fill_table(self) -> None:
        doc = self.doc
        self.table.setRowCount(len(doc))
        for row in range(len(doc)):
            self._fill_row(row)
        self.table.resizeColumnsToContents()

    def _fill_row(self, row: int) -> None:
        doc = self.doc
        n = len(doc.disagreements(row, self.wanted))
        decided = len(doc.adjudication.decided(row)) if doc.adjudication is not None else 0
        cells = [str(row + 1), str(n) if n else "", str(decided) if decided else "",
                 " ".join(doc.words(row)[:12])]
        for col, text in enumerate(cells):
            cell = QTableWidgetItem(text)
            if col in (0, 1, 2):
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, col, cell)

    def items(self) -> list[Disagreement]:
        return self.doc.disagreements(self.row, self.wanted)

    def current_item(self) -> Disagreement | None:
        items = self.items()
        return items[self.item_index] if 0 <= self.item_index < len(items) else None

    def show_row(self, row: int, item: int | None = None) -> None:
        if not len(self.doc):
            return
        self.row = row
        items = self.items()
        self.item_index = (0 if items else -1) if item is None else item
        if self.table.currentRow() != row:
            self.table.setCurrentCell(row, 0)
        self.redraw()

    def redraw(self) -> None:
        doc = self.doc
        versions = doc.versions(self.row, curated=True)
        titles = [f"{name}  {file_name(path)}" if name != PARSER else tr("annotators", "parser")
                  + f"  {file_name(path)}" for name, path in zip(doc.names, doc.paths)]
        bands = [Band(t, v, PARSER if doc.names[k] == PARSER else "annotator")
                 for k, (t, v) in enumerate(zip(titles, versions))]
        if doc.adjudication is not None:
            bands.append(Band(tr("annotators", "curated"), versions[-1], "curated"))
        current = self.current_item()
        groups: dict[tuple[str, ...], list[Band]] = {}
        for band in bands:
            if band.item is not None or not groups:
                groups.setdefault(tuple(words_of(band.item)), []).append(band)
        first, *rest = list(groups.values())
        first += [b for b in bands if b.item is None and b not in first]
        self.view.available = self.scroll.viewport().width()
        self.view.available_height = self.scroll.viewport().height() if not rest else 0
        self.view.show_versions(first, self.items(), current)
        while len(self.others) < len(rest):
            self.others.append(AxisView())
            self.others[-1].setAccessibleName(tr("annotators", "Versions with other words"))
            self.canvas_box.addWidget(self.others[-1])
        for view, group in zip(self.others, rest + [[]] * (len(self.others) - len(rest))):
            view.setVisible(bool(group))
            if group:
                view.available = self.view.available
                view.show_versions(group, [], None)
        self.canvas.adjustSize()
        if current is not None:
            self.scroll.ensureVisible(int(self.view.column_center(current.start)), 0, 200, 0)
        total = len(self.items())
        self.position.setText(tr("annotators", "sentence {row} of {rows} · item {k} of {n}").format(
            row=self.row + 1, rows=len(doc), k=self.item_index + 1 if total else 0, n=total))
        self.tabs.show_item(self.row, current)

    def refresh_changes(self) -> None:
        self.tabs.refresh_changes()

    def choose_field(self, wanted: str | None) -> None:
        """Show field `wanted`'s disagreements only (the agreement table's clicks)."""
        self.filter.setCurrentIndex([f for f, _t, _k in FILTERS].index(wanted))

    def go_to_pair(self, first: int, second: int) -> None:
        """The next item where annotators `first` and `second` differ."""
        self.filter.setCurrentIndex(0)
        found = self.doc.next_pair_difference(self.row, first, second)
        if found is None:
            self.statusBar().showMessage(tr("annotators", "these two annotators agree everywhere"), 5000)
            return
        self.show_row(*found)

    # -- moving ---------------------------------------------------------------------------------
    def set_filter(self, wanted: str | None) -> None:
        """Show field `wanted` only; the current item stays when the filter keeps it, else
        the first one after it in the sentence is current."""
        before = self.current_item()
        self.wanted = wanted
        for row in range(len(self.doc)):
            self._fill_row(row)
        items = self.items()
        index = 0 if items else -1
        if before is not None:
            later = [k for k, d in enumerate(items) if (d.start, d.end) >= (before.start, before.end)]
            index = later[0] if later else max(len(items) - 1, -1) if items else -1
        self.show_row(self.row, index)

    def step(self, delta: int) -> None:
        found = self.doc.next_disagreement(self.row, self.item_index, self.wanted, delta)
        if found is None:
            self.statusBar().showMessage(tr("annotators", "no disagreement of this field"), 5000)
            return
        self.show_row(*found)

    def step_item(self, delta: int) -> None:
        n = len(self.items())
        if n:
            self.item_index = max(0, min(n - 1, self.item_index + delta))
            self.redraw()

    # -- deciding -----------------------------------------------------------------------------
    def _ready(self) -> bool:
        return self.doc.adjudication is not None or self.curated.open()

    def take(self, source: int, whole: bool) -> None:
        if source >= len(self.doc.names) or not self._ready():
            return
        item = None if whole else self.current_item()
        if not whole and item is None:
            self.statusBar().showMessage(tr("annotators", "no item here: Ctrl+number takes a whole sentence"), 5000)
            return
        try:
            self.doc.take(self.row, source, item, None if self.wanted is None else [self.wanted])
        except EditRefused as exc:
            self.say(str(exc))
            return
        self.statusBar().showMessage(tr("annotators", "sentence {row}: took {name}'s {what}").format(
            row=self.row + 1, name=self.doc.names[source],
            what=tr("annotators", "sentence") if whole else field_list(item.fields)), 5000)
        if not whole:
            self.step(1)

    def edit(self) -> None:
        if not self._ready():
            return
        dialog, self.edit_text = edit_dialog(self, self.row, self.doc.curated_text(self.row))
        if self.interactive and dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.apply_edit(self.edit_text.toPlainText())

    def apply_edit(self, text: str) -> bool:
        try:
            self.doc.edit(self.row, text)
        except EditRefused as exc:
            self.say(str(exc))
            return False
        return True

    def undo(self) -> None:
        if self.doc.adjudication is None:
            return
        decision = self.doc.undo()
        if decision is None:
            self.statusBar().showMessage(tr("annotators", "nothing to undo"), 5000)
        else:
            self.show_row(decision.sentence - 1, self.item_index)

    def _on_changed(self, row: int) -> None:
        self._fill_row(row)
        if row == self.row:
            self.redraw()
        if self.tabs.currentIndex() == 1:
            self.tabs.refresh_changes()

    def say(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        self.last_message = message
        if self.interactive:
            QMessageBox.warning(self, tr("annotators", "Adjudication"), message)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        total = self.upright.height()
        if total > 0:
            self.upright.setSizes([total - min(210, total // 3), min(210, total // 3)])
        self.view.fit(self.scroll.viewport().width(),
                      self.scroll.viewport().height() if not any(v.isVisible() for v in self.others) else 0)
        for view in self.others:
            view.fit(self.scroll.viewport().width())
        self.canvas.adjustSize()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        adj = self.doc.adjudication
        if adj is not None and adj.unsaved and self.interactive:
            answer = QMessageBox.question(
                self, tr("annotators", "Adjudication"),
                tr("annotators", "Save the curated file before closing? (Unsaved decisions stay in "
                   "the journal and are offered next time.)"),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel)
            if answer == QMessageBox.StandardButton.Cancel:
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Save and not self.save():
                event.ignore()
                return
        self.doc.close()        # another window may adjudicate into the curated file now
        event.accept()
