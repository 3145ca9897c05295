"""The window's status bar: the open files (name, notation, encoding, sentences; the
profile), and while scoring a progress bar with its Cancel button.  Messages that come and go
are the status bar's own (``showMessage``).  The texts keep the translation context
"main_window" the .ts files know them by."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QSizePolicy, QStatusBar

from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.drawing.problems import file_name

if TYPE_CHECKING:
    from tcompare.gui.session import Session


class StatusLine:
    """The permanent widgets of `bar`, describing `session`'s files; Cancel cancels it."""

    def __init__(self, bar: QStatusBar, session: Session):
        self.session = session
        self.files_label = QLabel(tr("main_window", "no files open"))
        self.files_label.setObjectName("files_label")
        # long file names must not set the window's minimum width (--size is honoured)
        self.files_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.files_label, 1)
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.setFormat(tr("main_window", "scoring %v / %m"))
        self.progress_bar.hide()
        self.cancel_button = QPushButton(tr("main_window", "Cancel"))
        self.cancel_button.setObjectName("cancel_button")
        self.cancel_button.clicked.connect(session.cancel)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.progress_bar)
        bar.addPermanentWidget(self.cancel_button)

    def reading(self, gold: str) -> None:
        self.files_label.setText(tr("main_window", "reading {file}…").format(file=file_name(gold)))
        self.busy()

    def busy(self) -> None:
        """Scoring, its length not known yet: a moving bar and Cancel."""
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.cancel_button.show()

    def progress(self, done: int, total: int) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)

    def idle(self) -> None:
        self.progress_bar.hide()
        self.cancel_button.hide()

    def failed(self) -> None:
        self.idle()
        self.files_label.setText(tr("main_window", "could not read the files"))

    def show_files(self) -> None:
        """Each open file: name · notation · encoding · sentences; then the profile."""
        s = self.session
        if s.gold is None:
            return
        parts = []
        for role, corpus in ((N_("main_window", "gold"), s.gold),
                             *((N_("main_window", "system"), c) for c in s.systems)):
            parts.append(f"{tr('main_window', role)}: {file_name(corpus.path)} · {corpus.notation} · "
                         f"{corpus.encoding.upper()}{' BOM' if corpus.bom else ''} · "
                         + (tr("main_window", "{n} sentences") if role == "gold" else "{n}").format(
                             n=f"{len(corpus):,}"))
        if s.profile is not None:
            parts.append(tr("main_window", "profile: {name}").format(name=s.profile.name))
        self.files_label.setText("   ".join(parts))
