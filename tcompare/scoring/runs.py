"""One scorer run over a gold and a system corpus: the pairs the profile's own rule makes,
one result per pair, and the summary.  `score --output json|csv` writes it and the window
shows it (spec/metrics.md §11, issue 27), so the two cannot disagree.

The pairing rule is the profile's (`rule_of`):

* ``position`` -- the reference programs that read the files line by line (EVALB, eval.pl):
  sentence N with sentence N.  EVALB stops at the end of the shorter file and after
  MAX_ERROR errors; the sentences it never reads are pairs marked `UNSCORED`.
* ``characters`` -- conll18: the official scorer's groups of sentences ending at the same
  character (never `sent_id` or position); the whole-file evaluation gives each group's
  counts.
* ``jp-evalb`` -- jp-evalb.py's own sentence groups; the sentences its walk never reaches
  are `UNSCORED` pairs.
* ``text`` -- every other profile: sentences paired by their text (`pair_corpora`); what
  cannot be scored as asked counts its gold items as missing (`pairing.score_one`).

Every gold sentence is in exactly one pair.  A result marked `GROUPED` or `UNSCORED` is
left out of the summary (`counted`); a reference profile's summary then names what it left
out (`unscored_extras`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

from tcompare.model.corpus import Corpus
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import (UNSCORED, Profile, SentenceResult, Status, Summary,  # noqa: F401
                                   counted, uncounted, unscored_result)
from tcompare.scoring.base import GROUPED
from tcompare.scoring.pairing import pair_corpora, score_one, score_pair, texts_and_ids

# per profile: the counts behind its recall (matched, gold) -- what "recall counting the
# unscored gold items" divides
RECALL_COUNTS = {
    "evalb": ("matched_brackets", "gold_brackets"),
    "evalb_spmrl": ("matched_brackets", "gold_brackets"),
    "jp-evalb": ("matched", "gold_brackets"),
    "conll18": ("LAS_correct", "LAS_gold"),
    "conllx": ("both_correct", "tokens"),
    "conll07": ("both_correct", "tokens"),
}


@dataclass
class PairedRun:
    """A profile's run over two corpora (see the module docstring)."""

    pairs: list[SentencePair]
    results: list[SentenceResult]          # one per pair, ``data["pair"]`` set
    summary: Summary | None = None         # None: refused
    refusal: str | None = None             # the reference program refuses the files: why
    notes: list[str] = field(default_factory=list)


def rule_of(profile: Profile) -> str:
    if profile.name == "conll18":
        return "characters"
    if profile.name == "jp-evalb":
        return "jp-evalb"
    if getattr(profile, "reference", False):
        return "position"
    return "text"


# -- the pairs ----------------------------------------------------------------------------------

def positional_pairs(n_gold: int, n_system: int, gold: Corpus | None = None,
                     system: Corpus | None = None) -> list[SentencePair]:
    """Sentence N with sentence N ("changed" where their texts differ, when the corpora
    are given); the longer file's tail alone."""
    n = min(n_gold, n_system)
    same = [True] * n
    if gold is not None and system is not None:
        g_texts, _ = texts_and_ids(gold, False)
        s_texts, _ = texts_and_ids(system, False)
        same = [g_texts[i] is not None and g_texts[i] == s_texts[i] for i in range(n)]
    pairs = [SentencePair((i,), (i,), "same" if same[i] else "changed") for i in range(n)]
    pairs.extend(SentencePair((i,), (), "missing") for i in range(n, n_gold))
    pairs.extend(SentencePair((), (j,), "extra") for j in range(n, n_system))
    return pairs


# -- the runs -----------------------------------------------------------------------------------

def run(profile: Profile, gold: Corpus, system: Corpus, config: Any,
        text_of: Callable[[Corpus], str] | None = None) -> PairedRun:
    """`profile`'s run over the two corpora.  `text_of` gives a corpus's text as its file
    holds it (edits included): conll18 and jp-evalb read that, as their programs read the
    files."""
    rule = rule_of(profile)
    if rule == "characters":
        return _conll18_run(gold, system, text_of)
    if rule == "jp-evalb":
        return _jpevalb_run(profile, gold, system, config, text_of)
    if rule == "position":
        refusal = evalpl_refusal(profile, gold, system, config, text_of)
        if refusal is not None:
            return PairedRun([], [], None, refusal=refusal)
        return _positional_run(profile, gold, system, config)
    pairs = pair_corpora(gold, system, profile)
    results = []
    for pair in pairs:
        result = score_one(gold, system, pair, profile, config)
        result.data["pair"] = pair.to_json()
        results.append(result)
    return PairedRun(pairs, results, profile.aggregate(counted(results), config))


def messages_of(result: SentenceResult) -> int:
    """How many of EVALB's error messages a result stands for (each counts towards
    MAX_ERROR, as evalb.c counts them; a skipped sentence may print one too)."""
    messages = result.data.get("evalb_messages")
    if messages is not None:
        return len(messages)
    return 1 if result.status is Status.ERROR else 0


def evalb_stop(counts: Iterable[int], max_error: int) -> int | None:
    """The position (0-based) of the row at which EVALB stops for too many errors (it is
    not counted, nor anything after it), or None.  `counts`: each row's messages."""
    errors = 0
    for k, n in enumerate(counts):
        for _ in range(n):
            if errors > max_error:        # evalb.c: Error_count++ > Max_error
                return k
            errors += 1
    return None


def _positional_run(profile: Profile, gold: Corpus, system: Corpus, config: Any) -> PairedRun:
    pairs = positional_pairs(len(gold), len(system), gold, system)
    results = list(positional_results(profile, gold, system, config, pairs=pairs))
    return PairedRun(pairs, results, profile.aggregate(counted(results), config))


def positional_results(profile: Profile, gold: Corpus, system: Corpus, config: Any,
                       release: bool = False, pairs: Sequence[SentencePair] | None = None,
                       stop_line: int | None = None) -> Iterator[SentenceResult]:
    """The results of `positional_pairs`, in order, one at a time (a 10^6-sentence JSON
    keeps none): EVALB's stop for too many errors and the longer file's tail `UNSCORED`.
    ``release``: each pair's parsed trees are forgotten once it is scored."""
    n = min(len(gold), len(system))
    max_error = max_error_of(profile, config)
    errors = 0
    stop_why = ""
    if pairs is None:
        pairs = positional_pairs(len(gold), len(system), gold, system)
    kinds = [p.kind for p in pairs]
    for i in range(n):
        pair = SentencePair((i,), (i,), kinds[i])
        if stop_why:
            yield unscored_result(i + 1, pair.to_json(), stop_why)
            continue
        if stop_line is not None and i + 1 >= stop_line and i < n:
            # (where EVALB's own run stopped, as its report says: `score`'s text path)
            stop_why = (f"EVALB stops at sentence {i + 1}, its error number {max_error + 2} "
                        f"(MAX_ERROR {max_error}; -e N raises it)" if max_error is not None
                        else "EVALB stops here")
            yield unscored_result(i + 1, pair.to_json(), stop_why)
            continue
        result = score_pair(gold, system, i, profile, config)
        if release:
            gold[i].release()
            system[i].release()
        if max_error is not None and evalb_stop([messages_of(result)], max_error - errors) \
                is not None:              # evalb.c: Error_count++ > Max_error
            stop_why = (f"EVALB stops at sentence {i + 1}, its error number {max_error + 2} "
                        f"(MAX_ERROR {max_error}; -e N raises it)")
            yield unscored_result(i + 1, pair.to_json(), stop_why)
            continue
        errors += messages_of(result)
        result.data["pair"] = pair.to_json()
        yield result
    which = "gold" if len(gold) > len(system) else "system"
    why = stop_why or (f"{profile.name} pairs sentences by position and stops at the end of "
                       f"the shorter file (too many lines in the {which} file)")
    for i in range(n, len(gold)):
        yield unscored_result(i + 1, SentencePair((i,), (), "missing").to_json(), why)
    for j in range(n, len(system)):
        yield unscored_result(0, SentencePair((), (j,), "extra").to_json(), why)


def evalpl_refusal(profile: Profile, gold: Corpus, system: Corpus, config: Any,
                    text_of: Callable[[Corpus], str] | None) -> str | None:
    """eval.pl (eval07.pl) reads both files line by line and stops at the first line where
    one has a token and the other none: its message, as it prints it, or None."""
    if profile.name not in ("conllx", "conll07") or text_of is None:
        return None
    from tcompare.scoring.conllx.report import eval_text, lockstep_check

    check = lockstep_check(eval_text(text_of(gold), gold.notation),
                           eval_text(text_of(system), system.notation), profile.name, system.path)
    return None if check.ok else check.stderr.rstrip("\n")


def max_error_of(profile: Profile, config: Any) -> int | None:
    params = getattr(config, "params", None)
    value = getattr(params, "max_error", None)
    return int(value) if value is not None and profile.name in ("evalb", "evalb_spmrl") else None


def _conll18_run(gold: Corpus, system: Corpus,
                 text_of: Callable[[Corpus], str] | None) -> PairedRun:
    from tcompare.scoring.conll18 import profile as conll18
    from tcompare.scoring.conll18.read import Conll18Error, load_conllu_text, universal_newlines

    if text_of is None:
        raise ValueError("conll18 reads the files' text: pass text_of")
    try:
        g = load_conllu_text(universal_newlines(text_of(gold)), gold.path)
        s = load_conllu_text(universal_newlines(text_of(system)), system.path)
        evaluation = conll18.evaluate(g, s)
    except Conll18Error as exc:
        return PairedRun([], [], None, refusal=exc.official_line())
    own = conll18.sentence_pairs(g, s)
    results = conll18.sentence_results(evaluation, own)
    pairs = [SentencePair(p.gold, p.system, p.kind) for p in own]
    for pair, result in zip(pairs, results):
        result.index = pair.gold[0] + 1 if pair.gold else 0
        result.data["pair"] = pair.to_json()
    return PairedRun(pairs, results, conll18.summarize(evaluation))


