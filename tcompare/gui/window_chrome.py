"""What the comparison window does besides showing a comparison: more files (another system,
the recent ones, files dropped on it) and its language switched at run time.

A mixin of `MainWindow` (before QMainWindow in its bases, so ``changeEvent`` and the drop
events override Qt's), as `navigation.Navigation` and `panes.PaneSharing` are: it uses the
window's session, preferences, actions and views.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication

from tcompare.gui import a11y, i18n


class WindowChrome:
    """Files and language of `MainWindow` (see the module docstring)."""

    session: Any
    prefs: Any
    actions_: Any
    editor: Any
    settings: Any
    current_position: int | None

    # -- files ------------------------------------------------------------------------------------
    def add_system(self, path: str) -> None:
        req = self.session.request
        if req is None:
            self.open_files(path)
            return
        goto = (self.current_position or 0) + 1
        self.open_files(req.gold, [*req.systems, path], req.notation, req.profile, req.options, goto)

    def add_recent(self, paths: list[str]) -> None:
        self.prefs.add_recent(paths)

    def recent_files(self) -> list[str]:
        """The remembered sets of files, newest first, each as tab-joined paths."""
        return ["\t".join(paths) for paths in self.prefs.recent_files()]

    # -- language ---------------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        """View › Language: remember `code` ("system", "en", "zh_CN", "zh_TW") and switch now."""
        self.settings.setValue(i18n.SETTING, code)
        chosen = self.actions_.languages.get(code)
        if chosen is not None and not chosen.isChecked():    # chosen in Preferences
            chosen.setChecked(True)
        i18n.install(QApplication.instance(), code)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            QTimer.singleShot(0, self, self.retranslate)     # dropped if the window goes first

    def retranslate(self) -> None:
        """The texts made from templates, again in the new language (`i18n.retranslate`
        did the fixed ones); the files, the sentence shown and the edits stay."""
        if self.session.request is not None:
            self._set_title(self.session.request.gold, self.session.request.systems)
        self.editor.retranslate()               # "* " for unsaved edits, "Undo Relabel"
        self.actions_.name_languages()
        if self.session.gold is not None:
            self._set_view_titles()
            self.update_status_bar()
            self.refresh_summary()
            if self.current_position is not None:
                self.show_sentence(self.current_position)
        a11y.name_widgets(self)      # names derived from the texts: derived again, from the new ones

    # -- drag and drop ----------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt override)
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_dropped(paths)
            event.acceptProposedAction()

    def open_dropped(self, paths: list[str]) -> None:
        """Several files: the first is gold, the others systems. One file: gold if nothing is
        open, else an additional system."""
        if len(paths) > 1 or self.session.request is None:
            self.open_files(paths[0], paths[1:])
        else:
            self.add_system(paths[0])
