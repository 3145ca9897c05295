"""JSON and CSV score reports written one sentence at a time (issue 15).

A sentence's JSON (with its per-item verdicts) is written as soon as it is scored; what is
kept for the summary is the slim result (counts, scores, flags, data; no items), and the
parsed trees of the pair are released, so memory does not grow with the verdicts of the
corpus.  The output is the same JSON object as before, with the summary keys after
``"sentences"`` instead of before it.
"""

from __future__ import annotations

import csv
import json
from typing import Any, Callable, Iterable, Iterator, TextIO

from tcompare.model.corpus import Corpus
from tcompare.scoring.base import Profile, SentenceResult, Summary


def released(gold: Corpus, system: Corpus, results: Iterable[SentenceResult]) -> Iterator[SentenceResult]:
    """Pass `results` through, forgetting the parsed trees of each pair once it is scored
    (results are by position: result ``k`` scored sentence ``k`` of both corpora)."""
    for position, result in enumerate(results):
        yield result
        for corpus in (gold, system):
            if position < len(corpus):
                corpus[position].release()


def slim(result: SentenceResult) -> SentenceResult:
    """The result without its item lists (what aggregates and CSV rows need)."""
    result.gold_items = []
    result.system_items = []
    return result


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_json(out: TextIO, head: dict, results: Iterable[SentenceResult],
               summarize: Callable[[list[SentenceResult]], dict], summary_only: bool = False,
               keep_items: bool = False) -> list[SentenceResult]:
    """Write ``{**head, "sentences": [...], **summarize(results)}`` incrementally.

    `summarize` gets the (slim unless `keep_items`) results once all are written and returns
    the summary keys.  Returns the results it kept.
    """
    out.write("{\n")
    for key, value in head.items():
        out.write(f" {_dump(key)}: {_dump(value)},\n")
    out.write(' "sentences": [')
    kept: list[SentenceResult] = []
    first = True
    for result in results:
        if not summary_only:
            out.write(("\n  " if first else ",\n  ") + _dump(result.to_json()))
            first = False
        kept.append(result if keep_items else slim(result))
    out.write("]" if first else "\n ]")
    for key, value in summarize(kept).items():
        out.write(f",\n {_dump(key)}: {_dump(value)}")
    out.write("\n}\n")
    return kept


def summary_json(summary: Summary, **extra: Any) -> dict:
    data = summary.to_json()
    data.update(extra)
    return data


def write_csv(out: TextIO, profile: Profile, results: Iterable[SentenceResult],
              aggregate: Callable[[list[SentenceResult]], Summary],
              summary_only: bool = False) -> tuple[list[SentenceResult], Summary]:
    """Per-sentence rows, a blank line, ``metric,value`` rows -- items dropped as they come.

    With the profile's `columns` known the rows are written as the results arrive; without,
    the (slim) results are gathered first to find the score keys.
    """
    writer = csv.writer(out, lineterminator="\n")
    kept: list[SentenceResult] = []
    keys = list(profile.columns)
    if not summary_only and keys:
        writer.writerow(["index", "status", *keys, "message"])
    for result in results:
        kept.append(slim(result))
        if not summary_only and keys:
            writer.writerow([result.index, result.status.value,
                             *[result.scores.get(k, "") for k in keys], result.message])
    if not summary_only:
        if not keys:
            keys = sorted({k for r in kept for k in r.scores})
            writer.writerow(["index", "status", *keys, "message"])
            for r in kept:
                writer.writerow([r.index, r.status.value, *[r.scores.get(k, "") for k in keys],
                                 r.message])
        writer.writerow([])
    summary = aggregate(kept)
    writer.writerow(["metric", "value"])
    for key, value in summary.metrics.items():
        writer.writerow([key, value])
    for group, metrics in summary.groups.items():
        for key, value in metrics.items():
            writer.writerow([f"{group}.{key}", value])
    return kept, summary
