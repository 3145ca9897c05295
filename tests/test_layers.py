"""The house plan's dependency direction, enforced (import-linter contracts in pyproject.toml)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "tcompare"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_only_gui_imports_qt():
    offenders = []
    for path in PKG.rglob("*.py"):
        if "gui" in path.relative_to(PKG).parts:
            continue
        for name in _imports(path):
            if name.split(".")[0] in ("PySide6", "PyQt5", "PyQt6", "shiboken6"):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_model_imports_nothing_of_ours():
    offenders = []
    for path in (PKG / "model").rglob("*.py"):
        for name in _imports(path):
            if name.startswith("tcompare.") and not name.startswith("tcompare.model"):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_import_linter_contracts():
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        import pytest

        pytest.skip("import-linter not installed")
    proc = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _cycles() -> list[list[str]]:
    """Groups of tcompare modules that import one another in a circle (Tarjan's strongly
    connected components over grimp's import graph; function-level imports count, and so do
    imports made only for type checking: a port names what it needs below it, never above)."""
    import grimp

    graph = grimp.build_graph("tcompare", exclude_type_checking_imports=False, cache_dir=None)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in graph.find_modules_directly_imported_by(module):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def test_no_import_cycles():
    """No module imports itself through others -- not even inside a function or only for
    type checking."""
    import pytest

    pytest.importorskip("grimp")
    assert _cycles() == []


def test_cli_and_gui_meet_only_in_the_entry_module():
    offenders = []
    for folder, other in (("cli", "tcompare.gui"), ("gui", "tcompare.cli")):
        for path in (PKG / folder).rglob("*.py"):
            offenders += [f"{path.relative_to(ROOT)} imports {name}" for name in _imports(path)
                          if name == other or name.startswith(other + ".")]
    assert offenders == []
    assert {"tcompare.cli", "tcompare.gui.shell.launch"} <= _imports(PKG / "entry.py")
