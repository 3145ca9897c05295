"""Suspicious gold: gold sentences ranked by how likely they hold an annotation error
(issue 29 item 5).

API (the window and `tcompare suspects` use it)::

    suspects = rank_suspects(gold_corpus, [system_corpus, ...])   # -> list[Suspect]
    suspects[0].sentence, .score, .reasons       # most suspicious first

Three kinds of evidence, each a `Reason` with a weight in (0, 1]; a sentence's score is the
sum of its reasons' weights (ties: file order).  What counts as agreement is decided in
`tcompare.scoring.suspicion` and `tcompare.scoring.revision`.

* ``systems`` -- at least `min_agree` systems propose the same other value for a gold item
  (`suspicion.dependency_votes` / `bracket_votes`): weight = agreeing / voting systems.
  Systems pair with gold as `release_diff` pairs releases (`release_diff.pair_sentences`:
  sent_id, then text where the ids differ); only sentences with the same text pair, and a
  system with other words in a sentence does not vote on it.
* ``nucleus`` -- the sentence holds an occurrence of a variation nucleus (Dickinson &
  Meurers 2003; `suspicion.variation_nuclei`): weight = 1 - (occurrences with this label) /
  (all occurrences), so the minority annotation weighs most.
* ``duplicate`` -- the same text (characters without whitespace) is annotated differently
  elsewhere in the gold (`revision.dependency_changes` / `bracket_changes`): weight = 1 -
  (copies annotated as this one) / (all copies).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Sequence

from tcompare.analysis.release_diff import keys_of, pair_sentences
from tcompare.analysis.release_sides import CorpusSide, rows_of
from tcompare.model.corpus import Corpus
from tcompare.model.tree import Tree
from tcompare.scoring import revision, suspicion
from tcompare.scoring.pairing import item_text, sent_id

KINDS = ("systems", "nucleus", "duplicate")


class Reason(NamedTuple):
    """One piece of evidence against a gold sentence.

    `start`/`end`: the words concerned (0-based, half-open; for a duplicate the whole
    sentence); `field`: HEAD / DEPREL / UPOS / POS / bracket / arc / pos / annotation;
    `gold`: gold's value there, `proposed`: what the evidence proposes instead; `support`:
    a short human summary ("3 of 3 systems", "NP 4x, NIL 1x", "sentences 3, 9")."""

    kind: str
    field: str
    start: int
    end: int
    gold: str
    proposed: str
    weight: float
    support: str


@dataclass
class Suspect:
    """A gold sentence and the evidence against it."""

    sentence: int                      # 0-based index in the gold file
    sent_id: str | None
    text: str
    reasons: list[Reason] = field(default_factory=list)

    @property
    def score(self) -> float:
        return sum(r.weight for r in self.reasons)

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(KINDS, 0)
        for r in self.reasons:
            out[r.kind] += 1
        return out


def rank_suspects(gold: Corpus, systems: Sequence[Corpus] = (), *, min_agree: int | None = None,
                  max_len: int = 6, kinds: Sequence[str] = KINDS) -> list[Suspect]:
    """The gold sentences with any evidence against them, most suspicious first.

    `min_agree`: systems that must agree (default `suspicion.default_min_agree`);
    `max_len`: longest word string looked at for variation nuclei; `kinds`: which evidence.
    Raises ValueError when a system is not of gold's kind (dependency / constituency)."""
    kind = getattr(gold, "kind", "") or "constituency"
    for s in systems:
        if (getattr(s, "kind", "") or "constituency") != kind:
            raise ValueError(f"{s.path} is not a {kind} file as {gold.path} is")
    items = [r.item if r.error is None else None for r in gold]
    found: dict[int, list[Reason]] = defaultdict(list)
    if "systems" in kinds and systems:
        _systems(gold, items, systems, min_agree, found)
    if "nucleus" in kinds:
        _nuclei(items, kind, max_len, found)
    if "duplicate" in kinds:
        _duplicates(items, found)
    suspects = [Suspect(k, sent_id(gold[k]), _text(items[k]), found[k]) for k in sorted(found)]
    suspects.sort(key=lambda s: (-s.score, s.sentence))
    return suspects


def _text(item: Any) -> str:
    if item is None:
        return ""
    if isinstance(item, Tree):
        return " ".join(w for w, _ in suspicion.plain_words(item))
    return str(item.text())


