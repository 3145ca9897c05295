"""`tcompare score --profile phenomena --phenomena GOLD_LIST [--rules RULES] [--variant
singleton|exhaustive] [--weighting sentence|phenomenon] [--format NOTATION]
[--output text|json|csv] [--summary-only] [--explain] PARSES`

Contract: spec/cli.md "Phenomena".  PARSES is any treebank the format registry reads; line i
of GOLD_LIST belongs to sentence i of PARSES.  Without ``--rules`` the shipped rule file for
the notation of PARSES is used.  The variant defaults to singleton when any gold line has an
errors column, exhaustive otherwise.  Running it on a gold treebank checks the rules: every
listed phenomenon should be recognised (recall 1).

Exit codes: 0 scored; 1 a file cannot be read (gold list, rules, parses); 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from tcompare import formats
from tcompare.analysis.patterns import RuleFileError, load_rules, shipped_rules
from tcompare.analysis.patterns.goldlist import GoldListError, is_singleton, read_gold_list
from tcompare.cli.generic import write_csv
from tcompare.scoring import profiles


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score --profile phenomena",
        description="Cross-framework evaluation by phenomena (seed 004): recognise the "
                    "phenomena each parse shows and score them against a gold list.")
    parser.add_argument("parses", help="parser output (or a gold treebank, to check the rules)")
    parser.add_argument("--profile", default="phenomena")
    parser.add_argument("--phenomena", required=True, metavar="GOLD_LIST",
                        help="TSV: ID<TAB>phenomena<TAB>errors, lists ';'-separated")
    parser.add_argument("--rules", help="rule file (TOML); default: shipped rules for the notation")
    parser.add_argument("--variant", choices=("singleton", "exhaustive"),
                        help="default: singleton if the gold list has an errors column")
    parser.add_argument("--weighting", choices=("sentence", "phenomenon"), default="sentence")
    parser.add_argument("--format", help="notation of PARSES (default: sniffed)")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--explain", action="store_true",
                        help="show which pattern fired on which nodes (text and json)")
    return parser


def main(argv: list[str], profile_name: str = "phenomena", out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    profile = profiles.get(profile_name)
    try:
        gold = read_gold_list(args.phenomena)
    except GoldListError as exc:
        for problem in exc.problems:
            err.write(f"tcompare score: {problem}\n")
        return 1
    try:
        corpus = formats.read_file(args.parses, args.format)
    except formats.ReadError as exc:
        err.write(f"tcompare score: {exc}\n")
        return 1
    for problem in corpus.file_errors:
        err.write(f"{problem}\n")
    try:
        if args.rules:
            rules = load_rules(args.rules)
        else:
            sample = "".join(r.source for r in corpus.records[:20])
            rules = shipped_rules(corpus.notation, sample)
    except RuleFileError as exc:
        for problem in exc.problems:
            err.write(f"tcompare score: {problem}\n")
        return 1
    if rules is None:
        err.write(f"tcompare score: no shipped phenomenon rules for notation {corpus.notation!r}; "
                  "give a rule file with --rules\n")
        return 1
    if not rules.covers(corpus.notation):
        err.write(f"tcompare score: {rules.path} has no patterns for notation "
                  f"{corpus.notation!r} (it covers {', '.join(rules.covered_notations()) or 'none'})\n")
        return 1
    known = set(rules.names)
    for entry in gold:
        for name in entry.phenomena + entry.errors:
            if name not in known:
                err.write(f"{args.phenomena}:{entry.line}: warning: no rule in {rules.path} "
                          f"recognises {name!r}\n")
    variant = args.variant or ("singleton" if is_singleton(gold) else "exhaustive")
    options = {"variant": variant, "weighting": args.weighting, "notation": corpus.notation}
    config = profile.prepare({**options, "rules": rules})
    if len(corpus) != len(gold):
        err.write(f"tcompare score: {args.phenomena} lists {len(gold)} sentences, {args.parses} "
                  f"has {len(corpus)}; "
                  + ("missing parses get precision 0\n" if len(corpus) < len(gold)
                     else "the extra parses are not scored\n"))
    results = []
    for i, entry in enumerate(gold):
        if i >= len(corpus):
            results.append(profile.score_missing(entry, config, i + 1,
                                                 f"{args.parses}: no parse for this sentence"))
            continue
        record = corpus[i]
        if record.error is not None:
            results.append(profile.score_missing(entry, config, i + 1, str(record.error)))
            continue
        results.append(profile.score(entry, record.item, config, i + 1))
    summary = profile.aggregate(results, config)
    rules_name = args.rules or f"shipped:{Path(rules.path).name}"
    options["rules"] = rules_name
    if args.output == "json":
        data = {"profile": profile.name, "options": options}
        data.update(summary.to_json())
        sentences = []
        if not args.summary_only:
            for r in results:
                item = r.to_json()
                item["id"] = r.data.get("id", "")
                item["recognised"] = r.data.get("recognised", [])
                if args.explain:
                    item["explain"] = r.data.get("explain", [])
                sentences.append(item)
        data["sentences"] = sentences
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif args.output == "csv":
        write_csv(profile, results, summary, out)
    else:
        out.write(f"rules              {rules_name} (version {rules.version})\n")
        out.write(profile.render_text(results, summary, config, summary_only=args.summary_only))
        if args.explain and not args.summary_only:
            out.write("\n")
            for r in results:
                for firing in r.data.get("explain", []):
                    places = ", ".join(
                        f"{m['root']['kind']} {m['root']['ref']} [{m['start']},{m['end']})"
                        for m in firing["matches"])
                    out.write(f"{r.data.get('id', r.index)}\t{firing['phenomenon']}\t"
                              f"pattern {firing['pattern_index'] + 1}: {places}\n")
    return 0
