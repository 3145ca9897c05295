"""The "UD validator" group of Edit › Preferences: where the program is, and how it runs.

Program and interpreter empty: found on PATH (``udvalidate``, ``validate.py``), as the
udtools package (``python -m udtools.cli``) or under ``$TCOMPARE_REFS``; the line under
them says what was found, or why nothing was.  A ``validate.py`` is run with the
interpreter given (else a venv beside it, else tcompare's own).  Language empty: taken
from the gold file's name (``en_ewt-ud-test.conllu`` -> ``en``), else ``ud``.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QSpinBox, QWidget)

from tcompare.analysis.ud_validator import ValidatorMissing
from tcompare.gui.editor.validator_runner import ValidatorOptions, ValidatorRunner
from tcompare.gui.language.i18n import tr


class OptionsOwner(Protocol):
    """The validator loop: its options, and the runner that finds the program."""

    options: ValidatorOptions
    runner: ValidatorRunner

    def set_options(self, options: ValidatorOptions) -> None: ...


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A form label whose &-key focuses `widget` (a row holding a layout has none)."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


def _path_row(edit: QLineEdit, browse: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(edit, 1)
    row.addWidget(browse)
    return row


class ValidatorPrefsGroup(QGroupBox):
    """The group (see the module docstring); `load` shows the stored choices, `apply`
    stores what the dialog holds (its OK)."""

    def __init__(self, owner: OptionsOwner, parent: QWidget | None = None):
        super().__init__(tr("validator_prefs", "UD validator (validate.py, udvalidate)"), parent)
        self.owner = owner
        form = QFormLayout(self)
        self.program = QLineEdit()
        self.program.setObjectName("validator_program")
        self.program.setPlaceholderText(tr("validator_prefs", "found on PATH or as the udtools package"))
        browse = QPushButton(tr("validator_prefs", "Browse…"))
        browse.clicked.connect(lambda: self._browse(self.program, tr("validator_prefs", "The UD validator")))
        form.addRow(_buddy(tr("validator_prefs", "&Program"), self.program), _path_row(self.program, browse))
        self.python = QLineEdit()
        self.python.setObjectName("validator_python")
        self.python.setPlaceholderText(tr("validator_prefs", "a venv beside validate.py, else tcompare's Python"))
        browse_python = QPushButton(tr("validator_prefs", "Browse…"))
        browse_python.clicked.connect(lambda: self._browse(self.python, tr("validator_prefs", "Python interpreter")))
        form.addRow(_buddy(tr("validator_prefs", "&Interpreter"), self.python),
                    _path_row(self.python, browse_python))
        self.found = QLabel()
        self.found.setObjectName("validator_found")
        self.found.setWordWrap(True)
        for edit in (self.program, self.python):
            edit.editingFinished.connect(lambda: self.found.setText(self.describe(self.chosen())))
        form.addRow("", self.found)
        row = QHBoxLayout()
        self.language = QLineEdit()
        self.language.setObjectName("validator_language")
        self.language.setPlaceholderText(tr("validator_prefs", "from the file name, else ud"))
        self.language.setMaximumWidth(200)
        self.level = QSpinBox()
        self.level.setObjectName("validator_level")
        self.level.setRange(1, 5)
        self.level.setToolTip(tr("validator_prefs", "1 CoNLL-U backbone · 2 UD format · 3 UD contents · "
                                 "4 language-specific labels · 5 language-specific contents"))
        row.addWidget(self.language)
        row.addWidget(QLabel(tr("validator_prefs", "Level")))
        row.addWidget(self.level)
        row.addStretch(1)
        form.addRow(_buddy(tr("validator_prefs", "L&anguage"), self.language), row)
        self.live = QCheckBox(tr("validator_prefs", "Check each edited sentence as I edit"))
        self.live.setObjectName("validator_live")
        self.warnings = QCheckBox(tr("validator_prefs", "Show warnings"))
        self.warnings.setObjectName("validator_warnings")
        self.warn_on_save = QCheckBox(tr("validator_prefs", "Warn before saving a file with validator errors"))
        self.warn_on_save.setObjectName("validator_warn_on_save")
        checks = QHBoxLayout()
        for box in (self.live, self.warnings):
            checks.addWidget(box)
        checks.addStretch(1)
        form.addRow("", checks)
        form.addRow("", self.warn_on_save)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:     # "Runs: …" is made from a template
            self.found.setText(self.describe(self.chosen()))

    def _browse(self, edit: QLineEdit, title: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, title, edit.text())
        if path:
            edit.setText(path)

    def load(self) -> None:
        o = self.owner.options
        self.program.setText(o.program)
        self.python.setText(o.python)
        self.language.setText(o.language)
        self.level.setValue(o.level)
        self.live.setChecked(o.live)
        self.warnings.setChecked(o.warnings)
        self.warn_on_save.setChecked(o.warn_on_save)
        self.found.setText(self.describe(o))

    def describe(self, options: ValidatorOptions) -> str:
        """What these options run, or why nothing can."""
        try:
            found = self.owner.runner.validator(options)
        except ValidatorMissing as exc:
            return tr("validator_prefs", "Not found: {why}").format(why=exc)
        return tr("validator_prefs", "Runs: {command} ({origin})").format(
            command=" ".join(found.command), origin=found.origin)

    def chosen(self) -> ValidatorOptions:
        return ValidatorOptions(self.program.text().strip(), self.python.text().strip(),
                                self.language.text().strip(), self.level.value(),
                                self.live.isChecked(), self.warnings.isChecked(),
                                self.warn_on_save.isChecked())

    def apply(self) -> None:
        if self.chosen() != self.owner.options:
            self.owner.set_options(self.chosen())
