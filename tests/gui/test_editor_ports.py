"""The gold editor is assembled from objects with declared ports, not mixins (issue 28).

Read from the source (AST) and the constructors' annotations: no class of the editor
inherits more than one of our classes (`GoldEditor` only QObject); no attribute is typed
`Any` in place of another object; no private name crosses an object's boundary; no object
assigns into another it holds; each part receives Protocols (or Qt objects), never the
window or the editor.
"""

from __future__ import annotations

import ast
import inspect
import typing
from pathlib import Path

import pytest

import tcompare
from tcompare.gui.editor import dialogs as edit_dialogs
from tcompare.gui.editor import files as edit_files
from tcompare.gui.editor import operations as edit_operations
from tcompare.gui.editor import selection as edit_selection
from tcompare.gui.editor import keyboard_help
from tcompare.gui.editor.commands import ReplaceGoldCommand
from tcompare.gui.editor.gold_editor import GoldEditor, WindowPort

GUI = Path(tcompare.__file__).parent / "gui"
EDITOR_MODULES = sorted((GUI / "editor").glob("*.py"))
PARTS = [edit_dialogs.EditorDialogs, edit_selection.SelectionCursor, edit_operations.EditOperations,
         edit_files.EditorFiles, keyboard_help.KeyboardHelp, ReplaceGoldCommand, WindowPort]


def ours() -> set[str]:
    """Names of every class defined under tcompare/ (Protocols included)."""
    names = set()
    for path in Path(tcompare.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names.add(node.name)
    return names


def trees():
    for path in EDITOR_MODULES:
        yield path.name, ast.parse(path.read_text(encoding="utf-8"))


def test_no_editor_class_inherits_from_more_than_one_of_ours():
    names = ours()
    for module, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).split(".")[-1] for b in node.bases]
                assert len([b for b in bases if b in names]) <= 1, (module, node.name, bases)
    assert [b.__name__ for b in GoldEditor.__bases__] == ["QObject"]


def test_no_attribute_is_typed_any():
    for module, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign):
                assert "Any" not in ast.unparse(node.annotation), (module, ast.unparse(node))


def test_no_private_name_crosses_an_object():
    """`x._name` only on self / cls; no `from m import _name`."""
    for module, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                assert isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"), \
                    (module, node.lineno, ast.unparse(node))
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tcompare"):
                assert not [a.name for a in node.names if a.name.startswith("_")], (module, node.lineno)


# what a part holds of the others: its ports (and the editor: its parts and the window)
HELD = {"dialogs", "cursor", "edits", "files", "keyboard", "window", "_window", "sentence",
        "questions", "document", "table", "host", "workspace"}


def test_no_object_writes_into_another():
    """No assignment through a port or a part (``self.files.x = ...``): each object changes
    its own state, the others' only by calling them."""
    for module, tree in trees():
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                chain = []
                while isinstance(target, ast.Attribute):
                    chain.append(target.attr)
                    target = target.value
                if isinstance(target, ast.Name) and target.id == "self" and len(chain) > 1:
                    assert chain[-1] not in HELD, (module, node.lineno, ast.unparse(node))


@pytest.mark.parametrize("part", PARTS, ids=lambda c: c.__name__)
def test_each_part_receives_ports_not_the_window(part):
    names = ours()
    hints = typing.get_type_hints(part.__init__)
    hints.pop("return", None)
    params = [p for p in inspect.signature(part.__init__).parameters if p != "self"]
    assert set(params) <= set(hints) | {"parent"}, f"{part.__name__}: unannotated parameter"
    for name, hint in hints.items():
        assert hint is not typing.Any, (part.__name__, name)
        for t in (hint, *typing.get_args(hint)):
            if isinstance(t, type) and t.__name__ in names and t.__module__.startswith("tcompare.gui"):
                # another GUI object of ours: only as a declared port (plain data, such as
                # a gold Tree, is no collaborator)
                assert getattr(t, "_is_protocol", False), (part.__name__, name, t)
            assert getattr(t, "__name__", "") not in ("MainWindow", "GoldEditor"), (part.__name__, name)


def test_the_editor_takes_a_declared_port_of_the_window():
    hints = typing.get_type_hints(GoldEditor.__init__)
    assert getattr(hints["window"], "_is_protocol", False)
