"""The metrics sidebar: profile chooser and options, system chooser, the current sentence's
counts and scores, and the running aggregate.

The aggregate is the profile's own `Summary` (the Workspace's `RunningTotal`): its figures
in a table, and under it the text `tcompare score --summary-only` prints for that profile,
printed from the same `Summary` (EVALB: the "-- All --" and "-- len<=40 --" blocks of the
.rsl file; the generic runner's ``key  value`` lines for a profile without a report).  So
the sidebar and the CLI can never disagree.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout,
                               QGroupBox, QHeaderView, QLabel, QLineEdit, QScrollArea, QSpinBox,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.scorer_text import scorer_message
from tcompare.gui.language.terms import term
from tcompare.paths import resource
from tcompare.scoring import profiles
from tcompare.scoring.base import Option, Profile, SentenceResult, Summary

OTHER_FILE = N_("sidebar", "Other file…")
MAX_COUNTS = 8


def format_value(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def generic_summary_text(summary: Summary) -> str:
    """The generic CLI runner's summary lines (cli/generic.py `default_text`, summary part)."""
    lines = []
    for key, value in summary.metrics.items():
        lines.append(f"{key:<24} {format_value(value) if not isinstance(value, int) else value}")
    for group, metrics in summary.groups.items():
        lines.append(f"\n[{group}]")
        for key, value in metrics.items():
            lines.append(f"  {key:<22} {format_value(value) if not isinstance(value, int) else value}")
    for note in summary.notes:
        lines.append(f"\nnote: {note}")
    return "\n".join(lines)


def summary_text(profile: Profile, summary: Summary, config: Any,
                 results: Sequence[SentenceResult] = ()) -> str:
    """What `tcompare score --summary-only` prints for `summary`: the profile's
    `render_summary` (EVALB: the block its .rsl report ends with), else its `render_text` of the
    summary alone (`results` only tell it how the sentences were scored), else the generic
    runner's lines."""
    render = getattr(profile, "render_summary", None)
    if render is not None:
        try:
            return str(render(summary, config)).rstrip("\n")
        except Exception:
            pass
    render = getattr(profile, "render_text", None)
    if render is not None:
        try:
            return str(render(results, summary, config, summary_only=True)).strip("\n")
        except Exception:
            pass
    return generic_summary_text(summary)


@functools.cache
def _bundled_prm_files() -> tuple[Path, ...]:
    folder = resource("prm")
    return tuple(sorted(folder.glob("*.prm"))) if folder.is_dir() else ()


def bundled_prm_files() -> list[Path]:
    """The .prm files shipped with tcompare (read once: the sidebar asks on every open)."""
    return list(_bundled_prm_files())


