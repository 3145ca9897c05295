"""`tcompare compare GOLD SYS_A SYS_B [--profile NAME] [--shuffles N] [--seed S] [--output text|json]`.

Scores both systems against the same gold with one profile (any profile in the registry:
pairing and scoring go through `tcompare.scoring.pairing`, metrics through the profile's
own `aggregate`), then runs the stratified shuffling test of
`tcompare.scoring.significance` on the per-sentence counts and prints, per metric, both
systems' values, the difference and its p-value.  Profile options are accepted as for
``tcompare score`` (``--score-punct``, ``--prm FILE`` ...).

Exit status: 0 success, 1 a file cannot be read or has a notation the profile does not
read, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.pairing import kind_problem, pair_records
from tcompare.scoring.significance import (DEFAULT_SHUFFLES, profile_metrics, stratified_shuffle,
                                           summable_metrics)


def _peek_profile(argv: list[str]) -> str | None:
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--profile")
    pre.add_argument("--format")
    pre.add_argument("files", nargs="*")
    known, _ = pre.parse_known_args(argv)
    if known.profile:
        return known.profile
    if known.format:
        return profiles.default_for(known.format)
    if known.files:
        try:
            corpus = formats.read_file(known.files[0])
            return profiles.default_for(corpus.notation)
        except formats.ReadError:
            return None
    return None


def build_parser(profile) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare compare",
        description="Significance of the difference between two systems (stratified shuffling).")
    parser.add_argument("gold")
    parser.add_argument("system_a")
    parser.add_argument("system_b")
    parser.add_argument("--profile", default=profile.name if profile else None)
    parser.add_argument("--format", help="notation of the three files (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of the three files (default: detected)")
    parser.add_argument("--shuffles", type=int, default=DEFAULT_SHUFFLES, metavar="N")
    parser.add_argument("--seed", type=int, default=None, metavar="S")
    parser.add_argument("--output", choices=("text", "json"), default="text")
    for option in (profile.options if profile else ()):
        flag = "--" + option.name.replace("_", "-")
        if option.type is bool:
            parser.add_argument(flag, action="store_true", default=option.default, help=option.help)
        else:
            parser.add_argument(flag, type=option.type, default=option.default,
                                choices=option.choices, help=option.help)
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    name = _peek_profile(argv) or "evalb"
    if name not in profiles.PROFILE_MODULES:
        err.write(f"tcompare compare: unknown profile {name!r}; known: {', '.join(profiles.PROFILE_MODULES)}\n")
        return 2
    try:
        profile = profiles.get(name)
    except (ModuleNotFoundError, AttributeError):
        err.write(f"tcompare compare: profile {name!r} is not available in this build\n")
        return 2
    args = build_parser(profile).parse_args(argv)
    if args.shuffles < 1:
        err.write("tcompare compare: --shuffles must be at least 1\n")
        return 2
    options = {o.name: getattr(args, o.name) for o in profile.options}
    corpora = []
    for path in (args.gold, args.system_a, args.system_b):
        try:
            corpora.append(formats.read_file(path, args.format, args.encoding))
        except formats.ReadError as exc:
            err.write(f"tcompare compare: {exc}\n")
            return 1
    gold, sys_a, sys_b = corpora
    if profile.notations and gold.notation not in profile.notations:
        err.write(f"tcompare compare: profile {profile.name} reads {', '.join(profile.notations)}; "
                  f"{args.gold} looks like {gold.notation} (use --format)\n")
        return 1
    for corpus in corpora:
        problem = kind_problem(profile, corpus)
        if problem:
            err.write(f"tcompare compare: {problem}\n")
            return 1
    for system, path in ((sys_a, args.system_a), (sys_b, args.system_b)):
        if len(system) != len(gold):
            err.write(f"tcompare compare: {args.gold} has {len(gold)} sentences, {path} has "
                      f"{len(system)}; the unpaired ones count as errors\n")
    try:
        config = profile.prepare(options)
    except OSError as exc:             # --prm (or another option file) cannot be read
        err.write(f"tcompare compare: cannot read {exc.filename}: {exc.strerror}\n")
        return 1
    except ValueError as exc:          # an option value the profile rejects
        err.write(f"tcompare compare: {exc}\n")
        return 2
    results_a = pair_records(gold, sys_a, profile, config)
    results_b = pair_records(gold, sys_b, profile, config)
    # mixtures of A and B guard against a per-sentence mean agreeing with the summed counts
    # by coincidence on the two systems alone
    n = min(len(results_a), len(results_b))
    mixes = [[(results_a if i % 2 else results_b)[i] for i in range(n)],
             [(results_b if i % 2 else results_a)[i] for i in range(n)]]
    keys, untested = summable_metrics(profile, config, [results_a, results_b, *mixes],
                                      list(profile.headline) or None)
    test = stratified_shuffle(results_a, results_b, profile_metrics(profile, config, keys),
                              shuffles=args.shuffles, seed=args.seed)
    if args.output == "json":
        data = {"profile": profile.name, "options": _jsonable(options), "gold": args.gold,
                "system_a": args.system_a, "system_b": args.system_b}
        data.update(test.to_json())
        flags = []
        for name, metric in data["metrics"].items():   # the 0/0 rule: 0, and flagged
            for side in ("a", "b", "diff"):
                if metric.get(side) is None:
                    metric[side] = 0.0
                    flags.append(f"{name}:0/0" if side != "diff" else f"{name}.diff:0/0")
        data["flags"] = list(dict.fromkeys(flags))
        data["untested"] = untested
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(f"Profile {profile.name}; gold {args.gold}\n")
    out.write(f"  A = {args.system_a}\n  B = {args.system_b}\n")
    out.write(f"Stratified shuffling: {test.shuffles} shuffles, seed {test.seed}, "
              f"{test.sentences} sentences ({test.differing_sentences} differ between A and B)\n\n")
    out.write(f"  {'metric':<18} {'A':>9} {'B':>9} {'A-B':>9} {'p':>9}\n")
    for m in test.metrics.values():
        out.write(f"  {m.name:<18} {_f(m.a):>9} {_f(m.b):>9} {_f(m.diff, signed=True):>9} "
                  f"{'-' if m.p_value is None else format(m.p_value, '.4f'):>9}\n")
    if untested:
        out.write(f"\nnot tested (per-sentence means, not sums of counts): "
                  f"{', '.join(untested)}\n")
    return 0


def _f(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _jsonable(options: dict) -> dict:
    return {k: (v if isinstance(v, (int, float, str, bool, type(None))) else str(v)) for k, v in options.items()}
