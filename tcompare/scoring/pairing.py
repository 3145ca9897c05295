"""Pair the sentences of a gold and a system corpus and score each pair with a profile.

Two ways, one set of rules (spec/metrics.md §7):

* `pair_corpora` + `score_pairs` -- pairing by text (`tcompare.scoring.alignment`): what
  ``score --output json|csv`` and the Workspace use.  A gold sentence with no system partner
  is MISSING (its items count in recall), a system sentence with no gold partner is EXTRA
  (its items count in precision); joined / split sentences are error sentences naming the
  aligned profile; nothing shifts silently.
* `score_pair` / `iter_scores` -- pairing by position (the reference programs' way and the
  GUI's until it moves to `pair_corpora`).

In both, for profiles that do not reproduce a reference program (``Profile.reference``):

* a system sentence with no parse (blank line in a one-per-line file, ``()``, ``( )``,
  ``S()``, ``[]``, an empty CoNLL block) keeps its place and is scored against its gold
  sentence with no system items: status NO_PARSE, message "no parse";
* a pair whose characters (whitespace removed) differ is an error sentence whose message
  names both texts (`alignment.text_mismatch`).

Reference profiles (``evalb``, ``conllx``, ``conll07``) get every pair as the reference
program would see it: their own Length/Words unmatch errors decide.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from tcompare.model.corpus import Corpus, SentenceRecord
from tcompare.scoring.alignment import SentencePair, align_sentences, text_key, text_mismatch
from tcompare.scoring.base import GROUPED, Profile, SentenceResult, Status

NO_PARSE = "no parse"


def kind_problem(profile: Profile, corpus: Corpus, kind: str | None = None) -> str | None:
    """Why `profile` cannot score `corpus` at all, or None.

    `kind` is the corpus notation's kind (``constituency`` / ``dependency``); by default the
    one the reader registry put on the corpus (`Corpus.kind`).  A dependency file handed to
    a constituency profile (or the reverse) has no trees (or no arcs) to compare; every
    caller refuses it with this message instead of failing deep in the profile.  Profiles of
    another kind (phenomena) read their input themselves.
    """
    if profile.kind not in ("constituency", "dependency"):
        return None
    kind = kind or getattr(corpus, "kind", "")
    if not kind or kind == profile.kind:
        return None
    return (f"{corpus.path} looks like {corpus.notation}, a {kind} notation; profile "
            f"{profile.name} scores {profile.kind} trees (use --format or --profile)")


# -- texts ------------------------------------------------------------------------------------

def item_text(item: Any) -> str:
    """The characters of a parsed sentence, whitespace removed ("" for no parse)."""
    if item is None:
        return ""
    rows = getattr(item, "rows", None)
    if rows is not None:                      # DepSentence: surface tokens (multiword forms)
        forms: list[str] = []
        skip_to = 0
        for row in rows:
            kind = row.kind
            if kind == "multiword":
                forms.append(row.form)
                try:
                    skip_to = int(row.id.split("-", 1)[1])
                except ValueError:
                    skip_to = 0
            elif kind == "word":
                try:
                    number = int(row.id)
                except ValueError:
                    number = 0
                if number > skip_to:
                    forms.append(row.form)
        return text_key(forms)
    if getattr(item, "root", None) is None:
        return ""
    # PTB empty elements (-NONE- traces) are no characters of the sentence
    return text_key([t.form for t in item.tokens if t.pos != "-NONE-"])


def is_no_parse(item: Any) -> bool:
    """An empty parse: a tree without root or words, a dependency sentence without words."""
    if item is None:
        return True
    if hasattr(item, "rows"):
        return len(item) == 0
    if getattr(item, "root", None) is None or not item.tokens:
        return True
    # a CCG parser's failure marker: the derivation ``(<L NP XX XX FAILED NP>)``, one leaf
    # under the reader's stand-in root (formats/ccg.py), is a missing parse (metrics.md §7)
    meta = getattr(item, "meta", None) or {}
    return bool(meta.get("leaf_root")) and len(item.tokens) == 1 and item.tokens[0].form == "FAILED"


def record_text(record: SentenceRecord) -> str | None:
    return None if record.error is not None else item_text(record.item)


def sent_id(record: SentenceRecord) -> str | None:
    if record.error is not None:
        return None
    for comment in getattr(record.item, "comments", ()) or ():
        body = comment.lstrip("#").strip()
        if body.startswith("sent_id"):
            key, _, value = body.partition("=")
            if key.strip() == "sent_id":
                return value.strip() or None
    return None


# -- aligned pairing --------------------------------------------------------------------------

def pair_corpora(gold: Corpus, system: Corpus, profile: Profile | None = None) -> list[SentencePair]:
    """Pair sentences by text (by CoNLL-U ``sent_id`` when both files give them all)."""
    ids = getattr(gold, "kind", "") == "dependency" or (profile is not None and
                                                        profile.kind == "dependency")
    g_texts, g_ids = texts_and_ids(gold, ids)
    s_texts, s_ids = texts_and_ids(system, ids)
    return align_sentences(g_texts, s_texts, g_ids if ids else None, s_ids if ids else None)


def texts_and_ids(corpus: Corpus, ids: bool) -> tuple[list[str | None], list[str | None]]:
    """Each sentence's text (and sent_id), forgetting the trees parsed to read them: pairing
    10^6 sentences must not keep 10^6 trees in memory."""
    texts: list[str | None] = []
    sent_ids: list[str | None] = []
    quick = None if ids else _source_text(corpus)
    keep = True        # the first big sentence stays parsed for its scoring (one tree at most)
    for record in corpus:
        was_parsed = record.parsed
        text = quick(record.source) if quick is not None and not was_parsed else None
        if text is not None:           # read from the source: the tree is built once, to score
            texts.append(text)
            continue
        texts.append(record_text(record))
        if ids:
            sent_ids.append(sent_id(record))
        if not was_parsed:
            if keep and len(record.source) >= KEPT_PARSED:
                keep = False
            else:
                record.release()
    return texts, sent_ids


# characters of a sentence whose tree pairing leaves parsed for scoring: a tree 10^5 phrases
# deep was parsed twice a side (half the time of `score --output json` on it)
KEPT_PARSED = 1 << 16


def _source_text(corpus: Corpus) -> Callable[[str], str | None] | None:
    """`record_text` of a PTB sentence from its source without building its tree (the
    compiled EVALB kernel reads it; None where it does not read it as `parse_tree` does),
    or None when there is no such reader."""
    from tcompare import compiled

    if corpus.notation != "ptb":
        return None
    kernel = compiled.evalb_kernel()
    if kernel is None:
        return None
    reader = kernel.DetailKernel()

    def text(source: str) -> str | None:
        try:
            words = reader.source_text(source.encode("utf-8"))
        except UnicodeEncodeError:
            return None
        return None if words is None else "".join(words.decode("utf-8").split())

    return text


def alignment_summary(pairs: Sequence[SentencePair]) -> dict[str, int]:
    counts = {"same": 0, "changed": 0, "missing": 0, "extra": 0, "joined": 0, "split": 0}
    for p in pairs:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return counts


def is_misaligned(pairs: Sequence[SentencePair]) -> bool:
    return any(p.kind in ("missing", "extra", "joined", "split") for p in pairs)


def aligned_hint(profile: Profile) -> str:
    """The aligned profile to name when `profile` cannot score joined / split sentences."""
    return "conll18" if profile.kind == "dependency" else "jp-evalb"


def score_pairs(gold: Corpus, system: Corpus, pairs: Sequence[SentencePair], profile: Profile,
                config: Any) -> Iterator[SentenceResult]:
    """One result per pair in `pairs`, each with ``data["pair"]`` = the pair's JSON (1-based
    indices, kind)."""
    for pair in pairs:
        result = score_one(gold, system, pair, profile, config)
        result.data["pair"] = pair.to_json()
        yield result


def score_one(gold: Corpus, system: Corpus, pair: SentencePair, profile: Profile,
              config: Any) -> SentenceResult:
    """One result for one aligned pair (spec/metrics.md §11), indexed by its first gold
    sentence (0 for a system sentence alone)."""
    result: SentenceResult | None
    if len(pair.gold) == 1 and len(pair.system) == 1:
        (i,), (j,) = pair.gold, pair.system
        return score_records(gold, system, gold[i], system[j], i + 1, profile, config)
    if not pair.system:
        if not pair.gold:
            return SentenceResult(index=0, status=Status.SKIP, message="an empty pair")
        result = _missing(gold, pair.gold, profile, config, "")
        if result.status is Status.MISSING:
            (i,) = pair.gold[:1]
            result.message = (f"missing: no system sentence pairs with gold sentence {i + 1} "
                              f"({gold.path}:{gold[i].line}); counted as no parse")
        return result
    if not pair.gold:
        (j,) = pair.system[:1]
        s = system[j]
        if s.error is not None:
            return profile.score_error(0, f"system: {s.error}")
        if is_no_parse(s.item):      # a blank system line with no gold partner: nothing in it
            return SentenceResult(index=0, status=Status.SKIP,
                                  message=f"system sentence {j + 1} ({system.path}:{s.line}) "
                                          "is empty and pairs with no gold sentence")
        result = profile.score_unpaired(s.item, "system", config, 0)
        if result.valid:
            result.status = Status.EXTRA
            result.message = (f"extra: system sentence {j + 1} ({system.path}:{s.line}) pairs "
                              "with no gold sentence; its items count as wrong")
        return result
    # several sentences on a side: a profile that aligns words on characters scores the
    # group as one pair
    records = [gold[i] for i in pair.gold] + [system[j] for j in pair.system]
    if all(r.error is None for r in records):
        result = profile.score_group([gold[i].item for i in pair.gold],
                                     [system[j].item for j in pair.system], config, pair.gold[0] + 1)
        if result is not None:
            return result
    # a sentence-by-sentence profile cannot: its gold items count as missing (a reference
    # profile keeps its program's rule and leaves the pair out)
    gold_list = ", ".join(str(i + 1) for i in pair.gold)
    sys_list = ", ".join(str(j + 1) for j in pair.system)
    how = ("several gold sentences are one system sentence" if len(pair.system) == 1
           else "one gold sentence is several system sentences" if len(pair.gold) == 1
           else "the sentence boundaries differ")
    message = (f"{pair.kind}: gold sentence(s) {gold_list} and system sentence(s) {sys_list} "
               f"hold the same characters ({how}); profile {profile.name} scores sentence by "
               f"sentence: the Profile box (--profile) {aligned_hint(profile)} aligns them")
    if getattr(profile, "reference", False):
        return profile.score_error(pair.gold[0] + 1, message)
    return _missing(gold, pair.gold, profile, config, message + "; its gold items count as missing")


def _missing(gold: Corpus, indices: Sequence[int], profile: Profile, config: Any,
             why: str) -> SentenceResult:
    """Gold sentences `indices` (0-based) scored against no parse (`missing_records`)."""
    return missing_records(gold.path, [(i + 1, gold[i]) for i in indices], profile, config, why)


def missing_records(path: str, records: Sequence[tuple[int, SentenceRecord]], profile: Profile,
                    config: Any, why: str) -> SentenceResult:
    """Gold sentences (their 1-based numbers and records) scored against no parse, as one
    result: their counts summed, the sentence figures those of a sentence with no parse
    (spec/metrics.md §11).  A gold sentence that cannot be read leaves the pair an error
    (its items are not known)."""
    first = records[0][0]
    merged: SentenceResult | None = None
    for _, g in records:
        if g.error is not None:
            return profile.score_error(first, f"gold: {g.error}")
        if is_no_parse(g.item):
            continue
        result = profile.score_unpaired(g.item, "gold", config, first)
        if not result.valid:
            return result
        if merged is None:
            merged = result
        else:
            merged.counts.update(result.counts)
            merged.gold_items.extend(result.gold_items)
    where = ", ".join(f"{number} ({path}:{g.line})" for number, g in records)
    if merged is None:               # blank gold lines only: nothing to score
        return SentenceResult(index=first, status=Status.SKIP,
                              message=f"gold sentence {where} has no tree and no system partner")
    merged.status = Status.MISSING
    merged.message = f"missing: gold sentence {where}: {why}"
    return merged


def score_records(gold: Corpus, system: Corpus, g: SentenceRecord, s: SentenceRecord, index: int,
                   profile: Profile, config: Any) -> SentenceResult:
    if g.error is not None:
        return profile.score_error(index, f"gold: {g.error}")
    reference = getattr(profile, "reference", False)
    if s.error is not None:
        if reference or profile.kind not in ("constituency", "dependency"):
            return profile.score_error(index, f"system: {s.error}")
        return missing_records(gold.path, [(index, g)], profile, config,
                               f"the system sentence cannot be read (system: {s.error}); its gold "
                        "items count as missing")
    if reference or profile.kind not in ("constituency", "dependency"):
        return profile.score(g.item, s.item, config, index)
    if is_no_parse(s.item) and not is_no_parse(g.item):
        result = profile.score(g.item, s.item, config, index)
        if result.valid:
            result.status = Status.NO_PARSE
            result.message = f"{NO_PARSE} ({system.path}:{s.line})"
        return result
    problem = pair_problem(g.item, s.item, profile)
    if problem:      # never better than no parse (spec/metrics.md §11)
        return missing_records(gold.path, [(index, g)], profile, config,
                               f"{problem} ({system.path}:{s.line}); its gold items count as "
                               "missing")
    return profile.score(g.item, s.item, config, index)


def pair_problem(gold_item: Any, system_item: Any, profile: Profile) -> str | None:
    """Why a pair cannot be scored sentence by sentence (spec/metrics.md §7), or None: its
    characters differ (message naming both texts), or, for a profile that compares word by
    word, its words differ (message naming the aligned profile).  A pair where one side has
    no parse is scorable (it counts as 0)."""
    if is_no_parse(gold_item) or is_no_parse(system_item):
        return None
    g_text, s_text = item_text(gold_item), item_text(system_item)
    if g_text != s_text:
        return text_mismatch(g_text, s_text)
    if not profile.char_aligned:
        return segmentation_problem(gold_item, system_item, profile)
    return None


TRACE = "-NONE-"      # PTB empty elements: no words of the sentence for any scorer


def sentence_length(item: Any) -> int:
    """A sentence's length as the scorers count it: traces (``-NONE-``) left out, as
    EVALB's DELETE_LABEL_FOR_LENGTH does -- one length in the table, charts and reports."""
    tokens = getattr(item, "tokens", None)
    if tokens is not None:
        return sum(1 for t in tokens if t.pos != TRACE)
    try:
        return len(item)
    except TypeError:
        return 0


