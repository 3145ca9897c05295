"""``python -m tcompare.gui.language.i18n_check TS...``: what in the .ts files still needs a translation.

`make translations` runs it after pyside6-lupdate: each message without a finished
translation (empty, or marked "unfinished" because its English source is new or changed) is
listed with its context, and so is a translation that dropped a ``{placeholder}`` of its
source (``.format`` would fail).  The tests (tests/gui/test_i18n.py) fail on the same things.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def messages(path: str | Path) -> list[tuple[str, str, str, str]]:
    """(context, source, translation, type) of every live message of a .ts file
    (obsolete and vanished ones left out)."""
    out = []
    for context in ET.parse(str(path)).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            element = message.find("translation")
            kind = element.get("type", "") if element is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            out.append((name, message.findtext("source") or "",
                        (element.text or "") if element is not None else "", kind))
    return out


def problems(path: str | Path) -> list[str]:
    """One line per message that is not ready to ship."""
    out = []
    for context, source, text, kind in messages(path):
        if kind == "unfinished" or not text.strip():
            out.append(f"{context}: untranslated: {source!r}")
            continue
        wanted = set(re.findall(r"\{(\w*)\}", source))
        if wanted != set(re.findall(r"\{(\w*)\}", text)):
            out.append(f"{context}: placeholders {sorted(wanted)} differ in {text!r} (source {source!r})")
    return out


def main(paths: list[str]) -> int:
    total = 0
    for path in paths:
        found = problems(path)
        total += len(found)
        print(f"{path}: {len(messages(path))} messages, {len(found)} to do")
        for line in found:
            print("  " + line)
    if total:
        print(f"{total} to translate: edit the .ts (pyside6-linguist, or a text editor: fill the "
              "<translation> and drop type=\"unfinished\"), then `make translations` again")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
