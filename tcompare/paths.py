"""Where bundled resources live.

In a checkout (and an editable install) they are the repository's `resources/`, next to
the package.  A regular `pip install .` puts them under ``<prefix>/share/tcompare/resources``
(pyproject's data-files), which is the fallback.  In the PyInstaller bundle
(packaging/tcompare.spec) they sit in the bundle's data folder, ``sys._MEIPASS``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent / "resources"
_INSTALLED = Path(sys.prefix) / "share" / "tcompare" / "resources"

_FROZEN = getattr(sys, "_MEIPASS", None)

if _FROZEN is not None:
    RESOURCES = Path(_FROZEN) / "resources"
else:
    RESOURCES = _CHECKOUT if _CHECKOUT.is_dir() else _INSTALLED


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)
