"""File › Open: the gold file and the system file(s) in fields of their own.

A multi-select file dialog made gold whichever file was clicked first, so a click in the
wrong order scored the parser output as the reference (recall and precision swapped) and an
edit would have been saved into the system file.  Here each role has its field, a Browse
button and a Swap button; the remembered sets of files (File › Open recent) are one choice
away in "Recent".  Browsing starts in the folder of the field's file, else of the gold
file, else of the files open in the window, else the last folder a dialog used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton,
                               QVBoxLayout, QWidget)

from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import N_, tr

# every file by default: treebanks come as .sinica, .tct, .psg, .pku, .sys, .gold or with no
# extension at all (the format is sniffed from the text, not the name)
FILE_FILTER = N_("actions", "All files (*);;Treebanks (*.mrg *.gld *.gold *.tst *.sys *.txt "
                 "*.ptb *.tree *.trees *.auto *.conll *.conllu *.conllx *.sinica *.tct *.psg "
                 "*.pku *.ccg)")


def start_folder(*candidates: str | None) -> str:
    """The first of `candidates` that names an existing folder, or a file's folder; home."""
    for candidate in candidates:
        if not candidate:
            continue
        path = Path(candidate).expanduser()
        if path.is_dir():
            return str(path)
        if path.parent.is_dir() and str(path.parent) not in ("", "."):
            return str(path.parent)
    return str(Path.home())


