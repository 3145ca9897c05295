"""Several systems in the window: which one is drawn, and drawing two against the gold.

A bar in the view's header (shown when two or more systems are open): "Drawn" chooses the
system the view, the sidebar and the table's figures follow (the sidebar's System box
does the same), "against gold with" adds a second system: the view then draws system A
above the gold tree and system B below it (`TreeComparisonView.show_two`).  Keys, in
View › Systems: Ctrl+] / Ctrl+[ draw the next / previous system, Ctrl+Shift+T draws two
systems (the drawn one and the next) or one again.

The choice belongs to the window (each window has its own) and is kept by file: reopening
the files with a system added keeps drawing the systems drawn before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QWidget

from tcompare.gui.docks import Menus
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.table.model import system_letter
from tcompare.gui.drawing.views import notation_kind

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QStatusBar

    from tcompare.gui.session import Session
    from tcompare.gui.table.sidebar import Sidebar
    from tcompare.gui.drawing.host import ViewHost

NONE_TEXT = N_("two_systems", "— one system —")
COMBO_MIN_WIDTH, COMBO_MAX_WIDTH = 80, 240
SECOND_TIP = N_("two_systems", "Draw a second system below the gold tree, the drawn one above it "
                "(Ctrl+Shift+T)")
ONE_ONLY_TIP = N_("two_systems", "Two systems are drawn together for constituency trees only "
                  "(the arc view draws one)")


class SystemBar(QWidget):
    """Two combo boxes: the drawn system and the one drawn with it (or none).

    Signals: ``drawn_chosen(int)``, ``second_chosen(int)`` (-1: one system drawn).
    """

    drawn_chosen = Signal(int)
    second_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("system_bar")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.drawn = QComboBox()
        self.drawn.setObjectName("drawn_system")
        self.drawn.setToolTip(tr("two_systems", "The system drawn against the gold (Ctrl+] / "
                                 "Ctrl+[: next / previous); the sidebar and the table follow it"))
        self.second = QComboBox()
        self.second.setObjectName("second_system")
        self.second.setToolTip(tr("two_systems", SECOND_TIP))
        for combo in (self.drawn, self.second):
            # as wide as the names when there is room, down to a letter and a few characters
            # when there is not: the bar must not set the window's minimum width (nor take
            # the sidebar's room)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMinimumWidth(COMBO_MIN_WIDTH)
            combo.setMaximumWidth(COMBO_MAX_WIDTH)
            combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        row.addWidget(QLabel(tr("two_systems", "Drawn:")))
        row.addWidget(self.drawn)
        row.addWidget(QLabel(tr("two_systems", "with:")))
        row.addWidget(self.second)
        self.drawn.currentIndexChanged.connect(self._on_drawn)
        self.second.currentIndexChanged.connect(self._on_second)
        self._names: list[str] = []
        self._filling = False
        self.hide()

    def set_systems(self, names: list[str], drawn: int, second: int) -> None:
        """Fill the boxes (hidden for fewer than two systems) without emitting."""
        self._filling = True
        try:
            if names != self._names:
                self._names = list(names)
                self.drawn.clear()
                labels = [f"{system_letter(k)}  {n}" for k, n in enumerate(names)]
                self.drawn.clear()
                self.drawn.addItems(labels)
                self.second.clear()
                self.second.addItems([tr("two_systems", NONE_TEXT), *labels])
            self.drawn.setCurrentIndex(max(drawn, 0))
            self.second.setCurrentIndex(second + 1 if second >= 0 else 0)
        finally:
            self._filling = False
        self.setVisible(len(names) > 1)

    def _on_drawn(self, index: int) -> None:
        if not self._filling and index >= 0:
            self.drawn_chosen.emit(index)

    def _on_second(self, index: int) -> None:
        if not self._filling and index >= 0:
            self.second_chosen.emit(index - 1)


class TwoSystemsHost(Protocol):
    """The window whose systems are chosen: the open files, the header row the chooser joins,
    the sidebar's System box (the one place the drawn system is chosen) and the sentence shown."""

    session: Session
    views: ViewHost
    header: QLabel
    sidebar: Sidebar
    sentence_shown: SignalInstance          # (position)
    current_system: int
    current_position: int | None

    def show_sentence(self, position: int) -> None: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)
    def addAction(self, action: QAction) -> None: ...  # noqa: N802


