"""Saved queries per user: name -> query text (`tcompare search --save NAME`, ``@NAME``).

Stored as JSON in ``$TCOMPARE_CONFIG_DIR/queries.json``, else
``$XDG_CONFIG_HOME/tcompare/queries.json``, else ``~/.config/tcompare/queries.json``::

    {"queries": [{"name": "pp-to-vp", "query": "NP < PP=p :: p.partner.parent=VP"}]}

Writes are atomic (temporary file + rename).  An unreadable file is reported, never
overwritten silently.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tcompare.atomic_file import atomic_write

NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


class SavedQueryError(Exception):
    pass


def store_path() -> Path:
    base = os.environ.get("TCOMPARE_CONFIG_DIR")
    if base:
        return Path(base) / "queries.json"
    xdg = os.environ.get("XDG_CONFIG_HOME")
    root = Path(xdg) if xdg else Path.home() / ".config"
    return root / "tcompare" / "queries.json"


def load(path: Path | None = None) -> dict[str, str]:
    path = path or store_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {q["name"]: q["query"] for q in data.get("queries", [])}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SavedQueryError(f"{path}: cannot read saved queries: {exc}") from None


def save(name: str, query: str, path: Path | None = None) -> Path:
    if not NAME.match(name):
        raise SavedQueryError(f"query name {name!r}: use letters, digits, '_', '.', '-'")
    path = path or store_path()
    queries = load(path)
    queries[name] = query
    save_all(queries, path)
    return path


def delete(name: str, path: Path | None = None) -> bool:
    path = path or store_path()
    queries = load(path)
    if name not in queries:
        return False
    del queries[name]
    save_all(queries, path)
    return True


def save_all(queries: dict[str, str], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"queries": [{"name": k, "query": v} for k, v in sorted(queries.items())]},
                      ensure_ascii=False, indent=1) + "\n"
    atomic_write(path, text.encode("utf-8"))


def resolve(text: str, path: Path | None = None) -> str:
    """``@NAME`` -> the saved query; any other text is returned as it is."""
    if not text.startswith("@"):
        return text
    queries = load(path)
    name = text[1:]
    if name not in queries:
        known = ", ".join(sorted(queries)) or "none saved"
        raise SavedQueryError(f"no saved query {name!r} (saved: {known})")
    return queries[name]
