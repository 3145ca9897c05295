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
    proc = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
