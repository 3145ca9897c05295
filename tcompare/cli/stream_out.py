"""JSON and CSV score reports written one sentence at a time.

A sentence's JSON (with its per-item verdicts) is written as soon as it is scored; what is
kept for the summary is the result without items, stored by column (`SlimResults`: a few
bytes per number), and the parsed trees of the pair are released, so memory does not grow
with the verdicts of the corpus.  The output is the same JSON object as before, with the summary keys after
``"sentences"`` instead of before it.
"""

from __future__ import annotations

import json
from array import array
from collections import Counter
from dataclasses import replace
from typing import Any, BinaryIO, Callable, Iterable, Iterator, Sequence, TextIO

from tcompare.csv_cells import csv_writer
from tcompare.model.corpus import Corpus
from tcompare.scoring.base import Profile, SentenceResult, Status, Summary
from tcompare.scoring.evalb.stream import Copied

_STATUSES = list(Status)
_MISSING, _INT, _FLOAT, _NONE, _EMPTY_LIST, _OTHER = range(6)


class _Column:
    """One key of counts / scores / data across all results: a kind byte and a double per
    result (integers below 2**53 are exact there); anything else is kept sparsely."""

    __slots__ = ("kinds", "numbers", "other")

    def __init__(self) -> None:
        self.kinds = bytearray()
        self.numbers = array("d")
        self.other: dict[int, Any] = {}

    def append(self, value: Any) -> None:
        kind, number = _OTHER, 0.0
        if value is None:
            kind = _NONE
        elif type(value) is int and -(1 << 53) < value < 1 << 53:
            kind, number = _INT, float(value)
        elif type(value) is float:
            kind, number = _FLOAT, value
        elif type(value) is list and not value:
            kind = _EMPTY_LIST
        if kind == _OTHER:
            self.other[len(self.kinds)] = value
        self.kinds.append(kind)
        self.numbers.append(number)

    def pad(self) -> None:
        self.kinds.append(_MISSING)
        self.numbers.append(0.0)

    def get(self, k: int) -> tuple[bool, Any]:
        kind = self.kinds[k]
        if kind == _MISSING:
            return False, None
        if kind == _INT:
            return True, int(self.numbers[k])
        if kind == _FLOAT:
            return True, self.numbers[k]
        if kind == _NONE:
            return True, None
        if kind == _EMPTY_LIST:
            return True, []
        return True, self.other[k]


class SlimResults(Sequence[SentenceResult]):
    """Results without items, stored by column (9 bytes per number instead of a Counter and
    two dicts per sentence: 10^6 EVALB results take some 170 MB).  Indexing
    gives a fresh `SentenceResult` (items empty), which is what aggregates read."""

    def __init__(self) -> None:
        self._n = 0
        self._index = array("q")
        self._status = bytearray()
        self._sparse: dict[int, tuple[str, list[str]]] = {}
        self._columns: tuple[dict[str, _Column], ...] = ({}, {}, {})   # counts, scores, data

    def append(self, result: SentenceResult) -> None:
        k = self._n
        self._index.append(result.index)
        self._status.append(_STATUSES.index(result.status))
        if result.message or result.flags:
            self._sparse[k] = (result.message, list(result.flags))
        for columns, values in zip(self._columns, (result.counts, result.scores, result.data)):
            for key in columns.keys() - values.keys():
                columns[key].pad()
            for key, value in values.items():
                column = columns.get(key)
                if column is None:
                    column = columns[key] = _Column()
                    for _ in range(k):
                        column.pad()
                column.append(value)
        self._n += 1

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self._n))]
        if k < 0:
            k += self._n
        if not 0 <= k < self._n:
            raise IndexError(k)
        parts = []
        for columns in self._columns:
            values = {}
            for key, column in columns.items():
                present, value = column.get(k)
                if present:
                    values[key] = value
            parts.append(values)
        message, flags = self._sparse.get(k, ("", []))
        return SentenceResult(self._index[k], _STATUSES[self._status[k]], message,
                              counts=Counter(parts[0]), scores=parts[1], flags=list(flags),
                              data=parts[2])


def released(gold: Corpus, system: Corpus, results: Iterable[SentenceResult]) -> Iterator[SentenceResult]:
    """Pass `results` through, forgetting the parsed trees of each pair once it is scored
    (results are by position: result ``k`` scored sentence ``k`` of both corpora)."""
    for position, result in enumerate(results):
        yield result
        for corpus in (gold, system):
            if position < len(corpus):
                corpus[position].release()


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


