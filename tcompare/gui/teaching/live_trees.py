"""View › Live trees (Ctrl+Shift+L): type or paste a gold and a system tree (or CoNLL block)
and see both drawn and scored as you type -- for teaching, and for trying what a profile
counts.  A sentence that does not read is named with its line and column and marked in the
text; the last good drawing stays until it reads again.

With a parser chosen (spaCy, Stanza, benepar or the stub, as installed: tcompare/parsers/),
the system side is the parser's tree for the gold's words, filled in as you type: the model
loads on a thread of its own (`ParserLoad`), then one sentence parses in milliseconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QColor, QKeySequence, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QMenu,
                               QPlainTextEdit, QSplitter, QTextEdit, QVBoxLayout, QWidget)

from tcompare import formats
from tcompare.gui import themes
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.terms import term
from tcompare.gui.drawing.views import ComparisonView, PlaceholderView, notation_kind, view_class
from tcompare.gui.teaching.parser_threads import ParserLoad
from tcompare.workspace.loading import choose_profile, prepare_config

if TYPE_CHECKING:
    from tcompare.gui.session import Session
    from tcompare.scoring.base import SentenceResult

DELAY_MS = 250          # typing pause before re-reading and re-scoring
EXAMPLES = {
    "ptb": ("(S (NP (DT The) (NN boy)) (VP (VBD ate) (NP (NP (DT the) (NN cake)) "
            "(PP (IN on) (NP (DT the) (NN table))))) (. .))",
            "(S (NP (DT The) (NN boy)) (VP (VBD ate) (NP (DT the) (NN cake)) "
            "(PP (IN on) (NP (DT the) (NN table)))) (. .))"),
    "conllu": ("1\tShe\tshe\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tsleeps\tsleep\tVERB\t_\t_\t0\troot\t_\t_",
               "1\tShe\tshe\tPRON\t_\t_\t2\tobj\t_\t_\n2\tsleeps\tsleep\tVERB\t_\t_\t0\troot\t_\t_"),
}


class LiveTreesDialog(QDialog):
    """Two text boxes, a notation, a profile, the drawing and the figures."""

    def __init__(self, parent: QWidget | None = None, notation: str = "ptb"):
        super().__init__(parent)
        self.setWindowTitle(tr("live_editor", "Live trees"))
        self.setObjectName("live_trees")
        self.result: SentenceResult | None = None
        self.problem = ""
        self.view: ComparisonView | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)
        self.timer.timeout.connect(self.update_now)

        self.notation = QComboBox()
        self.notation.addItems([n for n in ("ptb", "conllu", "conllx", "tct", "sinica", "pku")
                                if n in formats.available()])
        self.notation.setCurrentText(notation)
        self.notation.currentTextChanged.connect(self._notation_changed)
        self.profile = QComboBox()
        self.profile.currentTextChanged.connect(lambda _t: self.schedule())
        self.parser_box = QComboBox()
        self.parser_box.setObjectName("live_parser")
        self.parser_box.currentIndexChanged.connect(self._parser_chosen)
        self.parser: Any = None           # the loaded adapter, when a parser is chosen
        self.loading: ParserLoad | None = None
        self.gold = QPlainTextEdit()
        self.system = QPlainTextEdit()
        for box, name in ((self.gold, "gold"), (self.system, "system")):
            box.setObjectName(f"live_{name}")
            box.setPlaceholderText(tr("live_editor", "gold tree: brackets, or a CoNLL block") if name == "gold"
                                   else tr("live_editor", "system tree: brackets, or a CoNLL block"))
            box.textChanged.connect(self.schedule)
        self.figures = QLabel("")
        self.figures.setObjectName("live_figures")
        self.figures.setWordWrap(True)
        self.figures.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.addRow(tr("live_editor", "Notation"), self.notation)
        form.addRow(tr("live_editor", "Profile"), self.profile)
        form.addRow(tr("live_editor", "Parser"), self.parser_box)
        texts = QWidget()
        text_layout = QVBoxLayout(texts)
        text_layout.setContentsMargins(0, 0, 0, 0)
        text_layout.addLayout(form)
        text_layout.addWidget(QLabel(tr("live_editor", "Gold")))
        text_layout.addWidget(self.gold)
        text_layout.addWidget(QLabel(tr("live_editor", "System")))
        text_layout.addWidget(self.system)
        self.canvas = QWidget()
        self.canvas_layout = QVBoxLayout(self.canvas)
        self.canvas_layout.setContentsMargins(0, 0, 0, 0)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(texts)
        split.addWidget(self.canvas)
        split.setSizes([380, 820])
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.figures, 1)
        layout.addLayout(bottom)
        self.resize(1200, 640)
        self._notation_changed(notation)

    # -- what is typed -----------------------------------------------------------------------------
    def _notation_changed(self, notation: str) -> None:
        self.profile.blockSignals(True)
        self.profile.clear()
        from tcompare.scoring import profiles

        self.profile.addItems(profiles.names_for(notation))
        default, _ = choose_profile(None, notation)
        if default is not None:
            self.profile.setCurrentText(default.name)
        self.profile.blockSignals(False)
        kind = notation_kind(notation)
        self._fill_parsers(kind)
        if self.view is not None:
            self.canvas_layout.removeWidget(self.view)
            self.view.deleteLater()
        try:
            self.view = view_class(kind)()
        except Exception:
            self.view = PlaceholderView()
        self.canvas_layout.addWidget(self.view)
        example = EXAMPLES.get("conllu" if notation in ("conllu", "conllx") else notation)
        if example and not self.gold.toPlainText().strip() and not self.system.toPlainText().strip():
            self.gold.setPlainText(example[0])
            self.system.setPlainText(example[1])
        self.schedule()

    def schedule(self) -> None:
        self.timer.start()

    # -- a parser on the system side -----------------------------------------------------------------
    def _fill_parsers(self, kind: str) -> None:
        from tcompare.parsers import catalogue

        self.parser_box.blockSignals(True)
        self.parser_box.clear()
        self.parser_box.addItem(tr("live_editor", "none: type the system tree"), "")
        for entry in catalogue():
            if entry.installed and entry.kind == kind:
                self.parser_box.addItem(entry.name, entry.name)
        self.parser_box.blockSignals(False)
        self._parser_chosen(0)

    def choose_parser(self, name: str) -> bool:
        """Choose parser `name` (False when it is not offered for this notation)."""
        index = self.parser_box.findData(name)
        if index < 0:
            return False
        self.parser_box.setCurrentIndex(index)
        return True

    def _parser_chosen(self, index: int) -> None:
        name = self.parser_box.itemData(index) if index >= 0 else ""
        self.parser = None
        self.system.setReadOnly(bool(name))
        if not name:
            return
        self.figures.setText(tr("live_editor", "loading {parser}…").format(parser=name))
        self.loading = job = ParserLoad(name, self)
        job.loaded.connect(lambda adapter, error, job=job, name=name: self._parser_loaded(job, name, adapter, error))
        job.start()

    def _parser_loaded(self, job: ParserLoad, name: str, adapter: Any, error: str) -> None:
        job.wait()
        job.deleteLater()
        if job is self.loading:
            self.loading = None
        if self.parser_box.currentData() != name:
            return                       # another parser was chosen meanwhile
        if adapter is None:
            self.problem = error
            self.figures.setText(f"<span style='color:{themes.current().alert}'>{error}</span>")
            return
        self.parser = adapter
        self.schedule()

    def _parse_system(self, gold_item: Any, notation: str) -> Any:
        """The chosen parser's item for the words of `gold_item`, written into the system box."""
        from tcompare.formats import conllx, ptb
        from tcompare.model.deps import DepSentence
        from tcompare.parsers import WordsIn
        from tcompare.parsers.gold_input import dep_input

        if isinstance(gold_item, DepSentence):
            words = dep_input(gold_item)[0]
        else:
            forms = tuple(gold_item.words)
            words = WordsIn(forms, tuple(True for _ in forms))
        item = next(iter(self.parser.parse_words([words])), None)
        if item is None:
            raise ValueError(tr("live_editor", "the parser returned nothing"))
        text = ptb.format_item(item) if notation not in ("conllu", "conllx") else conllx.format_item(item)
        self.system.blockSignals(True)
        self.system.setPlainText(text.strip("\n"))
        self.system.blockSignals(False)
        return item

    def update_now(self) -> bool:
        """Read both texts, score and draw; False (said, and marked in the text) when a
        side does not read."""
        self.timer.stop()
        notation = self.notation.currentText()
        items = []
        for box, side in ((self.gold, N_("live_editor", "gold")), (self.system, N_("live_editor", "system"))):
            if box is self.system and self.parser is not None:
                try:
                    items.append(self._parse_system(items[0], notation))
                except Exception as exc:       # the parser's failure on this sentence, said
                    self.problem = f"{self.parser.name}: {type(exc).__name__}: {exc}"
                    self.figures.setText(f"<span style='color:{themes.current().alert}'>{self.problem}</span>")
                    return False
                continue
            if box is self.system and self.parser_box.currentData():
                self.figures.setText(tr("live_editor", "loading {parser}…").format(
                    parser=self.parser_box.currentData()))
                return False
            text = box.toPlainText().strip("\n") + "\n"
            corpus = formats.read_text(text, notation, side)
            record = corpus[0] if len(corpus) else None
            error = record.error if record is not None else None
            self._mark(box, error)
            if record is None or error is not None:
                where = tr("live_editor", "line {line}, column {column}: ").format(
                    line=error.line, column=error.column) if error and error.line else ""
                self.problem = f"{tr('live_editor', side)}: {where}" + (
                    error.message if error else tr("live_editor", "nothing to read"))
                self.figures.setText(f"<span style='color:{themes.current().alert}'>"
                                     f"{self.problem}</span>")
                return False
            items.append(record.item)
        self.problem = ""
        profile, _ = choose_profile(self.profile.currentText() or None, notation)
        self.result = None
        if profile is not None:
            try:
                self.result = profile.score(items[0], items[1], prepare_config(profile, {}), 1)
            except Exception as exc:       # a pair the profile refuses: said, not raised
                self.figures.setText(tr("live_editor", "{profile} cannot score this pair: {error}").format(
                    profile=profile.name, error=exc))
        if self.view is not None:
            self.view.show_pair(items[0], items[1], self.result, notation)
        if self.result is not None:
            shown = [f"{term(k)} {v:.2f}" for k, v in self.result.scores.items()
                     if isinstance(v, float) and (not profile or k in profile.columns)]
            status = "" if self.result.valid else f"{term(self.result.status.value)}: {self.result.message}  "
            self.figures.setText(status + "   ".join(shown))
        return True

    @staticmethod
    def _mark(box: QPlainTextEdit, error: Any) -> None:
        """Underline the place a side stops reading (its line and column)."""
        if error is None or not error.line:
            box.setExtraSelections([])
            return
        block = box.document().findBlockByNumber(max(error.line - 1, 0))
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                            max(error.column - 1, 0))
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        selection = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(QColor("#D55E00"))
        fmt.setBackground(QColor("#FBE3D6"))
        fmt.setForeground(QColor("#000000"))    # readable on the pale background in dark themes
        selection.format = fmt
        selection.cursor = cursor
        box.setExtraSelections([selection])

    def marked(self, box: QPlainTextEdit) -> tuple[int, int] | None:
        """(start, end) of the marked text in `box`, None when nothing is marked."""
        marks = box.extraSelections()
        if not marks:
            return None
        cursor = marks[0].cursor
        return cursor.selectionStart(), cursor.selectionEnd()


