"""File › Open LLM output…: LLM answers against the gold, both policies side by side.

A window of its own (`LlmWindow`) over the Qt-free run `workspace.llm_output.run_llm`: on
top the counts (valid, invalid and why, faithful, unfaithful and how) and the figures of the
``strict`` and the ``repaired`` policy, each row named by its policy; on the left one row per
gold sentence; on the right the chosen sentence's words in gold order with the answer's
changes marked (dropped struck through, added underlined, changed ``gold → answer``, moved in
italics), the repairs made, and the gold tree drawn against the repaired answer in the verdict
colours.  F8 / Shift+F8: the next / previous invalid or unfaithful sentence.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QFileDialog, QHBoxLayout,
                               QHeaderView, QLabel, QSplitter, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from tcompare.gui.drawing.views import view_class
from tcompare.gui.language.i18n import N_, tr
from tcompare.scoring.llm_policies import POLICIES
from tcompare.workspace.llm_output import (LlmRun, LlmRunError, LlmSystem, figures, headline,
                                           marked_words, run_llm)

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMenu, QStatusBar

    from tcompare.gui.session import Session

# the words' marks (Qt rich text: no CSS classes, each span styled)
MARKS = {
    "dropped": "text-decoration: line-through; color: #b00020; background: #fde7ea;",
    "added": "text-decoration: underline; color: #0b6b0b; background: #e6f4e6;",
    "changed": "background: #fff1c2; color: #6b4500;",
    "reordered": "font-style: italic; background: #e3ecfb; color: #1d4ed8;",
}
POLICY_NAMES = {"strict": N_("llm_view", "strict"), "repaired": N_("llm_view", "repaired")}
REASON_NAMES = {"empty": N_("llm_view", "empty"), "unparsable": N_("llm_view", "unparsable"),
                "unbalanced": N_("llm_view", "unbalanced"),
                "several_roots": N_("llm_view", "several roots"), "cycle": N_("llm_view", "cycle"),
                "bad_head": N_("llm_view", "bad head")}
# the repairs' kinds (the text before the colon, English data from below the GUI), shown translated
REPAIR_KINDS = {k: k for k in (
    N_("llm_view", "chatter removed"), N_("llm_view", "other parses left out"),
    N_("llm_view", "brackets balanced"), N_("llm_view", "empty brackets removed"),
    N_("llm_view", "roots joined"), N_("llm_view", "columns filled"),
    N_("llm_view", "word written back"), N_("llm_view", "added word removed"),
    N_("llm_view", "word moved back"), N_("llm_view", "dropped word put back"),
    N_("llm_view", "second root attached"), N_("llm_view", "cycle broken"),
    N_("llm_view", "head repaired"), N_("llm_view", "IDs renumbered"))}
FAULT_NAMES = {"added": N_("llm_view", "added"), "dropped": N_("llm_view", "dropped"),
               "changed": N_("llm_view", "changed"), "reordered": N_("llm_view", "moved")}


def words_rich_text(sentence: Any) -> str:
    """The sentence's words in gold order, the answer's changes marked (Qt rich text)."""
    parts = []
    for w in marked_words(sentence):
        kind = w["kind"]
        if kind == "same":
            parts.append(escape(w["gold"]))
        elif kind == "changed":
            parts.append(f"<span style='{MARKS[kind]}'>{escape(w['gold'])} → {escape(w['system'])}</span>")
        elif kind == "added":
            parts.append(f"<span style='{MARKS[kind]}'>+{escape(w['system'])}</span>")
        else:
            parts.append(f"<span style='{MARKS[kind]}'>{escape(w['gold'])}</span>")
    return "&nbsp; ".join(parts)


def repair_text(repair: str) -> str:
    """A repair in the interface's language: its kind translated, the details as they are."""
    kind, sep, rest = repair.partition(":")
    return (tr("llm_view", kind) + sep + rest) if kind in REPAIR_KINDS else repair


def legend_rich_text() -> str:
    return "&nbsp;&nbsp;".join(
        f"<span style='{MARKS[k]}'>{escape(tr('llm_view', FAULT_NAMES[k]))}</span>"
        for k in ("changed", "added", "dropped", "reordered"))


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


