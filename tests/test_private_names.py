"""No private name crosses a module boundary inside tcompare/: a name that starts with one
underscore is its module's own.  An AST scan of every module for

* ``from tcompare.x import _name`` (a private module itself -- ``zh.core``, a compiled
  ``_kernel`` -- is a module, not a name, and may be imported), and
* ``module._name`` where ``module`` was imported from tcompare (``import tcompare.x as m``,
  ``from tcompare import x``) and is another module.

A name used by another module is public: it is renamed (``pairing.score_records``,
``ptb.make_parser``), or it moves to where it is used.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "tcompare"


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in (root / "tcompare").rglob("*.py"):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    for path in (root / "tcompare").rglob("*.pyx"):     # compiled modules are modules too
        out[".".join(path.relative_to(root).with_suffix("").parts)] = path
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def crossings(name: str, path: Path, modules: dict[str, Path], root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(root)
    aliases: dict[str, str] = {}        # local name -> the tcompare module it stands for
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "tcompare":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in modules:
                    aliases[alias.asname or alias.name] = full
                elif _private(alias.name) and node.module != name:
                    out.append(f"{where}:{node.lineno}: from {node.module} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "tcompare" and alias.asname:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) \
                and isinstance(node.value, ast.Name) and node.value.id in aliases:
            module = aliases[node.value.id]
            if module != name and f"{module}.{node.attr}" not in modules:
                out.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr} ({module})")
    return out


def test_no_private_name_is_imported_across_modules():
    modules = _modules(ROOT)
    found = [line for name, path in sorted(modules.items()) if path.suffix == ".py"
             for line in crossings(name, path, modules)]
    assert found == []


def test_the_scan_finds_a_crossing(tmp_path):
    package = tmp_path / "tcompare"
    package.mkdir()
    (package / "a.py").write_text("def _helper():\n    pass\n", encoding="utf-8")
    (package / "b.py").write_text(
        "from tcompare.a import _helper\nfrom tcompare import a\na._helper()\n", encoding="utf-8")
    modules = _modules(tmp_path)
    found = crossings("tcompare.b", package / "b.py", modules, tmp_path)
    assert len(found) == 2 and "import _helper" in found[0] and "a._helper" in found[1]
    assert crossings("tcompare.a", package / "a.py", modules, tmp_path) == []
