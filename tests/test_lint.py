"""`make lint` inside `make test`: ruff (pyflakes + bugbear) over the code and the tests, and
mypy (strict on model, formats, scoring and workspace: pyproject.toml).  The import contracts are tests/test_layers.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
        return found
    return str(path)


def test_ruff_finds_nothing():
    proc = subprocess.run([_tool("ruff"), "check", "--no-cache", "tcompare", "tests",
                           "benchmarks", "tools"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_mypy_finds_nothing():
    proc = subprocess.run([_tool("mypy"), "--no-incremental"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
