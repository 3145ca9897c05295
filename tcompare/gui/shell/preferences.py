"""Edit › Preferences… (Ctrl+,) and what the window remembers per notation.

`Preferences.install(window, actions)` is called once by the main window: it applies the
remembered theme (`themes.ThemeKeeper`, which also follows the desktop's light/dark) and
font size, adds the menu entry, names the widgets for screen readers after every opening
(`a11y.name_widgets`), and remembers the profile and .prm used per notation.

The dialog: theme and font size apply at once (Cancel puts them back); the profile per
notation, the length of File › Open recent and the journal interval apply on OK.  The
"Interface" group (``PreferencesDialog.interface``, a QFormLayout) also holds the Language
row: View › Language's choice (QSettings ``ui/language``), switched at once like the theme
(Cancel switches back); the accessible names follow the new language (`a11y.name_widgets`,
from `MainWindow.retranslate`), and the Enhanced arcs row: View › Enhanced arcs' choice
(`drawing.enhanced_choice`, QSettings ``show_enhanced``), applied on OK.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QDialogButtonBox,
                               QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout, QSpinBox,
                               QVBoxLayout, QWidget)

from tcompare import formats
from tcompare.gui.editor.validator_prefs import ValidatorPrefsGroup
from tcompare.gui.language import a11y
from tcompare.gui.language import i18n
from tcompare.gui.fonts import ui_font
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.settings import FONT_SIZE_RANGE, RECENT_LENGTH_RANGE, Settings
from tcompare.gui.themes import THEME_NAMES, THEME_TITLES, ThemedWindow, ThemeKeeper
from tcompare.gui.drawing import enhanced_choice

if TYPE_CHECKING:
    from tcompare.gui.shell.actions import WindowActions
    from tcompare.gui.session import Session


class PreferencesHost(ThemedWindow, Protocol):
    """The window whose preferences these are (a QWidget: the dialog's parent): its typed
    settings, the files opened (their widgets get accessible names), and View › Language's
    switch.  The parts built before this one that it follows when present (the teaching
    features' explanation, the editor's menu and autosave timer, the sidebar's choices,
    the UD validator's options) are looked up by name."""

    prefs: Settings
    session: Session

    def set_language(self, code: str) -> None: ...
    def addAction(self, action: QAction) -> None: ...  # noqa: N802 (Qt's name)

DEFAULT_UI_POINTS = 9.5      # what `app.application` gives the interface (fonts.ui_font)
NOTATION_DEFAULT = N_("preferences", "(the notation's default)")


def apply_font_size(points: float) -> None:
    """The interface font at `points` (0: the default); point sizes follow the screen's
    logical DPI, so the text scales with the system."""
    app = QApplication.instance()
    if app is not None:
        app.setFont(ui_font(points if points > 0 else DEFAULT_UI_POINTS))


class Preferences:
    """The window's preferences feature (see the module docstring)."""

    def __init__(self, window: PreferencesHost, actions: WindowActions):
        self.window = window
        self.prefs: Settings = window.prefs
        self.themes = ThemeKeeper(window, self.prefs.theme())
        teaching = getattr(window, "teaching", None)
        if teaching is not None:      # the explanation's HTML carries the theme's colours
            self.themes.changed.connect(
                lambda _theme: teaching.panel.isVisible() and teaching.panel.refresh())
        if self.prefs.font_size() > 0:
            apply_font_size(self.prefs.font_size())
        self.action = QAction(tr("preferences", "&Preferences…"), window)
        self.action.setShortcut(QKeySequence("Ctrl+,"))
        self.action.setStatusTip(tr("preferences", "Theme, font size, language, scoring profile per "
                                    "notation, recent files"))
        self.action.triggered.connect(self.show_dialog)
        window.addAction(self.action)
        edit_menu = getattr(getattr(window, "editor", None), "edit_menu", None)
        menu = edit_menu if edit_menu is not None else actions.menus["view"]
        menu.addSeparator()
        menu.addAction(self.action)
        self.dialog: PreferencesDialog | None = None
        self.enhanced = actions.enhanced        # View › Enhanced arcs: the same setting
        # the profile and .prm given on the command line: they apply to that run only
        self.command_line: tuple[str | None, str | None] = (None, None)
        sidebar = getattr(window, "sidebar", None)
        if sidebar is not None:          # a choice made in the window is remembered again
            sidebar.profile_changed.connect(self.chosen_in_window)
            sidebar.options_changed.connect(self.chosen_in_window)
        window.session.opened.connect(lambda: a11y.name_widgets(window))
        a11y.name_widgets(window)

    @classmethod
    def install(cls, window: PreferencesHost, actions: WindowActions) -> "Preferences":
        return cls(window, actions)

    # -- per notation ---------------------------------------------------------------------
    def remembered(self) -> dict[str, tuple[str | None, dict]]:
        """The profile (and .prm) last used for each notation: the loader scores the files
        with the one of the gold's notation once it has read the file (a remembered .prm
        only if the file is still there).  Not read from the file here: it is opened once."""
        chosen: dict[str, tuple[str | None, dict]] = {}
        for name in formats.available():
            profile, prm = self.prefs.last_profile(name), self.prefs.last_prm(name)
            options = {"prm": prm} if prm and Path(prm).is_file() else {}
            if profile is not None or options:
                chosen[name] = (profile, options)
        return chosen

    def from_command_line(self, profile: str | None, prm: str | None) -> None:
        """`profile` and `prm` were given on the command line: used for this run, never
        remembered (the next plain start must not score under them)."""
        self.command_line = (profile, prm)

    def chosen_in_window(self, *_args: Any) -> None:
        self.command_line = (None, None)

    def remember_scoring(self, notation: str, profile: Any, options: dict) -> None:
        """Called when files are opened or rescored: the profile and .prm now in use, unless
        they are the command line's."""
        if not notation or profile is None:
            return
        cli_profile, cli_prm = self.command_line
        prm = (options or {}).get("prm")
        if cli_profile is None or profile.name != cli_profile:
            self.prefs.set_last_profile(notation, profile.name)
        if cli_prm is None or prm != cli_prm:
            self.prefs.set_last_prm(notation, prm)

    # -- the dialog -----------------------------------------------------------------------
    def show_dialog(self) -> "PreferencesDialog":
        if self.dialog is None:
            self.dialog = PreferencesDialog(self, self.window)
        self.dialog.load()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog


class PreferencesDialog(QDialog):
    """The Preferences dialog (tests set its widgets and call accept / reject)."""

    def __init__(self, feature: Preferences, parent: QWidget | None = None):
        super().__init__(parent)
        self.feature = feature
        self.prefs = feature.prefs
        self.setWindowTitle(tr("preferences", "Preferences"))
        layout = QVBoxLayout(self)
        # two columns: one was taller than a 720-pixel screen once the validator's group came
        columns = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout.addLayout(columns)

        look = QGroupBox(tr("preferences", "Interface"))
        self.interface = QFormLayout(look)
        self.theme_combo = QComboBox()
        self.theme_combo.setObjectName("theme_combo")
        for name in THEME_NAMES:
            self.theme_combo.addItem(tr("themes", THEME_TITLES[name]), name)
        self.theme_combo.currentIndexChanged.connect(self._preview_theme)
        self.interface.addRow(tr("preferences", "&Theme"), self.theme_combo)
        self.font_spin = QDoubleSpinBox()
        self.font_spin.setObjectName("font_spin")
        self.font_spin.setRange(0.0, FONT_SIZE_RANGE[1])
        self.font_spin.setSingleStep(0.5)
        self.font_spin.setDecimals(1)
        self.font_spin.setSuffix(tr("preferences", " pt"))
        self.font_spin.setSpecialValueText(tr("preferences", "system default"))
        self.font_spin.valueChanged.connect(self._preview_font)
        self.interface.addRow(tr("preferences", "&Font size"), self.font_spin)
        self.enhanced_combo = enhanced_choice.combo(feature.enhanced.current())
        self.interface.addRow(tr("preferences", "&Enhanced arcs (DEPS)"), self.enhanced_combo)
        self.language_combo = QComboBox()          # View › Language's choice, here too
        self.language_combo.setObjectName("language_combo")
        self.language_combo.addItem(tr("actions", "System default"), "system")
        for code, name in i18n.available():
            self.language_combo.addItem(name, code)
        self.language_combo.currentIndexChanged.connect(self._preview_language)
        self.interface.addRow(tr("preferences", "&Language"), self.language_combo)
        left.addWidget(look)

        scoring = QGroupBox(tr("preferences", "Scoring profile per notation (also remembered when "
                               "you choose one)"))
        self.profile_form = QFormLayout(scoring)
        self.profile_combos: dict[str, QComboBox] = {}
        for notation, names in _profiles_by_notation().items():
            combo = QComboBox()
            combo.setObjectName(f"profile_{notation}")
            combo.addItem(tr("preferences", NOTATION_DEFAULT), "")
            for name in names:
                combo.addItem(name, name)
            self.profile_form.addRow(notation, combo)
            self.profile_combos[notation] = combo
        left.addWidget(scoring)
        left.addStretch(1)

        files = QGroupBox(tr("preferences", "Files"))
        form = QFormLayout(files)
        self.recent_spin = QSpinBox()
        self.recent_spin.setObjectName("recent_spin")
        self.recent_spin.setRange(*RECENT_LENGTH_RANGE)
        form.addRow(tr("preferences", "&Recent files listed"), self.recent_spin)
        self.autosave_spin = QSpinBox()
        self.autosave_spin.setObjectName("autosave_spin")
        self.autosave_spin.setRange(1, 3600)
        self.autosave_spin.setSuffix(tr("preferences", " s"))
        self.autosave_spin.setToolTip(tr("preferences", "How often unsaved gold edits are "
                                         "journaled for recovery"))
        form.addRow(tr("preferences", "&Journal edits every"), self.autosave_spin)
        right.addWidget(files)
        validator = getattr(feature.window, "validator", None)     # the UD validator's group
        self.validator_group = ValidatorPrefsGroup(validator) if validator is not None else None
        if self.validator_group is not None:
            right.addWidget(self.validator_group)
        right.addStretch(1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._before: tuple[str, float, str] = ("system", 0.0, "system")
        self._loading = False
        a11y.name_widgets(self)

    def load(self) -> None:
        """Show the stored values (and remember the look, for Cancel)."""
        p = self.prefs
        self.enhanced_combo.setCurrentIndex(
            max(self.enhanced_combo.findData(self.feature.enhanced.current()), 0))
        language = self._language_chosen()
        self._before = (p.theme(), p.font_size(), language)
        self._loading = True
        self.language_combo.setCurrentIndex(max(self.language_combo.findData(language), 0))
        self._loading = False
        self.theme_combo.setCurrentIndex(max(self.theme_combo.findData(p.theme()), 0))
        self.font_spin.setValue(p.font_size())
        for notation, combo in self.profile_combos.items():
            combo.setCurrentIndex(max(combo.findData(p.last_profile(notation) or ""), 0))
        self.recent_spin.setValue(p.recent_length())
        self.autosave_spin.setValue(p.autosave_seconds())
        if self.validator_group is not None:
            self.validator_group.load()

    def _preview_theme(self, _index: int) -> None:
        self.feature.themes.apply(str(self.theme_combo.currentData()))

    def _preview_font(self, value: float) -> None:
        apply_font_size(value)

    def _language_chosen(self) -> str:
        """View › Language's stored choice (i18n's key, in the window's QSettings)."""
        return str(self.prefs.store.value(i18n.SETTING, "system"))

    def _preview_language(self, _index: int) -> None:
        """The language chosen, at once (as View › Language does)."""
        code = str(self.language_combo.currentData())
        if not self._loading and code != self._language_chosen():
            self.feature.window.set_language(code)

    def accept(self) -> None:
        self.feature.enhanced.choose(str(self.enhanced_combo.currentData()))
        p = self.prefs
        p.set_theme(str(self.theme_combo.currentData()))
        p.set_font_size(self.font_spin.value())
        for notation, combo in self.profile_combos.items():
            p.set_last_profile(notation, str(combo.currentData() or ""))
        p.set_recent_length(self.recent_spin.value())
        p.set_autosave_seconds(self.autosave_spin.value())
        if self.validator_group is not None:
            self.validator_group.apply()
        editor = getattr(self.feature.window, "editor", None)
        if editor is not None:      # the journal timer takes the new interval now
            editor.autosave_timer.setInterval(p.autosave_seconds() * 1000)
        super().accept()

    def reject(self) -> None:
        theme, points, language = self._before
        self.feature.themes.apply(theme)
        apply_font_size(points)
        if language != self._language_chosen():
            self.feature.window.set_language(language)
        super().reject()


def _profiles_by_notation() -> dict[str, list[str]]:
    from tcompare import formats
    from tcompare.scoring import profiles

    out = {}
    for notation in formats.available():
        try:
            out[notation] = profiles.names_for(notation)
        except Exception:       # a profile module that cannot load: no choice offered
            out[notation] = []
    return out
