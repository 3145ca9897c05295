"""Shared fixtures.  Qt runs offscreen (without it pytest aborts on a machine with no screen)."""

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))


def anchor(*parts: str) -> Path:
    """Path of a file in ../shared/anchors; skips the test cleanly when it is absent."""
    path = ANCHORS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"anchor not available: {path}")
    return path


@pytest.fixture
def anchors_dir() -> Path:
    if not ANCHORS.exists():
        pytest.skip("../shared/anchors not available")
    return ANCHORS