class LiveTreesHost(Protocol):
    """The window the dialog opens over (a QWidget); its notation is the first one offered."""

    session: Session

    def addAction(self, action: QAction) -> None: ...  # noqa: N802 (Qt's name)


class LiveTrees:
    """View › Live trees… (Ctrl+Shift+L) of a window: the dialog, made on first use."""

    def __init__(self, window: LiveTreesHost, view_menu: QMenu):
        self.window = window
        self.dialog: LiveTreesDialog | None = None
        self.action = QAction(tr("live_editor", "&Live trees…"), window)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self.action.setStatusTip(tr("live_editor", "Type a gold and a system tree and see them drawn "
                                    "and scored as you type"))
        self.action.triggered.connect(self.show)
        window.addAction(self.action)
        view_menu.addAction(self.action)

    def shutdown(self, timeout_ms: int = 30000) -> None:
        """The window closes: wait for a model still loading (its thread must not outlive it)."""
        if self.dialog is not None and self.dialog.loading is not None:
            self.dialog.loading.wait(timeout_ms)

    def show(self) -> LiveTreesDialog:
        if self.dialog is None:
            notation = self.window.session.notation or "ptb"
            self.dialog = LiveTreesDialog(self.window, notation if notation in formats.available()
                                     else "ptb")
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog
