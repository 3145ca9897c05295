"""Which reader reads a corpus for ``discodop eval`` (``--goldfmt``/``--parsesfmt``), and what
is done to every tree after it (children sorted as the reference sorts them, ``--headrules``).

Apart from `read` (the export reader and what the readers share) so that the TIGER, Alpino and
bracket readers, which build on `read`, are imported by this module and never by `read`.
"""

from __future__ import annotations

from typing import Any

from tcompare.scoring.discodop.alpino import alpino_entries
from tcompare.scoring.discodop.brackets import bracket_entry, discbracket_entry
from tcompare.scoring.discodop.heads import apply_headrules
from tcompare.scoring.discodop.read import (
    DiscodopError, Entry, check_export, check_options, export_blocks, export_entry, sort_children,
    text_lines)
from tcompare.scoring.discodop.tiger import tiger_entries


def read_corpus(text: Any, fmt: str, functions: str | None = "remove",
                morphology: str | None = None, headrules: Any = None,
                lazy: bool = False) -> list[Entry]:
    """`text`: the corpus (TIGER: the XML's bytes; Alpino: ``(key, bytes)`` per file);
    `headrules`: rules read by `heads.read_headrules` (``--headrules``), or None.
    `lazy` (export): every sentence is checked as the reference's reader checks it (its
    errors raised here, in its order) but its tree is built only by `Entry.materialize`,
    so that 50k sentences a side are never all held as trees."""
    check_options(functions, morphology)
    if fmt == "export" and lazy:
        def finish(e: Entry) -> None:
            assert e.block is not None
            built = export_entry(e.key, e.block, functions, morphology)
            e.tree, e.sent = built.tree, built.sent
            if e.sent:
                sort_children(e.tree)
                if headrules is not None:
                    apply_headrules(e.tree, headrules)
        out = []
        for key, block in export_blocks(text):
            check_export(block)
            out.append(Entry(key, None, None, None, block, finish))  # type: ignore[arg-type]
        return out
    if fmt == "tiger":
        entries = tiger_entries(text, functions, morphology)
    elif fmt in ("alpino", "alpinocompact"):
        entries = alpino_entries(text, functions, morphology)
    elif isinstance(text, bytes):
        raise DiscodopError("TypeError", f"{fmt} is read as text")
    elif fmt == "export":
        entries = [export_entry(key, block, functions, morphology)
                   for key, block in export_blocks(text)]
    elif fmt in ("bracket", "discbracket"):
        parse = bracket_entry if fmt == "bracket" else discbracket_entry
        entries = [parse(n, line, functions) for n, line in enumerate(text_lines(text), 1)]
    else:
        raise DiscodopError("NotImplementedError",
                            f"tcompare does not read --fmt={fmt} the reference's way yet")
    if fmt != "bracket" and fmt != "discbracket":
        for e in entries:
            if e.sent:       # (the reference leaves a tree without words as it is)
                sort_children(e.tree)
    if headrules is not None:
        for e in entries:
            if e.sent:
                apply_headrules(e.tree, headrules)
    return entries
