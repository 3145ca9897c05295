"""`tcompare explain GOLD SYSTEM --sentence N [--profile P] [-p PRM] [--output text|html|json]`.

Prints how one sentence's figures are counted (`tcompare.analysis.explain`): what is not
scored and why, the gold items in order with their system partners and verdicts, the
system items left over, the tags, and each figure with its counts.  ``--summary`` explains
the corpus figures instead (micro from summed counts, macro as SIGHAN-2012 means).
Exit codes: 0 success, 1 input could not be read or the sentence does not exist, 2 usage.
`load_pair` is shared with `tcompare export`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from tcompare import formats
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles
from tcompare.scoring.base import Profile, SentenceResult


@dataclass
class Loaded:
    """Both corpora, the profile and its config, and sentence N's pair and result."""

    gold: Corpus
    system: Corpus
    profile: Profile
    config: Any
    position: int               # 0-based
    gold_item: Any
    system_item: Any
    result: SentenceResult


class CliError(Exception):
    """A message for stderr and exit code 1."""


class CliUsage(CliError):
    """A usage mistake (unknown profile or option, bad option value): exit code 2."""


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--sentence", "-n", type=int, default=1, help="sentence number (1-based)")
    parser.add_argument("--profile", help="scoring profile (default: the notation's)")
    parser.add_argument("--format", help="notation of both files (default: sniffed)")
    parser.add_argument("-p", "--prm", help="EVALB parameter file (evalb profile)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a profile option, e.g. --option task=srl (repeatable)")


def _option_value(profile: Profile, name: str, text: str) -> Any:
    for option in profile.options:
        if option.name == name:
            if option.type is bool:
                return text.lower() in ("1", "true", "yes", "on")
            try:
                return option.type(text)
            except ValueError:
                raise CliUsage(f"option {name}: {text!r} is not a valid "
                               f"{option.type.__name__}") from None
    raise CliUsage(f"profile {profile.name} has no option {name!r}; known: "
                   f"{', '.join(o.name for o in profile.options) or 'none'}")


def load_pair(args: argparse.Namespace, command: str) -> Loaded:
    """Read both files, pick the profile, score sentence ``args.sentence``.

    Raises
    ------
    CliError with a message naming the file when anything cannot be done.
    """
    try:
        gold = formats.read_file(args.gold, args.format)
        system = formats.read_file(args.system, args.format)
    except formats.ReadError as exc:
        raise CliError(str(exc)) from None
    name = args.profile or profiles.default_for(gold.notation)
    if name not in profiles.PROFILE_MODULES:
        raise CliUsage(f"unknown profile {name!r}; known: {', '.join(profiles.PROFILE_MODULES)}")
    profile = profiles.get(name)
    from tcompare.scoring.pairing import kind_problem

    for corpus in (gold, system):
        problem = kind_problem(profile, corpus)
        if problem:
            raise CliError(problem)
    options: dict[str, Any] = {}
    if args.prm:
        options["prm"] = args.prm
    for pair in args.option:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliUsage(f"--option needs NAME=VALUE, got {pair!r}")
        options[key.replace("-", "_")] = _option_value(profile, key.replace("-", "_"), value)
    try:
        config = profile.prepare(options)
    except OSError as exc:
        raise CliError(f"cannot read {exc.filename or args.prm}: {exc.strerror}") from None
    except ValueError as exc:          # an option value the profile rejects
        raise CliUsage(str(exc)) from None
    total = max(len(gold), len(system))
    position = args.sentence - 1
    if not 0 <= position < total:
        raise CliError(f"{args.gold}: there is no sentence {args.sentence} (the files have {total})")
    from tcompare.scoring.pairing import score_pair

    if command == "export":     # a sentence far past what a drawing holds is not even parsed
        from tcompare.export.limits import EARLY_LIMIT
        from tcompare.formats.sizes import refusal

        too_big = refusal((gold, system), EARLY_LIMIT, command, [position])
        if too_big:
            raise CliError(too_big)
    g = gold[position].item if position < len(gold) and gold[position].error is None else None
    s = system[position].item if position < len(system) and system[position].error is None else None
    if command == "export":     # before scoring: a sentence too big to draw is not scored either
        from tcompare.export.limits import too_big

        refusal = too_big(g, s)
        if refusal:
            raise CliError(f"sentence {args.sentence}: {refusal}")
    result = score_pair(gold, system, position, profile, config)
    return Loaded(gold, system, profile, config, position, g, s, result)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare explain",
                                     description="Explain step by step how a sentence's score is counted.")
    add_common(parser)
    parser.add_argument("--output", choices=("text", "html", "json"), default="text")
    parser.add_argument("--summary", action="store_true",
                        help="explain the corpus figures instead of one sentence")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.analysis.explain import explain, explain_summary

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        loaded = load_pair(args, "explain")
    except CliError as exc:
        err.write(f"tcompare explain: {exc}\n")
        return 2 if isinstance(exc, CliUsage) else 1
    if args.summary:
        from tcompare.scoring.pairing import pair_records

        results = pair_records(loaded.gold, loaded.system, loaded.profile, loaded.config)
        summary = loaded.profile.aggregate(results, loaded.config)
        explanation = explain_summary(results, summary, loaded.profile, loaded.config)
    else:
        explanation = explain(loaded.result, loaded.profile, loaded.gold_item, loaded.system_item,
                              loaded.config)
    if args.output == "json":
        json.dump(explanation.to_json(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif args.output == "html":
        out.write(explanation.to_html() + "\n")
    else:
        out.write(explanation.to_text())
    return 0
