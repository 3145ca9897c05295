"""Accessibility of the window (`gui.a11y`): every action reachable by keyboard and listed
in Help › Keyboard, every interactive widget named for a screen reader, the selected node
or arc spoken through its view."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import QGraphicsView

from tcompare.editing.selection import Selection
from tcompare.gui.language import a11y
from tcompare.gui.drawing.palette import VERDICT_ROLE
from tcompare.layout.verdict_style import look_for
from tcompare.scoring.base import Verdict
from gui_helpers import open_and_wait, window  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
PTB = (DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
CONLL = (DEMO / "conll" / "demo.gold.conllu", [DEMO / "conll" / "demo.system.conllu"])


def all_menus_filled(window) -> None:
    window.actions_.fill_recent()          # Open recent is filled when it opens


def reachable_actions(window) -> list[QAction]:
    """Every action a key can reach: in a menu, or on the window itself (found here by
    walking the objects, not through the module under test)."""
    in_menus = [a for _path, a in a11y.menu_actions(window)]
    on_window = list(window.actions())
    seen, out = set(), []
    for action in in_menus + on_window + window.findChildren(QAction):
        if id(action) in seen or action.isSeparator() or action.menu() is not None:
            continue
        if action in on_window or action in in_menus:
            seen.add(id(action))
            out.append(action)
    return out


def test_every_menu_action_has_a_key_or_a_mnemonic_path(qtbot, window):
    open_and_wait(qtbot, window, *PTB)
    all_menus_filled(window)
    titles = [a.text() for a in window.menuBar().actions() if a.menu() is not None]
    letters = [a11y.mnemonic(t) for t in titles]
    assert all(letters) and len(set(letters)) == len(letters), titles
    unreachable = []
    count = 0
    for path, action in a11y.menu_actions(window):
        count += 1
        if action.shortcuts():
            continue
        if not all(a11y.mnemonic(m.title()) for m in path) or not a11y.mnemonic(action.text()):
            unreachable.append(" › ".join([*(m.title() for m in path), action.text()]))
    assert count > 40 and unreachable == []


def test_help_keyboard_lists_every_action_with_a_key(qtbot, window):
    open_and_wait(qtbot, window, *PTB)
    rows = window.editor.keyboard.rows()
    listed = {(what, keys) for _group, what, keys in rows}
    missing = []
    for action in reachable_actions(window):
        if not action.shortcuts():
            continue
        text = action.text().replace("&", "")
        keys = ", ".join(k.toString(k.SequenceFormat.NativeText) for k in action.shortcuts())
        if (text, keys) not in listed:
            missing.append((text, keys))
    assert missing == []
    assert all(what.strip() for _g, what, _k in rows), "an action without a name"
    groups = {g for g, _w, _k in rows}
    assert {"File", "Navigate", "View", "Edit", "Help"} <= groups
    dialog = window.editor.keyboard.show()
    assert window.editor.keyboard.table.rowCount() == len(rows)
    dialog.close()


def test_no_key_is_bound_twice(qtbot, window):
    keys = Counter(k.toString() for a in reachable_actions(window) for k in a.shortcuts())
    assert [k for k, n in keys.items() if n > 1] == []
    assert keys["Ctrl+,"] == 1 and keys["Alt+,"] == 1


def test_every_interactive_widget_has_an_accessible_name(qtbot, window):
    open_and_wait(qtbot, window, *PTB)
    for action in (window.teaching.explain_action, window.breakdown.action,
                   window.analysis.action):
        action.setChecked(True)
    window.preferences.show_dialog()
    window.editor.keyboard.show()
    window.editor.show_history()
    qtbot.wait(20)
    a11y.name_widgets(window)          # what the window does after every opening
    assert [f"{type(w).__name__} {w.objectName()}" for w in a11y.unnamed(window)] == []
    assert window.sentences.table.accessibleName() == "Sentences"
    assert window.sidebar.profile_combo.accessibleName() == "Profile"
    assert window.view.canvas.accessibleName() == "Tree comparison"
    # and the dependency view's buttons once a CoNLL pair is open
    open_and_wait(qtbot, window, *CONLL)
    assert [f"{type(w).__name__} {w.objectName()}" for w in a11y.unnamed(window)] == []
    window.preferences.dialog.reject()


def test_derived_names_follow_the_text_but_names_set_by_hand_stay(qtbot, window):
    """After a retranslation calling name_widgets again renames what it named."""
    button = window.sidebar.report_box
    a11y.name_widgets(window)
    assert button.accessibleName() == button.text()
    button.setText("Texte du rapport")
    a11y.name_widgets(window)
    assert button.accessibleName() == "Texte du rapport"
    assert window.sentences.table.accessibleName() == "Sentences"      # set by hand
    canvas = window.view.canvas          # named by hand, described from its tooltip
    canvas.setToolTip("drag to pan")
    a11y.name_widgets(window)
    canvas.setToolTip("ziehen zum Verschieben")
    a11y.name_widgets(window)
    assert (canvas.accessibleName(), canvas.accessibleDescription()) == \
        ("Tree comparison", "ziehen zum Verschieben")


def test_the_selected_node_is_spoken_with_the_scorers_verdict(qtbot, window, monkeypatch):
    heard = []
    monkeypatch.setattr(a11y, "notify", lambda widget, event: heard.append((widget, event)))
    open_and_wait(qtbot, window, *PTB, goto=2)
    view, editor = window.view, window.editor
    canvas = view.findChildren(QGraphicsView)[0]
    gold = window.session.pair(0, window.current_position)[0]
    for node in gold.nodes():
        if node.id == gold.root.id:
            continue
        heard.clear()
        editor.cursor.select(Selection("gold", "node", node.id))
        said = canvas.accessibleDescription()
        drawn = view.node_items("gold")[node.id].data(VERDICT_ROLE)
        verdict_words = look_for(Verdict(drawn)).legend if drawn else "not scored"
        span = f"word {node.start + 1}" if node.end - node.start == 1 else \
            f"words {node.start + 1} to {node.end}"
        assert said.startswith(f"{node.label.raw}, {span}, {verdict_words}"), said
        assert said.endswith(", gold")
        assert (canvas, QAccessible.Event.DescriptionChanged) in heard


def test_the_selected_arc_is_spoken(qtbot, window, monkeypatch):
    heard = []
    monkeypatch.setattr(a11y, "notify", lambda widget, event: heard.append((widget, event)))
    open_and_wait(qtbot, window, *CONLL, goto=2)
    canvas = window.view.findChildren(QGraphicsView)[0]
    canvas.setFocus()
    window.editor.cursor.select(Selection("gold", "token", 4))
    assert canvas.accessibleDescription() == "conj, from 2 to 5, wrong label: system says nsubj"
    window.editor.cursor.move_selection("next")
    assert canvas.accessibleDescription() == \
        "orphan, from 5 to 6, wrong head and label: system says obj from 3"
    assert (canvas, QAccessible.Event.DescriptionChanged) in heard
    if canvas.hasFocus():
        assert (canvas, QAccessible.Event.Focus) in heard
