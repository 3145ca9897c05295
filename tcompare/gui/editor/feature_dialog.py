"""The feature editor: a word's FEATS as one row per feature, offering the treebank's features
for the word's UPOS and their values, most frequent first (`editing.word_edits.feature_inventory`).

Every value box is editable (a value the treebank never used can be typed), and a last row
takes a feature of any name.  The FEATS the choices make is shown as it will be written
(names and values sorted as the validator wants them) and checked as it changes: OK is off
while it is not ``Name=Value|...``, and the reason is said under it.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QHeaderView, QLabel,
                               QTableWidget, QVBoxLayout, QWidget)

from tcompare.gui.language.i18n import tr

Inventory = dict[str, dict[str, list[str]]]
FeatsCheck = Callable[[str], str]       # FEATS text -> the canonical FEATS (raises to refuse)
NONE = ""                               # the value box's "not set"


def parse_pairs(feats: str) -> list[tuple[str, str]]:
    """``Case=Nom|Number=Sing`` as [(name, value)], loosely (the dialog shows what it finds;
    the check says what is wrong)."""
    if feats.strip() in ("", "_"):
        return []
    pairs = []
    for item in feats.split("|"):
        name, _, value = item.partition("=")
        pairs.append((name.strip(), value.strip()))
    return pairs


class FeatureDialog(QDialog):
    """Edit the FEATS of one word; `value()` is the canonical FEATS after OK."""

    def __init__(self, word: str, upos: str, feats: str, inventory: Inventory, any_upos: str,
                 check: FeatsCheck, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("feature_editor")
        self.setWindowTitle(tr("feature_dialog", "Features of “{word}” ({upos})").format(
            word=word, upos=upos))
        self.check = check
        offered = dict(inventory.get(upos, {}))
        pooled = inventory.get(any_upos, {})
        current = parse_pairs(feats)
        names = list(offered)
        names += [n for n, _ in current if n not in offered]     # the word's own, if rare
        self.table = QTableWidget(len(names) + 1, 2, self)
        self.table.setObjectName("feature_table")
        self.table.setAccessibleName(tr("feature_dialog", "Features"))
        self.table.setHorizontalHeaderLabels([tr("feature_dialog", "Feature"),
                                              tr("feature_dialog", "Value")])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        metrics = self.fontMetrics()
        # (wide enough for the longest name, and for typing another one)
        widest = max([metrics.horizontalAdvance(n) for n in names] + [metrics.horizontalAdvance("M" * 10)])
        self.table.setColumnWidth(0, widest + 40)
        values = dict(current)
        self.boxes: list[tuple[QComboBox | str, QComboBox]] = []
        for row, name in enumerate(names):
            label = QLabel(name)
            label.setContentsMargins(6, 0, 6, 0)
            self.table.setCellWidget(row, 0, label)
            choices = offered.get(name) or pooled.get(name, [])
            box = self._value_box(choices, values.get(name, NONE))
            box.setAccessibleName(tr("feature_dialog", "Value of {feature}").format(feature=name))
            self.table.setCellWidget(row, 1, box)
            self.boxes.append((name, box))
        # a feature of any name (the treebank's others first)
        other_name = QComboBox()
        other_name.setEditable(True)
        other_name.setObjectName("other_feature")
        other_name.setAccessibleName(tr("feature_dialog", "Other feature"))
        other_name.addItems([NONE] + [n for n in pooled if n not in names])
        other_name.lineEdit().setPlaceholderText(tr("feature_dialog", "other feature…"))
        other_value = self._value_box([], NONE)
        other_value.setAccessibleName(tr("feature_dialog", "Value of the other feature"))
        other_name.currentTextChanged.connect(
            lambda name: self._offer(other_value, pooled.get(name.strip(), [])))
        last = len(names)
        self.table.setCellWidget(last, 0, other_name)
        self.table.setCellWidget(last, 1, other_value)
        self.boxes.append((other_name, other_value))
        self.preview = QLabel()
        self.preview.setObjectName("feats_preview")
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = QLabel()
        self.problem.setObjectName("feats_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #B00020;")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        hint = QLabel(tr("feature_dialog", "The treebank's features for {upos}, most frequent first; "
                         "type a value to use one it does not have.").format(upos=upos))
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.preview)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._value = feats
        self.update_preview()
        self.resize(460, min(640, 200 + 30 * (len(names) + 1)))

    def _value_box(self, choices: list[str], value: str) -> QComboBox:
        box = QComboBox()
        box.setEditable(True)
        self._offer(box, choices)
        if value and box.findText(value) < 0:
            box.addItem(value)
        box.setCurrentText(value)
        box.currentTextChanged.connect(lambda _text: self.update_preview())
        return box

    @staticmethod
    def _offer(box: QComboBox, choices: list[str]) -> None:
        text = box.currentText()
        box.blockSignals(True)
        box.clear()
        box.addItems([NONE, *choices])
        box.setCurrentText(text)
        box.blockSignals(False)

    def chosen(self) -> str:
        """The FEATS the boxes make, as typed (`value` is the checked, canonical one)."""
        items = []
        for name, box in self.boxes:
            key = name if isinstance(name, str) else name.currentText().strip()
            value = box.currentText().strip()
            if key and value:
                items.append(f"{key}={value}")
        return "|".join(items) or "_"

    def update_preview(self) -> None:
        typed = self.chosen()
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            self._value = self.check(typed)
        except Exception as exc:     # the check's refusal, said under the preview
            self._value = None
            self.preview.setText(tr("feature_dialog", "FEATS: {feats}").format(feats=typed))
            self.problem.setText(str(exc))
            ok_button.setEnabled(False)
            return
        self.preview.setText(tr("feature_dialog", "FEATS: {feats}").format(feats=self._value))
        self.problem.setText("")
        ok_button.setEnabled(True)

    def value(self) -> str | None:
        """The canonical FEATS (None while the choices are not valid)."""
        return self._value

    def set_value(self, name: str, value: str) -> None:
        """Choose `value` for feature `name` (the other-feature row when it is not listed):
        what a click does, for tests and screenshots."""
        for key, box in self.boxes:
            if isinstance(key, str) and key == name:
                box.setCurrentText(value)
                return
        other_name, other_value = self.boxes[-1]
        assert isinstance(other_name, QComboBox)
        other_name.setCurrentText(name)
        other_value.setCurrentText(value)
