"""The fast roads to `agreement_items.code_sentence`'s coding (each tested equal to it).

* `code_evalb_trees` -- trees through the ``evalb`` profile: the bracket partners read from
  EVALB's own comparison (`evalb.core.compare`) instead of through ``profile.score``'s
  per-item verdicts;
* `PtbSources` -- the same on one-tree PTB sources read by EVALB's line reader, no `Tree`;
* `conll_rows` / `code_rows` -- dependency sentences from their plain CoNLL columns, counted
  by the ``conllu`` profile's rule (`conllx.profile.judge`), no `DepSentence`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tcompare.scoring import agreement_items
from tcompare.scoring.agreement_items import (
    WORD_FIELDS, SentenceCoding, Uncodable, head_value)
from tcompare.scoring.base import Profile
from tcompare.scoring.alignment import text_key
from tcompare.scoring.conllx.profile import head_int, judge, tally


def code_sentence(items: Sequence[Any], profile: Profile, config: Any,
                  direct: bool = False) -> SentenceCoding:
    """`agreement_items.code_sentence`, or with `direct` (EVALB only) EVALB's bracket partners
    read straight from its comparison instead of through ``profile.score``'s per-item
    verdicts -- the same coding, half the time (tested)."""
    if direct and profile.kind != "dependency" and profile.name == "evalb" \
            and hasattr(config, "prepared"):
        return code_evalb_trees(items, config.prepared)
    return agreement_items.code_sentence(items, profile, config)


def code_evalb_trees(items: Sequence[Any], cc: Any) -> SentenceCoding:
    """`agreement_items`' tree coding for the ``evalb`` profile, from `evalb.core.compare`'s partner lists."""
    from tcompare.scoring.evalb.core import view_from_tree

    return _code_views(len(items), lambda k: view_from_tree(items[k], cc), cc, str)


class PtbSources:
    """`code_sentence`'s direct EVALB road on the sources of one-tree PTB sentences, read by
    EVALB's own line reader (`evalb.core.read_line`), no `Tree` built: the same units and
    counts (tested), without the node refs (-1) -- a view asking for a sentence's
    disagreements codes its trees again."""

    def __init__(self, config: Any) -> None:
        from tcompare.scoring.evalb.core import PreparedParams

        self.cc = PreparedParams(config.params, as_bytes=True)

    def code(self, sources: Sequence[str]) -> SentenceCoding | None:
        """The coding of N annotators' sources of one sentence, or None when one of them is
        not a plain tree to EVALB's reader (the caller takes the tree road, which says why)."""
        from tcompare.scoring.evalb.core import read_line

        raw = [s.encode("utf-8", "surrogateescape") for s in sources]
        views = [read_line(r, self.cc) for r in raw]
        if any(v.errors or not v.words or v.quotes for v in views):
            return None

        def decode(label: Any) -> str:
            return str(label.decode("utf-8", "surrogateescape"))

        return _code_views(len(raw), lambda k: read_line(raw[k], self.cc), self.cc, decode)


def _code_views(n: int, view_of: Any, cc: Any, text: Any) -> SentenceCoding:
    """The coding of N annotators from EVALB views (`view_of(k)` makes a fresh view of
    annotator k: `compare` may change it), labels turned to str by `text`."""
    from tcompare.scoring.evalb.core import compare
    from tcompare.scoring.evalb.report import ERROR, SKIP
    from tcompare.scoring.items import pair_label_only

    canonical = getattr(cc, "canonical", None) or {}
    coding = SentenceCoding()
    # per pair: (gold brackets, system brackets, gold partner, same, gold refs, system refs,
    # gold tags, system tags, tag_ok, gold word refs, system word refs)
    detail: dict[tuple[int, int], Any] = {}
    for i in range(n):
        for j in range(i + 1, n):
            gv, tv = view_of(i), view_of(j)
            out = compare(gv, tv, cc, detail=True)
            if out.status == SKIP:
                raise Uncodable(f"annotators {i + 1} and {j + 1}: skipped: the system tree has "
                                "no words after deletion")
            if out.status == ERROR:
                why = "; ".join(m.rstrip("\n") for m in out.errors) or "error"
                raise Uncodable(f"annotators {i + 1} and {j + 1}: {why}")
            g, t, gp, tp = out.gold, out.test, out.gold_partner, out.test_partner
            # compare(detail=True) on a valid pair sets all of these
            assert g is not None and t is not None and gp is not None and tp is not None
            glab, _ = pair_label_only(g, t, gp, tp)
            partner = [gp[k] if gp[k] >= 0 else glab[k] for k in range(len(g))]
            coding.pair_counts[(i, j)] = Counter(
                sentences=1, gold_brackets=out.gold_brackets, test_brackets=out.test_brackets,
                matched_brackets=out.matched, crossing=out.crossing, words=out.words,
                correct_tags=out.correct_tags,
                complete_match=int(out.gold_brackets == out.test_brackets == out.matched),
                unlabeled_matched=sum(b is not None and partner[k] >= 0 for k, b in enumerate(g)),
                tags=len(gv.words))
            detail[(i, j)] = (g, t, partner, gp, gv, tv, out.tag_ok)
    # annotator k's kept brackets and words, from any pair it is in
    own: list[tuple[list[Any], Any]] = []
    for k in range(n):
        if k + 1 < n:
            d = detail[(k, k + 1)]
            own.append((d[0], d[4]))
        else:
            d = detail[(k - 1, k)]
            own.append((d[1], d[5]))
    units: list[tuple[str | None, ...]] = []
    keys: list[Any] = []
    refs: list[tuple[int, ...]] = []
    linked: list[set[int]] = [set() for _ in range(n)]
    for k in range(n):
        brackets, view = own[k]
        for b, bracket in enumerate(brackets):
            if bracket is None or b in linked[k]:
                continue
            label = text(canonical.get(bracket[0], bracket[0]))
            values: list[str | None] = [None] * n
            where = [-1] * n
            values[k], where[k] = label, _ref(view.bracket_refs, b)
            for later in range(k + 1, n):
                g, t, partner, gp, gv, tv, _ = detail[(k, later)]
                p = partner[b]
                if p >= 0:
                    other = text(canonical.get(t[p][0], t[p][0]))
                    values[later] = label if gp[b] >= 0 else other
                    where[later] = _ref(tv.bracket_refs, p)
                    linked[later].add(p)
            units.append(tuple(values))
            keys.append((bracket[1], bracket[2]))
            refs.append(tuple(where))
    coding.units["label"], coding.keys["label"], coding.refs["label"] = units, keys, refs
    tag_units: list[tuple[str | None, ...]] = []
    tag_keys: list[Any] = []
    tag_refs: list[tuple[int, ...]] = []
    view0 = own[0][1]
    for w, raw_tag in enumerate(view0.tags):
        tag = text(raw_tag)
        values = [tag] + [None] * (n - 1)
        where = [_ref(view0.word_refs, w)] + [-1] * (n - 1)
        for later in range(1, n):
            _, _, _, _, _, tv, tag_ok = detail[(0, later)]
            values[later] = tag if tag_ok[w] else text(tv.tags[w])
            where[later] = _ref(tv.word_refs, w)
        tag_units.append(tuple(values))
        tag_keys.append((w, w + 1))
        tag_refs.append(tuple(where))
    coding.units["pos"], coding.keys["pos"], coding.refs["pos"] = tag_units, tag_keys, tag_refs
    return coding