def _jpevalb_run(profile: Profile, gold: Corpus, system: Corpus, config: Any,
                 text_of: Callable[[Corpus], str] | None) -> PairedRun:
    from tcompare.scoring.jpevalb import profile as jpevalb
    from tcompare.scoring.jpevalb.core import JpEvalbCrash, read_lines

    if text_of is None:
        raise ValueError("jp-evalb reads the files' lines: pass text_of")
    params = config if config is not None else profile.prepare()
    try:
        result = jpevalb.evaluate(read_lines(text_of(gold)), read_lines(text_of(system)), params)
    except JpEvalbCrash as exc:
        return PairedRun([], [], None, refusal=(
            f"jp-evalb: {exc.message} (jp-evalb.py stops here with {exc.kind}; no report)"))
    pairs, results = jpevalb.paired(result)
    return PairedRun(pairs, results, result.summary)


# -- what a reference program leaves out --------------------------------------------------------

def left_out(result: SentenceResult) -> list[int]:
    """The gold sentences (1-based) of a result its program left out of the figures (an
    error, or never scored); [] otherwise."""
    if GROUPED in result.data:
        return []
    if UNSCORED in result.data or result.status is Status.ERROR:
        pair = result.data.get("pair")
        if pair is not None:
            return list(pair.get("gold", []))
        return [result.index] if result.index > 0 else []
    return []


def recall_gold_key(profile: Profile | None) -> str:
    """The count of gold items behind `profile`'s recall ("" for a profile not listed)."""
    keys = RECALL_COUNTS.get(profile.name) if profile is not None else None
    return keys[1] if keys else ""


def gold_items_of(profile: Profile, item: Any, config: Any) -> int:
    """How many items a gold sentence has for `profile`'s recall (0 when unreadable)."""
    key = recall_gold_key(profile)
    if not key or item is None:
        return 0
    result = profile.score_unpaired(item, "gold", config, 0)
    return int(result.counts.get(key, 0)) if result.valid else 0


@dataclass
class LeftOut:
    """For a reference profile, the gold sentences its program left out and their gold
    items, gathered as results pass (spec/metrics.md §11)."""

    profile: Profile
    config: Any
    items: int = 0
    sentences: list[int] = field(default_factory=list)

    @property
    def applies(self) -> bool:
        return self.profile.name in RECALL_COUNTS

    def add(self, result: SentenceResult, gold: Corpus | Any) -> None:
        """Note `result` if its gold sentences were left out: `gold[i - 1]` are their
        records (parsed trees are forgotten again), or `gold(i - 1)` counts their items."""
        if not self.applies:
            return
        for number in left_out(result):
            self.add_gold(number, gold)

    def add_gold(self, number: int, gold: Corpus | Any) -> None:
        """Gold sentence `number` (1-based) was left out (see `add`)."""
        self.sentences.append(number)
        if callable(gold):
            self.items += gold(number - 1)
            return
        try:
            record = gold[number - 1]
        except (IndexError, KeyError, TypeError):
            return
        if record is None:
            return
        was_parsed = record.parsed
        try:
            if record.error is None:
                self.items += gold_items_of(self.profile, record.item, self.config)
        finally:
            if not was_parsed:
                record.release()

    def add_gold_range(self, gold: Corpus, start: int, stop: int) -> None:
        """Gold sentences ``start .. stop-1`` (0-based) were never read (past EVALB's stop),
        their items counted in one pass: each scored against itself, through EVALB's
        compiled kernel where it applies (no tree per sentence)."""
        from tcompare.scoring.batch import slim_results

        if not self.applies or start >= stop:
            return
        key = recall_gold_key(self.profile)
        self.sentences.extend(range(start + 1, stop + 1))
        for first in range(start, stop, 4096):
            last = min(first + 4096, stop)
            for result in slim_results(gold, gold, self.profile, self.config, first, last):
                if result is not None and result.valid:
                    self.items += int(result.counts.get(key, 0))
            for record in gold.records[first:last]:
                record.release()

    def watch(self, results: Iterable[SentenceResult], gold: Corpus) -> Iterator[SentenceResult]:
        for result in results:
            self.add(result, gold)
            yield result

    def json(self, summary: Summary) -> dict[str, Any]:
        """``unscored_gold_items``, ``recall_with_unscored``, ``unscored_sentences`` ({} for
        a profile that counts what it cannot score already)."""
        if not self.applies:
            return {}
        matched_key, gold_key = RECALL_COUNTS[self.profile.name]
        matched, total = summary.counts.get(matched_key, 0), summary.counts.get(gold_key, 0)
        denominator = total + self.items
        return {"unscored_gold_items": self.items,
                "recall_with_unscored": 100.0 * matched / denominator if denominator else 0.0,
                "unscored_sentences": sorted(self.sentences)}


def run_left_out(profile: Profile, run_: PairedRun, gold: Corpus, config: Any) -> LeftOut:
    tally = LeftOut(profile, config)
    for result in run_.results:
        tally.add(result, gold)
    return tally
