"""The window is assembled from objects, not mixins (issue 28): what the GUI's classes may
inherit, and what the window's parts may know of each other.  AST scans: no Qt needed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.issue(28)

PKG = Path(__file__).resolve().parents[1] / "tcompare"
GUI = PKG / "gui"
# the names a part of the window receives the window, or the window's menus, by
WINDOW_PARAMETERS = {"window", "host", "actions", "window_actions"}


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


def test_the_window_parts_say_what_they_use_of_the_window():
    """A part of the window is given the window (or its menus) through a declared port: the
    parameter that receives it is annotated, and not with ``Any``."""
    found = []
    for path, tree in _gui_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("__init__", "install"):
                for arg in node.args.args:
                    if arg.arg not in WINDOW_PARAMETERS:
                        continue
                    if arg.annotation is None or any(isinstance(n, ast.Name) and n.id == "Any"
                                                     for n in ast.walk(arg.annotation)):
                        found.append(f"{path.relative_to(PKG)}:{node.lineno}: {arg.arg}: "
                                     f"{ast.unparse(arg.annotation) if arg.annotation else '(none)'}")
    assert not found, "\n".join(found)


def test_the_window_is_one_qt_class_assembled_from_parts():
    tree = ast.parse((GUI / "shell" / "window.py").read_text(encoding="utf-8"))
    window = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    assert [_base_name(b) for b in window.bases] == ["QMainWindow"]