class LlmWindow(QDialog):
    """The LLM answers of one run (several systems: a chooser on top)."""

    def __init__(self, run: LlmRun, parent: QWidget | None = None):
        super().__init__(parent)
        self.run = run
        self.setWindowTitle(tr("llm_view", "LLM output against {gold}").format(gold=Path(run.gold.path).name))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.keys = headline(run.profile)
        self.system_box = QComboBox()
        for s in run.systems:
            self.system_box.addItem(Path(s.path).name)
        self.system_box.currentIndexChanged.connect(self.show_system)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.currentCellChanged.connect(lambda row, *_: self.show_sentence(row))
        main = self.keys[0] if self.keys else ""
        self.table.setHorizontalHeaderLabels([
            tr("llm_view", "Sent"), tr("llm_view", "Validity"), tr("llm_view", "Faithfulness"),
            tr("llm_view", "{figure} (strict)").format(figure=main),
            tr("llm_view", "{figure} (repaired)").format(figure=main)])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.words = QLabel()
        self.words.setTextFormat(Qt.TextFormat.RichText)
        self.words.setWordWrap(True)
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.repairs = QLabel()
        self.repairs.setWordWrap(True)
        self.repairs.setTextFormat(Qt.TextFormat.RichText)
        self.legend = QLabel(legend_rich_text())
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.view = view_class(run.gold.kind)()
        if hasattr(self.view, "set_titles"):
            self.view.set_titles(tr("llm_view", "GOLD"), tr("llm_view", "ANSWER (repaired)"))
        if run.gold.kind == "constituency":
            self.view.set_layout_mode("mirrored")     # gold above, the answer below the words
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.words)
        rl.addWidget(self.legend)
        rl.addWidget(self.repairs)
        rl.addWidget(self.view, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        self.split = split
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("llm_view", "Answers:")))
        top.addWidget(self.system_box)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        for keys, step in ((QKeySequence("F8"), 1), (QKeySequence("Shift+F8"), -1)):
            action = QAction(self)
            action.setShortcut(keys)
            action.triggered.connect(lambda _=False, s=step: self.next_fault(s))
            self.addAction(action)
        self.resize(1200, 760)
        self.show_system(0)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        """The table keeps the width its columns need (at most 45% of the window)."""
        super().resizeEvent(event)
        need = self.table.horizontalHeader().length() + self.table.verticalScrollBar().sizeHint().width() + 4
        width = self.split.width()
        left = min(need, int(width * 0.45))
        self.split.setSizes([left, max(0, width - left)])

    # -- what is shown ----------------------------------------------------------------------
    @property
    def system(self) -> LlmSystem:
        return self.run.systems[max(0, self.system_box.currentIndex())]

    def show_system(self, index: int) -> None:
        report = self.system.report
        v, f, rates = report.validity_counts(), report.faithfulness_counts(), report.rates()
        why = ", ".join(f"{tr('llm_view', REASON_NAMES[k])} {v[k]}" for k in REASON_NAMES if v[k])
        how = ", ".join(f"{tr('llm_view', FAULT_NAMES[k])} {f[k]}" for k in FAULT_NAMES if f[k])
        rows = "".join(
            f"<tr><td><b>{escape(tr('llm_view', POLICY_NAMES[p]))}</b></td>"
            + "".join(f"<td align='right'>&nbsp;{_pct(figures(report, p).get(k))}&nbsp;</td>" for k in self.keys)
            + "</tr>" for p in POLICIES)
        self.summary.setText(
            tr("llm_view", "{valid} of {n} answers valid, {invalid} invalid ({why}); "
                           "{faithful} faithful, {unfaithful} unfaithful (words {how}); "
                           "valid and faithful: {rate}%").format(
                valid=v["valid"], n=v["sentences"], invalid=v["invalid"], why=why or "–",
                faithful=f["faithful"], unfaithful=f["unfaithful"], how=how or "–",
                rate=_pct(rates["valid_and_faithful"]))
            + "<table cellspacing='0'><tr><th align='left'>" + escape(tr("llm_view", "policy")) + "</th>"
            + "".join(f"<th>&nbsp;{escape(k)}&nbsp;</th>" for k in self.keys) + "</tr>" + rows + "</table>")
        main = self.keys[0] if self.keys else ""
        self.table.setRowCount(len(report.sentences))
        for row, s in enumerate(report.sentences):
            validity = tr("llm_view", "valid") if s.valid else (
                tr("llm_view", "no answer") if not s.answer else
                ", ".join(tr("llm_view", REASON_NAMES[r]) for r in s.reasons))
            faith = tr("llm_view", "faithful") if s.faithful else ("–" if s.alignment is None else ", ".join(
                f"{tr('llm_view', FAULT_NAMES[k])} {n}" for k, n in s.word_faults.items() if n))
            cells = [str(s.index), validity, faith,
                     *(_pct(s.results[p].scores.get(main)) for p in POLICIES)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col in (0, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, item)
        first = next((k for k, s in enumerate(report.sentences) if not (s.valid and s.faithful)), 0)
        if report.sentences:
            self.table.setCurrentCell(first, 0)
            self.show_sentence(first)

    def show_sentence(self, row: int) -> None:
        sentences = self.system.report.sentences
        if not 0 <= row < len(sentences):
            return
        s = sentences[row]
        self.words.setText(f"<b>{s.index}.</b>&nbsp; " + words_rich_text(s))
        lines = [escape(repair_text(r)) for r in s.repairs] or [escape(tr("llm_view", "no repair needed"))]
        if not s.answer:
            lines = [escape(tr("llm_view", "no answer pairs with this sentence"))]
        main = self.keys[0] if self.keys else ""
        policies = []
        for p in POLICIES:       # each policy's figure for this sentence, and why when no parse
            r = s.results[p]
            why = f" — {escape(r.message)}" if r.message else ""
            policies.append(f"<b>{escape(tr('llm_view', POLICY_NAMES[p]))}</b> {escape(main)} "
                            f"{_pct(r.scores.get(main))}{why}")
        self.repairs.setText("<br>".join(policies) + "<br>" + tr("llm_view", "Repairs:") + "<br>"
                             + "<br>".join(lines))
        result = s.results["repaired"]
        answer = result.data.get("repaired_item")
        if answer is None and s.answer and s.valid and s.faithful:
            answer = self.system.output.parses[s.answer - 1].item
        gold = self.run.gold.records[s.index - 1].item
        self.view.show_pair(gold, answer, result if answer is not None else None, self.run.gold.notation)

    def next_fault(self, step: int) -> None:
        sentences = self.system.report.sentences
        row = self.table.currentRow()
        for k in range(1, len(sentences) + 1):
            r = (row + step * k) % len(sentences)
            if not (sentences[r].valid and sentences[r].faithful):
                self.table.setCurrentCell(r, 0)
                return


# -- the menu item ------------------------------------------------------------------------------

class LlmHost(Protocol):
    """The window the menu item lives in (the dialogs' parent)."""

    session: Session
    settings: QSettings

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)
    def addAction(self, action: QAction) -> None: ...  # noqa: N802