def words_of(item: Any) -> list[str]:
    if hasattr(item, "rows"):
        return [w.form for w in item.words]
    if getattr(item, "root", None) is None:
        return []
    return [t.form for t in item.tokens if t.pos != "-NONE-"]


def segmentation_problem(gold_item: Any, system_item: Any, profile: Profile) -> str | None:
    """Why a pair with the same characters but other words cannot be scored word for word
    by `profile` (None when the words agree)."""
    gw, sw = words_of(gold_item), words_of(system_item)
    if gw == sw:
        return None
    k = 0
    while k < min(len(gw), len(sw)) and gw[k] == sw[k]:
        k += 1
    near_g = " ".join(gw[k:k + 3])
    near_s = " ".join(sw[k:k + 3])
    return (f"different word segmentation: gold has {len(gw)} words, system {len(sw)}; from "
            f"word {k + 1}: gold {near_g!r} vs system {near_s!r}; profile {profile.name} "
            f"compares word by word: use --profile {aligned_hint(profile)} (aligns words on "
            "characters)")


# -- positional pairing (reference programs; the GUI until it moves to pair_corpora) ----------

def score_pair(gold: Corpus, system: Corpus, i: int, profile: Profile, config: Any) -> SentenceResult:
    """Score sentence ``i`` (0-based) of `gold` against sentence ``i`` of `system`."""
    index = i + 1
    if i >= len(gold):
        return profile.score_error(index, f"{system.path}:{system[i].line}: "
                                   "no gold sentence for this system sentence")
    if i >= len(system):
        return profile.score_error(index, f"{gold.path}:{gold[i].line}: "
                                   "no system sentence for this gold sentence")
    return score_records(gold, system, gold[i], system[i], index, profile, config)


