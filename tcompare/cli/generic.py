"""The score runner shared by profiles without a reference program to imitate byte for byte.

Reads both files with the format registry, pairs sentences by their text
(`scoring.pairing.pair_corpora`: a dropped, inserted, joined or split sentence never shifts
the others), scores each pair with the profile, and prints a text table (the profile's
`render_text` when it has one), JSON (the contract in spec/cli.md, with ``"alignment"``) or
CSV.  A 0/0 figure is 0 and named in ``flags`` (JSON) or a footnote (text).
"""

from __future__ import annotations

import argparse
import sys
from typing import Iterable, Iterator, TextIO

from tcompare import formats
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles
from tcompare.scoring.base import Profile, SentenceResult, Summary
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.pairing import (alignment_summary, is_misaligned, kind_problem,
                                      pair_corpora, score_pairs)


# profiles whose text report reads only what a slim result keeps (figures, flags, messages,
# counts: no items), so it can be scored in forked workers -- streamed through the compiled
# kernel when the files are plain one-tree-per-line files (`batch_text`)
SLIM_TEXT = frozenset({"parseval2010", "parseval2012", "sighan2012"})


def build_parser(profile: Profile) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare score", description=profile.description)
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--profile", default=profile.name)
    parser.add_argument("--format", help="notation of both files (default: sniffed)")
    parser.add_argument("--gold-format", help="notation of the gold file")
    parser.add_argument("--system-format", help="notation of the system file")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--encoding", help="encoding of both files (default: detected)")
    for option in profile.options:
        flag = "--" + option.name.replace("_", "-")
        if option.type is bool:
            parser.add_argument(flag, action="store_true", default=option.default, help=option.help)
        else:
            parser.add_argument(flag, type=option.type, default=option.default,
                                choices=option.choices, help=option.help)
    return parser


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def default_text(profile: Profile, results: list[SentenceResult], summary: Summary,
                 out: TextIO, summary_only: bool) -> None:
    keys = list(profile.columns) or sorted({k for r in results for k in r.scores})
    if not summary_only:
        out.write("  Sent  Status  " + "  ".join(f"{k:>10}" for k in keys) + "\n")
        for r in results:
            out.write(f"{r.index:6d}  {r.status.value:<6}  "
                      + "  ".join(f"{_fmt(r.scores.get(k)):>10}" for k in keys)
                      + (f"  {r.message}" if r.message else "") + "\n")
        out.write("\n")
    for key, value in summary.metrics.items():
        out.write(f"{key:<24} {_fmt(value) if not isinstance(value, int) else value}\n")
    for group, metrics in summary.groups.items():
        out.write(f"\n[{group}]\n")
        for key, value in metrics.items():
            out.write(f"  {key:<22} {_fmt(value) if not isinstance(value, int) else value}\n")
    for note in summary.notes:
        out.write(f"\nnote: {note}\n")


def zero_footnote(summary: Summary) -> str:
    """The text outputs' footnote for the 0/0 rule ("" when no figure is 0/0)."""
    flags = [f[:-4] for f in summary.all_flags() if f.endswith(":0/0")]
    if not flags:
        return ""
    return "note: figures that are 0/0 (undefined), reported as 0: " + ", ".join(flags) + "\n"


def sentence_json(r: SentenceResult) -> dict:
    data = r.to_json()
    pair = r.data.get("pair")
    if pair is not None:
        data["pair"] = pair
    return data


def to_json(profile: Profile, options: dict, results: list[SentenceResult], summary: Summary,
            summary_only: bool, pairs: list[SentencePair] | None = None) -> dict:
    data = {"profile": profile.name, "options": options}
    data.update(summary.to_json())
    if pairs is not None:
        data["alignment"] = [p.to_json() for p in pairs]
        data["alignment_counts"] = alignment_summary(pairs)
    data["sentences"] = [] if summary_only else [sentence_json(r) for r in results]
    return data


def write_csv(profile: Profile, results: list[SentenceResult], summary: Summary, out: TextIO,
              summary_only: bool = False) -> None:
    """Per-sentence rows (unless `summary_only`), a blank line, then ``metric,value`` rows:
    `stream_out.write_csv` over results already in hand."""
    from tcompare.cli import stream_out

    stream_out.write_csv(out, profile, results, lambda _kept: summary, summary_only)


def released_pairs(gold: Corpus, system: Corpus, pairs: list[SentencePair],
                   results: Iterable[SentenceResult]) -> Iterator[SentenceResult]:
    """Pass `results` (one per pair) through, forgetting each pair's parsed trees once it is
    scored, so a streamed pass keeps only the sources."""
    for pair, result in zip(pairs, results):
        yield result
        for corpus, indices in ((gold, pair.gold), (system, pair.system)):
            for k in indices:
                corpus[k].release()