class LlmAction:
    """File › Open LLM output…: answers scored against the open gold file (or one chosen)."""

    def __init__(self, window: LlmHost, menu: QMenu, before: QAction | None = None):
        self.window = window
        self.windows: list[LlmWindow] = []
        self.action = QAction(tr("llm_view", "Open &LLM output…"), window)   # type: ignore[arg-type]
        self.action.setStatusTip(tr("llm_view", "Score a language model's parses: validity, "
                                    "faithfulness, strict and repaired figures"))
        self.action.triggered.connect(self.ask)
        menu.insertAction(before, self.action) if before is not None else menu.addAction(self.action)

    def ask(self) -> None:
        req = self.window.session.request
        folder = str(self.window.settings.value("last_folder", ""))
        gold = req.gold if req is not None else ""
        if not gold:
            gold, _ = QFileDialog.getOpenFileName(self.window, tr("llm_view", "Gold file"), folder)  # type: ignore[arg-type]
            if not gold:
                return
        paths, _ = QFileDialog.getOpenFileNames(self.window, tr("llm_view", "LLM output file(s)"), folder)  # type: ignore[arg-type]
        if paths:
            self.open(gold, paths, req.profile if req is not None else None,
                      req.notation if req is not None else None,
                      req.file_encoding() if req is not None else None)

    def open(self, gold: str, paths: list[str], profile: str | None = None,
             notation: str | None = None, encoding: str | None = None) -> LlmWindow | None:
        try:
            run = run_llm(gold, paths, profile, notation, encoding)
        except LlmRunError as exc:
            self.window.statusBar().showMessage(str(exc), 10000)
            return None
        win = LlmWindow(run, self.window)  # type: ignore[arg-type]
        self.windows.append(win)
        win.show()
        return win