def _ref(refs: list[int] | None, k: int) -> int:
    return refs[k] if refs is not None else -1


# -- dependency, from the rows' columns (no DepSentence built) ------------------------------

def conll_rows(source: str) -> tuple[list[list[str]], str | None, str] | None:
    """The word rows (ten TAB-separated columns), the ``sent_id`` and the text
    (`pairing.item_text`: multiword tokens' surface forms, whitespace removed) of one CoNLL
    block, by a plain split; None when a row is not that plain (a width other than 10, no
    TAB, an ID that is not a word / range / empty node number): the caller reads it with the
    notation's reader, which names the problem."""
    rows = [line.split("\t") for line in source.splitlines()
            if line and line[0] != "#" and not line.isspace()]
    for r in rows:
        if len(r) != 10:
            return None
    sid = None
    if "#" in source:
        for line in source.splitlines():
            if line.startswith("#"):
                body = line.lstrip("#").strip()
                if body.startswith("sent_id"):
                    key, _, value = body.partition("=")
                    if key.strip() == "sent_id":
                        sid = value.strip() or None
    words = [r for r in rows if r[0].isdigit() and r[0].isascii()]
    if len(words) == len(rows):
        text = "".join("".join(r[1] for r in words).split())
        return words, sid, text
    forms: list[str] = []
    skip_to = 0
    for r in rows:
        ident = r[0]
        if "-" in ident:
            forms.append(r[1])
            try:
                skip_to = int(ident.split("-", 1)[1])
            except ValueError:
                skip_to = 0
        elif ident.isdigit() and ident.isascii():
            if int(ident) > skip_to:
                forms.append(r[1])
        elif "." not in ident:
            return None
    return words, sid, text_key(forms)


def code_rows(words: Sequence[list[list[str]]]) -> SentenceCoding:
    """`code_sentence` for dependency annotations given as `conll_rows` word rows: the same
    coding as through the ``conllu`` profile (punctuation scored), its counting rule
    (`conllx.profile.judge`) applied to the columns directly."""
    n = len(words)
    length = len(words[0])
    for i in range(n):
        for j in range(i + 1, n):
            if len(words[j]) != len(words[i]):
                raise Uncodable(f"annotators {i + 1} and {j + 1} tokenise differently (gold has "
                                f"{len(words[i])} words, system has {len(words[j])})")
            if any(a[1] != b[1] for a, b in zip(words[i], words[j])):
                raise Uncodable(f"annotators {i + 1} and {j + 1} tokenise differently")
    coding = SentenceCoding()
    for i in range(n):
        for j in range(i + 1, n):
            codes = judge([(w[1], w[6], w[7]) for w in words[i]], [(w[6], w[7]) for w in words[j]],
                          True, False)
            tokens, head_wrong, label_wrong, either = tally(codes)
            coding.pair_counts[(i, j)] = Counter(
                words=length, tokens=tokens, head_correct=tokens - head_wrong,
                label_correct=tokens - label_wrong, both_correct=tokens - either)
    for name, attr in WORD_FIELDS.items():
        column = _COLUMN[attr]
        if name == "head":
            columns = [[_head(w[6], t) for t, w in enumerate(ws, start=1)] for ws in words]
        else:
            columns = [[w[column] for w in ws] for ws in words]
        coding.units[name] = list(zip(*columns)) if length else []
    return coding


_COLUMN = {"lemma": 2, "cpostag": 3, "postag": 4, "feats": 5, "head": 6, "deprel": 7}


def _head(head: str, word: int) -> str:
    """`head_value` of a HEAD column (as `head_int` reads it; not a number: kept as is)."""
    if head == "0":
        return "root"
    if head.isdigit() and head.isascii() and len(head) <= 18:
        h = int(head)
        return f"{h - word:+d}" if h else "root"
    h = head_int(head)
    return head_value(h, word) if h >= 0 else head
