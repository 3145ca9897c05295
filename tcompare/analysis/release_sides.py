"""The two sides of a release diff: what `release_diff` asks of a file's sentences.

A side gives, for sentence k, its ``sent_id`` (CoNLL-U ``# sent_id``, or None), its text
key (characters without whitespace, `scoring.alignment.text_key`; None when unreadable) and
its annotation: a `ConllRows` (dependencies), a `Tree` (constituency) or the `ParseError`
that makes it unreadable.

* `CorpusSide`: a `Corpus` already read (the window's, tests'): every notation.
* `BlocksSide`: a CoNLL-X / CoNLL-U file read sentence by sentence when asked
  (`formats.conll_rows`): what the command line uses for dependency files, so that two
  10^6-token releases fit in memory.
* `open_side(path, notation)`: the right one for a file.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from tcompare import formats
from tcompare.formats.encoding import DecodeError
from tcompare.formats.conll_rows import ConllBlocks, ConllRows, key_of
from tcompare.model.corpus import Corpus, ParseError
from tcompare.model.tree import Tree
from tcompare.scoring.pairing import item_text, sent_id, texts_and_ids

_SENT_ID = re.compile(rb"^#\s*sent_id\s*=[ \t]*([^\r\n]*)", re.M)
DEPENDENCY_NOTATIONS = ("conllu", "conllx")

Annotation = ConllRows | Tree | ParseError


class Side(Protocol):
    """One file's sentences, as a release diff reads them."""

    path: str
    kind: str            # "dependency" or "constituency"

    def __len__(self) -> int: ...

    def key(self, k: int) -> tuple[str | None, str | None]:
        """(sent_id, text key) of sentence k; the text key is None when it is unreadable."""
        ...

    def annotation(self, k: int) -> Annotation: ...

    def text(self, k: int) -> str:
        """Sentence k as shown to people (``# text``, else the words), "" when unreadable."""
        ...

    def raw(self, k: int) -> bytes | None:
        """Sentence k's bytes as read (None: not known): equal bytes are equal sentences."""
        ...


def shown_text(annotation: Annotation) -> str:
    """What `Side.text` shows for an annotation."""
    if isinstance(annotation, ParseError):
        return ""
    if isinstance(annotation, Tree):
        return annotation.text(" ")
    for c in annotation.comments:
        key, eq, value = c.lstrip("#").partition("=")
        if eq and key.strip() == "text":
            return value.strip()
    return " ".join(annotation.surface())


def rows_of(sentence: Any, line: int = 0) -> ConllRows:
    """A `DepSentence` as `ConllRows` (its words' ten columns, its multiword ranges)."""
    words = [list(r.columns[:10]) for r in sentence.words]
    ranges = [(r.id, r.form) for r in sentence.rows if r.kind == "multiword"]
    return ConllRows(words, ranges, list(sentence.comments), line, [])


class CorpusSide:
    """A corpus read by `formats` (any notation)."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.path = corpus.path
        self.kind = getattr(corpus, "kind", "") or "constituency"

    def __len__(self) -> int:
        return len(self.corpus)

    def key(self, k: int) -> tuple[str | None, str | None]:
        record = self.corpus[k]
        was_parsed = record.parsed
        if record.error is not None:
            found = _SENT_ID.search(record.source.encode("utf-8", "replace"))
            ident = found.group(1).decode("utf-8", "replace").strip() if found else None
            return ident or None, None
        ident, text = sent_id(record), item_text(record.item)
        if not was_parsed:
            record.release()
        return ident, text

    def keys(self) -> tuple[list[str | None], list[str | None]]:
        """Every sentence's (sent_id, text key) at once: `scoring.pairing.texts_and_ids`,
        which reads a PTB sentence's text without building its tree."""
        if self.kind != "dependency":
            texts, _ = texts_and_ids(self.corpus, False)
            return [None] * len(texts), texts
        ids, texts = [], []
        for k in range(len(self)):
            ident, text = self.key(k)
            ids.append(ident)
            texts.append(text)
        return ids, texts

    def annotation(self, k: int) -> Annotation:
        record = self.corpus[k]
        was_parsed = record.parsed
        if record.error is not None:
            return record.error
        item = record.item
        if not was_parsed:        # (the caller keeps what it needs: 10^5 trees are not kept)
            record.release()
        if isinstance(item, Tree):
            return item
        return rows_of(item, record.line)

    def text(self, k: int) -> str:
        return shown_text(self.annotation(k))

    def raw(self, k: int) -> bytes | None:
        """Sentence k's source as read, None once edited (its source is stale)."""
        record = self.corpus[k]
        return None if record.edited else record.source.encode("utf-8", "surrogatepass")


class BlocksSide:
    """A CoNLL-X / CoNLL-U file read sentence by sentence (`formats.conll_rows`); the keys
    are taken while the file is scanned, so each sentence is decoded once for them."""

    kind = "dependency"

    def __init__(self, path: str, data: bytes | None = None) -> None:
        self.path = path
        self.ids: list[str | None] = []
        self.texts: list[str | None] = []
        if data is None:
            self.blocks = ConllBlocks.open(path, self._visit)
        else:
            self.blocks = ConllBlocks.from_bytes(data, path, self._visit)

    def _visit(self, k: int, raw: bytes, line: int) -> None:
        ident, forms = key_of(raw, line, self.path)
        if forms is None:
            found = _SENT_ID.search(raw)
            ident = (found.group(1).decode("utf-8", "replace").strip() or None) if found else None
        self.ids.append(ident)
        # (text_key's characters: whitespace inside and between words removed, in one go)
        self.texts.append(None if forms is None else "".join("".join(forms).split()))

    def __len__(self) -> int:
        return len(self.blocks)

    def key(self, k: int) -> tuple[str | None, str | None]:
        return self.ids[k], self.texts[k]

    def annotation(self, k: int) -> Annotation:
        return self.blocks.rows(k)

    def text(self, k: int) -> str:
        return shown_text(self.blocks.rows(k))

    def raw(self, k: int) -> bytes:
        """Sentence k's bytes: two equal ones need no comparing."""
        return self.blocks.raw(k)


def open_side(path: str, notation: str | None = None, encoding: str | None = None) -> Side:
    """The side for the file `path` (``notation`` None: sniffed; ``encoding`` None:
    detected -- a CoNLL file in UTF-8 is read lean, anything else by `formats.read_file`).

    Raises `formats.ReadError` (naming the file) when it cannot be opened or decoded.
    """
    if encoding is not None and encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        return CorpusSide(formats.read_file(path, notation, encoding))
    name = notation
    if name is None:
        try:
            if formats.is_stream(path):        # (``-``, a pipe: its head from the kept bytes)
                from tcompare.formats.lines import sniff_head

                name = sniff_head(path)
            else:
                name = formats.sniff_file(path)
        except OSError as exc:
            raise formats.ReadError(ParseError(f"cannot open file: {exc.strerror or exc}", path)) from exc
        except DecodeError:                     # a head that does not decode: the reader decides
            name = None
    if name in DEPENDENCY_NOTATIONS:
        try:
            if formats.is_stream(path):
                return BlocksSide(path, formats.read_source(path))
            return BlocksSide(path)
        except OSError as exc:
            raise formats.ReadError(ParseError(f"cannot open file: {exc.strerror or exc}", path)) from exc
    return CorpusSide(formats.read_file(path, notation, encoding))
