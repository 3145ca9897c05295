"""One scorer run over a gold and a system corpus: the pairs the profile's own rule makes,
one result per pair, and the summary.  `score --output json|csv` writes it and the window
shows it (spec/metrics.md §11), so the two cannot disagree.

The pairing rule is the profile's (`rule_of`):

* ``position`` -- the reference programs that read the files line by line (EVALB, eval.pl):
  sentence N with sentence N.  EVALB stops at the end of the shorter file and after
  MAX_ERROR errors; the sentences it never reads are pairs marked `UNSCORED`.
* ``characters`` -- conll18: the official scorer's groups of sentences ending at the same
  character (never `sent_id` or position); the whole-file evaluation gives each group's
  counts.
* ``segments`` -- ud-eval: eval.py's segments (runs of gold and system sentences over the
  same characters), each pair scored as one group by the per-sentence profile.
* ``jp-evalb`` -- jp-evalb.py's own sentence groups; the sentences its walk never reaches
  are `UNSCORED` pairs.
* ``text`` -- every other profile: sentences paired by their text (`pair_corpora`); what
  cannot be scored as asked counts its gold items as missing (`pairing.score_one`).

Every gold sentence is in exactly one pair.  A result marked `GROUPED` or `UNSCORED` is
left out of the summary (`counted`); a reference profile's summary then names what it left
out (`unscored_extras`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterable, Iterator, Sequence, cast

from tcompare.model.corpus import Corpus
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import (Profile, SentenceResult, Status, Summary, counted,
                                   unscored_result)
from tcompare.scoring.pairing import pair_corpora, score_one, score_pair, texts_and_ids

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

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
    if profile.name == "ud-eval":
        return "segments"
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
    if rule == "segments":
        return _udeval_run(profile, gold, system, config, text_of)
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


def _udeval_run(profile: Profile, gold: Corpus, system: Corpus, config: Any,
                text_of: Callable[[Corpus], str] | None) -> PairedRun:
    """eval.py pairs no sentences: it aligns the two files' characters.  Its segments are
    the pairs (a joined or split sentence is one group), each scored by the profile."""
    from tcompare.scoring.udeval import Options, Segment, UdEvalError, score_files

    if text_of is None:
        raise ValueError("ud-eval reads the files' text: pass text_of")
    cfg = config or {}
    options = Options.from_flags(str(cfg.get("enhancements", "0")),
                                 bool(cfg.get("no_empty_nodes", False)),
                                 bool(cfg.get("multiple_roots_okay", False)))
    spans: list[tuple[int, int, int, int]] = []

    def on_segment(seg: Segment) -> None:
        if seg.gold_sentence == 0 and seg.system_sentence == 0:
            spans.clear()          # read again from the start (after a refusal mid-stream)
        spans.append((seg.gold_sentence, len(seg.gold), seg.system_sentence, len(seg.system)))

    try:
        score_files(cast("ByteSource", _TextSource(gold.path, text_of(gold))),
                    cast("ByteSource", _TextSource(system.path, text_of(system))), options,
                    on_segment)
    except UdEvalError as exc:
        return PairedRun([], [], None, refusal=exc.official_line())
    pairs = [SentencePair(tuple(range(g0, g0 + gn)), tuple(range(s0, s0 + sn)),
                          "same" if gn == sn == 1 else "split" if gn == 1 else "joined")
             for g0, gn, s0, sn in spans]
    results = []
    for pair in pairs:
        result = score_one(gold, system, pair, profile, config)
        result.data["pair"] = pair.to_json()
        results.append(result)
    return PairedRun(pairs, results, profile.aggregate(counted(results), config))


class _TextSource:
    """A corpus's text as the window holds it (edits included), read as eval.py reads a file
    (what `ByteSource` offers, from memory: scoring opens no file)."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.data = text.encode("utf-8")

    def open(self) -> BinaryIO:
        return io.BytesIO(self.data)

    def read(self) -> bytes:
        return self.data

    def size(self) -> int:
        return len(self.data)

    def regular(self) -> bool:
        return True


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
