"""What a parser is given from a gold corpus: each sentence's words, or its documents' text.

Pretokenised mode hands the gold's syntactic words (with CoNLL-U's SpaceAfter=No, read
from the word or from the multiword token it belongs to) and keeps the gold's sentence
ids, text and multiword tokens for the output.  Raw mode hands documents: the sentences'
``# text`` joined (CoNLL-U ``# newdoc`` starts a document; a file without them is cut every
`RAW_GROUP` sentences), runs of white space made one space, which every aligned scorer
ignores; a language written without spaces (no space in the first sentences) is joined
without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.parsers.base import WordsIn

RAW_GROUP = 20
RAW_MAX_CHARS = 100_000


@dataclass
class GoldSentence:
    """One gold sentence: where it is, its words, and what the output copies from it."""

    index: int                              # 1-based in the gold file
    line: int
    words: WordsIn | None                   # None: the gold sentence itself does not read
    error: str = ""
    sent_id: str = ""
    text: str = ""
    newdoc: str | None = None               # the `# newdoc` comment that starts a document
    ranges: dict[int, tuple[int, str, bool]] = field(default_factory=dict)


def _comment_value(comments: list[str], key: str) -> str | None:
    for c in comments:
        body = c.lstrip("#").strip()
        if body.startswith(key):
            rest = body[len(key):].strip()
            if not rest or rest.startswith("="):
                return rest.lstrip("=").strip()
    return None


def _no_space(misc: str) -> bool:
    return "SpaceAfter=No" in misc.split("|")


def dep_input(sentence: DepSentence) -> tuple[WordsIn, dict[int, tuple[int, str, bool]]]:
    words: list[str] = []
    spaces: list[bool] = []
    ranges: dict[int, tuple[int, str, bool]] = {}
    range_end, range_space = 0, True
    for row in sentence.rows:
        kind = row.kind
        if kind == "multiword":
            first, _, last = row.id.partition("-")
            if first.isdigit() and last.isdigit():
                range_end, range_space = int(last), not _no_space(row.pdeprel)
                ranges[int(first)] = (range_end, row.form, range_space)
        elif kind == "word":
            n = len(words) + 1
            words.append(row.form)
            spaces.append(range_space if n == range_end else
                          True if n < range_end else not _no_space(row.pdeprel))
    return WordsIn(tuple(words), tuple(spaces)), ranges


def gold_sentences(corpus: Corpus) -> list[GoldSentence]:
    out = []
    for record in corpus:
        item, error = record.item, record.error
        if error is not None or item is None:     # its ids and text from its comment lines, if any
            comments = [line.strip() for line in record.source.splitlines() if line.startswith("#")]
            out.append(GoldSentence(record.index, record.line, None, str(error or "no sentence"),
                                    sent_id=_comment_value(comments, "sent_id") or "",
                                    text=_comment_value(comments, "text") or ""))
            continue
        if isinstance(item, DepSentence):
            words, ranges = dep_input(item)
            text = _comment_value(item.comments, "text")
            newdoc = next((c for c in item.comments if c.lstrip("#").strip().startswith("newdoc")), None)
            out.append(GoldSentence(record.index, record.line, words, sent_id=_comment_value(item.comments, "sent_id") or "",
                                    text=text if text is not None else words.text, newdoc=newdoc, ranges=ranges))
        elif isinstance(item, Tree):
            forms = tuple(item.words)
            words = WordsIn(forms, tuple(n < len(forms) - 1 for n in range(len(forms))))
            out.append(GoldSentence(record.index, record.line, words, text=words.text))
        else:
            out.append(GoldSentence(record.index, record.line, None, f"not a sentence: {type(item).__name__}"))
    return out


def documents(sentences: list[GoldSentence]) -> list[list[GoldSentence]]:
    """The gold's documents (by `# newdoc`), or groups of `RAW_GROUP` sentences without them;
    a document longer than `RAW_MAX_CHARS` is cut between sentences (parsers refuse or slow
    down on huge texts: spaCy stops at 10^6 characters)."""
    by_newdoc = any(s.newdoc for s in sentences)
    docs: list[list[GoldSentence]] = []
    size = 0
    for s in sentences:
        if not docs or (s.newdoc if by_newdoc else len(docs[-1]) >= RAW_GROUP) or size + len(s.text) > RAW_MAX_CHARS:
            docs.append([])
            size = 0
        docs[-1].append(s)
        size += len(s.text) + 1
    return docs


def separator(sentences: list[GoldSentence]) -> str:
    sample = [s.text for s in sentences[:20] if s.text]
    return "" if sample and not any(" " in t.strip() for t in sample) else " "


def document_text(doc: list[GoldSentence], sep: str) -> str:
    return sep.join(" ".join(s.text.split()) for s in doc if s.text.strip())
