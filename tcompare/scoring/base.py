"""The scorer's vocabulary: items, verdicts, per-sentence results, summaries, profiles.

Every number any view shows comes from a `Profile` (registered in `profiles.py`).
`Profile.score(gold, system)` returns a `SentenceResult` with a verdict for EVERY gold and
system item (bracket, tag, arc, role), each carrying the id of the node/token it came from,
so the GUI can colour what it draws without ever deciding a match itself.
`Profile.aggregate(results)` folds per-sentence counts (micro) and per-sentence scores
(macro) into a `Summary`; `RunningSummary` keeps that fold up to date when one sentence's
result is replaced (after an edit), without rescoring the others.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Iterable, Mapping, Sequence

from tcompare.scoring.figures import FigureLine, Formula, SummaryStep, formulas


class Verdict(str, Enum):
    MATCH = "match"              # counted correct by the profile
    LABEL_ONLY = "label_only"    # right span (boundaries), wrong label / head / role
    MISSING = "missing"          # gold item with no system counterpart
    EXTRA = "extra"              # system item with no gold counterpart
    CROSSING = "crossing"        # system item that crosses a gold item (and is not matched)
    WRONG_POS = "wrong_pos"      # tag item whose POS differs
    WRONG_HEAD = "wrong_head"    # arc: head differs, label equal
    WRONG_LABEL = "wrong_label"  # arc: head equal, label differs
    WRONG_BOTH = "wrong_both"    # arc: head and label differ
    IGNORED = "ignored"          # present but not scored (deleted label, punctuation, other class)


class Status(str, Enum):
    VALID = "valid"
    ERROR = "error"
    SKIP = "skip"
    # counted like VALID (spec/metrics.md §7), but named in reports and the table:
    NO_PARSE = "no_parse"    # the system gave no parse for this sentence: recall 0
    MISSING = "missing"      # no system sentence pairs with this gold sentence: recall 0
    EXTRA = "extra"          # a system sentence no gold sentence pairs with: precision loss


COUNTED = frozenset({Status.VALID, Status.NO_PARSE, Status.MISSING, Status.EXTRA})


def zero_flags(values: Mapping[str, float | None], prefix: str = "") -> list[str]:
    """``METRIC:0/0`` for every undefined (None) figure in `values` (the 0/0 rule)."""
    return [f"{prefix}{k}:0/0" for k, v in values.items() if v is None]


def zeroed(values: Mapping[str, float | None]) -> dict[str, float]:
    """`values` with undefined (0/0) figures reported as 0."""
    return {k: (0.0 if v is None else v) for k, v in values.items()}


@dataclass(slots=True)
class Item:
    """One scored (or deliberately unscored) thing on one side.

    Parameters
    ----------
    side : ``gold`` or ``system``.
    kind : ``bracket``, ``tag``, ``arc``, ``role``, ``phenomenon``.
    ref : the id of the node (`Node.id`) or the index of the token it came from; -1 if none.
    label : the label the profile compared (after its normalisation).
    start, end : span the profile compared (token or character offsets, see `unit`).
    verdict : see `Verdict`.
    crossing : the item crosses an item of the other side (system brackets; also set on gold).
    partner : ref of the matched / nearest item on the other side, or -1.
    group : the profile's group for it (SIGHAN label, ParsEval-2012 class, DEPREL...).
    unit : ``token`` or ``char`` for start/end.
    """

    side: str
    kind: str
    ref: int
    label: str
    start: int = 0
    end: int = 0
    verdict: Verdict = Verdict.MATCH
    crossing: bool = False
    partner: int = -1
    group: str = ""
    unit: str = "token"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "ref": self.ref, "label": self.label,
                "start": self.start, "end": self.end, "verdict": self.verdict.value}
        if self.crossing:
            data["crossing"] = True
        if self.partner >= 0:
            data["partner"] = self.partner
        if self.group:
            data["group"] = self.group
        if self.unit != "token":
            data["unit"] = self.unit
        return data


@dataclass(slots=True)
class SentenceResult:
    """Verdicts and counts for one gold/system pair.

    `counts` are additive integers (summed for micro averages); `scores` are this sentence's
    own figures (percentages 0-100, or None for 0/0); `flags` are notes such as ``cycle``,
    ``several_roots``, ``p_undefined``.  `data` carries profile-specific extras for renderers.
    """

    index: int
    status: Status = Status.VALID
    message: str = ""
    counts: Counter[str] = field(default_factory=Counter)
    scores: dict[str, float | None] = field(default_factory=dict)
    gold_items: list[Item] = field(default_factory=list)
    system_items: list[Item] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """Whether the sentence's counts enter the figures (VALID, and the no-parse /
        missing / extra sentences that count as 0)."""
        return self.status in COUNTED

    def items_for(self, side: str) -> list[Item]:
        return self.gold_items if side == "gold" else self.system_items

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index, "status": self.status.value}
        if self.message:
            data["message"] = self.message
        data["counts"] = dict(self.counts)
        data["scores"] = zeroed(self.scores)
        if "pair" in self.data:       # which gold/system sentences this result joins
            data["pair"] = self.data["pair"]
        flags = list(self.flags) + [f for f in zero_flags(self.scores) if f not in self.flags]
        if flags:
            data["flags"] = flags
        data["gold_items"] = [i.to_json() for i in self.gold_items]
        data["system_items"] = [i.to_json() for i in self.system_items]
        return data


@dataclass(slots=True)
class Summary:
    """Aggregate figures: ``metrics`` (the profile's headline keys), ``groups`` (sub-blocks)."""

    metrics: dict[str, float | None] = field(default_factory=dict)
    groups: dict[str, dict[str, float | None]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)   # ``METRIC:0/0`` and the like

    def all_flags(self) -> list[str]:
        """`flags` plus ``METRIC:0/0`` for each undefined figure (``GROUP.METRIC:0/0`` in
        groups), in order, without repeats."""
        out = list(self.flags)
        out += zero_flags(self.metrics)
        for name, values in self.groups.items():
            out += zero_flags(values, f"{name}.")
        return list(dict.fromkeys(out))

    def to_json(self) -> dict[str, Any]:
        """Figures with 0/0 reported as 0 and named in ``flags`` (never null)."""
        return {"summary": zeroed(self.metrics),
                "groups": {k: zeroed(v) for k, v in self.groups.items()},
                "flags": self.all_flags()}


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    type: type = str
    choices: tuple[Any, ...] | None = None


def ratio(num: float, den: float) -> float | None:
    """num/den as a percentage, None when den is 0 (reported as 0 and flagged by views)."""
    return 100.0 * num / den if den else None


def prf(correct: float, gold: float, system: float) -> tuple[float | None, float | None, float | None]:
    """Precision, recall, F1 in percent; None for 0/0; F1 is 0 when P+R is 0."""
    p, r = ratio(correct, system), ratio(correct, gold)
    if p is None or r is None:
        f = None if (p is None and r is None) else 0.0
    else:
        f = 2 * p * r / (p + r) if (p + r) else 0.0
    return p, r, f


class Profile:
    """Base class for scoring profiles.

    Subclasses set `name`, `description`, `notations` (accepted input notations), `kind`
    (``constituency``/``dependency``/``phenomena``), `options`, `columns` (the per-sentence
    score keys a table view shows), `headline` (summary keys a sidebar shows first), and
    implement `score` and `aggregate`.  Options are passed as a plain dict.
    """

    name: str = ""
    description: str = ""
    notations: tuple[str, ...] = ()
    kind: str = "constituency"
    options: tuple[Option, ...] = ()
    columns: tuple[str, ...] = ()
    headline: tuple[str, ...] = ()
    # whether sentences present in only one file count (as errors) in the aggregate; False
    # where the reference program stops at the end of the shorter file (C EVALB)
    count_unpaired: bool = True
    # the profile reproduces a reference program (EVALB, eval.pl ...): pairs are scored exactly
    # as that program does, blank / empty parses and text differences included
    reference: bool = False
    # the profile compares boundaries as character offsets, so two segmentations of the same
    # characters can be scored (sighan2012); the others refuse them, naming `aligned_profile`
    char_aligned: bool = False
    # the figure lines an explanation shows (`scoring.figures`): where each value comes from
    figure_lines: tuple[FigureLine, ...] = ()
    # item spans count only the words the profile keeps (EVALB deletes words by POS)
    spans_over_kept_words: bool = False

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def prepare(self, options: dict[str, Any] | None = None) -> Any:
        """Turn user options into whatever `score` needs (parsed .prm, compiled rules...)."""
        merged = self.default_options()
        merged.update(options or {})
        return merged

    def score(self, gold: Any, system: Any, config: Any, index: int = 0) -> SentenceResult:
        raise NotImplementedError

    def score_group(self, gold: Sequence[Any], system: Sequence[Any], config: Any,
                    index: int = 0) -> SentenceResult | None:
        """Several gold sentences against several system sentences holding the same
        characters (a joined or split pair), as one result; None where the profile scores
        sentence by sentence only."""
        return None

    @property
    def scores_groups(self) -> bool:
        """Whether `score_group` scores joined / split sentences (a profile overrides it)."""
        return type(self).score_group is not Profile.score_group

    def block_scorer(self, config: Any, notations: tuple[str, str]) -> Any:
        """A faster scorer for many sentences at once (`batch.BlockScorer`: slim results
        equal to `score`'s, without items; `batch.FileScorer` when it also scores whole
        files), or None.  Only EVALB has one (its compiled kernel); `batch.slim_results`
        and the Workspace's loader use it where the sentences allow."""
        return None

    def files_problem(self, gold: Any, system: Any) -> str | None:
        """Why the reference program this profile reproduces refuses `gold` and `system`
        (two Corpora) as a whole, or None.  A view that scores sentence by sentence shows
        this, so its figures are never taken for the reference's."""
        return None

    def score_error(self, index: int, message: str) -> SentenceResult:
        """The result for a pair that could not be scored (unreadable sentence, missing line)."""
        return SentenceResult(index=index, status=Status.ERROR, message=message)

    def empty_item(self) -> Any:
        """What a sentence with no parse is for this profile: an empty tree or sentence."""
        if self.kind == "dependency":
            from tcompare.model.deps import DepSentence
            return DepSentence()
        from tcompare.model.tree import Tree
        return Tree.build(None)

    def score_unpaired(self, item: Any, side: str, config: Any, index: int = 0) -> SentenceResult:
        """Score a sentence present on one `side` only (spec/metrics.md §7): a gold sentence
        against no parse (its items count in recall), a system sentence against nothing
        (its items count in precision).  Status and message are set by the caller."""
        empty = self.empty_item()
        if side == "gold":
            return self.score(item, empty, config, index)
        return self.score(empty, item, config, index)

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        raise NotImplementedError

    def disagrees(self, result: SentenceResult) -> bool:
        """Whether gold and system differ on this sentence (F8 stops there): it was not
        scored as a plain pair, or one of its table figures (`columns`) is below 100."""
        if result.status is not Status.VALID:
            return True
        return any(isinstance(v, float) and v < 100.0
                   for k, v in result.scores.items() if k in self.columns)

    def lowers(self, result: SentenceResult, figure: str) -> bool:
        """Whether this sentence takes something off the corpus figure `figure` (a
        `Summary.metrics` key): the sentences a click on that figure lists.  Not scored as a
        plain pair; its own value of the figure below 100 (``micro_`` / ``macro_`` figures:
        the sentence's own); a crossing count above 0; a sentence-count figure (complete match,
        no crossing) it does not count in; otherwise `disagrees`."""
        if result.status is not Status.VALID:
            return True
        key = figure.split("_", 1)[1] if figure.startswith(("micro_", "macro_")) else figure
        if key in ("crossing", "average_crossing"):
            return (result.counts.get("crossing") or 0) > 0
        if key in result.scores:
            value = result.scores[key]
            return value is not None and value < 100.0
        if key in ("complete_match", "no_crossing", "two_or_less_crossing") and key in result.counts:
            return result.counts[key] == 0
        return self.disagrees(result)

    # -- saying how the figures are counted (`analysis.explain` shows these) -----------------
    def ignored_reason(self, item: Item, config: Any, tree: Any) -> str:
        """Why `item` (verdict IGNORED) was set aside, in words; `tree` is its side's
        sentence, `config` what `prepare` made."""
        if item.kind == "arc":
            if item.group == "" and item.side == "system":
                return "no gold word at this position"
            if isinstance(config, dict) and config.get("exclude_deriv") and item.group == "DERIV":
                return "gold DEPREL is DERIV"
            return "punctuation"
        return "not scored by this profile"

    def sentence_formulas(self, result: SentenceResult) -> list[Formula]:
        return formulas(self.figure_lines, result.counts, result.scores)

    def summary_formulas(self, results: Sequence[SentenceResult], summary: Summary,
                         config: Any) -> list[Formula]:
        """The corpus figures: micro figures from the summed counts."""
        counts = dict(summary.counts) if summary.counts else summed_counts(results)
        return formulas(self.figure_lines, counts, summary.metrics)

    def summary_steps(self, results: Sequence[SentenceResult], summary: Summary) -> list[SummaryStep]:
        """Further steps of the corpus explanation (SIGHAN-2012's macro means)."""
        return []


def summed_counts(results: Sequence[SentenceResult]) -> dict[str, int]:
    """The counts of the valid `results`, summed."""
    total: Counter[str] = Counter()
    for r in results:
        if r.valid:
            total.update(r.counts)
    return dict(total)


# `SentenceResult.data` keys of rows shown but never counted: a group's other rows (its pair
# was scored on its first gold row) and pairs the reference program never scored (EVALB after
# it stopped, jp-evalb.py past its walk)
GROUPED = "grouped_with"
UNSCORED = "unscored"


def uncounted(result: SentenceResult) -> bool:
    """A group's other row, or what its program never scored: shown, never counted."""
    return GROUPED in result.data or UNSCORED in result.data


def counted(results: Iterable[SentenceResult]) -> list[SentenceResult]:
    """The results a summary counts (see `uncounted`)."""
    return [r for r in results if not uncounted(r)]


def unscored_result(index: int, pair: dict[str, Any], why: str) -> SentenceResult:
    """A pair its reference program never scored (``pair``: its JSON, 1-based): shown and
    listed with `why`, never counted."""
    return SentenceResult(index=index, status=Status.ERROR, message=f"not scored: {why}",
                          data={UNSCORED: True, "pair": pair})


ScoreFn = Callable[[Any, Any, Any, int], SentenceResult]
