"""CoNLL-U reader/writer (spec/notations.md §7).

Same ten columns as CoNLL-X, named ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC
(stored in `DepToken` as cpostag=UPOS, postag=XPOS, phead=DEPS, pdeprel=MISC).  ``#``
comment lines, multiword-token rows (``3-4``) and empty nodes (``5.1``) are kept in
`DepSentence.comments` / `DepSentence.rows` for lossless writing; `DepSentence.words` (what
the scorer sees) holds only the syntactic words.  Reading, blank-line and error rules are
those of `tcompare.formats.conllx`; CoNLL-U files written by UD tools always end each
sentence with a blank line, and a file missing it still reads and round-trips.
"""

from __future__ import annotations

from conllu.parser import parse_comment_line, parse_dict_value

from tcompare.formats import Notation
from tcompare.formats.conllx import format_item, is_blank, lines_of, parse_block, split_blocks
from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence, DepToken


def parse(text: str, path: str = "<input>") -> Corpus:
    return split_blocks(text, path, lambda rec, p: parse_block(rec, p, "conllu"))


def features(token: DepToken) -> dict[str, str]:
    """FEATS as a dict (``Case=Nom|Number=Sing``), parsed by the conllu library; {} for ``_``
    or a value the library rejects (the raw column is still kept on the token)."""
    return _dict_column(token.feats)


def misc(token: DepToken) -> dict[str, str]:
    """MISC as a dict (``SpaceAfter=No|Translit=...``)."""
    return _dict_column(token.pdeprel)


def _dict_column(value: str) -> dict[str, str]:
    if not value or value == "_":
        return {}
    try:
        parsed = parse_dict_value(value)
    except Exception:  # the library's errors vary by version; a bad column shows as raw text
        return {}
    return {k: ("" if v is None else str(v)) for k, v in (parsed or {}).items()}


def metadata(sentence: DepSentence) -> dict[str, str]:
    """``# key = value`` comment lines as a dict (``sent_id``, ``text``, ``translit``...)."""
    result: dict[str, str] = {}
    for comment in sentence.comments:
        try:
            pairs = parse_comment_line(comment)
        except Exception:
            continue
        for key, value in pairs:
            result[key] = "" if value is None else str(value)
    return result


def sniff(text: str) -> float:
    """CoNLL-U when the rows look like CoNLL and there are UD comments or MWT/empty rows."""
    from tcompare.formats.conllx import sniff as conllx_sniff

    base = conllx_sniff(text)
    if not base:
        return 0.0
    ud_marks = 0
    for n, line in enumerate(lines_of(text)):
        if n > 2000:
            break
        if line.startswith(("# sent_id", "# text", "# newdoc", "# newpar")):
            ud_marks += 1
        elif not is_blank(line) and not line.startswith("#"):
            first = line.split("\t", 1)[0]
            if "-" in first or "." in first:
                ud_marks += 1
    return base + 0.05 if ud_marks else base - 0.05


NOTATION = Notation(
    name="conllu",
    description="CoNLL-U (Universal Dependencies): comments, multiword tokens, empty nodes",
    kind="dependency",
    sniff=sniff,
    parse=parse,
    format_item=format_item,
    extensions=(".conllu",),
)
