"""`tcompare compare GOLD SYS_A SYS_B [SYS_C ...] [--profile NAME] [--shuffles N] [--seed S]
[--ci LEVEL] [--ci-trials N] [--output text|json|csv]`.

Scores every system against the same gold with one profile (any profile in the registry:
pairing and scoring go through `tcompare.scoring.pairing`, figures through the profile's
own `aggregate`), then `tcompare.analysis.significance.compare_systems` runs the stratified
shuffling test on every pair (sentence-level swaps, so per-sentence means such as SIGHAN
macro P/R/F1 and complete match are tested too), Holm-adjusts each figure's p-values over
all pairs, and bootstraps a confidence interval for each figure.  Two systems print the
A/B table of before (Holm = p for one pair); more print one row per pair and a matrix of
Holm-adjusted p-values per figure.  Profile options are accepted as for ``tcompare score``
(``--score-punct``, ``--prm FILE`` ...).

Exit status: 0 success, 1 a file cannot be read or has a notation the profile does not
read, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare import formats
from tcompare.cli import compare_out
from tcompare.scoring import profiles
from tcompare.scoring.batch import slim_results
from tcompare.scoring.pairing import kind_problem
from tcompare.analysis.significance import DEFAULT_CI_TRIALS, DEFAULT_TRIALS, compare_systems


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
        description="Significance of the differences between systems (stratified shuffling, "
                    "Holm-adjusted over all pairs) and bootstrap confidence intervals.")
    parser.add_argument("gold")
    parser.add_argument("systems", nargs="+", metavar="SYSTEM", help="two or more system files")
    parser.add_argument("--profile", default=profile.name if profile else None)
    parser.add_argument("--format", help="notation of the files (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of the files (default: detected)")
    parser.add_argument("--shuffles", "--trials", dest="shuffles", type=int, default=DEFAULT_TRIALS,
                        metavar="N", help="shuffling rounds per pair (default %(default)s)")
    parser.add_argument("--seed", type=int, default=None, metavar="S")
    parser.add_argument("--ci", type=float, default=0.95, metavar="LEVEL",
                        help="bootstrap confidence level (default 0.95; 0: no intervals)")
    parser.add_argument("--ci-trials", type=int, default=DEFAULT_CI_TRIALS, metavar="N",
                        help="bootstrap resamples (default %(default)s)")
    parser.add_argument("--metrics", metavar="A,B", help="figures to test (default: the "
                        "profile's headline figures)")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
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
    parser = build_parser(profile)
    args = parser.parse_args(argv)
    if len(args.systems) < 2:
        parser.error("give GOLD and at least two SYSTEM files")     # exit 2
    if args.shuffles < 1 or args.ci_trials < 1:
        err.write("tcompare compare: --shuffles and --ci-trials must be at least 1\n")
        return 2
    if not 0 <= args.ci < 1:
        err.write("tcompare compare: --ci must be a level between 0 and 1 (0: no intervals)\n")
        return 2
    options = {o.name: getattr(args, o.name) for o in profile.options}
    paths = [args.gold, *args.systems]
    corpora = []
    for path in paths:
        try:
            corpora.append(formats.read_file(path, args.format, args.encoding))
        except formats.ReadError as exc:
            err.write(f"tcompare compare: {exc}\n")
            return 1
    gold, systems = corpora[0], corpora[1:]
    if profile.notations and gold.notation not in profile.notations:
        err.write(f"tcompare compare: profile {profile.name} reads {', '.join(profile.notations)}; "
                  f"{args.gold} looks like {gold.notation} (use --format)\n")
        return 1
    for corpus in corpora:
        problem = kind_problem(profile, corpus)
        if problem:
            err.write(f"tcompare compare: {problem}\n")
            return 1
    for system, path in zip(systems, args.systems):
        if len(system) != len(gold):
            # the test swaps sentence i of two systems: every system needs one parse per gold
            # sentence, in order (spec/metrics.md 7: a missing parse keeps its place)
            err.write(f"tcompare compare: {path} has {len(system)} sentences, {args.gold} has "
                      f"{len(gold)}; the significance test pairs sentence i of every system "
                      "with gold sentence i, so each system needs one parse per gold sentence "
                      "(an unparsed sentence: a blank line or () in its place)\n")
            return 1
    try:
        config = profile.prepare(options)
    except OSError as exc:             # --prm (or another option file) cannot be read
        err.write(f"tcompare compare: cannot read {exc.filename}: {exc.strerror}\n")
        return 1
    except ValueError as exc:          # an option value the profile rejects
        err.write(f"tcompare compare: {exc}\n")
        return 2
    names = _unique(args.systems)
    # counts only (no items): through the profile's block scorer where it has one (EVALB's
    # compiled kernel), equal to `pair_records` otherwise
    results = {n: slim_results(gold, s, profile, config, 0, len(gold)) for n, s in zip(names, systems)}
    figures = ([m.strip() for m in args.metrics.split(",") if m.strip()] if args.metrics
               else list(profile.headline) or None)
    test = compare_systems(profile, config, results, figures, trials=args.shuffles, seed=args.seed,
                           level=args.ci or None, ci_trials=args.ci_trials)
    if args.metrics and not test.figures:
        err.write(f"tcompare compare: none of {args.metrics} is a figure of profile "
                  f"{profile.name} that can be tested\n")
        return 2
    if args.output == "json":
        json.dump(compare_out.to_json(test, profile.name, _jsonable(options), args.gold),
                  out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif args.output == "csv":
        compare_out.write_csv(test, out)
    else:
        compare_out.write_text(test, profile.name, args.gold, out)
    return 0


def _unique(paths: list[str]) -> list[str]:
    """System names: the paths, with ``#2``, ``#3`` ... on repeats (keys must differ)."""
    seen: dict[str, int] = {}
    names = []
    for path in paths:
        seen[path] = seen.get(path, 0) + 1
        names.append(path if seen[path] == 1 else f"{path}#{seen[path]}")
    return names


def _jsonable(options: dict) -> dict:
    return {k: (v if isinstance(v, (int, float, str, bool, type(None))) else str(v)) for k, v in options.items()}
