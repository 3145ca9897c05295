"""The official UD validator in the annotator loop (issue 30, item 4).

UniversalDependencies/tools ``validate.py`` (or udtools' ``udvalidate``) is GPL: it is run
as an external program, never imported (`analysis.ud_validator`), found on PATH, as the
udtools package, or where Edit › Preferences says (program + interpreter, level,
language: `validator_runner.ValidatorOptions`).

* After each gold edit (and undo/redo) the edited sentence is checked alone, 0.7 s after
  the last keystroke of a burst (`LIVE_DELAY_MS`), in a thread: a newer edit stops a run
  still going; typing never waits.
* Edit › Check file with the UD validator (F7, a spell check's key) checks the whole gold
  file as a save would write it, edits included; the pane's Stop ends it.
* Its findings are drawn on the words (`validator_marks`) and listed in the Validator
  problems dock (Ctrl+Shift+M, `validator_pane`); a click shows the sentence with the word
  selected.
* Navigate › Next / Previous invalid sentence: Ctrl+F8 / Ctrl+Shift+F8.  F8 stays the
  window's "next sentence where gold and system disagree" (its toolbar, the manual and
  users' habits rely on it); Ctrl+F8 is the same key, one modifier away.
* An absent validator is said once (status bar and the dock), never a box per edit; a
  crash is said with its last words.
* Saving is never blocked by it.  With Preferences' "warn before saving a file with
  validator errors", Ctrl+S asks first when sentences are known to have errors (a
  non-interactive window saves).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Protocol

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStackedWidget, QStatusBar, QWidget

from tcompare.analysis.ud_validation import ValidationState, document
from tcompare.editing.selection import Selection
from tcompare.gui.docks import DockHost, Menus, install_dock
from tcompare.gui.editor.validator_marks import ValidatorMarks
from tcompare.gui.editor.validator_pane import SHOWN_AT_MOST, ValidatorPane
from tcompare.gui.editor.validator_runner import Job, Outcome, ValidatorOptions, ValidatorRunner
from tcompare.gui.language.i18n import tr

if TYPE_CHECKING:
    from tcompare.gui.editor.gold_editor import GoldEditor
    from tcompare.gui.session import Session
    from tcompare.gui.table.model import SentenceTableModel
    from tcompare.model.corpus import Corpus

LIVE_DELAY_MS = 700
INVALID_GLYPH = "⚠"                  # in the sentence table's mark column
NOTATIONS = ("conllu",)              # what the validator checks


# the live check's debounce timer (named: tests tell it from the scoring's timers)
LIVE_TIMER = "validator_live_check"


class ValidatorHost(DockHost, Protocol):
    """The main window as the validator loop uses it."""

    settings: QSettings
    session: Session
    current_position: int | None
    sentence_shown: SignalInstance
    view_stack: QStackedWidget

    def go_to(self, number: int) -> bool: ...
    def window(self) -> QWidget: ...
    @property
    def table_model(self) -> SentenceTableModel: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


class ValidatorLoop(QObject):
    """See the module docstring.  `changed` after every finding or state change (tests)."""

    changed = Signal()

    def __init__(self, window: ValidatorHost, menus: Menus, editor: GoldEditor):
        super().__init__(window.window())
        self.window, self.editor = window, editor
        self.workspace = window.session.workspace
        self.options = ValidatorOptions.load(window.settings)
        self.state = ValidationState()
        self.corpus: Corpus | None = None    # the gold Corpus the findings belong to
        self.versions: dict[int, int] = {}   # row -> edits so far (a result of older text is dropped)
        self.pending: set[int] = set()
        self.absent = ""                     # why the validator cannot run (said once)
        self.failure = ""                    # its last crash (said once per message)
        self.checked_at = ""                 # when the whole file was last checked
        self.last_save_warning = ""
        self.command = ""                    # the program of the last run (the pane's tooltip)
        self._invalid: dict[int, int] = {}   # row -> errors (the table's mark column)
        self.runner = ValidatorRunner(self)
        self.runner.finished.connect(self._finished)
        self.marks = ValidatorMarks()
        self.timer = QTimer(self)
        self.timer.setObjectName(LIVE_TIMER)
        self.timer.setSingleShot(True)
        self.timer.setInterval(LIVE_DELAY_MS)
        self.timer.timeout.connect(self.check_pending)

        self.pane = ValidatorPane(window.window())
        self.pane_action = install_dock(
            window, menus, self.pane, tr("validator", "&Validator problems"), "Ctrl+Shift+M",
            tr("validator", "What the official UD validator says about the gold file"))
        self.pane.chosen.connect(self.show_finding)
        self.pane.check_button.clicked.connect(self.check_file)
        self.pane.cancel_button.clicked.connect(self.cancel)
        self.pane.next_button.clicked.connect(lambda: self.step(True))
        self.pane.previous_button.clicked.connect(lambda: self.step(False))
        self.pane.installEventFilter(self)

        self.check_action = self._action(tr("validator", "Check file with the UD &validator"),
                                         self.check_file, "F7",
                                         tr("validator", "Run the official UD validator on the "
                                            "whole gold file, edits included"))
        self.next_action = self._action(tr("validator", "Next &invalid sentence"),
                                        lambda: self.step(True), "Ctrl+F8",
                                        tr("validator", "Next sentence the UD validator found "
                                           "an error in"))
        self.previous_action = self._action(tr("validator", "Previous in&valid sentence"),
                                            lambda: self.step(False), "Ctrl+Shift+F8")
        edit_menu = editor.edit_menu
        edit_menu.addSeparator()
        edit_menu.addAction(self.check_action)
        menus.menus["navigate"].addSeparator()
        menus.menus["navigate"].addActions([self.next_action, self.previous_action])

        editor.edited.connect(self.sentence_edited)
        self.shape = 0                       # sentences split or joined so far
        resized = getattr(window.session, "rows_resized", None)   # (sentence split / join)
        if resized is not None:
            resized.connect(self.rows_resized)
        editor.files.before_save.append(self.confirm_save)
        window.sentence_shown.connect(self._draw_marks)
        window.session.opened.connect(self._on_opened)
        self.refresh()

    def _action(self, text: str, slot: Callable[[], object], keys: str, tip: str = "") -> QAction:
        action = QAction(text, self.window.window())
        action.setShortcut(QKeySequence(keys))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        return action

    # -- state ------------------------------------------------------------------------------
    def applies(self) -> bool:
        return self.workspace.gold is not None and self.workspace.notation in NOTATIONS

    def set_options(self, options: ValidatorOptions) -> None:
        """Preferences' choices (stored, and used from the next run: the program is looked
        for again, and its absence said again)."""
        options.store(self.window.settings)
        self.options = options
        self.runner.forget_validator()
        self.absent = self.failure = ""
        self.refresh()

    def _on_opened(self) -> None:
        gold = self.workspace.gold
        if gold is self.corpus:         # the same file rescored with another profile
            return
        self.runner.cancel()
        self.timer.stop()
        self.corpus, self.versions, self.pending = gold, {}, set()
        self.state.clear()
        self.checked_at = ""
        self.refresh()

    def sentence_edited(self, row: int) -> None:
        """Gold sentence `row` changed (an edit, undo, redo, restore): check it soon."""
        self.versions[row] = self.versions.get(row, 0) + 1
        if self.options.live and self.applies():
            self.pending.add(row)
            self.timer.start()          # restarted by each edit of a burst

    def rows_resized(self, row: int, count: int, new_count: int) -> None:
        """Gold sentences `row` .. `row + count` became `new_count` (split or joined): the
        findings after them move, theirs go and they are checked again; a run taken before
        names rows that moved, so its findings are dropped."""
        shift = new_count - count
        self.shape += 1
        self.state.resize(row, count, new_count)

        def moved(r: int) -> int:
            return r + shift if r >= row + count else r
        self.versions = {moved(r): v for r, v in self.versions.items() if not row <= r < row + count}
        self.pending = {moved(r) for r in self.pending if not row <= r < row + count}
        for r in range(row, row + new_count):
            self.sentence_edited(r)
        self.refresh()

    # -- runs -------------------------------------------------------------------------------
    def _job(self, kind: str, rows: set[int] | None) -> Job | None:
        gold = self.workspace.gold
        if gold is None:
            return None
        with self.workspace.lock:
            if rows is not None:
                rows = {r for r in rows if 0 <= r < len(gold.records)}
                if not rows:
                    return None
            text, blocks = document(gold, rows)
            total = len(gold.records)
        return Job(kind, text, blocks, self.options.language_for(gold.path), self.options,
                   total, dict(self.versions), self.shape)

    def check_pending(self) -> None:
        """Check the sentences edited since the last run (a run still going on others is
        stopped and its sentences checked again with these)."""
        rows = set(self.pending)
        self.pending.clear()
        running = self.runner.running.get("sentences")
        if running is not None:
            rows |= set(running.rows)
        if not rows or not self.applies():
            return
        job = self._job("sentences", rows)
        if job is not None:
            self.runner.start(job)
            self.refresh_status()       # (the list stays: rebuilt when the findings come)

    def check_file(self) -> bool:
        """F7: the whole gold file, as a save would write it."""
        if not self.applies():
            self._tell(self._not_conllu())
            return False
        if self.workspace.busy:
            self._tell(tr("validator", "wait until the file is read, then check it"))
            return False
        job = self._job("file", None)
        if job is None:
            return False
        self.runner.start(job)
        if not self.pane.isVisible():
            self.pane.show()
        self.refresh_status()
        return True

    def cancel(self) -> None:
        self.runner.cancel()
        self._tell(tr("validator", "validator run stopped"))

    def _finished(self, outcome: Outcome) -> None:
        job = outcome.job
        if self.workspace.gold is not self.corpus or job.shape != self.shape:
            self.refresh()              # another file, or sentences split / joined since
            return
        if outcome.state == "absent":
            first = not self.absent
            self.absent = outcome.message
            if first or job.kind == "file":
                self._tell(tr("validator", "UD validator not found: {why}").format(why=outcome.message), 20000)
        elif outcome.state == "failed":
            if outcome.message != self.failure or job.kind == "file":
                self._tell(tr("validator", "the UD validator failed: {why}").format(why=outcome.message), 20000)
            self.failure = outcome.message
        elif outcome.state == "done":
            self.absent = self.failure = ""
            self.command = outcome.command
            stale = {r for r, v in self.versions.items() if job.versions.get(r, 0) != v}
            fresh = [f for f in outcome.findings if f.row not in stale]
            if job.kind == "file":
                self.state.set_whole_file(fresh, job.rows_total)
                self.checked_at = time.strftime("%H:%M")
                stale_rows = stale & set(range(job.rows_total))
                if stale_rows and self.options.live:     # edited while the file was checked
                    self.pending |= stale_rows
                    self.timer.start()
            else:
                self.state.set_rows([r for r in job.rows if r not in stale], fresh)
        self.refresh()
        if self.window.current_position is not None:
            self._draw_marks(self.window.current_position)
        self.changed.emit()

    # -- showing ----------------------------------------------------------------------------
    def _tell(self, text: str, msecs: int = 8000) -> None:
        self.editor.dialogs.tell(text, msecs)

    def _not_conllu(self) -> str:
        gold = self.workspace.gold
        if gold is None:
            return tr("validator", "open a CoNLL-U gold file to check it with the UD validator")
        return tr("validator", "the UD validator checks CoNLL-U files; {file} is {notation}").format(
            file=_name(gold.path), notation=self.workspace.notation)

    def status_text(self) -> str:
        """The pane's first line: what runs where, or what is wrong."""
        o = self.options
        if not self.applies():
            return self._not_conllu()
        if self.absent:
            return tr("validator", "<b>UD validator not found.</b> {why}. Set it in Edit › "
                      "Preferences (program and interpreter).").format(why=_html(self.absent))
        gold = self.workspace.gold
        assert gold is not None                  # (applies)
        where = tr("validator", "level {level}, language {lang}").format(
            level=o.level, lang=o.language_for(gold.path))
        if self.runner.busy("file"):
            return tr("validator", "Checking {file} ({where})…").format(file=_name(gold.path), where=where)
        parts = []
        if self.failure:
            parts.append(tr("validator", "<b>The UD validator failed:</b> {why}").format(why=_html(self.failure)))
        if self.state.whole_file:
            parts.append(tr("validator", "{file} checked at {time} ({where}): {errors} error(s) in {n} "
                            "sentence(s), {warnings} warning(s)").format(
                file=_name(gold.path), time=self.checked_at, where=where, errors=self.state.errors(),
                n=len(self.state.invalid_rows()), warnings=self.state.warnings()))
        elif self.state.by_row or self.runner.busy("sentences"):
            parts.append(tr("validator", "Edited sentences checked ({where}): {errors} error(s), "
                            "{warnings} warning(s). F7 checks the whole file.").format(
                where=where, errors=self.state.errors(), warnings=self.state.warnings()))
        else:
            parts.append(tr("validator", "Not checked yet ({where}). F7 checks the whole file; each "
                            "edited sentence is checked as you edit.").format(where=where)
                         if o.live else
                         tr("validator", "Not checked yet ({where}). F7 checks the whole file.").format(where=where))
        if self.runner.busy("sentences"):
            parts.append(tr("validator", "checking the edited sentence…"))
        return " ".join(parts)

    def mark_cell(self, position: int) -> tuple[str, str]:
        """The sentence table's mark cell: the editor's review marks, then ⚠ when the
        validator found an error in the sentence (its tooltip says how many)."""
        glyphs, note = self.editor.mark_cell(position)
        errors = self._invalid.get(position, 0)
        if errors:
            said = tr("validator", "UD validator: {n} error(s)").format(n=errors)
            glyphs, note = glyphs + INVALID_GLYPH, (note + "\n" + said).strip()
        return glyphs, note

    def refresh_status(self) -> None:
        """The pane's first line and its Stop button."""
        self.pane.set_status(self.status_text())
        self.pane.status.setToolTip(self.command)
        self.pane.set_running(self.runner.busy())

    def refresh(self) -> None:
        """Everything the findings show: the table's ⚠, the pane's line and list."""
        invalid = {r: sum(f.is_error for f in self.state.for_row(r)) for r in self.state.invalid_rows()}
        if invalid != self._invalid:
            self._invalid = invalid
            self.window.table_model.marks_changed(None)
        self.refresh_status()
        findings = self.state.findings()
        words: dict[int, list[str]] = {}
        gold = self.workspace.gold
        if gold is not None:
            with self.workspace.lock:     # (the forms of the sentences listed, parsed if lazy)
                for row in {f.row for f in findings[:SHOWN_AT_MOST] if f.row is not None}:
                    if row < len(gold.records):
                        item = gold.records[row].item
                        words[row] = [w.form for w in getattr(item, "words", ())]
        self.pane.show_findings(findings, words)

    def _draw_marks(self, position: int) -> None:
        self.marks.show(self.window.view_stack.currentWidget(), self.state.for_row(position))

    def show_finding(self, row: int, word: int) -> None:
        """The pane's click: sentence `row` shown, `word` selected (-1: the sentence)."""
        if self.window.current_position != row:
            self.window.go_to(row + 1)
        if word >= 0:
            self.editor.cursor.select(Selection("gold", "token", word))

    def step(self, forward: bool = True) -> int | None:
        """Ctrl+F8 / Ctrl+Shift+F8: the next / previous sentence with an error (wrapping)."""
        row = self.state.step(self.window.current_position, forward)
        if row is None:
            self._tell(tr("validator", "no sentence has a validator error") if self.state.whole_file
                       else tr("validator", "no validator error known: F7 checks the whole file"))
            return None
        first = next((f for f in self.state.for_row(row) if f.is_error), None)
        self.show_finding(row, first.word if first is not None and first.word is not None else -1)
        return row

    def confirm_save(self) -> bool:
        """Before Ctrl+S: with the preference on and errors known, ask (never block: a
        non-interactive window, or "Yes", saves)."""
        invalid = self.state.invalid_rows()
        if not self.options.warn_on_save or not invalid:
            return True
        shown = ", ".join(str(r + 1) for r in invalid[:10]) + (" …" if len(invalid) > 10 else "")
        self.last_save_warning = tr("validator", "The UD validator found {errors} error(s) in {n} "
                                    "sentence(s) of this file ({rows}). Save it anyway?").format(
            errors=self.state.errors(), n=len(invalid), rows=shown)
        answer = self.editor.dialogs.ask_yes_no(tr("validator", "Save a file with validator errors?"),
                                                self.last_save_warning)
        return answer is not False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if obj is self.pane and event.type() == QEvent.Type.LanguageChange:
            QTimer.singleShot(0, self, self.refresh)
        return False

    def shutdown(self) -> None:
        self.timer.stop()
        self.runner.cancel()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
