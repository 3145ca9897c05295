"""Every CSV file tcompare writes goes through `csv_writer`: cells a spreadsheet would run.

A cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a TAB or a carriage return, as
OWASP's "CSV injection" advice lists them) is taken for a formula by Excel, LibreOffice and
Google Sheets -- a label such as ``=cmd|' calc'!A0`` or a system file so named would be run
when the table is opened.  Such a cell is written with a leading ``'``, which spreadsheets
show as text; a number (``-1.5``, ``+3``, ``1e-3``) stays a number.  docs/csv.md says so
for users.  Imports nothing of tcompare's: every floor that writes CSV can use it.
"""

from __future__ import annotations

import csv
import re
from typing import Any, Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?\Z")


def safe_cell(value: Any) -> Any:
    """`value` as it can be written to a CSV cell without a spreadsheet running it."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.match(value):
        return "'" + value
    return value


class SafeWriter:
    """`csv.writer`'s `writerow` / `writerows`, each cell passed through `safe_cell`."""

    def __init__(self, out: Any, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(c) for c in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(out: Any, **options: Any) -> SafeWriter:
    """`csv.writer(out, **options)` whose cells are made safe to open (`safe_cell`)."""
    return SafeWriter(out, **options)
