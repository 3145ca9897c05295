"""The treebank's features, for the feature editor: per UPOS, each feature and its values,
most frequent first.

Counted over syntactic words and empty nodes (multiword-token rows have no FEATS).  A
multi-value feature (``PronType=Int,Rel``) counts once for each of its values, since the
editor offers values one by one.  Ties are broken alphabetically (ignoring case) so the
order is the same on every run.  FEATS the validator would reject are skipped, item by item.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence

Inventory = dict[str, dict[str, list[str]]]
_ITEM = re.compile(r"^([A-Z][A-Za-z0-9]*(?:\[[a-z0-9]+\])?)=([A-Z0-9][A-Za-z0-9]*(?:,[A-Z0-9][A-Za-z0-9]*)*)$")


def _sentences(source: Corpus | Iterable[DepSentence]) -> Iterable[DepSentence]:
    if isinstance(source, Corpus):
        for record in source.records:
            item = record.item
            if isinstance(item, DepSentence):
                yield item
    else:
        yield from source


def feature_counts(source: Corpus | Iterable[DepSentence]) -> dict[str, dict[str, Counter[str]]]:
    """``{UPOS: {Feature: Counter(value -> words)}}``."""
    # a treebank repeats a few thousand (UPOS, FEATS) pairs: count those, parse each once
    pairs: Counter[tuple[str, str]] = Counter()
    for sentence in _sentences(source):
        pairs.update((r.cpostag, r.feats) for r in sentence.rows
                     if r.kind != "multiword" and r.feats not in ("", "_"))
    counts: dict[str, dict[str, Counter[str]]] = {}
    for (upos, feats), n in pairs.items():
        per_pos = counts.setdefault(upos, {})
        for item in feats.split("|"):
            m = _ITEM.match(item)
            if m:
                values = per_pos.setdefault(m.group(1), Counter())
                for value in m.group(2).split(","):
                    values[value] += n
    return counts


def _ranked(counter: Counter[str]) -> list[str]:
    return sorted(counter, key=lambda v: (-counter[v], v.lower(), v))


ANY_UPOS = "*"
"""The inventory's key for every UPOS pooled (what the editor offers for a word whose UPOS
the treebank never has features for)."""


def _ordered(features: dict[str, Counter[str]]) -> dict[str, list[str]]:
    ranked = sorted(features, key=lambda f: (-sum(features[f].values()), f.lower(), f))
    return {f: _ranked(features[f]) for f in ranked}


def feature_inventory(source: Corpus | Iterable[DepSentence]) -> Inventory:
    """``{UPOS: {Feature: [values, most frequent first]}}``; the features of each UPOS are
    ordered by how often words of that UPOS carry them, most first; `ANY_UPOS` holds them
    all pooled."""
    counts = feature_counts(source)
    pooled: dict[str, Counter[str]] = {}
    for features in counts.values():
        for name, values in features.items():
            pooled.setdefault(name, Counter()).update(values)
    result: Inventory = {pos: _ordered(counts[pos]) for pos in sorted(counts)}
    result[ANY_UPOS] = _ordered(pooled)
    return result
