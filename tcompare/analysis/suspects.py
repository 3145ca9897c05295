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
from tcompare.analysis.release_sides import CorpusSide, Side, shown_text
from tcompare.formats.conll_rows import ConllRows
from tcompare.model.corpus import Corpus, ParseError
from tcompare.model.tree import Tree
from tcompare.scoring import revision, suspicion

KINDS = ("systems", "nucleus", "duplicate")


class Reason(NamedTuple):
    """One piece of evidence against a gold sentence.

    `start`/`end`: the words concerned (0-based, half-open; for a duplicate the whole
    sentence; in a tree, counted without ``-NONE-`` traces: `suspicion.plain_words`); `field`: HEAD / DEPREL / UPOS / POS / bracket / arc / pos / annotation;
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


@dataclass
class SuspectSearch:
    """What `find_suspects` found, and how far each system could take part: per system
    path, the gold sentences it voted on (paired by sent_id or text, read with the same
    words); gold sentences it did not vote on are not silently counted as agreeing."""

    suspects: list[Suspect]
    sentences: int
    unreadable: list[int]                  # gold sentences that could not be read (0-based)
    voted: dict[str, int] = field(default_factory=dict)


def rank_suspects(gold: Corpus | Side, systems: Sequence[Corpus | Side] = (), *,
                  min_agree: int | None = None, max_len: int = 6,
                  kinds: Sequence[str] = KINDS) -> list[Suspect]:
    """The gold sentences with any evidence against them, most suspicious first.

    `gold`, `systems`: corpora (or `release_sides` sides: `open_side` reads CoNLL lean);
    `min_agree`: systems that must agree (default `suspicion.default_min_agree`);
    `max_len`: longest word string looked at for variation nuclei; `kinds`: which evidence.
    Raises ValueError when a system is not of gold's kind (dependency / constituency)."""
    return find_suspects(gold, systems, min_agree=min_agree, max_len=max_len, kinds=kinds).suspects


def as_side(source: Corpus | Side) -> Side:
    return CorpusSide(source) if isinstance(source, Corpus) else source


def find_suspects(gold: Corpus | Side, systems: Sequence[Corpus | Side] = (), *,
                  min_agree: int | None = None, max_len: int = 6,
                  kinds: Sequence[str] = KINDS) -> SuspectSearch:
    """`rank_suspects` with what a report needs besides: sentences, unreadable ones, the
    sentences each system voted on.  Sentences are read when needed and not kept (a
    10^6-word gold file is not held as objects)."""
    g = as_side(gold)
    sides = [as_side(s) for s in systems]
    for s in sides:
        if s.kind != g.kind:
            raise ValueError(f"{s.path} is not a {g.kind} file as {g.path} is")
    found: dict[int, list[Reason]] = defaultdict(list)
    voted: dict[str, int] = {}
    gold_ids, gold_texts = keys_of(g)
    if "systems" in kinds and sides:
        voted = _systems(g, gold_ids, gold_texts, sides, min_agree, found)
    if "nucleus" in kinds:
        _nuclei(g, max_len, found)
    if "duplicate" in kinds:
        _duplicates(g, gold_texts, found)
    suspects = [Suspect(k, gold_ids[k], _text(g.annotation(k)), found[k]) for k in sorted(found)]
    suspects.sort(key=lambda s: (-s.score, s.sentence))
    return SuspectSearch(suspects, len(g), [k for k, t in enumerate(gold_texts) if t is None],
                         voted)


def readable(side: Side, k: int) -> ConllRows | Tree | None:
    """Sentence k's annotation, None when it cannot be read."""
    annotation = side.annotation(k)
    return None if isinstance(annotation, ParseError) else annotation


def _text(annotation: Any) -> str:
    if isinstance(annotation, Tree):
        return " ".join(w for w, _ in suspicion.plain_words(annotation))
    return shown_text(annotation)


def _systems(gold: Side, gold_ids: list[str | None], gold_texts: list[str | None],
             systems: Sequence[Side], min_agree: int | None,
             found: dict[int, list[Reason]]) -> dict[str, int]:
    need = suspicion.default_min_agree(len(systems)) if min_agree is None else min_agree
    readers: list[list[tuple[int, int]]] = [[] for _ in gold_texts]   # (system, its sentence)
    by_id = gold.kind == "dependency"
    names: list[str] = []
    for n, system in enumerate(systems):
        ids, texts = keys_of(system)
        for pair in pair_sentences(gold_texts, texts, gold_ids if by_id else None,
                                   ids if by_id else None):
            if pair.kind == "same" and len(pair.gold) == 1:
                readers[pair.gold[0]].append((n, pair.system[0]))
        names.append(system.path if system.path not in names else f"{system.path} ({n + 1})")
    counts = [0] * len(systems)
    for k, who in enumerate(readers):
        item = readable(gold, k) if who else None
        if item is None:
            continue
        readings: list[Any] = []
        for n, j in who:
            reading = readable(systems[n], j)
            if reading is not None and suspicion.can_vote(item, reading):
                readings.append(reading)
                counts[n] += 1
        if not readings:
            continue
        if isinstance(item, Tree):
            votes = suspicion.bracket_votes(item, readings, need)
        else:
            votes = suspicion.dependency_votes(item.words, [r.words for r in readings], need)
        for v in votes:
            found[k].append(Reason("systems", v.field, v.start, v.end, v.gold, v.proposed,
                                   v.agreeing / v.voters, f"{v.agreeing} of {v.voters} systems"))
    return dict(zip(names, counts))


def _nuclei(gold: Side, max_len: int, found: dict[int, list[Reason]]) -> None:
    annotated: list[suspicion.Annotated | None] = []
    for k in range(len(gold)):
        item = readable(gold, k)
        if item is None:
            annotated.append(None)
        elif isinstance(item, Tree):
            annotated.append(suspicion.tree_annotated(item))
        else:
            annotated.append(suspicion.dependency_annotated(item.words))
    nucleus_kinds = ("bracket", "pos") if gold.kind == "constituency" else ("arc", "pos")
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


def _duplicates(gold: Side, texts: list[str | None], found: dict[int, list[Reason]]) -> None:
    by_text: dict[str, list[int]] = defaultdict(list)
    for k, text in enumerate(texts):
        if text:
            by_text[text].append(k)
    for copies in by_text.values():
        if len(copies) < 2:
            continue
        items = {k: readable(gold, k) for k in copies}
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
            first = items[version[0]]
            n = (len(suspicion.plain_words(first)) if isinstance(first, Tree)
                 else len(first.words) if first is not None else 0)
            for k in version:
                found[k].append(Reason("duplicate", "annotation", 0, n, "", "",
                                       1.0 - len(version) / len(copies),
                                       "annotated otherwise in sentence(s) "
                                       + ", ".join(str(j + 1) for j in others)))


def _alike(a: Any, b: Any) -> bool:
    if isinstance(a, Tree) and isinstance(b, Tree):
        pairing, changes = revision.token_changes(a, b)
        return pairing.same_tokens and not changes and not revision.bracket_changes(a, b, pairing)
    if not isinstance(a, ConllRows) or not isinstance(b, ConllRows):
        return False
    pairing, changes = revision.dependency_changes(a.words, b.words, [r[0] for r in a.ranges],
                                                   [r[0] for r in b.ranges])
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