def _systems(gold: Corpus, items: list[Any], systems: Sequence[Corpus], min_agree: int | None,
             found: dict[int, list[Reason]]) -> None:
    need = suspicion.default_min_agree(len(systems)) if min_agree is None else min_agree
    readings: list[list[Any]] = [[] for _ in items]
    gold_side = CorpusSide(gold)
    gold_ids, gold_texts = keys_of(gold_side)
    by_id = gold_side.kind == "dependency"
    for system in systems:
        ids, texts = keys_of(CorpusSide(system))
        for pair in pair_sentences(gold_texts, texts, gold_ids if by_id else None,
                                   ids if by_id else None):
            if pair.kind != "same" or len(pair.gold) != 1:
                continue
            record = system[pair.system[0]]
            if record.error is None and record.item is not None:
                readings[pair.gold[0]].append(record.item)
    for k, item in enumerate(items):
        if item is None or not readings[k]:
            continue
        if isinstance(item, Tree):
            votes = suspicion.bracket_votes(item, readings[k], need)
        else:
            votes = suspicion.dependency_votes(rows_of(item).words,
                                               [rows_of(s).words for s in readings[k]], need)
        for v in votes:
            found[k].append(Reason("systems", v.field, v.start, v.end, v.gold, v.proposed,
                                   v.agreeing / v.voters, f"{v.agreeing} of {v.voters} systems"))


def _nuclei(items: list[Any], kind: str, max_len: int, found: dict[int, list[Reason]]) -> None:
    if kind == "constituency":
        annotated = [suspicion.tree_annotated(t) if isinstance(t, Tree) else None for t in items]
        nucleus_kinds = ("bracket", "pos")
    else:
        annotated = [None if d is None else suspicion.dependency_annotated(rows_of(d).words)
                     for d in items]
        nucleus_kinds = ("arc", "pos")
    for nucleus_kind in nucleus_kinds:
        for nucleus in suspicion.variation_nuclei(annotated, nucleus_kind, max_len):
            labels = nucleus.labels()
            total = sum(labels.values())
            support = ", ".join(f"{label} {n}x" for label, n in labels.most_common())
            for o in nucleus.occurrences:
                weight = 1.0 - labels[o.label] / total
                others = [label for label in labels if label != o.label]
                found[o.sentence].append(Reason("nucleus", nucleus_kind, o.start, o.end, o.label,
                                                " / ".join(others), weight, support))


def _duplicates(items: list[Any], found: dict[int, list[Reason]]) -> None:
    by_text: dict[str, list[int]] = defaultdict(list)
    for k, item in enumerate(items):
        if item is not None:
            text = item_text(item)
            if text:
                by_text[text].append(k)
    for copies in by_text.values():
        if len(copies) < 2:
            continue
        versions: list[list[int]] = []          # copies annotated alike
        for k in copies:
            for version in versions:
                if _alike(items[version[0]], items[k]):
                    version.append(k)
                    break
            else:
                versions.append([k])
        if len(versions) < 2:
            continue
        for version in versions:
            others = [k for k in copies if k not in version]
            n = len(items[version[0]].tokens if isinstance(items[version[0]], Tree)
                    else items[version[0]].words)
            for k in version:
                found[k].append(Reason("duplicate", "annotation", 0, n, "", "",
                                       1.0 - len(version) / len(copies),
                                       "annotated otherwise in sentence(s) "
                                       + ", ".join(str(j + 1) for j in others)))


def _alike(a: Any, b: Any) -> bool:
    if isinstance(a, Tree) and isinstance(b, Tree):
        pairing, changes = revision.token_changes(a, b)
        return pairing.same_tokens and not changes and not revision.bracket_changes(a, b)
    if isinstance(a, Tree) or isinstance(b, Tree):
        return False
    x, y = rows_of(a), rows_of(b)
    pairing, changes = revision.dependency_changes(x.words, y.words, [r[0] for r in x.ranges],
                                                   [r[0] for r in y.ranges])
    return pairing.same_tokens and not changes


# -- shown ------------------------------------------------------------------------------------

def describe(reason: Reason) -> str:
    """One line for people: what the evidence says (words numbered from 1)."""
    where = (f"word {reason.start + 1}" if reason.end == reason.start + 1
             else f"words {reason.start + 1}-{reason.end}")
    if reason.kind == "duplicate":
        return f"duplicate: {reason.support}"
    if reason.kind == "nucleus":
        return f"variation nucleus ({reason.field}) at {where}: {reason.gold} here; {reason.support}"
    if reason.field == "bracket":
        if not reason.proposed:
            return f"{reason.support} lack gold's {reason.gold} over {where}"
        if not reason.gold:
            return f"{reason.support} add {reason.proposed} over {where}"
    return f"{reason.support} say {reason.field} {reason.proposed} at {where} (gold {reason.gold})"


def suspect_json(suspect: Suspect, rank: int) -> dict[str, Any]:
    """One suspect as JSON-ready data: 1-based sentence, rank and word numbers."""
    return {"rank": rank, "sentence": suspect.sentence + 1, "sent_id": suspect.sent_id,
            "score": round(suspect.score, 6), "text": suspect.text, "counts": suspect.counts(),
            "reasons": [{"kind": r.kind, "field": r.field, "start": r.start + 1, "end": r.end,
                         "gold": r.gold, "proposed": r.proposed, "weight": round(r.weight, 6),
                         "support": r.support} for r in suspect.reasons]}
