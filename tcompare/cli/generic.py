"""The score runner shared by profiles without a reference program to imitate byte for byte.

Reads both files with the format registry, pairs sentences by position, scores each pair
with the profile, and prints a text table (the profile's `render_text` when it has one),
JSON (the contract in spec/cli.md) or CSV.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any, TextIO

from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.base import Profile, SentenceResult, Summary
from tcompare.scoring.pairing import kind_problem, pair_records


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


def to_json(profile: Profile, options: dict, results: list[SentenceResult], summary: Summary,
            summary_only: bool) -> dict:
    data = {"profile": profile.name, "options": options}
    data.update(summary.to_json())
    data["sentences"] = [] if summary_only else [r.to_json() for r in results]
    return data


def write_csv(profile: Profile, results: list[SentenceResult], summary: Summary, out: TextIO,
              summary_only: bool = False) -> None:
    """Per-sentence rows (unless `summary_only`), a blank line, then ``metric,value`` rows."""
    writer = csv.writer(out, lineterminator="\n")
    if not summary_only:
        keys = list(profile.columns) or sorted({k for r in results for k in r.scores})
        writer.writerow(["index", "status", *keys, "message"])
        for r in results:
            writer.writerow([r.index, r.status.value, *[r.scores.get(k, "") for k in keys],
                             r.message])
        writer.writerow([])
    writer.writerow(["metric", "value"])
    for key, value in summary.metrics.items():
        writer.writerow([key, value])
    for group, metrics in summary.groups.items():
        for key, value in metrics.items():
            writer.writerow([f"{group}.{key}", value])


def main(argv: list[str], profile_name: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    profile = profiles.get(profile_name)
    args = build_parser(profile).parse_args(argv)
    options = {o.name: getattr(args, o.name) for o in profile.options}
    try:
        gold = formats.read_file(args.gold, args.gold_format or args.format)
        system = formats.read_file(args.system, args.system_format or args.format)
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
    for problem in gold.file_errors + system.file_errors:
        err.write(f"{problem}\n")
    if len(gold) != len(system):
        err.write(f"tcompare score: {args.gold} has {len(gold)} sentences, {args.system} has "
                  f"{len(system)}; the extra ones are reported as errors\n")
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
    if args.output in ("json", "csv"):     # written one sentence at a time (issue 15)
        from tcompare.cli import stream_out
        from tcompare.scoring.pairing import iter_scores

        stream = stream_out.released(gold, system, iter_scores(gold, system, profile, config))
        if args.output == "json":
            results = stream_out.write_json(
                out, {"profile": profile.name, "options": options}, stream,
                lambda kept: stream_out.summary_json(profile.aggregate(kept, config)),
                args.summary_only)
        else:
            results, _ = stream_out.write_csv(out, profile, stream,
                                              lambda kept: profile.aggregate(kept, config),
                                              args.summary_only)
    else:
        results = pair_records(gold, system, profile, config)
        summary = profile.aggregate(results, config)
    if args.output == "text":
        render = getattr(profile, "render_text", None)
        if render is not None:
            out.write(render(results, summary, config, summary_only=args.summary_only))
        else:
            default_text(profile, results, summary, out, args.summary_only)
    if results and not any(r.valid for r in results):
        # every pair failed: the figures above are empty, the input was not scored as a whole
        err.write(f"tcompare score: no sentence of {args.gold} / {args.system} could be "
                  "scored\n")
        return 1
    return 0