class TwoSystems:
    """The window's system choice: the bar, the View › Systems actions, and what the view is
    asked to draw (`second_for`).  ``second`` is system B's index, -1 when one is drawn."""

    def __init__(self, window: TwoSystemsHost, actions: Menus):
        self.window = w = window
        self.second = -1
        self._paths: tuple[str | None, str | None] = (None, None)   # kept across reopening
        self.bar = SystemBar()
        w.views.header_row.addWidget(self.bar)
        self.bar.drawn_chosen.connect(self.choose)
        self.bar.second_chosen.connect(self.set_second)
        w.session.opened.connect(self._on_opened)
        # the header line is cut where the chooser begins: the whole line as its tooltip
        w.sentence_shown.connect(lambda _p: w.header.setToolTip(w.header.text()))
        menu = actions.menus["view"].addMenu(tr("two_systems", "S&ystems"))
        self.next_action = self._action(menu, tr("two_systems", "Draw &next system"), "Ctrl+]", lambda: self.step(1))
        self.previous_action = self._action(menu, tr("two_systems", "Draw &previous system"), "Ctrl+[",
                                            lambda: self.step(-1))
        self.two_action = self._action(menu, tr("two_systems", "&Two systems against gold"), "Ctrl+Shift+T",
                                       self.toggle_two)
        self.two_action.setCheckable(True)
        self.menu = menu

    def _action(self, menu, text: str, keys: str, slot) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        menu.addAction(action)
        return action

    # -- the choice ------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The systems as the choosers show them: "A  file" (just the file for one system)."""
        systems = self.window.session.systems
        names = [file_name(c.path) for c in systems]
        return [f"{system_letter(k)}  {n}" for k, n in enumerate(names)] if len(names) > 1 else names

    def drawable(self) -> bool:
        """Whether the open notation's view draws two systems (constituency trees do; the
        dependency view draws one system at a time)."""
        return notation_kind(self.window.session.notation) == "constituency"

    @property
    def count(self) -> int:
        return len(self.window.session.systems)

    def choose(self, system: int) -> None:
        """Draw `system`: through the sidebar's System box, whose signal the window and the
        analysis docks already follow."""
        combo = self.window.sidebar.system_combo
        if 0 <= system < combo.count() and system != combo.currentIndex():
            combo.setCurrentIndex(system)

    def step(self, delta: int) -> None:
        """Draw the next (previous) system, skipping the one drawn as B."""
        n = self.count
        if n < 2:
            return
        k = self.window.current_system
        for _ in range(n):
            k = (k + delta) % n
            if k != self.second:
                break
        self.choose(k)

    def toggle_two(self) -> None:
        """Two systems (the drawn one and the next) or one again."""
        if self.second >= 0:
            self.set_second(-1)
        elif self.count > 1 and not self.drawable():
            self.window.statusBar().showMessage(tr("two_systems", "two systems are drawn together "
                                                   "for constituency trees only"), 5000)
            self.two_action.setChecked(False)
        elif self.count > 1:
            self.set_second((self.window.current_system + 1) % self.count)

    def set_second(self, system: int) -> None:
        """Draw `system` as B under the gold (-1, or the drawn system itself: one system)."""
        w = self.window
        if not (0 <= system < self.count) or system == w.current_system or not self.drawable():
            system = -1
        self.second = system
        self.sync()
        if w.current_position is not None:
            w.show_sentence(w.current_position)

    def sync(self) -> None:
        """The bar, the menu check and the view's captions after any change of choice."""
        w = self.window
        if self.second == w.current_system:
            self.second = -1
        names = [file_name(c.path) for c in w.session.systems]
        self.bar.set_systems(names, w.current_system, self.second)
        self.two_action.setChecked(self.second >= 0)
        for action in (self.next_action, self.previous_action, self.two_action):
            action.setEnabled(len(names) > 1)
        two = self.drawable()
        self.bar.second.setEnabled(two)
        self.bar.second.setToolTip(tr("two_systems", SECOND_TIP if two else ONE_ONLY_TIP))
        systems = w.session.systems
        self._paths = (systems[w.current_system].path if systems else None,
                       systems[self.second].path if self.second >= 0 else None)

    def second_for(self, position: int) -> tuple[Any, Any] | None:
        """(system B's item, its full result) at `position`, or None (one system drawn)."""
        if self.second < 0 or self.second >= self.count:
            return None
        s = self.window.session
        _, item = s.pair(self.second, position)
        return item, s.full_result(self.second, position)

    def titles(self, view: Any) -> dict[str, str]:
        """System B's caption for `view` (none for a view that draws one system)."""
        s = self.window.session
        if self.second < 0 or s.gold is None or not hasattr(view, "show_two"):
            return {}
        return {"other": tr("two_systems", "SYSTEM {letter}").format(letter=system_letter(self.second))
                + f"  {file_name(s.systems[self.second].path)}"}

    def _on_opened(self) -> None:
        """New files: draw the systems drawn before where they are still open."""
        w = self.window
        paths = [c.path for c in w.session.systems]
        drawn, second = self._paths
        self.second = paths.index(second) if second in paths else -1
        if drawn in paths:
            self.choose(paths.index(drawn))
        self.sync()
