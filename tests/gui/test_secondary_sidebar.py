"""The sidebar's optional secondary rows: off by default; on, the current sentence's
leaf-ancestor, tree distance and function tags equal `tcompare score --secondary`'s row."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)

GOLD = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PP-LOC (IN on) (NP (DT the) (NN mat)))) (. .)))
(TOP (S (NP-SBJ (PRP It)) (VP (VBD ran)) (. .)))
"""
SYSTEM = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat)) (PP-LOC (IN on) (NP (DT the) (NN mat))) (. .)))
(TOP (S (NP-TMP (PRP It)) (VP (VBD ran)) (. .)))
"""


def _rows(win) -> list[tuple[str, str]]:
    form = win.sidebar.secondary_form
    out = []
    for r in range(form.rowCount()):
        label = form.itemAt(r, form.ItemRole.LabelRole).widget()
        value = form.itemAt(r, form.ItemRole.FieldRole).widget()
        assert isinstance(label, QLabel) and isinstance(value, QLabel)
        out.append((label.text(), value.text()))
    return out


def test_secondary_rows_follow_the_sentence(qtbot, window, tmp_path):  # noqa: F811
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(GOLD, encoding="utf-8")
    system.write_text(SYSTEM, encoding="utf-8")
    assert open_and_wait(qtbot, window, gold, system)
    assert not window.sidebar.secondary_box.isChecked() and _rows(window) == []
    window.sidebar.secondary_box.setChecked(True)
    # the CLI's row: LA 91.53, distance 2 of 22, similarity 90.91, function tags 2/2/2
    assert _rows(window) == [("leaf-ancestor", "91.53"), ("tree distance", "2 / 22"),
                             ("TED similarity", "90.91"), ("function tags", "2 / 2 / 2")]
    window.show_sentence(1)
    assert _rows(window) == [("leaf-ancestor", "100.00"), ("tree distance", "0 / 10"),
                             ("TED similarity", "100.00"), ("function tags", "0 / 1 / 1")]
    window.sidebar.secondary_box.setChecked(False)
    assert _rows(window) == []


def test_the_choice_is_remembered(qtbot, tmp_path):
    from gui_helpers import new_window

    assert not new_window(qtbot, tmp_path).sidebar.secondary_box.isChecked()
    new_window(qtbot, tmp_path).sidebar.secondary_box.setChecked(True)
    assert new_window(qtbot, tmp_path).sidebar.secondary_box.isChecked()