class OpenDialog(QDialog):
    """Choose a gold file and system files.  After ``exec``: `gold()` and `systems()`.

    ``ask_file(title, folder, many)`` picks files (tests replace it); `recent` the
    remembered sets of files, newest first ([gold, system, ...] each); `fallback_folder`
    where browsing starts when no field names a folder yet.
    """

    def __init__(self, parent: QWidget | None = None, gold: str = "", systems: Sequence[str] = (),
                 recent: Sequence[Sequence[str]] = (), fallback_folder: str = "",
                 ask_file: Callable[[str, str, bool], list[str]] | None = None):
        super().__init__(parent)
        self.setObjectName("open_dialog")
        self.setWindowTitle(tr("open_dialog", "Open gold and system files"))
        self.fallback_folder = fallback_folder
        if ask_file is not None:
            self.ask_file = ask_file        # type: ignore[method-assign]
        layout = QVBoxLayout(self)
        intro = QLabel(tr("open_dialog", "The gold file is the reference: system files are scored "
                          "against it, and edits are saved into it."))
        intro.setWordWrap(True)
        layout.addWidget(intro)

        self.recent_combo = QComboBox()
        self.recent_combo.setObjectName("recent_combo")
        self.recent_sets = [list(entry) for entry in recent if entry and entry[0]]
        self.recent_combo.addItem(tr("open_dialog", "(choose a remembered set of files)"), -1)
        for n, entry in enumerate(self.recent_sets):
            names = [Path(p).name for p in entry]
            text = tr("open_dialog", "gold {gold}").format(gold=names[0])
            if names[1:]:
                text += "  ·  " + tr("open_dialog", "system {systems}").format(systems=", ".join(names[1:]))
            self.recent_combo.addItem(text, n)
            self.recent_combo.setItemData(n + 1, "\n".join(entry), Qt.ItemDataRole.ToolTipRole)
        self.recent_combo.activated.connect(self._take_recent)
        self.recent_combo.setEnabled(bool(self.recent_sets))

        form = QFormLayout()
        form.addRow(tr("open_dialog", "&Recent"), self.recent_combo)
        self.gold_edit = QLineEdit(gold)
        self.gold_edit.setObjectName("gold_edit")
        self.gold_edit.setPlaceholderText(tr("open_dialog", "the reference treebank"))
        self.gold_edit.textChanged.connect(self._check)
        self.gold_browse = QPushButton(tr("open_dialog", "&Browse…"))
        self.gold_browse.setObjectName("gold_browse")
        self.gold_browse.clicked.connect(self.browse_gold)
        form.addRow(tr("open_dialog", "&Gold"), _row(self.gold_edit, self.gold_browse))

        self.swap_button = QPushButton(tr("open_dialog", "⇅ S&wap gold and system"))
        self.swap_button.setObjectName("swap_button")
        self.swap_button.setToolTip(tr("open_dialog", "Exchange the gold file and the (selected) system file"))
        self.swap_button.clicked.connect(self.swap)
        form.addRow("", _row(self.swap_button, stretch=True))

        self.system_list = QListWidget()
        self.system_list.setObjectName("system_list")
        self.system_list.setMaximumHeight(110)
        self.system_list.addItems([str(s) for s in systems])
        self.system_list.model().rowsInserted.connect(self._check)
        self.system_list.model().rowsRemoved.connect(self._check)
        self.system_list.currentRowChanged.connect(self._check)
        self.system_add = QPushButton(tr("open_dialog", "&Add…"))
        self.system_add.setObjectName("system_add")
        self.system_add.clicked.connect(self.browse_systems)
        self.system_remove = QPushButton(tr("open_dialog", "Re&move"))
        self.system_remove.setObjectName("system_remove")
        self.system_remove.clicked.connect(self.remove_system)
        buttons = QVBoxLayout()
        buttons.addWidget(self.system_add)
        buttons.addWidget(self.system_remove)
        buttons.addStretch(1)
        systems_row = QHBoxLayout()
        systems_row.addWidget(self.system_list, 1)
        systems_row.addLayout(buttons)
        systems_label = QLabel(tr("open_dialog", "&System(s)"))
        systems_label.setBuddy(self.system_list)
        form.addRow(systems_label, systems_row)
        layout.addLayout(form)

        self.problem = QLabel()
        self.problem.setObjectName("open_problem")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setText(tr("open_dialog", "&Open"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("open_dialog", "Cancel"))
        layout.addWidget(self.buttons)
        self._check()
        a11y.name_widgets(self)
        self.resize(760, 0)

    # -- the fields ---------------------------------------------------------------------------
    def gold(self) -> str:
        return self.gold_edit.text().strip()

    def systems(self) -> list[str]:
        return [self.system_list.item(i).text() for i in range(self.system_list.count())]

    def set_files(self, gold: str, systems: Sequence[str]) -> None:
        self.gold_edit.setText(gold)
        self.system_list.clear()
        self.system_list.addItems(list(systems))
        self._check()

    def swap(self) -> None:
        """Exchange the gold file and the selected (else the first) system file."""
        row = max(self.system_list.currentRow(), 0)
        if self.system_list.count() == 0:
            return
        item = self.system_list.item(row)
        gold, system = self.gold(), item.text()
        self.gold_edit.setText(system)
        if gold:
            item.setText(gold)
        else:
            self.system_list.takeItem(row)
        self._check()

    def remove_system(self) -> None:
        row = self.system_list.currentRow()
        if row < 0 and self.system_list.count():
            row = self.system_list.count() - 1
        if row >= 0:
            self.system_list.takeItem(row)

    def _take_recent(self, index: int) -> None:
        n = self.recent_combo.itemData(index)
        if isinstance(n, int) and 0 <= n < len(self.recent_sets):
            entry = self.recent_sets[n]
            self.set_files(entry[0], entry[1:])

    # -- browsing -----------------------------------------------------------------------------
    def folder_for(self, path: str = "") -> str:
        systems = self.systems()
        return start_folder(path, self.gold(), systems[0] if systems else "", self.fallback_folder)

    def ask_file(self, title: str, folder: str, many: bool) -> list[str]:
        if many:
            paths, _ = QFileDialog.getOpenFileNames(self, title, folder, tr("actions", FILE_FILTER))
            return list(paths)
        path, _ = QFileDialog.getOpenFileName(self, title, folder, tr("actions", FILE_FILTER))
        return [path] if path else []

    def browse_gold(self) -> None:
        chosen = self.ask_file(tr("open_dialog", "Gold file"), self.folder_for(self.gold()), False)
        if chosen:
            self.gold_edit.setText(chosen[0])

    def browse_systems(self) -> None:
        chosen = self.ask_file(tr("open_dialog", "System file(s)"), self.folder_for(), True)
        known = set(self.systems())
        self.system_list.addItems([p for p in chosen if p not in known])

    # -- checking -----------------------------------------------------------------------------
    def problem_text(self) -> str:
        gold = self.gold()
        if not gold:
            return tr("open_dialog", "Choose the gold file.")
        if Path(gold).is_dir():
            return tr("open_dialog", "{path} is a folder, not a file.").format(path=gold)
        if not Path(gold).is_file():
            return tr("open_dialog", "{path}: no such file.").format(path=gold)
        for system in self.systems():
            if not Path(system).is_file():
                return tr("open_dialog", "{path}: no such file.").format(path=system)
            if Path(system).resolve() == Path(gold).resolve():
                return tr("open_dialog", "The gold file is also a system file.")
        return ""

    def _check(self, *_args) -> None:
        problem = self.problem_text()
        self.problem.setText(problem)
        self.open_button.setEnabled(not problem)
        self.swap_button.setEnabled(self.system_list.count() > 0)
        self.system_remove.setEnabled(self.system_list.count() > 0)

    def accept(self) -> None:
        if self.problem_text():
            return
        super().accept()


def _row(*widgets: QWidget, stretch: bool = False) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for n, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if n == 0 and not stretch else 0)
    if stretch:
        layout.addStretch(1)
    return row
