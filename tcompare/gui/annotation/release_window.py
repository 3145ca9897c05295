"""File › Compare releases…: two releases of a treebank, each changed sentence drawn old
against new on one word axis (`analysis.release_diff`, whose pairing and changes it shows).

Left: the changelog (status counts) and the most frequent changes (``DEPREL obl -> nmod:
312``); a click on a change keeps the sentences that hold it.  Then the sentences (status
filter: changed ones first).  Centre: the old and the new sentence as two bands; what the
diff says changed is framed (HEAD, DEPREL, UPOS/XPOS, FEATS; brackets added, removed,
relabelled, moved).  A retokenised sentence is drawn on two axes, one per release.  F8 /
Shift+F8: next / previous changed sentence.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHeaderView, QLabel, QListWidget,
                               QMainWindow, QPlainTextEdit, QScrollArea, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from tcompare.analysis.release_diff import STATUSES, ReleaseDiff, SentenceDiff, change_key
from tcompare.gui.annotation.axis_view import AxisView, Band
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import N_, tr
from tcompare.model.corpus import Corpus
from tcompare.scoring.annotators import Disagreement

FIELD_OF = {"HEAD": "attachment", "DEPREL": "label", "UPOS": "pos", "XPOS": "pos", "POS": "pos",
            "FEATS": "feats"}
STATUS_NAMES = {"same": N_("release_window", "same"), "changed": N_("release_window", "changed"),
                "retokenised": N_("release_window", "retokenised"),
                "resegmented": N_("release_window", "resegmented"),
                "added": N_("release_window", "added"), "removed": N_("release_window", "removed"),
                "unreadable": N_("release_window", "unreadable")}
ALL_BUT_SAME = "not same"
PAIRED_BY = {"sent_id": N_("release_window", "sentence ids"), "text": N_("release_window", "text")}


def frames(unit: SentenceDiff) -> list[Disagreement]:
    """What the diff says changed in `unit`, as items the axis view frames (new positions)."""
    out = []
    for c in unit.changes:
        if c.field in FIELD_OF and c.new_word >= 0:
            out.append(Disagreement(c.new_word, c.new_word + 1, (FIELD_OF[c.field],), (c.old, c.new)))
    for b in unit.brackets:
        span = b.new_span or b.old_span
        if span is not None:
            field = "label" if b.kind == "relabelled" else "attachment"
            out.append(Disagreement(span[0], span[1], (field,), (b.old_label or None, b.new_label or None),
                                    "span"))
    return out


def keys_of(unit: SentenceDiff) -> set[tuple[str, str, str]]:
    """The groups of `ReleaseDiff.top_changes` that `unit` has a change in."""
    keys = {change_key(c, unit) for c in unit.changes}
    keys.update(("brackets " + b.kind, b.old_label, b.new_label) for b in unit.brackets)
    return keys


class ReleaseWindow(QMainWindow):
    """See the module docstring.  `old` and `new` are the corpora `diff` was made from."""

    def __init__(self, diff: ReleaseDiff, old: Corpus, new: Corpus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("release_window")
        self.diff, self.old, self.new = diff, old, new
        self.setWindowTitle(tr("release_window", "Release diff — {old} → {new}").format(
            old=file_name(diff.old_path), new=file_name(diff.new_path)))
        self.change_filter: tuple[str, str, str] | None = None
        self.shown: list[int] = []         # indices into diff.sentences, in table order
        self._build()
        self.fill()
        for widget, name in ((self.table, tr("release_window", "Sentences")),
                             (self.top, tr("release_window", "Most frequent changes")),
                             (self.view, tr("release_window", "Old and new on one word axis")),
                             (self.second, tr("release_window", "The new release's words")),
                             (self.details, tr("release_window", "The sentence's changes"))):
            widget.setAccessibleName(name)
        a11y.name_widgets(self)
        if self.shown:
            self.show_unit(0)

    def _build(self) -> None:
        counts = self.diff.status_counts()
        old_n, new_n = self.diff.old_count, self.diff.new_count
        self.summary = QLabel(tr("release_window", "{old} sentences in the old release, {new} in the new; "
                                 "paired by {by}").format(old=old_n, new=new_n,
                                                          by=tr("release_window", PAIRED_BY.get(self.diff.paired_by, "text")))
                              + "\n" + " · ".join(f"{tr('release_window', STATUS_NAMES[s])} {counts.get(s, 0)}"
                                                  for s in STATUSES))
        self.summary.setObjectName("release_summary")
        self.summary.setWordWrap(True)
        self.top = QListWidget()
        self.top.setObjectName("release_top_changes")
        self.top_changes = self.diff.top_changes(200)
        self.top.addItem(tr("release_window", "(every change)"))
        self.top.addItems([str(c) for c in self.top_changes])
        self.top.currentRowChanged.connect(self._change_chosen)
        self.status = QComboBox()
        self.status.setObjectName("release_status")
        self.status.addItem(tr("release_window", "all but the same"), ALL_BUT_SAME)
        for s in STATUSES:
            self.status.addItem(tr("release_window", STATUS_NAMES[s]), s)
        self.status.currentIndexChanged.connect(lambda _i: self.fill())
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("release_sentences")
        self.table.setHorizontalHeaderLabels([tr("release_window", "Old"), tr("release_window", "New"),
                                              tr("release_window", "Status"), tr("release_window", "Changes"),
                                              tr("release_window", "sent_id / words")])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # sized once after filling: ResizeToContents measured every row at each cell set
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(lambda r, *_: r >= 0 and self.show_unit(r))
        left = QWidget()
        box = QVBoxLayout(left)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.summary)
        box.addWidget(QLabel(tr("release_window", "Most frequent changes:")))
        box.addWidget(self.top, 1)
        box.addWidget(self.status)
        box.addWidget(self.table, 2)

        self.view = AxisView()
        self.second = AxisView()           # the new release when the words differ
        views = QWidget()
        column = QVBoxLayout(views)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.view)
        column.addWidget(self.second)
        column.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidget(views)
        self.scroll.setWidgetResizable(True)
        self.scroll.horizontalScrollBar().valueChanged.connect(lambda _v: self.view.update())
        self.details = QPlainTextEdit()
        self.details.setObjectName("release_details")
        self.details.setReadOnly(True)
        centre = QSplitter(Qt.Orientation.Vertical)
        centre.addWidget(self.scroll)
        centre.addWidget(self.details)
        centre.setStretchFactor(0, 4)
        centre.setStretchFactor(1, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(centre)
        split.setSizes([380, 900])
        self.setCentralWidget(split)
        for text, keys, step in ((tr("release_window", "Next changed sentence"), "F8", 1),
                                 (tr("release_window", "Previous changed sentence"), "Shift+F8", -1)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, s=step: self.step(s))
            self.addAction(action)

    # -- the table --------------------------------------------------------------------------
    def fill(self) -> None:
        wanted = self.status.currentData()
        units = self.diff.sentences
        self.shown = [k for k, u in enumerate(units)
                      if (u.status != "same" if wanted == ALL_BUT_SAME else u.status == wanted)
                      and (self.change_filter is None or self.change_filter in keys_of(u))]
        self.table.setRowCount(len(self.shown))
        for r, k in enumerate(self.shown):
            u = units[k]
            old_t, new_t = self.diff.texts(u)
            words = (new_t or old_t)
            cells = [",".join(str(i + 1) for i in u.old), ",".join(str(i + 1) for i in u.new),
                     tr("release_window", STATUS_NAMES.get(u.status, u.status)),
                     str(len(u.changes) + len(u.brackets)),
                     (self.diff.sent_id(u) or "") + "  " + " ".join(words)[:80]]
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        if self.shown:
            self.table.setCurrentCell(0, 0)
            self.show_unit(0)

    def _change_chosen(self, row: int) -> None:
        if row <= 0:
            self.change_filter = None
        else:
            c = self.top_changes[row - 1]
            self.change_filter = (c.field, c.old, c.new)
        self.fill()

    def step(self, delta: int) -> None:
        if self.shown:
            self.table.setCurrentCell((max(self.table.currentRow(), 0) + delta) % len(self.shown), 0)

    # -- the drawing -------------------------------------------------------------------------
    def _item(self, corpus: Corpus, indices: tuple[int, ...]) -> Any:
        if len(indices) != 1 or corpus[indices[0]].error is not None:
            return None
        return corpus[indices[0]].item

    def show_unit(self, row: int) -> None:
        if not 0 <= row < len(self.shown):
            return
        unit = self.diff.sentences[self.shown[row]]
        old, new = self._item(self.old, unit.old), self._item(self.new, unit.new)
        old_title = tr("release_window", "old") + f"  {file_name(self.diff.old_path)}"
        new_title = tr("release_window", "new") + f"  {file_name(self.diff.new_path)}"
        items = frames(unit)
        same_words = unit.pairing is None or unit.pairing.same_tokens
        self.view.available = self.second.available = self.scroll.viewport().width() - 4
        if same_words and old is not None and new is not None:
            self.view.show_versions([Band(old_title, old), Band(new_title, new)], items, None)
            self.second.hide()
        else:
            self.view.show_versions([Band(old_title, old)], [], None)
            self.second.show_versions([Band(new_title, new)], [], None)
            self.second.setVisible(new is not None)
        lines = [f"{tr('release_window', STATUS_NAMES.get(unit.status, unit.status))}"
                 + (f": {unit.error}" if unit.error else "")]
        lines += [f"{c.field} {c.old} → {c.new}  (word {c.new_word + 1})" for c in unit.changes]
        lines += [f"bracket {b.kind}: {b.old_label or '—'} {b.old_span or ''} → {b.new_label or '—'} "
                  f"{b.new_span or ''}" for b in unit.brackets]
        self.details.setPlainText("\n".join(lines))
