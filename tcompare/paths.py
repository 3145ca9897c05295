"""Where bundled resources live (the repository's `resources/`, next to the package)."""

from __future__ import annotations

from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)
