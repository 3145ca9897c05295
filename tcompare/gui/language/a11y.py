"""Accessibility: names for screen readers, the spoken selection, and the keyboard's reach.

* `name_widgets(root)` gives every interactive widget without an accessible name the name a
  sighted user reads next to it -- its own text, its form or buddy label, the check box
  title of its group, its placeholder or tooltip -- and the tooltip as its description.  A
  widget with none of these stays unnamed and `unnamed(root)` lists it (a test fails on it).
* `announce(widget, text)`: QGraphicsItems have no accessibility of their own, so the view
  carries the selected node's or arc's description (`layout.spoken`) as its
  accessibleDescription and tells the screen reader it changed (DescriptionChanged, and
  Focus when the view has the focus).
* `menu_actions(window)` / `shortcut_actions(window)`: what Help › Keyboard lists and what
  the keyboard test walks -- generated from the menus and actions, never a written list.
"""

from __future__ import annotations

from typing import Any, Iterator

from PySide6.QtGui import QAccessible, QAccessibleEvent, QAction
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractScrollArea,
                               QAbstractSlider, QAbstractSpinBox, QComboBox, QFormLayout,
                               QGraphicsView, QGroupBox, QHeaderView, QLabel, QLineEdit, QMenu,
                               QMenuBar, QScrollArea, QScrollBar, QStackedWidget, QTabBar,
                               QTabWidget, QWidget, QDockWidget)

from tcompare.gui.language.i18n import tr
from tcompare.gui.language.spoken_text import say
from tcompare.layout.spoken import describe_arc, describe_node, describe_word
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree

# widgets a keyboard or screen-reader user operates (scroll bars and table headers belong
# to their view; the editors inside spin and combo boxes to their box)
INTERACTIVE = (QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox, QAbstractSlider,
               QAbstractItemView, QGraphicsView, QAbstractScrollArea, QTabBar)
PARTS = (QScrollBar, QHeaderView)


def _plain(text: str) -> str:
    """Menu / button text without its mnemonic ampersand, tooltip without its markup."""
    import re

    text = re.sub(r"\(&\w\)", "", text)           # a Chinese text's mnemonic: "主题(&T)"
    text = re.sub(r"<[^>]+>", " ", text.replace("&&", "\0").replace("&", "").replace("\0", "&"))
    return " ".join(text.split())


def is_interactive(widget: QWidget) -> bool:
    """A widget a keyboard or screen-reader user operates or reads on its own (not a scroll
    area holding others, not a part Qt builds inside a composite widget)."""
    if not isinstance(widget, INTERACTIVE) or isinstance(widget, PARTS):
        return False
    if isinstance(widget, QScrollArea):
        return False      # a container: its contents are named
    if widget.objectName().startswith("qt_"):
        return False      # Qt's own parts (tool bar extension button, a tab widget's bar)
    parent = widget.parentWidget()
    while parent is not None:       # a part of a composite widget speaks through it
        if isinstance(parent, (QAbstractSpinBox, QComboBox, QAbstractItemView, QLineEdit)):
            return False
        parent = parent.parentWidget()
    return True


def _form_label(widget: QWidget) -> str:
    parent = widget.parentWidget()
    layout = parent.layout() if parent is not None else None
    for form in ([layout] if isinstance(layout, QFormLayout) else []) + (
            parent.findChildren(QFormLayout) if parent is not None else []):
        label = form.labelForField(widget)
        if isinstance(label, QLabel) and label.text():
            return _plain(label.text())
    return ""


def _buddy_label(widget: QWidget, buddies: dict[QWidget, str] | None = None) -> str:
    """The text of the label whose buddy `widget` is; `buddies` (`buddy_texts`) saves
    searching the window's labels once per widget (19 widgets x 300 labels: 45 ms)."""
    if buddies is None:
        buddies = buddy_texts(widget.window())
    return buddies.get(widget, "")


def buddy_texts(window: QWidget) -> dict[QWidget, str]:
    """Each buddy under `window` -> its label's plain text (the first label with a text)."""
    texts: dict[QWidget, str] = {}
    for label in window.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None and label.text() and buddy not in texts:
            texts[buddy] = _plain(label.text())
    return texts


def _group_title(widget: QWidget) -> str:
    parent = widget.parentWidget()
    if isinstance(parent, QGroupBox) and parent.title():
        return _plain(parent.title())
    return ""


def _tab_title(widget: QWidget) -> str:
    """The tab's text, for a page of a QTabWidget."""
    stack = widget.parentWidget()
    tabs = stack.parentWidget() if stack is not None else None
    if isinstance(stack, QStackedWidget) and isinstance(tabs, QTabWidget):
        index = tabs.indexOf(widget)
        return _plain(tabs.tabText(index)) if index >= 0 else ""
    return ""


def _dock_title(widget: QWidget) -> str:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QDockWidget):
            return _plain(parent.windowTitle())
        parent = parent.parentWidget()
    return ""


def derived_name(widget: QWidget, buddies: dict[QWidget, str] | None = None) -> str:
    """The name a sighted user reads for `widget`, or ""."""
    if isinstance(widget, QAbstractButton) and widget.text():
        return _plain(widget.text())
    name = _form_label(widget) or _buddy_label(widget, buddies)
    if name:
        return name
    if isinstance(widget, QLineEdit) and widget.placeholderText():
        return widget.placeholderText()
    if widget.toolTip():
        return _plain(widget.toolTip())
    # the one view of a titled box, a tab or a dock is what its title says
    for source in (_group_title, _tab_title, _dock_title):
        name = source(widget)
        if name:
            return name
    return ""


