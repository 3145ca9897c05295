"""The phenomena gold list (spec/cli.md, "Phenomena"): which phenomena each sentence shows.

UTF-8 text, one line per sentence in the order of the parses::

    # comment
    ID<TAB>phenomena<TAB>errors

Each list is ``;``-separated (spaces around names are ignored).  Singleton variant (seed
004, section 4): the second column is AP_i (the phenomenon the sentence illustrates) and the
third AN_i (the errors a parser is likely to make).  Exhaustive variant (section 3.3): the
third column is empty or absent and the second is A_i.  Blank lines and lines starting with
``#`` are skipped.  This is not a treebank notation and is not registered as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tcompare.model.corpus import ParseError


@dataclass(frozen=True)
class PhenomenonGold:
    """One sentence's gold: `phenomena` (AP_i or A_i) and `errors` (AN_i, singleton only)."""

    id: str
    phenomena: tuple[str, ...]
    errors: tuple[str, ...] = ()
    line: int = 0
    has_errors_column: bool = False


class GoldListError(Exception):
    def __init__(self, problems: list[ParseError]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def _names(cell: str) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for name in cell.split(";"):
        name = " ".join(name.split())
        if name:
            seen.setdefault(name, None)
    return tuple(seen)


def read_gold_list_text(text: str, path: str = "<gold list>") -> list[PhenomenonGold]:
    """Parse a gold list.

    Raises
    ------
    GoldListError
        listing every bad line (file:line:column): missing ID, more than three columns,
        duplicate ID.
    """
    entries: list[PhenomenonGold] = []
    problems: list[ParseError] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) > 3:
            column = len("\t".join(cells[:3])) + 1
            problems.append(ParseError("more than three tab-separated columns", path, number,
                                       column, excerpt=line,
                                       hint="ID<TAB>phenomena<TAB>errors, lists ';'-separated"))
            continue
        ident = cells[0].strip()
        if not ident:
            problems.append(ParseError("empty sentence ID", path, number, 1, excerpt=line))
            continue
        if len(cells) == 1:
            problems.append(ParseError("no phenomena column (expected ID<TAB>phenomena"
                                       "[<TAB>errors])", path, number, len(line) + 1, excerpt=line))
            continue
        if ident in seen:
            problems.append(ParseError(f"duplicate sentence ID {ident!r} (first on line "
                                       f"{seen[ident]})", path, number, 1, excerpt=line))
            continue
        seen[ident] = number
        errors = _names(cells[2]) if len(cells) == 3 else ()
        entries.append(PhenomenonGold(ident, _names(cells[1]), errors, number,
                                      len(cells) == 3 and bool(cells[2].strip())))
    if problems:
        raise GoldListError(problems)
    return entries


def read_gold_list(path: str | Path) -> list[PhenomenonGold]:
    """Read a gold list file (UTF-8, BOM allowed).

    Raises
    ------
    GoldListError
        when the file cannot be read or has bad lines.
    """
    path = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise GoldListError([ParseError(f"cannot read gold list: {exc}", path)]) from None
    return read_gold_list_text(text, path)


def is_singleton(entries: list[PhenomenonGold]) -> bool:
    """True when any line has a non-empty errors column (the singleton variant)."""
    return any(e.has_errors_column for e in entries)
