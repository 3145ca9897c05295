"""``score --profile conllu`` text output on two CoNLL-U files read in pieces: the check that
the whole-file path would read both as plain UTF-8 CoNLL-U (it sniffs their heads), then the
conllx room's streamed engine (`tcompare.scoring.conllx.stream`) on the files opened here."""

from __future__ import annotations

import codecs
from typing import Any

from tcompare import formats
from tcompare.formats.lines import ByteSource
from tcompare.scoring.conllx import report as conllx_report
from tcompare.scoring.conllx import stream


def report(gold_path: str, system_path: str, notation: str | None, profile: Any, config: Any,
           *, quiet: bool, evalb: bool, hash_order: str
           ) -> tuple[conllx_report.RunOutput, list[str], str] | None:
    """`stream.report` of the two files, or None when they must be read whole."""
    if not all(_plain_conllu(p, notation) for p in (gold_path, system_path)):
        return None
    return stream.report(ByteSource(gold_path), ByteSource(system_path), profile, config,
                         quiet=quiet, evalb=evalb, hash_order=hash_order)


def _plain_conllu(path: str, notation: str | None) -> bool:
    """Whether the whole-file path would read `path` as plain UTF-8 CoNLL-U."""
    if formats.is_stream(path):
        return False
    try:
        head = formats.read_head(path, 4 * 65536 + 4)
        if head.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return False
        if notation is not None:
            return True
        text = head.decode("utf-8", "ignore")
        # both sniffs of the whole-file path: the reader's and the report's (a head)
        return (bool(text.strip()) and formats.sniff(text[:65536], path) == "conllu"
                and formats.sniff_file(path) == "conllu")
    except OSError:
        return False