def iter_scores(gold: Corpus, system: Corpus, profile: Profile, config: Any) -> Iterator[SentenceResult]:
    """Results in order, one per position of the longer corpus (the GUI consumes this lazily)."""
    for i in range(max(len(gold), len(system))):
        yield score_pair(gold, system, i, profile, config)


def pair_records(gold: Corpus, system: Corpus, profile: Profile, config: Any) -> list[SentenceResult]:
    return list(iter_scores(gold, system, profile, config))


def aligned_records(gold: Corpus, system: Corpus, profile: Profile, config: Any
                    ) -> tuple[list[SentencePair], list[SentenceResult]]:
    """`pair_corpora` then `score_pairs`, as lists."""
    pairs = pair_corpora(gold, system, profile)
    return pairs, list(score_pairs(gold, system, pairs, profile, config))


# -- table rows (the GUI): one row per gold sentence, then the system's extra sentences ----

def score_row_pair(gold: Corpus, system: Corpus, pair: SentencePair, row: int, profile: Profile,
                   config: Any) -> SentenceResult:
    """The result of table row `row` (0-based), whose pair is `pair` (see `workspace.loading.plan_system`):
    the pair's result on its first gold row (or its own row for a system sentence alone),
    on the group's other gold rows a skip naming the row it was counted on."""
    if pair.gold and pair.gold[0] != row:
        first = pair.gold[0] + 1
        return SentenceResult(index=row + 1, status=Status.SKIP,
                              message=f"{pair.kind}: scored with gold sentence {first}",
                              data={GROUPED: first, "pair": pair.to_json()})
    result = score_one(gold, system, pair, profile, config)
    result.data["pair"] = pair.to_json()
    return result