def misalignment_note(gold_path: str, system_path: str, n_gold: int, n_system: int,
                      pairs: list[SentencePair], counts: dict[str, int] | None = None) -> str:
    """The stderr line saying how the sentences were paired when the files do not line up
    (`counts`: the pairs' `alignment_summary`, when the pairs are not at hand)."""
    if counts is None:
        counts = alignment_summary(pairs)
    parts = [f"{v} {k}" for k, v in counts.items() if v and k != "same"]
    return (f"tcompare score: {gold_path} has {n_gold} sentences, {system_path} has {n_system}; "
            f"sentences paired by their text: {counts['same']} same, " + ", ".join(parts)
            + " (see \"alignment\" in --output json)\n")


def batch_text(profile: Profile, options: dict, args: argparse.Namespace, out: TextIO,
               err: TextIO) -> int | None:
    """The text report of one-tree-per-line files streamed through `scoring.zhbatch` (no
    tree per sentence, flat memory), or None when the files need the usual reading."""
    from tcompare.formats.lines import PairedLines
    from tcompare.scoring import zh as zh_face

    try:
        config = profile.prepare(options)
    except Exception:                  # the usual path reports it
        return None
    outcome = zh_face.text_report(profile, config, PairedLines(args.gold, args.system),
                                  args.gold_format or args.format,
                                  args.system_format or args.format, out, args.summary_only)
    if outcome is None:
        return None
    tally, summary = outcome
    out.write(zero_footnote(summary))
    if tally.results and not tally.valid:
        err.write(f"tcompare score: no sentence of {args.gold} / {args.system} could be "
                  "scored\n")
        return 1
    return 0


def main(argv: list[str], profile_name: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    profile = profiles.get(profile_name)
    args = build_parser(profile).parse_args(argv)
    options = {o.name: getattr(args, o.name) for o in profile.options}
    if args.output == "text" and profile.name in SLIM_TEXT and not args.encoding:
        code = batch_text(profile, options, args, out, err)
        if code is not None:
            return code
    try:
        gold = formats.read_file(args.gold, args.gold_format or args.format, args.encoding)
        system = formats.read_file(args.system, args.system_format or args.format, args.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare score: {exc}\n")
        return 1
    for corpus, path in ((gold, args.gold), (system, args.system)):
        if not len(corpus):
            continue      # an empty file is in no notation: scored as 'no sentence' below
        if profile.notations and corpus.notation not in profile.notations:
            err.write(f"tcompare score: profile {profile.name} reads "
                      f"{', '.join(profile.notations)}; {path} looks like {corpus.notation} "
                      "(use --format)\n")
            return 1
        problem = kind_problem(profile, corpus)
        if problem:
            err.write(f"tcompare score: {problem}\n")
            return 1
    from tcompare.formats.sizes import SCORE_LIMIT, refusal

    too_big = refusal((gold, system), SCORE_LIMIT, "score")
    if too_big:        # refused before a tree is built, never scored as a wrong number
        err.write(f"tcompare score: {too_big}\n")
        return 1
    for problem in gold.file_errors + system.file_errors:
        err.write(f"{problem}\n")
    try:
        config = profile.prepare(options)
    except OSError as exc:             # an option naming a file that cannot be read
        err.write(f"tcompare score: cannot read {exc.filename}: {exc.strerror}\n")
        return 1
    except ValueError as exc:          # an option value the profile rejects
        err.write(f"tcompare score: {exc}\n")
        return 2
    check = getattr(profile, "input_errors", None)
    if check is not None:
        messages, fatal = check(config)
        for message in messages:
            err.write(f"tcompare score: {message}\n")
        if fatal:
            return 1
    if args.output == "text" and profile.name in SLIM_TEXT:
        # pairing and scoring in forked workers, each sentence parsed once
        from tcompare.scoring.batch import aligned_slim_results

        pairs, results = aligned_slim_results(gold, system, profile, config)
    else:
        pairs = pair_corpora(gold, system, profile)
        results = []
    if len(gold) != len(system) or is_misaligned(pairs):
        err.write(misalignment_note(args.gold, args.system, len(gold), len(system), pairs))
    if args.output in ("json", "csv"):     # written one sentence at a time
        from tcompare.cli import stream_out

        stream = released_pairs(gold, system, pairs, score_pairs(gold, system, pairs, profile, config))
        if args.output == "json":
            head = {"profile": profile.name, "options": options,
                    "alignment": (p.to_json() for p in pairs),
                    "alignment_counts": alignment_summary(pairs)}
            results = stream_out.write_json(
                out, head, stream,
                lambda kept: stream_out.summary_json(profile.aggregate(kept, config)),
                args.summary_only)
        else:
            results, _ = stream_out.write_csv(out, profile, stream,
                                              lambda kept: profile.aggregate(kept, config),
                                              args.summary_only)
    else:
        if not results:
            results = list(score_pairs(gold, system, pairs, profile, config))
        summary = profile.aggregate(results, config)
    if args.output == "text":
        render = getattr(profile, "render_text", None)
        if render is not None:
            out.write(render(results, summary, config, summary_only=args.summary_only))
        else:
            default_text(profile, results, summary, out, args.summary_only)
        out.write(zero_footnote(summary))
    if results and not any(r.valid for r in results):
        # every pair failed: the figures above are empty, the input was not scored as a whole
        err.write(f"tcompare score: no sentence of {args.gold} / {args.system} could be "
                  "scored\n")
        return 1
    return 0