# dynamic properties: this name / description was derived from the texts (not set by hand)
NAME_DERIVED, DESCRIPTION_DERIVED = "a11y_name_derived", "a11y_description_derived"


def name_widgets(root: QWidget) -> list[QWidget]:
    """Name (and describe) the interactive widgets under `root` that have no accessible
    name of their own; returns those left without one.  Names derived here are derived
    again on every call, so after the texts change (another language) calling it again
    renames them; a name set by hand is never touched."""
    left = []
    buddies: dict[QWidget, str] | None = None
    for widget in [root, *root.findChildren(QWidget)]:
        if not is_interactive(widget):
            continue
        if widget.property(NAME_DERIVED) or not widget.accessibleName():
            if buddies is None:
                buddies = buddy_texts(root.window())
            name = derived_name(widget, buddies)
            if name:
                widget.setAccessibleName(name)
                widget.setProperty(NAME_DERIVED, True)
            elif not widget.accessibleName():
                left.append(widget)
        if widget.property(DESCRIPTION_DERIVED) or not widget.accessibleDescription():
            tip = _plain(widget.toolTip() or widget.statusTip())
            if tip and tip != widget.accessibleName():
                widget.setAccessibleDescription(tip)
                widget.setProperty(DESCRIPTION_DERIVED, True)
    return left


def unnamed(root: QWidget) -> list[QWidget]:
    return [w for w in [root, *root.findChildren(QWidget)]
            if is_interactive(w) and not w.accessibleName()]


# -- the spoken selection ----------------------------------------------------------------------
def announce(widget: QWidget, text: str) -> None:
    """Make `text` the widget's description and tell assistive technology it changed."""
    if widget.accessibleDescription() == text:
        return
    widget.setAccessibleDescription(text)
    widget.setProperty(DESCRIPTION_DERIVED, False)      # the selection's, not the tooltip's
    notify(widget, QAccessible.Event.DescriptionChanged)
    if widget.hasFocus():
        notify(widget, QAccessible.Event.Focus)


def notify(widget: QWidget, event: QAccessible.Event) -> None:
    """Tell assistive technology (tests watch this function)."""
    QAccessible.updateAccessibility(QAccessibleEvent(widget, event))


def describe_selection(window: Any, selection: Any) -> str:
    """The spoken description of the editor's selection in the sentence shown ("" if none)."""
    session = window.session
    if session.gold is None or window.current_position is None:
        return ""
    gold, system = session.pair(window.current_system, window.current_position)
    result = window.current_result
    item = system if selection.side == "system" else gold
    try:
        if isinstance(item, Tree):
            if selection.kind == "node":
                return describe_node(item, selection.side, selection.ref, result, say)
            return describe_word(item, selection.side, selection.ref, result, say)
        if isinstance(item, DepSentence) and 0 <= selection.ref < len(item.words):
            return describe_arc(item, selection.ref, result, selection.side, say)
    except (IndexError, KeyError, ValueError):
        return ""
    return ""


def announce_selection(window: Any, selection: Any) -> str:
    """Speak the selection through the current view's canvas; returns what was said."""
    view = window.view_stack.currentWidget()
    if view is None:
        return ""
    canvases = view.findChildren(QGraphicsView)
    text = describe_selection(window, selection)
    for canvas in canvases[:1]:
        announce(canvas, text)
    return text


# -- the keyboard's reach ----------------------------------------------------------------------
def menu_actions(window: Any) -> Iterator[tuple[list[QMenu], QAction]]:
    """(menu path from the menu bar, action) for every action in the window's menus, depth
    first; separators and the submenus' own entries are left out."""
    bar: QMenuBar = window.menuBar()

    def walk(menu: QMenu, path: list[QMenu]) -> Iterator[tuple[list[QMenu], QAction]]:
        for action in menu.actions():
            if action.isSeparator():
                continue
            sub = action.menu()
            if sub is not None:
                yield from walk(sub, [*path, sub])
            else:
                yield path, action

    for action in bar.actions():
        if action.menu() is not None:
            yield from walk(action.menu(), [action.menu()])


def top_menu_title(path: list[QMenu]) -> str:
    return _plain(path[0].title()) if path else tr("keyboard_help", "Window")


def shortcut_actions(window: Any) -> list[tuple[str, QAction]]:
    """(group, action) for every action with a shortcut: those in the menus (group: the top
    menu's title), then the window's own that no menu shows (group "Window")."""
    out: list[tuple[str, QAction]] = []
    seen: set[int] = set()
    for path, action in menu_actions(window):
        if action.shortcuts() and id(action) not in seen:
            seen.add(id(action))
            out.append((top_menu_title(path), action))
    for action in window.actions():
        if action.shortcuts() and id(action) not in seen:
            seen.add(id(action))
            out.append((tr("keyboard_help", "Window"), action))
    return out


def mnemonic(text: str) -> str:
    """The mnemonic letter of a menu text ("" when it has none)."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].lower()
            i += 1
        i += 1
    return ""
