"""Menus, toolbar and keyboard shortcuts of the main window.

Keys (also listed in docs/gui.md)
---------------------------------
=====================  =======================================
PgDown / Alt+Right      next sentence (in the table's order)
PgUp / Alt+Left         previous sentence
F8 / Shift+F8           next / previous sentence where gold and system disagree
Ctrl+G                  go to sentence number
Ctrl+F, F3, Shift+F3    find words; find next / previous
Ctrl++ / Ctrl+- / Ctrl+0 / Ctrl+1   zoom in / out / fit / 100 %
Ctrl+Shift+1/2/3        layout: side by side / stacked / mirrored
Ctrl+O / Ctrl+Shift+O   open gold / add system file
=====================  =======================================

File dialogs remember the last folder and File › Recent the last opened sets of files
(QSettings keys ``last_folder`` and ``recent``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QActionGroup, QFont, QFontMetrics, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox

from tcompare.gui.drawing.enhanced_choice import EnhancedChoice
from tcompare.gui.language import i18n
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.shell.open_dialog import FILE_FILTER, OpenDialog, start_folder

# "detect" first: UTF-8 (with or without BOM), GB18030 and Big5 are told apart by themselves;
# the rest are what Chinese and English treebank files come in
ENCODINGS = ["detect", "utf-8", "gb18030", "big5", "cp950", "utf-16", "latin-1"]
# px beside a dialog's title: the window manager's icon and buttons, and its margins
TITLE_BAR_BUTTONS = 160

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMenuBar, QStatusBar, QToolBar

    from tcompare.gui.shell.navigation import Navigation
    from tcompare.gui.shell.panes import PaneSharing
    from tcompare.gui.drawing.host import ViewHost
    from tcompare.gui.drawing.views import ComparisonView
    from tcompare.gui.shell.files import WindowFiles

# View › Show … : what each toggle sets on a view
_TOGGLES = {
    "pos": lambda view, on: view.set_show_pos(on),
    "function": lambda view, on: view.set_show_function_tags(on),
    "roles": lambda view, on: view.set_show_roles(on),
}

LAYOUT_TITLES = {"side": N_("actions", "Side by side"), "stacked": N_("actions", "Stacked"),
                 "mirrored": N_("actions", "Mirrored")}


class ActionsHost(Protocol):
    """What the menus act on besides the parts they are given: the settings behind the View
    toggles, the drawing (zoom, layout) and the sentence shown (Go to's first number).  A
    QMainWindow: it parents the actions and dialogs and holds the menus and the toolbar."""

    settings: QSettings
    views: ViewHost
    current_position: int | None

    @property
    def view(self) -> ComparisonView: ...

    def set_layout_mode(self, mode: str) -> None: ...

    # QMainWindow's
    def close(self) -> bool: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802
    def addAction(self, action: QAction) -> None: ...  # noqa: N802
    def menuBar(self) -> QMenuBar: ...  # noqa: N802
    def addToolBar(self, title: str) -> QToolBar: ...  # noqa: N802


class WindowActions:
    """Builds every QAction of `window` and its menus; keeps them in attributes for tests.
    The Navigate menu moves through `navigation`, View › Side panes folds `panes`, the File
    menu opens through `files`."""

    def __init__(self, window: ActionsHost, navigation: Navigation, panes: PaneSharing,
                 files: WindowFiles):
        self.window = w = window
        self.navigation, self.panes, self.files = navigation, panes, files
        self.last_find = ""

        def act(text: str, slot, *keys, tip: str = "") -> QAction:
            action = QAction(text, w)
            if keys:
                action.setShortcuts([QKeySequence(k) for k in keys])
            if tip:
                action.setStatusTip(tip)
            action.triggered.connect(slot)
            w.addAction(action)  # shortcuts work whichever widget has focus
            return action

        # File
        self.open_gold = act(tr("actions", "&Open gold…"), self.choose_gold, QKeySequence.StandardKey.Open,
                             tip=tr("actions", "Open a gold treebank (and, optionally, system files)"))
        self.add_system = act(tr("actions", "&Add system…"), self.choose_system, "Ctrl+Shift+O",
                              tip=tr("actions", "Add a system (parser output) file to compare"))
        self.reopen_encoding = act(tr("actions", "Reopen with &encoding…"), self.choose_encoding,
                                   tip=tr("actions", "Read the open files again in an encoding "
                                          "you choose (the command line's --encoding)"))
        self.grade_class = act(tr("actions", "&Grade a class…"), self.open_grading,
                               tip=tr("actions", "Grade students' trees against an exercise's gold file"))
        # StandardKey.Quit has no binding on Windows (nor on Qt's offscreen/minimal platforms):
        # the documented Ctrl+Q is named explicitly
        self.quit = act(tr("actions", "&Quit"), w.close, "Ctrl+Q")
        # Navigate
        self.next = act(tr("actions", "&Next sentence"), navigation.next_sentence, "PgDown", "Alt+Right")
        self.previous = act(tr("actions", "&Previous sentence"), navigation.previous_sentence, "PgUp", "Alt+Left")
        self.next_error = act(tr("actions", "Next &error"), navigation.next_error, "F8",
                              tip=tr("actions", "Next sentence where gold and system disagree (or not scored)"))
        self.previous_error = act(tr("actions", "Previous e&rror"), navigation.previous_error, "Shift+F8")
        self.goto = act(tr("actions", "&Go to sentence…"), self.ask_goto, "Ctrl+G")
        self.find = act(tr("actions", "&Find words…"), self.ask_find, QKeySequence.StandardKey.Find)
        self.find_next = act(tr("actions", "Find ne&xt"), lambda: self.repeat_find(True), "F3")
        self.find_previous = act(tr("actions", "Find pre&vious"), lambda: self.repeat_find(False), "Shift+F3")
        # View
        self.zoom_in = act(tr("actions", "Zoom &in"), lambda: w.view.zoom_in(), "Ctrl++", "Ctrl+=")
        self.zoom_out = act(tr("actions", "Zoom &out"), lambda: w.view.zoom_out(), "Ctrl+-")
        self.zoom_fit = act(tr("actions", "Zoom to &fit"), lambda: w.view.zoom_fit(), "Ctrl+0")
        self.zoom_reset = act(tr("actions", "&Actual size"), lambda: w.view.reset_zoom(), "Ctrl+1")
        self.side_panes = act(tr("actions", "Side &panes"), panes.set_side_panes_visible, "F9",
                              tip=tr("actions", "Show or hide the sentence table and the metrics "
                                     "(a long sentence folds them on a small screen)"))
        self.side_panes.setCheckable(True)
        self.side_panes.setChecked(True)
        panes.folded_changed.connect(lambda folded: self.side_panes.setChecked(not folded))
        self.layout_group = QActionGroup(w)
        self.layouts: dict[str, QAction] = {}
        for n, mode in enumerate(("side", "stacked", "mirrored"), start=1):
            action = act(tr("actions", LAYOUT_TITLES[mode]), lambda _=False, m=mode: w.set_layout_mode(m),
                         f"Ctrl+Shift+{n}")
            action.setCheckable(True)
            self.layout_group.addAction(action)
            self.layouts[mode] = action
        self.toggles: dict[str, QAction] = {}
        for key, title in (("pos", tr("actions", "Show &POS row")), ("function", tr("actions", "Show &function tags")),
                           ("roles", tr("actions", "Show &roles"))):
            value = str(w.settings.value(f"show_{key}", "true")).lower() != "false"
            action = act(title, lambda checked, k=key: self.toggle(k, checked))
            action.setCheckable(True)
            action.setChecked(value)
            self.toggles[key] = action
        self.enhanced = EnhancedChoice(w.settings, lambda call: w.views.for_each_view(call), w)
        self.about = act(tr("actions", "&About tcompare"), self.show_about)
        self.documentation = act(tr("actions", "&Documentation"), self.show_documentation,
                                 tip=tr("actions", "The manual: the window, editing, the profiles, the notations"))
        self.documentation_window = None

        bar = w.menuBar()
        file_menu = bar.addMenu(tr("actions", "&File"))
        file_menu.addActions([self.open_gold, self.add_system, self.reopen_encoding, self.grade_class])
        self.recent_menu = file_menu.addMenu(tr("actions", "Open &recent"))
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        file_menu.addSeparator()
        file_menu.addAction(self.quit)
        nav = bar.addMenu(tr("actions", "&Navigate"))
        nav.addActions([self.next, self.previous, self.next_error, self.previous_error])
        nav.addSeparator()
        nav.addActions([self.goto, self.find, self.find_next, self.find_previous])
        view = bar.addMenu(tr("actions", "&View"))
        view.addActions([self.zoom_in, self.zoom_out, self.zoom_fit, self.zoom_reset])
        view.addAction(self.side_panes)
        view.addSeparator()
        view.addActions(list(self.layouts.values()))
        view.addSeparator()
        view.addActions(list(self.toggles.values()))
        self.enhanced.add_to(view)
        self.language_menu = self._language_menu(view)
        help_menu = bar.addMenu(tr("actions", "&Help"))
        help_menu.addActions([self.documentation, self.about])
        # the features that add their own entries (teaching, breakdown, editor) find them here
        self.menus = {"file": file_menu, "navigate": nav, "view": view, "help": help_menu}

        tools = w.addToolBar(tr("actions", "Navigation"))
        tools.setObjectName("navigation_toolbar")
        tools.setMovable(False)
        tools.addActions([self.previous, self.next, self.previous_error, self.next_error])
        tools.addSeparator()
        tools.addActions(list(self.layouts.values()))
        tools.addSeparator()
        tools.addActions([self.zoom_out, self.zoom_in, self.zoom_fit])
        tools.addSeparator()
        tools.addActions([self.goto, self.find])
        self.toolbar = tools

    def _language_menu(self, view_menu):
        """View › Language: the system's language or one chosen (QSettings ``ui/language``)."""
        menu = view_menu.addMenu(tr("actions", "&Language"))
        group = QActionGroup(self.window)
        self.languages: dict[str, QAction] = {}
        chosen = str(self.window.settings.value(i18n.SETTING, "system"))
        for code in ["system"] + [code for code, _name in i18n.available()]:
            action = menu.addAction("")
            action.setCheckable(True)
            action.setChecked(code == chosen)
            group.addAction(action)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            self.languages[code] = action
        self.name_languages()
        return menu

    def set_language(self, code: str) -> None:
        """View › Language: remember `code` ("system", "en", "zh_CN", "zh_TW") and switch now."""
        self.window.settings.setValue(i18n.SETTING, code)
        chosen = self.languages.get(code)
        if chosen is not None and not chosen.isChecked():    # chosen in Preferences
            chosen.setChecked(True)
        i18n.install(QApplication.instance(), code)

    def name_languages(self) -> None:
        """The Language entries' texts, numbered (the keyboard's way in: no letter is common
        to "English" and "简体中文"); called again after a language switch."""
        names = dict(i18n.available(), system=tr("actions", "System default"))
        for n, (code, action) in enumerate(self.languages.items(), start=1):
            action.setText(f"&{n}  {names[code]}")

    # -- helpers -----------------------------------------------------------------------------------
    def sync_layout(self, mode: str) -> None:
        """Check the action of layout `mode`; none when the view draws a mode of its own
        (the arc view's ``tree``)."""
        action = self.layouts.get(mode)
        if action is not None:
            if not action.isChecked():
                action.setChecked(True)
            return
        self.layout_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        for other in self.layouts.values():
            other.setChecked(False)

    def toggle(self, key: str, checked: bool) -> None:
        self.window.settings.setValue(f"show_{key}", checked)
        self.window.views.for_each_view(lambda view: _TOGGLES[key](view, checked))

    def apply_toggles(self, view: "ComparisonView") -> None:
        """Give a newly made view the remembered POS / function tag / role toggles."""
        for key, action in self.toggles.items():
            _TOGGLES[key](view, action.isChecked())
        self.enhanced.apply(view)

    def _folder(self) -> str:
        """Where a file dialog starts: the open gold file's folder (the files may have come
        from the command line), else the last folder a dialog used, else home."""
        req = self.files.request
        return start_folder(req.gold if req is not None else None,
                            str(self.window.settings.value("last_folder", "")))

    def _remember_folder(self, path: str) -> None:
        self.window.settings.setValue("last_folder", str(Path(path).parent))

    def choose_gold(self) -> None:
        """File › Open: gold and system files in fields of their own (`open_dialog`)."""
        dialog = OpenDialog(self.window, recent=self.files.recent_sets(),
                            fallback_folder=self._folder())
        if not self.run_open_dialog(dialog):
            return
        self._remember_folder(dialog.gold())
        self.files.open(dialog.gold(), dialog.systems())

    def run_open_dialog(self, dialog) -> bool:
        """Show the Open dialog; True when the user pressed Open (tests replace this)."""
        return bool(dialog.exec())

    def open_grading(self) -> None:
        from tcompare.gui.teaching.grading import open_grading

        self.grading_window = open_grading(self.window, self._folder())

    def choose_system(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self.window, tr("actions", "Add system file(s)"),
                                                self._folder(), tr("actions", FILE_FILTER))
        if not paths:
            return
        self._remember_folder(paths[0])
        self.files.add_systems(paths)

    def choose_encoding(self) -> None:
        """Reopen the files in an encoding the user picks (detected again with "detect")."""
        req = self.files.request
        if req is None:
            return
        current = req.file_encoding() or ENCODINGS[0]
        choice = self.ask_item(tr("actions", "Reopen with encoding"), tr("actions", "Encoding of the gold and system files:"),
                               ENCODINGS, ENCODINGS.index(current) if current in ENCODINGS else 0)
        if choice is None:
            return
        options = dict(req.options)
        options.pop("encoding", None)
        if choice != ENCODINGS[0]:
            options["encoding"] = choice
        self.files.reopen(options)

    def ask_item(self, title: str, prompt: str, items: list[str], current: int) -> str | None:
        """A choice from `items` (None when cancelled); tests replace this method."""
        item, ok = QInputDialog.getItem(self.window, title, prompt, items, current, False)
        return item if ok else None

    def fill_recent(self) -> None:
        menu = self.recent_menu
        menu.clear()
        for n, entry in enumerate(self.files.recent_files(), start=1):
            paths = entry.split("\t")
            title = tr("actions", "  vs  ").join(Path(p).name.replace("&", "&&") for p in paths)
            # numbered: 1-9 are the keyboard's way in (Alt+F, R, 1)
            action = menu.addAction(f"&{n}  {title}" if n < 10 else title)
            action.setToolTip("\n".join(paths))
            action.triggered.connect(lambda _=False, p=paths: self.files.open(p[0], p[1:]))
        if menu.isEmpty():
            menu.addAction(tr("actions", "(none)")).setEnabled(False)

    def ask_goto(self) -> None:
        total = self.navigation.sentence_count()
        if not total:
            return
        dialog = self.goto_dialog(total)
        if dialog.exec():
            self.navigation.go_to(dialog.intValue())

    def goto_dialog(self, total: int) -> QInputDialog:
        """Navigate › Go to sentence: a number from 1 to `total`.  At least as wide as its
        title and the window manager's buttons (QInputDialog.getInt's dialog was narrower:
        the title bar cut "Go to sentence" short)."""
        w = self.window
        dialog = QInputDialog(w)
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setWindowTitle(tr("actions", "Go to sentence"))
        dialog.setLabelText(tr("actions", "Sentence (1–{total}):").format(total=f"{total:,}"))
        dialog.setIntRange(1, total)
        dialog.setIntValue((w.current_position or 0) + 1)
        title = QFont(dialog.font())
        title.setBold(True)
        dialog.setMinimumWidth(QFontMetrics(title).horizontalAdvance(dialog.windowTitle())
                               + TITLE_BAR_BUTTONS)
        return dialog

    def ask_find(self) -> None:
        text, ok = QInputDialog.getText(self.window, tr("actions", "Find words"), tr("actions", "Words:"), text=self.last_find)
        if ok and text.strip():
            self.last_find = text
            self.repeat_find(True)

    def repeat_find(self, forward: bool) -> None:
        if not self.last_find:
            self.ask_find()
            return
        if not self.navigation.find_words(self.last_find, forward):
            self.window.statusBar().showMessage(
                tr("actions", "no sentence contains “{words}”").format(words=self.last_find), 5000)

    def show_documentation(self):
        """Help › Documentation: the manual, read in the window (`help_docs`)."""
        from tcompare.gui.shell.help_docs import DocumentationWindow

        if self.documentation_window is None:
            self.documentation_window = DocumentationWindow(self.window)
        self.documentation_window.show()
        self.documentation_window.raise_()
        return self.documentation_window

    def show_about(self) -> None:
        from tcompare import __version__

        QMessageBox.about(self.window, tr("actions", "About tcompare"),
                          f"tcompare {__version__}\n" + tr("actions", "Compare parse trees against "
                                                           "a gold treebank with one shared scorer."))