class Sidebar(QWidget):
    """Signals: `profile_changed(name)`, `options_changed(dict)`, `system_changed(index)`."""

    profile_changed = Signal(str)
    options_changed = Signal(dict)
    system_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumWidth(290)   # the figures and their values readable side by side
        self._profile: Profile | None = None
        self._options: dict = {}
        self._option_widgets: dict[str, QWidget] = {}
        self._updating = False
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(max(mono.pointSizeF() - 1.0, 7.0))

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        layout = QVBoxLayout(body)

        box = QGroupBox(tr("sidebar", "Scoring"))
        form = QFormLayout(box)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profile_combo")
        self.profile_combo.currentIndexChanged.connect(self._on_profile_combo)
        form.addRow(tr("sidebar", "Profile"), self.profile_combo)
        self.system_combo = QComboBox()
        self.system_combo.setObjectName("system_combo")
        self.system_combo.currentIndexChanged.connect(self._on_system_combo)
        self.system_label = QLabel(tr("sidebar", "System"))
        for combo in (self.profile_combo, self.system_combo):
            # a long file name must not widen the sidebar past its viewport
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        form.addRow(self.system_label, self.system_combo)
        self.options_form = form
        layout.addWidget(box)

        self.sentence_box = QGroupBox(tr("sidebar", "Sentence"))
        self.sentence_form = QFormLayout(self.sentence_box)
        self.sentence_form.setVerticalSpacing(1)
        self._row_keys: list[str] = []
        self._row_labels: dict[str, QLabel] = {}
        layout.addWidget(self.sentence_box)
        # optional rows: the current sentence's secondary scores (docs/cli-secondary.md)
        self.secondary_box = QCheckBox(tr("sidebar", "Secondary scores"))
        self.secondary_box.setObjectName("secondary_box")
        self.secondary_box.setToolTip(tr("sidebar", "Leaf-ancestor, tree edit distance and "
                                                    "function tags of this sentence"))
        self.secondary_form = QFormLayout()
        self.secondary_form.setVerticalSpacing(1)
        self.secondary_form.setContentsMargins(10, 0, 10, 0)    # in line with the boxes' rows
        layout.addWidget(self.secondary_box)
        layout.addLayout(self.secondary_form)

        self.total_box = QGroupBox(tr("sidebar", "Running total"))
        total_layout = QVBoxLayout(self.total_box)
        # the figures as a table (numbers aligned, nothing to scroll sideways) ...
        self.total_table = QTableWidget(0, 2)
        self.total_table.setObjectName("total_table")
        self.total_table.horizontalHeader().setVisible(False)
        self.total_table.verticalHeader().setVisible(False)
        self.total_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.total_table.setShowGrid(False)
        self.total_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.total_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.total_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.total_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        total_layout.addWidget(self.total_table)
        # the corpus's secondary figures, while "Secondary scores" is checked
        self.secondary_total_form = QFormLayout()
        self.secondary_total_form.setVerticalSpacing(1)
        self.secondary_total_form.setContentsMargins(4, 0, 4, 0)
        total_layout.addLayout(self.secondary_total_form)
        # ... and, folded under it, the report as `tcompare score` prints it
        # a short text: a check box does not wrap, and its whole text set the sidebar's
        # minimum width (wider than its scroll area's viewport, the right edge cut off)
        self.report_box = QCheckBox(tr("sidebar", "Report text"))
        self.report_box.setToolTip(tr("sidebar", "The report as tcompare score prints it"))
        self.report_box.setObjectName("report_box")
        total_layout.addWidget(self.report_box)
        self.total_text = QLabel()
        self.total_text.setObjectName("total_text")
        self.total_text.setFont(mono)
        self.total_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.total_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # the CLI's fixed-width lines keep their shape: scroll sideways rather than wrap
        total_scroll = QScrollArea()
        total_scroll.setWidgetResizable(True)
        total_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        total_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        total_scroll.setWidget(self.total_text)
        total_scroll.setMinimumHeight(120)
        self.total_scroll = total_scroll
        total_layout.addWidget(total_scroll)
        total_scroll.setVisible(False)
        self.report_box.toggled.connect(total_scroll.setVisible)
        layout.addWidget(self.total_box)

        self.legend_slot = QVBoxLayout()
        layout.addLayout(self.legend_slot)
        layout.addStretch(1)
        self.set_systems([])

    # -- profile and options ----------------------------------------------------------------
    def set_profiles(self, notation: str, current: Profile | None, options: dict) -> None:
        """Fill the profile chooser with the registry's profiles for `notation`."""
        self._updating = True
        try:
            self.profile_combo.clear()
            names = profiles.names_for(notation) if notation else []
            if current is not None and current.name not in names:
                names.insert(0, current.name)
            for name in names:
                self.profile_combo.addItem(name)
            if current is not None:
                self.profile_combo.setCurrentText(current.name)
                self.profile_combo.setToolTip(term(current.description))
            self._profile, self._options = current, dict(options)
            self._build_option_widgets()
        finally:
            self._updating = False

    def _build_option_widgets(self) -> None:
        for widget in self._option_widgets.values():
            self.options_form.removeRow(widget)
        self._option_widgets = {}
        if self._profile is None:
            return
        for option in self._profile.options:
            widget = self._option_widget(option, self._options.get(option.name, option.default))
            if widget is None:
                continue
            widget.setToolTip(term(option.help))
            widget.setObjectName(f"option_{option.name}")
            self._option_widgets[option.name] = widget
            self.options_form.addRow(term(option.name), widget)

    def _option_widget(self, option: Option, value: Any) -> QWidget | None:
        if option.name == "prm":
            return self._prm_combo(value, option)
        if option.type is bool:
            box = QCheckBox()
            box.setChecked(bool(value))
            box.toggled.connect(lambda v, n=option.name: self._set_option(n, v))
            return box
        if option.choices:
            combo = QComboBox()
            for choice in option.choices:
                combo.addItem(term(str(choice)), choice)
            combo.setCurrentIndex(max(combo.findData(value), 0))
            combo.currentIndexChanged.connect(
                lambda i, n=option.name, c=combo: self._set_option(n, c.itemData(i)))
            return combo
        if option.type is int:
            spin = QSpinBox()
            spin.setRange(-1, 10**9)
            spin.setValue(int(value) if value is not None else -1)
            spin.setSpecialValueText(tr("sidebar", "default"))
            spin.editingFinished.connect(
                lambda n=option.name, s=spin: self._set_option(n, None if s.value() < 0 else s.value()))
            return spin
        if option.type is float:
            spin = QDoubleSpinBox()
            spin.setRange(-1e9, 1e9)
            spin.setValue(float(value) if value is not None else 0.0)
            spin.editingFinished.connect(lambda n=option.name, s=spin: self._set_option(n, s.value()))
            return spin
        edit = QLineEdit("" if value is None else str(value))
        edit.editingFinished.connect(lambda n=option.name, e=edit: self._set_option(n, e.text() or None))
        return edit

    def _prm_combo(self, value: Any, option: Option) -> QComboBox:
        """A parameter file: the bundled .prm files, any other file, or the profile's default
        (EVALB's is COLLINS.prm; disco-dop's is no file, as its ``eval`` without one)."""
        combo = QComboBox()
        collins = "COLLINS.prm" in option.help
        combo.addItem(tr("sidebar", "default (COLLINS)") if collins else tr("sidebar", "default"),
                      None)
        for path in bundled_prm_files():
            combo.addItem(path.name, str(path))
        if value and combo.findData(str(value)) < 0:
            combo.addItem(Path(str(value)).name, str(value))
        combo.addItem(tr("sidebar", OTHER_FILE), OTHER_FILE)
        combo.setCurrentIndex(max(combo.findData(str(value)) if value else 0, 0))
        combo.activated.connect(lambda i, c=combo: self._on_prm(c, i))
        return combo

    def _on_prm(self, combo: QComboBox, i: int) -> None:
        data = combo.itemData(i)
        if data == OTHER_FILE:
            path, _ = QFileDialog.getOpenFileName(self, tr("sidebar", "EVALB parameter file"), "",
                                                  tr("sidebar", "EVALB parameters (*.prm);;All files (*)"))
            if not path:
                previous = self._options.get("prm")
                combo.setCurrentIndex(max(combo.findData(previous) if previous else 0, 0))
                return
            combo.insertItem(combo.count() - 1, Path(path).name, path)
            combo.setCurrentIndex(combo.count() - 2)
            data = path
        self._set_option("prm", data)

    def _set_option(self, name: str, value: Any) -> None:
        if self._updating or self._options.get(name) == value:
            return
        self._options[name] = value
        self.options_changed.emit(dict(self._options))

    def _on_profile_combo(self, _i: int) -> None:
        if not self._updating and self.profile_combo.currentText():
            self.profile_changed.emit(self.profile_combo.currentText())

    # -- systems --------------------------------------------------------------------------------
    def set_systems(self, names: list[str], current: int = 0) -> None:
        self._updating = True
        try:
            self.system_combo.clear()
            self.system_combo.addItems(names)
            if names:
                self.system_combo.setCurrentIndex(min(current, len(names) - 1))
            several = len(names) > 1
            self.system_combo.setVisible(several)
            self.system_label.setVisible(several)
        finally:
            self._updating = False

    def _on_system_combo(self, i: int) -> None:
        if not self._updating and i >= 0:
            self.system_changed.emit(i)

    # -- figures --------------------------------------------------------------------------------
    def show_sentence(self, position: int | None, result: SentenceResult | None,
                      profile: Profile | None) -> None:
        """The current sentence's status, message, scores (profile columns first) and counts.

        Rows are (key, text) pairs; when the keys are those already shown, only the texts
        change (rebuilding the form on every PgDown costs more than the drawing budget).
        """
        if position is None:
            self.sentence_box.setTitle(tr("sidebar", "Sentence"))
            self._set_rows([])
            return
        self.sentence_box.setTitle(tr("sidebar", "Sentence {n}").format(n=position + 1))
        if result is None:
            self._set_rows([("", tr("sidebar", "not scored yet") if profile is not None else tr("sidebar", "no profile"))])
            return
        rows: list[tuple[str, str]] = [("status", term(result.status.value))]
        if result.message:
            rows.append(("message", scorer_message(result.message)))
        keys = [k for k in (profile.columns if profile else ()) if k in result.scores]
        keys += [k for k in result.scores if k not in keys]
        rows += [(f"score_{k}", format_value(result.scores[k])) for k in keys]
        # per-label breakdowns ("sc correct:NN") belong to reports, not to this box
        counts = [(k, v) for k, v in sorted(result.counts.items()) if ":" not in k]
        if counts:
            rows.append(("counts", tr("sidebar", "counts")))
        rows += [(f"count_{k}", str(v)) for k, v in counts[:MAX_COUNTS]]
        rows += [(f"flag_{f}", tr("sidebar", "note: {flag}").format(flag=term(f))) for f in result.flags]
        self._set_rows(rows)

    def _set_rows(self, rows: list[tuple[str, str]]) -> None:
        keys = [k for k, _ in rows]
        if keys == self._row_keys:
            for key, text in rows:
                self._row_labels[key].setText(text)
            return
        form = self.sentence_form
        while form.rowCount():
            form.removeRow(0)
        self._row_keys, self._row_labels = keys, {}
        for key, text in rows:
            label = QLabel(text)
            label.setObjectName(f"sentence_{key}" if key in ("status", "message") else key)
            self._row_labels[key] = label
            if key in ("message", "") or key.startswith("flag_"):
                label.setWordWrap(True)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                form.addRow(label)
            elif key == "counts":
                # a section title in the text colour (palette(mid) was 1.6:1 on the light theme)
                label.setContentsMargins(0, 4, 0, 0)     # (a style sheet would pin the font)
                form.addRow(label)
            else:
                name = key.split("_", 1)[1] if key.startswith(("score_", "count_")) else key
                if key != "status":
                    label.setAlignment(Qt.AlignmentFlag.AlignRight)
                form.addRow(term(name) if key != "status" else tr("sidebar", "status"), label)

    def show_secondary(self, scores: Any) -> None:
        """The secondary rows (a `scoring.secondary.PairScores`, or None: no rows)."""
        form = self.secondary_form
        while form.rowCount():
            form.removeRow(0)
        if scores is None or not self.secondary_box.isChecked():
            return
        rows: list[tuple[str, str, str]] = []                # (name, value, tooltip)
        if scores.problem:
            rows.append((tr("sidebar", "not scored"), scorer_message(scores.problem), ""))
        else:
            if scores.la is not None:
                rows.append((tr("sidebar", "leaf-ancestor"), format_value(float(100 * scores.la)), ""))
            ted = scores.ted
            if ted is not None and ted.computed:
                rows.append((tr("sidebar", "tree distance"), f"{ted.distance} / {ted.denominator}",
                             tr("sidebar", "edit operations / nodes of both trees")))
                similarity = ted.similarity
                rows.append((tr("sidebar", "TED similarity"),
                             format_value(None if similarity is None else float(100 * similarity)), ""))
            elif ted is not None and ted.reason == "time limit":
                rows.append((tr("sidebar", "tree distance"), tr("sidebar", "not computed (time limit)"), ""))
            if scores.functions is not None and (scores.functions.gold or scores.functions.system):
                f = scores.functions
                rows.append((tr("sidebar", "function tags"),
                             f"{f.matched} / {sum(f.gold.values())} / {sum(f.system.values())}",
                             tr("sidebar", "matched / gold / system")))
        for name, value, tip in rows:
            label = QLabel(value)
            label.setAlignment(Qt.AlignmentFlag.AlignRight)
            label.setObjectName("secondary_value")
            label.setToolTip(tip)
            form.addRow(name, label)

    def show_secondary_total(self, figures: Any, computing: bool = False) -> None:
        """The running total's secondary rows: a `workspace.figures.SecondaryTotal`, None (no
        rows), or `computing` (one row saying so until the figures come)."""
        form = self.secondary_total_form
        while form.rowCount():
            form.removeRow(0)
        if not self.secondary_box.isChecked() or (figures is None and not computing):
            return
        heading = QLabel(tr("sidebar", "Secondary scores (corpus)"))
        heading.setObjectName("secondary_total_heading")
        bold = heading.font()
        bold.setBold(True)
        heading.setFont(bold)
        form.addRow(heading)
        rows: list[tuple[str, str | None, str]] = []    # (name, value or None: a note, tooltip)
        if computing:
            rows.append((tr("sidebar", "status"), tr("sidebar", "computing…"), ""))
        else:
            total = figures.total
            values = total.figures()
            rows.append((tr("sidebar", "leaf-ancestor"), format_value(values.get("leaf_ancestor")),
                         tr("sidebar", "mean of the sentences' scores")))
            if total.ted is not None:
                rows.append((tr("sidebar", "TED (Dice)"), format_value(values.get("ted_dice")),
                             tr("sidebar", "1 - edit operations / nodes, summed over the corpus")))
                rows.append((tr("sidebar", "tree distance"),
                             f"{total.ted.distance} / {total.ted.denominator}",
                             tr("sidebar", "edit operations / nodes of both trees")))
            rows.append((tr("sidebar", "function tags"), "", ""))        # a heading
            rows += [("  " + term(name), format_value(values.get(key)), "") for name, key in (
                ("precision", "function_precision"), ("recall", "function_recall"),
                ("f1", "function_f1"))]
            ted_late, la_late = figures.not_computed()
            for text, late in ((tr("sidebar", "TED not computed (time limit): gold {list}"),
                                ted_late),
                               (tr("sidebar", "leaf-ancestor not computed (time limit): gold "
                                              "{list}"), la_late)):
                if late:        # one wrapped line: a long list must not widen the sidebar
                    shown = ", ".join(str(n) for n in late[:20]) + (" …" if len(late) > 20 else "")
                    rows.append((text.format(list=shown), None, ""))
            if total.not_scored:
                rows.append((tr("sidebar", "not scored"), str(len(total.not_scored)),
                             tr("sidebar", "pairs without one sentence on each side")))
        for name, value, tip in rows:
            if value is None:
                line = QLabel(name)
                line.setWordWrap(True)
                line.setObjectName("secondary_total_note")
                form.addRow(line)
                continue
            label = QLabel(value)
            label.setAlignment(Qt.AlignmentFlag.AlignRight)
            label.setObjectName("secondary_total_value")
            label.setToolTip(tip)
            form.addRow(name, label)

    def show_total(self, text: str, rows: int, total: int, system_name: str = "",
                   summary: Summary | None = None, profile: Profile | None = None,
                   left_out: dict | None = None) -> None:
        """The running total: `summary`'s figures in the table (the profile's headline
        first, then each group, then what its reference program left out), `text` (the
        CLI's report) folded under it."""
        self._fill_total_table(summary, profile, left_out or {})
        title = tr("sidebar", "Running total ({rows} of {total} sentences)") if rows < total else \
            tr("sidebar", "Running total ({rows} sentences)")
        title = title.format(rows=f"{rows:,}", total=f"{total:,}")
        if system_name:
            title += f" · {system_name}"
        self.total_box.setTitle(title)
        self.total_text.setText(text)
        bar = self.total_scroll.horizontalScrollBar().sizeHint().height()
        self.total_scroll.setFixedHeight(self.total_text.sizeHint().height() + bar + 4)

    def _fill_total_table(self, summary: Summary | None, profile: Profile | None,
                          left_out: dict | None = None) -> None:
        rows: list[tuple[str, str, bool]] = []          # (name, value, is a heading)
        if profile is not None:         # the profile in force, where the total is
            rows.append((tr("sidebar", "profile"), profile.name, False))
        if summary is not None:
            first = [k for k in (profile.headline if profile else ()) if k in summary.metrics]
            for key in first + [k for k in summary.metrics if k not in first]:
                rows.append((term(key), format_value(summary.metrics[key]), False))
            for group, values in summary.groups.items():
                if values == summary.metrics:
                    continue                               # EVALB's "all" repeats the metrics
                rows.append((term(group), "", True))
                rows += [("  " + term(k), format_value(v), False)
                         for k, v in values.items()]
        if left_out and left_out["unscored_sentences"]:
            # the program's rule kept (as its report); what it left out said beside it
            rows.append((tr("sidebar", "left out"), "", True))
            rows.append(("  " + tr("sidebar", "sentences"),
                         str(len(left_out["unscored_sentences"])), False))
            rows.append(("  " + tr("sidebar", "gold items"),
                         str(left_out["unscored_gold_items"]), False))
            rows.append(("  " + tr("sidebar", "recall with them"),
                         format_value(left_out["recall_with_unscored"]), False))
        table = self.total_table
        table.setRowCount(len(rows))
        bold = table.font()
        bold.setBold(True)
        for r, (name, value, heading) in enumerate(rows):
            left, right = QTableWidgetItem(name), QTableWidgetItem(value)
            right.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if heading:
                left.setFont(bold)
            table.setItem(r, 0, left)
            table.setItem(r, 1, right)
        table.resizeRowsToContents()
        height = sum(table.rowHeight(r) for r in range(len(rows))) + 4
        table.setFixedHeight(max(height, 24))

    def set_legend(self, widget: QWidget) -> None:
        self.legend_slot.addWidget(widget)