BIG_SENTENCE = 1000      # items: past this a sentence's items are written one by one


def _write_sentence(out: TextIO, result: SentenceResult) -> None:
    """`result.to_json()` as one line; a sentence of 10^5 words does not become one
    50 MB string (nor 200,000 dicts at once)."""
    if len(result.gold_items) + len(result.system_items) <= BIG_SENTENCE:
        out.write(_dump(result.to_json()))
        return
    head = replace(result, gold_items=[], system_items=[]).to_json()
    del head["gold_items"], head["system_items"]
    out.write(_dump(head)[:-1])
    for key, items in (("gold_items", result.gold_items), ("system_items", result.system_items)):
        out.write(f", {_dump(key)}: [")
        for k, item in enumerate(items):
            if k:
                out.write(", ")
            out.write(_dump(item.to_json()))
        out.write("]")
    out.write("}")


class Rendered:
    """A long JSON list given as text already rendered: chunks in which every element
    follows ",\n  " (10^6 alignment pairs are not 10^6 `json.dumps` calls)."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self.chunks = chunks


def _write_head(out: TextIO, head: dict) -> None:
    out.write("{\n")
    for key, value in head.items():
        if isinstance(value, Rendered):
            out.write(f" {_dump(key)}: [")
            empty = True
            for chunk in value.chunks:
                if chunk:
                    out.write(chunk[1:] if empty else chunk)
                    empty = False
            out.write("],\n" if empty else "\n ],\n")
            continue
        if isinstance(value, Iterator):          # a long list made as it is written
            out.write(f" {_dump(key)}: [")
            empty = True
            for element in value:
                out.write(("\n  " if empty else ",\n  ") + _dump(element))
                empty = False
            out.write("],\n" if empty else "\n ],\n")
            continue
        out.write(f" {_dump(key)}: {_dump(value)},\n")
    out.write(' "sentences": [')


def _write_tail(out: TextIO, summary: dict, empty: bool) -> None:
    out.write("]" if empty else "\n ]")
    for key, value in summary.items():
        out.write(f",\n {_dump(key)}: {_dump(value)}")
    out.write("\n}\n")


def write_json(out: TextIO, head: dict, results: Iterable[SentenceResult],
               summarize: Callable[[list[SentenceResult]], dict], summary_only: bool = False,
               keep_items: bool = False) -> Sequence[SentenceResult]:
    """Write ``{**head, "sentences": [...], **summarize(results)}`` incrementally.

    `summarize` gets the (slim unless `keep_items`) results once all are written and returns
    the summary keys.  Returns the results it kept.
    """
    _write_head(out, head)
    kept: list[SentenceResult] | SlimResults = [] if keep_items else SlimResults()
    first = True
    for result in results:
        if not summary_only:
            out.write("\n  " if first else ",\n  ")
            _write_sentence(out, result)
            first = False
        kept.append(result)
    _write_tail(out, summarize(kept), first)
    return kept


def write_json_pieces(out: TextIO, raw: BinaryIO, head: dict,
                      pieces: Iterable[bytes | SentenceResult | Copied], summary: Callable[[], dict],
                      summary_only: bool = False) -> None:
    """`write_json` over sentences partly written already (`evalb.stream.LinePairs`):
    bytes go to `raw`, the binary stream under `out` (written through), each sentence in
    them after ",\n  "; a `SentenceResult` is written as `write_json` writes it.  Nothing
    is kept: `summary` gives the summary keys at the end."""
    _write_head(out, head)
    first = True
    copies = _CopiedJson()
    for piece in pieces:
        if summary_only:
            continue
        if isinstance(piece, bytes):
            raw.write(memoryview(piece)[1:] if first else piece)   # (no copy of a 200 MB piece)
        elif isinstance(piece, Copied):
            out.write("\n  " if first else ",\n  ")
            out.write(copies.text(piece))
        else:
            out.write("\n  " if first else ",\n  ")
            _write_sentence(out, piece)
        first = False
    _write_tail(out, summary(), first)


class _CopiedJson:
    """A `Copied` sentence's JSON line: its template's rendered once with a stand-in
    number, then that number replaced (what `_write_sentence` writes for its result)."""

    MARK = -987654321

    def __init__(self) -> None:
        self.parts: dict[tuple[int, str], list[str] | None] = {}

    def text(self, piece: Copied) -> str:
        key = (id(piece.template), piece.kind)
        if key not in self.parts:
            text = _dump(piece._replace(number=self.MARK).result().to_json())
            parts = text.split(str(self.MARK))
            self.parts[key] = parts if len(parts) == 4 else None    # index, gold, system
        parts = self.parts[key]
        if parts is None:
            return _dump(piece.result().to_json())
        return str(piece.number).join(parts)


def summary_json(summary: Summary, **extra: Any) -> dict:
    data = summary.to_json()
    data.update(extra)
    return data


def write_csv(out: TextIO, profile: Profile, results: Iterable[SentenceResult],
              aggregate: Callable[[list[SentenceResult]], Summary],
              summary_only: bool = False) -> tuple[Sequence[SentenceResult], Summary]:
    """Per-sentence rows, a blank line, ``metric,value`` rows -- items dropped as they come.

    With the profile's `columns` known the rows are written as the results arrive; without,
    the (slim) results are gathered first to find the score keys.
    """
    writer = csv_writer(out, lineterminator="\n")
    kept = SlimResults()
    keys = list(profile.columns)
    header = ["index", "status", "gold", "system", "pair"]
    if not summary_only and keys:
        writer.writerow([*header, *keys, "flags", "message"])
    for result in results:
        kept.append(result)
        if not summary_only and keys:
            writer.writerow(_csv_row(result, keys))
    if not summary_only:
        if not keys:
            keys = sorted({k for r in kept for k in r.scores})
            writer.writerow([*header, *keys, "flags", "message"])
            for r in kept:
                writer.writerow(_csv_row(r, keys))
        writer.writerow([])
    summary = aggregate(kept)
    _write_csv_summary(writer, summary)
    return kept, summary


def write_csv_pieces(out: TextIO, raw: BinaryIO, profile: Profile,
                     pieces: Iterable[bytes | SentenceResult | Copied], summary: Callable[[], Summary],
                     summary_only: bool = False) -> None:
    """`write_csv` over rows partly written already (`evalb.stream.LinePairs`): bytes go
    to `raw`, the binary stream under `out` (written through); a `SentenceResult` is
    written as `write_csv` writes it.  Needs the profile's `columns`."""
    writer = csv_writer(out, lineterminator="\n")
    keys = list(profile.columns)
    copies: dict[tuple[int, str], list] = {}
    if not summary_only:
        writer.writerow(["index", "status", "gold", "system", "pair", *keys, "flags", "message"])
    for piece in pieces:
        if summary_only:
            continue
        if isinstance(piece, bytes):
            raw.write(piece)
        elif isinstance(piece, Copied):      # (its template's row, its own number)
            key = (id(piece.template), piece.kind)
            if key not in copies:
                copies[key] = _csv_row(piece.result(), keys)
            row = list(copies[key])
            row[0] = piece.number
            row[2] = row[3] = str(piece.number)
            writer.writerow(row)
        else:
            writer.writerow(_csv_row(piece, keys))
    if not summary_only:
        writer.writerow([])
    _write_csv_summary(writer, summary())


def _write_csv_summary(writer: Any, summary: Summary) -> None:
    writer.writerow(["metric", "value"])
    for key, value in summary.metrics.items():
        writer.writerow([key, 0.0 if value is None else value])
    for group, metrics in summary.groups.items():
        for key, value in metrics.items():
            writer.writerow([f"{group}.{key}", 0.0 if value is None else value])
    flags = summary.all_flags()
    if flags:
        writer.writerow(["flags", " ".join(flags)])


def _csv_row(r: SentenceResult, keys: list[str]) -> list:
    """One sentence's CSV row: which sentences it pairs, its figures (0/0 as 0, flagged)."""
    pair = r.data.get("pair") or {}
    undefined = [k for k in keys if k in r.scores and r.scores[k] is None]
    flags = list(r.flags) + [f"{k}:0/0" for k in undefined]
    return [r.index, r.status.value,
            " ".join(map(str, pair.get("gold", []))), " ".join(map(str, pair.get("system", []))),
            pair.get("kind", ""),
            *[0.0 if k in undefined else r.scores.get(k, "") for k in keys],
            " ".join(dict.fromkeys(flags)), r.message]
