"""Scoring opens no files (the house plan): the corpora, the raw-line sources
(`formats.lines.PairedLines`) and the byte sources (`formats.lines.ByteSource`) it scores are
opened by the caller's side (cli/, workspace/), and scoring only calls their methods.

The rule, precisely, for every module under ``tcompare/scoring/`` (an AST scan):

* no call of ``open``, ``io.open``, ``os.open``, ``mmap.mmap``, ``os.stat`` /
  ``os.path.getsize`` and the like, ``Path(...).open`` / ``read_bytes`` / ``read_text``;
* no import of ``mmap``, nor of a path reader from ``tcompare.formats`` (``read_file``,
  ``read_source``, ``read_head``, ``sniff_file``, ``is_stream``, ``check_input``,
  ``file_state``, ``check_unchanged``) nor of ``tcompare.formats.lines`` outside type
  checking;
* ``os.fdopen`` only in `scoring.workers`, the fork pool, on the pipes it makes itself.

Parameter files named by a profile's options (a .prm file, an event bank) are read at
prepare time through ``formats.read_option_file`` (and the event bank's own
``eventbank.read_file``): they configure the scorer, they are not what it scores.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCORING = ROOT / "tcompare" / "scoring"

FORBIDDEN_CALLS = {"open", "io.open", "os.open", "mmap.mmap", "os.stat", "os.lstat",
                   "os.path.getsize", "os.path.exists", "os.path.isfile", "os.scandir",
                   "os.listdir", "os.truncate", "os.pread", "os.preadv", "codecs.open"}
FORBIDDEN_METHODS = {"read_bytes", "read_text", "write_bytes", "write_text"}
PATH_READERS = {"read_file", "read_source", "read_head", "sniff_file", "is_stream",
                "check_input", "file_state", "check_unchanged"}
FDOPEN_ALLOWED = {"workers.py"}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _dotted(node.test) == "TYPE_CHECKING":
            for child in node.body:
                for sub in ast.walk(child):
                    inside.add(id(sub))
    return inside


def offences(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_checking_blocks(tree)
    where = path.relative_to(root)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _dotted(node.func)
            if name in FORBIDDEN_CALLS:
                out.append(f"{where}:{node.lineno}: calls {name}")
            elif name.startswith("formats.") and name.split(".")[-1] in PATH_READERS:
                out.append(f"{where}:{node.lineno}: calls {name}")
            elif name == "os.fdopen" and path.name not in FDOPEN_ALLOWED:
                out.append(f"{where}:{node.lineno}: calls os.fdopen (only workers.py, on its pipes)")
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "open" \
                    and _dotted(node.func.value) in ("Path", "pathlib.Path"):
                out.append(f"{where}:{node.lineno}: calls Path.open")
            elif isinstance(node.func, ast.Attribute) and node.func.attr in FORBIDDEN_METHODS \
                    and _dotted(node.func.value) != "formats":     # (formats.read_text parses)
                out.append(f"{where}:{node.lineno}: calls .{node.func.attr}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "mmap":
                    out.append(f"{where}:{node.lineno}: imports mmap")
                if alias.name == "tcompare.formats.lines" and id(node) not in typing_only:
                    out.append(f"{where}:{node.lineno}: imports tcompare.formats.lines")
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "mmap":
                out.append(f"{where}:{node.lineno}: imports mmap")
            if node.module.startswith("tcompare.formats"):
                if node.module == "tcompare.formats.lines" and id(node) not in typing_only:
                    out.append(f"{where}:{node.lineno}: imports from tcompare.formats.lines")
                for alias in node.names:
                    if alias.name in PATH_READERS or (alias.name == "lines"
                                                      and id(node) not in typing_only):
                        out.append(f"{where}:{node.lineno}: imports {node.module}.{alias.name}")
    return out


def test_no_module_under_scoring_opens_a_file():
    found = [line for path in sorted(SCORING.rglob("*.py")) for line in offences(path)]
    assert found == []


def test_the_scan_finds_what_it_forbids(tmp_path):
    """The scan itself: each kind of offence in a module is found."""
    source = (
        "import mmap\n"
        "import os\n"
        "from pathlib import Path\n"
        "from tcompare.formats import read_source, sniff_file\n"
        "from tcompare.formats.lines import PairedLines\n"
        "def f(p):\n"
        "    open(p)\n"
        "    os.open(p, 0)\n"
        "    os.fdopen(3)\n"
        "    Path(p).read_bytes()\n"
        "    os.path.getsize(p)\n"
        "    formats.read_file(p)\n"
    )
    path = tmp_path / "scoring_module.py"
    path.write_text(source, encoding="utf-8")
    text = "\n".join(offences(path, tmp_path))
    for what in ("imports mmap", "read_source", "sniff_file", "tcompare.formats.lines",
                 "calls open", "calls os.open", "calls os.fdopen", "calls .read_bytes",
                 "calls os.path.getsize", "calls formats.read_file"):
        assert what in text, what
