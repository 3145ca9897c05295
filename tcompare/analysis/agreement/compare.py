"""`compare_annotators(corpora)`: N annotators' files of the same sentences -> `AgreementReport`.

1. Sentences are paired with the first file's as ``score`` pairs them (`scoring.pairing`: by
   CoNLL-U ``sent_id``, else by text); a row is a first-file sentence paired one to one, with
   the same text, in every other file.  Every other sentence is listed in
   `AgreementReport.unpaired` with the reason (no partner, texts differ, joined / split, not in
   every file) -- never silently left out of a coefficient.
2. Each row's N annotations are compared by the scorer (`scoring.agreement_items`): the pair
   counts (EVALB's brackets and tags; the ``conllu`` profile's arcs) and the coded units.  A row
   the scorer cannot compare item by item (tokenisation differs, no tree, unreadable) is listed
   in `AgreementReport.excluded` with file:line and why.
3. The coefficients (`coefficients.py`) come from the distribution of the units' value tuples;
   Krippendorff's alpha with tree distances (`tree_alpha.py`) from the whole trees.

The report keeps, per row, only small integers (pair counts, interned value tuples) and the
units where annotators differ (`Disagreement`, with the node / token refs a view frames), so a
10^6-word corpus fits in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.analysis.agreement.report import (
    AgreementReport, Excluded, Unpaired)
from tcompare.analysis.agreement.tree_alpha import DEFAULT_BUDGET, tree_alpha
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles
from tcompare.scoring.agreement_direct import PtbSources, code_rows, conll_rows
from tcompare.scoring.agreement_direct import code_sentence
from tcompare.scoring.agreement_items import TREE_FIELDS, SentenceCoding, Uncodable
from tcompare.scoring.alignment import align_sentences
from tcompare.scoring.pairing import (
    is_no_parse, kind_problem, pair_corpora, record_text, sent_id)
from tcompare.scoring.tree_distance import dep_shape_rows, shapes
from tcompare.scoring.workers import paused_gc

# rows up to which the tree-distance alpha is computed unless asked for (pure-Python
# Zhang-Shasha: a few ms a pair of dependency trees, tens of ms a pair of PTB trees), and the
# largest tree (nodes) it takes on unasked (the distance is quadratic in it, and more)
TREE_ALPHA_AUTO_LIMIT = {"dependency": 500, "constituency": 100}
TREE_ALPHA_AUTO_NODES = 1000
DEFAULT_PROFILE = {"constituency": "evalb", "dependency": "conllu"}


class AgreementError(ValueError):
    """Input agreement cannot be computed on at all (fewer than two files, kinds differ)."""


@dataclass
class Options:
    """What `compare_annotators` computes.

    profile : the scoring profile comparing two annotations (default: ``evalb`` for trees,
        ``conllu`` for dependencies, punctuation included); profile_options its options.
    tree_alpha : ``auto`` (up to `TREE_ALPHA_AUTO_LIMIT` rows of that kind, trees of at most
        `TREE_ALPHA_AUTO_NODES` nodes), ``on`` or ``off``.
    tree_pairs : the D_e budget of the tree alpha (pairs of trees; sampled beyond).
    seed : random seed (tree alpha's D_e sample, the bootstrap).
    bootstrap : replicates over sentences (0: none).
    level : the bootstrap intervals' confidence level.
    """

    profile: str | None = None
    profile_options: dict[str, Any] = field(default_factory=dict)
    tree_alpha: str = "auto"
    tree_pairs: int = DEFAULT_BUDGET
    seed: int = 1
    bootstrap: int = 0
    level: float = 0.95


def compare_annotators(corpora: Sequence[Corpus], names: Sequence[str] | None = None,
                       options: Options | None = None) -> AgreementReport:
    """Agreement between the annotators of `corpora` (one file each; see the module docstring).

    Raises `AgreementError` for fewer than two corpora or corpora of different kinds.
    """
    with paused_gc():        # millions of small acyclic objects: the collector only rescans them
        return _compare(corpora, names, options or Options())


def _compare(corpora: Sequence[Corpus], names: Sequence[str] | None,
             options: Options) -> AgreementReport:
    if len(corpora) < 2:
        raise AgreementError(f"agreement needs at least two annotators' files; got {len(corpora)}")
    names = list(names) if names else _names([c.path for c in corpora])
    kinds = {c.kind or ("dependency" if c.notation in ("conllx", "conllu") else "constituency")
             for c in corpora}
    if len(kinds) > 1:
        listed = ", ".join(f"{c.path} ({c.notation}, {c.kind})" for c in corpora)
        raise AgreementError(f"the files hold different kinds of annotation: {listed}")
    kind = kinds.pop()
    profile = profiles.get(options.profile or DEFAULT_PROFILE[kind])
    for c in corpora:
        problem = kind_problem(profile, c)
        if problem:
            raise AgreementError(problem)
    config = profile.prepare(dict(options.profile_options))
    report = AgreementReport(kind=kind, annotators=names, paths=[c.path for c in corpora],
                             profile=profile.name)
    for c in corpora:
        report.excluded.extend(Excluded(-1, (), str(e)) for e in c.file_errors)
    # dependency files in the notations' plain shape are read column by column, never built
    # into DepSentences (the reader takes over for any block that is not plain)
    lean = (kind == "dependency" and options.profile in (None, "conllu") and not options.profile_options
            and all(c.notation in ("conllx", "conllu") for c in corpora))
    rows = _pair_rows(corpora, profile, report, lean)
    # EVALB's partners read from its comparison (a profile option keeps the per-item road)
    direct = not options.profile_options
    limit = TREE_ALPHA_AUTO_LIMIT[kind]
    sentences = len(rows)
    if options.tree_alpha == "auto" and sentences > limit:     # blank lines are no sentences
        sentences -= sum(1 for numbers in rows
                         if all(not corpora[k][i].source.strip() for k, i in enumerate(numbers)))
    want_trees = options.tree_alpha == "on" or (options.tree_alpha == "auto" and sentences <= limit)
    # one-tree PTB sources are read by EVALB's own line reader, no Tree built (not when the
    # tree alpha needs the trees)
    ptb = (PtbSources(config) if direct and profile.name == "evalb" and not want_trees
           and all(c.notation == "ptb" for c in corpora) else None)
    report.recode = lambda row: _recode(corpora, report.rows[row].numbers, lean, profile, config,
                                        direct)
    tree_values: list[list[Any]] = []
    blank = 0
    for numbers in rows:
        records = [corpora[k][i] for k, i in enumerate(numbers)]
        if all(not r.source.strip() for r in records):
            blank += 1          # a blank line in every file: no sentence to compare
            continue
        numbers1 = tuple(i + 1 for i in numbers)
        lines = tuple(r.line for r in records)
        where = ", ".join(f"{c.path}:{ln}" for c, ln in zip(corpora, lines))
        plain = [conll_rows(r.source) if lean and not r.parsed else None for r in records]
        coding: SentenceCoding | None = None
        if ptb is not None and not any(r.parsed for r in records):
            try:
                coding = ptb.code([r.source for r in records])
            except Uncodable as exc:
                report.excluded.append(Excluded(-1, numbers1, f"{exc} ({where})"))
                continue
        trees: list[Any] | None = None
        if coding is not None:
            pass
        elif all(p is not None and p[0] for p in plain):
            word_rows = [p[0] for p in plain if p is not None]
            try:
                coding = code_rows(word_rows)
            except Uncodable as exc:
                report.excluded.append(Excluded(-1, numbers1, f"{exc} ({where})"))
                continue
            if want_trees:
                trees = [dep_shape_rows(w) for w in word_rows]
        else:
            was_parsed = [r.parsed for r in records]      # a window's trees stay as they are
            bad = [(k, r.error) for k, r in enumerate(records) if r.error is not None]
            if bad:
                why = "; ".join(f"{names[k]}: {err}" for k, err in bad)
                report.excluded.append(Excluded(-1, numbers1, f"unreadable: {why}"))
                continue
            items = [r.item for r in records]
            empty = [k for k, x in enumerate(items) if is_no_parse(x)]
            if empty:
                at = ", ".join(f"{corpora[k].path}:{records[k].line}" for k in empty)
                report.excluded.append(Excluded(-1, numbers1, f"no tree from "
                                                f"{', '.join(names[k] for k in empty)} ({at})"))
                continue
            try:
                coding = code_sentence(items, profile, config, direct=direct)
            except Uncodable as exc:
                report.excluded.append(Excluded(-1, numbers1, f"{exc} ({where})"))
                continue
            if want_trees:
                trees = shapes(items)
            # the trees parsed here are no longer needed: a 10^6-word corpus must not keep them
            for r, parsed in zip(records, was_parsed):
                if not parsed:
                    r.release()
        report.add_row(numbers1, lines, coding.pair_counts, coding.units)
        if trees is not None:
            tree_values.append(trees)
    if blank:
        report.notes.append(f"{blank} empty sentences (blank in every file) left out")
    largest = max((len(t.labels) for ts in tree_values for t in ts if t is not None), default=0)
    if want_trees and options.tree_alpha == "auto" and largest > TREE_ALPHA_AUTO_NODES:
        want_trees = False
        report.notes.append(f"alpha with tree distances not computed: a tree of {largest} nodes "
                            f"(more than {TREE_ALPHA_AUTO_NODES}; ask for it: --tree-alpha on)")
    if want_trees:
        report.tree_alpha = tree_alpha(tree_values, options.tree_pairs, options.seed)
    elif options.tree_alpha == "auto" and sentences > limit:
        report.notes.append(f"alpha with tree distances not computed: {sentences} sentences > "
                            f"{limit} (ask for it: --tree-alpha on)")
    if kind == "constituency":
        report.fields_order = [f for f in TREE_FIELDS if f in report.values]
    else:
        # a column nobody filled in (all ``_``) is not compared
        report.fields_order = [f for f in ("deprel", "head", "upos", "xpos", "feats", "lemma")
                               if f in report.values and (f in ("deprel", "head") or any(
                                   v != "_" for t in report.values[f] for v in t))]
    report.finish()
    if options.bootstrap:
        from tcompare.analysis.agreement.bootstrap import bootstrap
        report.intervals = bootstrap(report, options.bootstrap, options.seed, options.level)
        report.bootstrap = {"replicates": options.bootstrap, "level": options.level,
                            "seed": options.seed}
    return report


def _recode(corpora: Sequence[Corpus], numbers: tuple[int, ...], lean: bool, profile: Any,
            config: Any, direct: bool) -> SentenceCoding:
    """One compared row's coding again (its disagreements are not kept in the report)."""
    records = [corpora[k][i - 1] for k, i in enumerate(numbers)]
    plain = [conll_rows(r.source) if lean and not r.parsed else None for r in records]
    if all(p is not None and p[0] for p in plain):
        return code_rows([p[0] for p in plain if p is not None])
    was_parsed = [r.parsed for r in records]
    coding = code_sentence([r.item for r in records], profile, config, direct)
    for r, parsed in zip(records, was_parsed):
        if not parsed:
            r.release()
    return coding


def _names(paths: Sequence[str]) -> list[str]:
    """Short names for the files: their base names, made unique with their folder."""
    import os

    base = [os.path.basename(p) or p for p in paths]
    if len(set(base)) == len(base):
        return base
    return [p for p in paths]


def _pair_rows(corpora: Sequence[Corpus], profile: Any, report: AgreementReport,
               lean: bool) -> list[tuple[int, ...]]:
    """Rows: first-file sentences paired one to one (same text) in every other file; the rest
    listed in `report.unpaired`."""
    first = corpora[0]
    partner: list[dict[int, int]] = []
    names = report.annotators
    first_texts = _texts_and_ids(first) if lean else None
    for k, other in enumerate(corpora[1:], start=1):
        mapping: dict[int, int] = {}
        if first_texts is not None:
            other_texts = _texts_and_ids(other)
            pairs = align_sentences(first_texts[0], other_texts[0], first_texts[1], other_texts[1])
        else:
            pairs = pair_corpora(first, other, profile)
        for p in pairs:
            if p.kind == "same" and len(p.gold) == 1 and len(p.system) == 1:
                mapping[p.gold[0]] = p.system[0]
                continue
            why = _pair_reason(p.kind, names[0], names[k])
            if any(other[j].error is not None for j in p.system):
                why = f"its partner in {names[k]} is unreadable"
            elif any(first[i].error is not None for i in p.gold):
                why = f"its partner in {names[0]} is unreadable"
            for i in p.gold:
                report.unpaired.append(Unpaired(0, i + 1, first[i].line, _why(first[i], why)))
            for j in p.system:
                report.unpaired.append(Unpaired(k, j + 1, other[j].line, _why(other[j], why)))
        partner.append(mapping)
    rows = []
    for i in range(len(first)):
        found = [m.get(i) for m in partner]
        paired = [j for j in found if j is not None]
        if len(paired) == len(found):
            rows.append((i, *paired))
            continue
        if any(j is not None for j in found):  # paired with some files, not all
            lacking = ", ".join(names[k + 1] for k, j in enumerate(found) if j is None)
            why = f"not in every file (no partner in {lacking})"
            report.unpaired.append(Unpaired(0, i + 1, first[i].line, why))
            for k, partner_j in enumerate(found):
                if partner_j is not None:
                    report.unpaired.append(Unpaired(k + 1, partner_j + 1,
                                                    corpora[k + 1][partner_j].line, why))
    report.unpaired.sort(key=lambda u: (u.annotator, u.sentence))
    # a sentence listed twice (two reasons) is listed once, with the first reason
    seen: set[tuple[int, int]] = set()
    unique = []
    for u in report.unpaired:
        if (u.annotator, u.sentence) not in seen:
            seen.add((u.annotator, u.sentence))
            unique.append(u)
    report.unpaired[:] = unique
    return rows


def _texts_and_ids(corpus: Corpus) -> tuple[list[str | None], list[str | None]]:
    """`pairing.texts_and_ids` of a dependency corpus, plain blocks read by a column split."""
    texts: list[str | None] = []
    ids: list[str | None] = []
    for record in corpus:
        plain = None if record.parsed else conll_rows(record.source)
        if plain is not None:
            texts.append(plain[2])
            ids.append(plain[1])
            continue
        was_parsed = record.parsed
        texts.append(record_text(record))
        ids.append(sent_id(record))
        if not was_parsed:
            record.release()
    return texts, ids


def _why(record: Any, reason: str) -> str:
    """An unreadable sentence says so (file:line:column and the reader's message)."""
    return f"unreadable: {record.error}" if record.error is not None else reason


def _pair_reason(kind: str, first: str, other: str) -> str:
    return {
        "missing": f"in {first} with no partner in {other}",
        "extra": f"in {other} with no partner in {first}",
        "changed": f"texts differ between {first} and {other}",
        "joined": f"sentence boundaries differ between {first} and {other} (joined)",
        "split": f"sentence boundaries differ between {first} and {other} (split)",
    }.get(kind, f"not paired between {first} and {other} ({kind})")
