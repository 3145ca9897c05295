"""LLM output against a gold file, scored under both policies: the run the command line
(`tcompare score|table|report --llm`) and the window's LLM view share (no Qt).

`run_llm(gold, systems)` reads the gold file with its notation, each system file with the
lenient reader (`formats.llm`), and scores each with `scoring.llm_policies`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare import formats
from tcompare.formats.llm import LlmOutput, read_llm_file
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles
from tcompare.scoring.base import Profile
from tcompare.scoring.llm_policies import LlmReport, score_answers

# profiles that do not score sentence pairs one by one
UNSUPPORTED = {"jp-evalb": "it aligns whole files", "conll18": "it evaluates whole treebanks",
               "phenomena": "it reads a phenomenon list"}


class LlmRunError(Exception):
    """The run cannot be made (an unreadable file, a profile that cannot score answers)."""


@dataclass(slots=True)
class LlmSystem:
    path: str
    output: LlmOutput
    report: LlmReport


@dataclass(slots=True)
class LlmRun:
    gold: Corpus
    profile: Profile
    config: Any
    systems: list[LlmSystem] = field(default_factory=list)


def run_llm(gold_path: str, system_paths: Sequence[str], profile: str | None = None,
            fmt: str | None = None, encoding: str | None = None,
            options: dict[str, Any] | None = None) -> LlmRun:
    """Score each LLM output in `system_paths` against `gold_path` (see the module docstring)."""
    try:
        gold = formats.read_file(gold_path, fmt, encoding)
    except formats.ReadError as exc:
        raise LlmRunError(str(exc)) from exc
    name = profile or profiles.default_for(gold.notation)
    if name in UNSUPPORTED:
        raise LlmRunError(f"profile {name} cannot score LLM answers: {UNSUPPORTED[name]}")
    try:
        prof = profiles.get(name)
    except KeyError as exc:
        raise LlmRunError(str(exc.args[0])) from exc
    if prof.notations and gold.notation not in prof.notations:
        raise LlmRunError(f"profile {name} does not read {gold.notation} ({gold_path})")
    config = prof.prepare(options or {})
    run = LlmRun(gold, prof, config)
    gold_items = [r.item for r in gold.records]
    problems = [str(r.error) if r.error is not None else "" for r in gold.records]
    for path in system_paths:
        try:
            output = read_llm_file(path, gold.kind, len(gold), encoding)
        except formats.ReadError as exc:
            raise LlmRunError(str(exc)) from exc
        report = score_answers(prof, config, gold_items, output.parses,
                               by_position=output.mode in ("jsonl", "lines"), gold_problems=problems)
        run.systems.append(LlmSystem(path, output, report))
    return run


# -- what every view prints -------------------------------------------------------------------

def headline(profile: Profile) -> list[str]:
    """The figures printed for each policy: the profile's headline."""
    return list(profile.headline or profile.columns)


def figures(report: LlmReport, policy: str) -> dict[str, float]:
    """A policy's summary figures, 0/0 as 0 (named in `flags`)."""
    values: dict[str, float] = report.summaries[policy].to_json()["summary"]
    return values


def flags(report: LlmReport, policy: str) -> list[str]:
    return list(report.summaries[policy].all_flags())


def sentence_json(s: Any) -> dict[str, Any]:
    """One gold sentence of a report, as JSON (numbers 1-based)."""
    data: dict[str, Any] = {"index": s.index, "answer": s.answer, "pairing": s.pairing,
                            "valid": s.valid, "invalid": list(s.reasons),
                            "faithful": s.faithful, "unfaithful": {k: v for k, v in s.word_faults.items() if v},
                            "repairs": list(s.repairs)}
    if s.alignment is not None and not s.faithful:
        data["words"] = marked_words(s)
    for policy, result in s.results.items():
        data[policy] = {"status": result.status.value, "message": result.message,
                        "scores": {k: (0.0 if v is None else v) for k, v in result.scores.items()}}
    return data


def marked_words(s: Any) -> list[dict[str, str]]:
    """The sentence's words in gold order with the system's changes marked: each
    ``{"kind": same|changed|dropped|reordered|added, "gold": .., "system": ..}``; an added
    word stands after the gold word before it."""
    al = s.alignment
    if al is None:
        return [{"kind": "same", "gold": w, "system": w} for w in s.gold_words]
    kinds = al.system_kind(len(s.system_words))
    s2g = {j: i for i, j in enumerate(al.gold_to_system) if j >= 0}
    # an added word goes after the gold word its system neighbour before it stands for
    after: dict[int, list[int]] = {}
    last = -1
    for j, kind in enumerate(kinds):
        if kind == "added":
            after.setdefault(last, []).append(j)
        elif kind in ("same", "changed"):
            last = s2g[j]
    out: list[dict[str, str]] = [{"kind": "added", "gold": "", "system": s.system_words[j]}
                                 for j in after.get(-1, [])]
    for i, word in enumerate(s.gold_words):
        j = al.gold_to_system[i]
        out.append({"kind": al.gold_kind[i], "gold": word,
                    "system": s.system_words[j] if j >= 0 else ""})
        out += [{"kind": "added", "gold": "", "system": s.system_words[k]} for k in after.get(i, [])]
    return out


def system_json(system: LlmSystem, profile: Profile, sentences: bool = True) -> dict[str, Any]:
    """One system's LLM report as JSON: the rates, and both policies' figures side by side."""
    r = system.report
    data: dict[str, Any] = {
        "system": system.path, "read_as": system.output.mode, "answers": r.answers,
        "chatter_lines": len(system.output.chatter),
        "validity": r.validity_counts(), "faithfulness": r.faithfulness_counts(),
        "rates": {k: (0.0 if v is None else v) for k, v in r.rates().items()},
        "policies": {p: {"summary": figures(r, p), "flags": flags(r, p)} for p in r.summaries},
        "repairs": dict(r.repairs().most_common()),
        "extra_answers": list(r.extra)}
    if sentences:
        data["sentences"] = [sentence_json(s) for s in r.sentences]
    return data
