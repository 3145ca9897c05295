"""The window is assembled from objects, not mixins (issue 28): what the GUI's classes may
inherit, and what the window's parts may know of each other.  AST scans: no Qt needed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.issue(28)

PKG = Path(__file__).resolve().parents[1] / "tcompare"
GUI = PKG / "gui"
# the window and the parts it is assembled from: each sees the window through a Protocol
WINDOW_PARTS = ("main_window", "window_chrome", "navigation", "panes", "actions", "export_dialog",
                "teaching_presentation", "drawing_render", "live_editor", "explain_panel",
                "report_action", "two_systems", "charts_panel", "docks", "breakdown_panel")


def _gui_modules():
    for path in sorted(GUI.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _our_names(tree: ast.Module) -> set[str]:
    """The names a module binds to our own classes: its classes and what it imports from us."""
    names = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and \
                (node.module or "").split(".")[0] == "tcompare":
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _base_name(base: ast.expr) -> str:
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def test_no_gui_class_inherits_from_two_of_our_classes():
    """One of ours at most (with Qt classes and Protocol beside it): a class that needs
    another's behaviour holds that object, it does not become it."""
    found = []
    for path, tree in _gui_modules():
        ours = _our_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [_base_name(b) for b in node.bases if _base_name(b) in ours]
                if len(bases) > 1:
                    found.append(f"{path.relative_to(PKG)}: {node.name}({', '.join(bases)})")
    assert not found, "classes made of several of ours:\n" + "\n".join(found)


def test_no_gui_object_uses_another_objects_private_names():
    found = []
    for path, tree in _gui_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and \
                    not node.attr.startswith("__") and \
                    not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{path.relative_to(PKG)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)


def test_the_window_parts_declare_what_they_hold():
    """No attribute or constructor argument of the window's parts is typed ``Any``: each
    names the object it holds, the window through a small Protocol."""
    found = []
    for name in WINDOW_PARTS:
        path = GUI / f"{name}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            annotations = []
            if isinstance(node, ast.AnnAssign):
                annotations.append((ast.unparse(node.target), node.annotation))
            elif isinstance(node, ast.FunctionDef) and node.name == "__init__":
                annotations += [(a.arg, a.annotation) for a in node.args.args if a.annotation]
            for what, annotation in annotations:
                if any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(annotation)):
                    found.append(f"{name}.py:{node.lineno}: {what}: {ast.unparse(annotation)}")
    assert not found, "\n".join(found)


def test_the_window_is_one_qt_class_assembled_from_parts():
    tree = ast.parse((GUI / "main_window.py").read_text(encoding="utf-8"))
    window = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    assert [_base_name(b) for b in window.bases] == ["QMainWindow"]
