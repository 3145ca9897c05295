"""`tcompare score --profile phenomena --phenomena GOLD_LIST [--rules RULES] [--variant
singleton|exhaustive] [--weighting sentence|phenomenon] [--format NOTATION]
[--output text|json|csv] [--summary-only] [--explain] PARSES`

Contract: spec/cli.md "Phenomena".  PARSES is any treebank the format registry reads; line i
of GOLD_LIST belongs to sentence i of PARSES.  Without ``--rules`` the shipped rule file for
the notation of PARSES is used.  The variant defaults to singleton when any gold line has an
errors column, exhaustive otherwise.  Running it on a gold treebank checks the rules: every
listed phenomenon should be recognised (recall 1).

Extra form: ``tcompare score --profile phenomena GOLD_TREES SYSTEM_PARSES`` (no gold list):
A_i is what the rules recognise in gold tree i, scored by the exhaustive formulas.

Exit codes: 0 scored; 1 a file cannot be read (gold list, rules, parses); 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from tcompare import formats
from tcompare.query import RuleFileError, RuleSet, load_rules, shipped_rules
from tcompare.query.goldlist import (GoldListError, PhenomenonGold, is_singleton,
                                                 read_gold_list)
from tcompare.cli.generic import write_csv
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles


class _Failed(Exception):
    """A problem already reported on stderr: exit 1."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score --profile phenomena",
        description="Cross-framework evaluation by phenomena (seed 004): recognise the "
                    "phenomena each parse shows and score them against a gold list.")
    parser.add_argument("files", nargs="+", metavar="PARSES",
                        help="parser output (or a gold treebank, to check the rules); or "
                             "GOLD_TREES SYSTEM_PARSES without --phenomena: the gold list is "
                             "then what the rules recognise in the gold trees (exhaustive)")
    parser.add_argument("--profile", default="phenomena")
    parser.add_argument("--phenomena", metavar="GOLD_LIST",
                        help="TSV: ID<TAB>phenomena<TAB>errors, lists ';'-separated")
    parser.add_argument("--rules", help="rule file (TOML); default: shipped rules for the notation")
    parser.add_argument("--variant", choices=("singleton", "exhaustive"),
                        help="default: singleton if the gold list has an errors column")
    parser.add_argument("--weighting", choices=("sentence", "phenomenon"), default="sentence")
    parser.add_argument("--format", help="notation of the treebank files (default: sniffed)")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--explain", action="store_true",
                        help="show which pattern fired on which nodes (text and json)")
    return parser


def _read_treebank(path: str, notation: str | None, err: TextIO) -> Corpus:
    try:
        corpus = formats.read_file(path, notation)
    except formats.ReadError as exc:
        err.write(f"tcompare score: {exc}\n")
        raise _Failed from None
    for problem in corpus.file_errors:
        err.write(f"{problem}\n")
    return corpus


def _rules(path: str | None, corpus: Corpus, err: TextIO) -> RuleSet:
    try:
        if path:
            rules = load_rules(path)
        else:
            rules = shipped_rules(corpus.notation, "".join(r.source for r in corpus.records[:20]))
    except RuleFileError as exc:
        for problem in exc.problems:
            err.write(f"tcompare score: {problem}\n")
        raise _Failed from None
    if rules is None:
        err.write(f"tcompare score: no shipped phenomenon rules for notation {corpus.notation!r}; "
                  "give a rule file with --rules\n")
        raise _Failed
    if not rules.covers(corpus.notation):
        err.write(f"tcompare score: {rules.path} has no patterns for notation "
                  f"{corpus.notation!r} (it covers {', '.join(rules.covered_notations()) or 'none'})\n")
        raise _Failed
    return rules


def _gold_from_trees(trees: Corpus, rules: RuleSet) -> list[PhenomenonGold]:
    """A_i = what the rules recognise in gold tree i (unreadable gold trees: empty lists)."""
    gold = []
    for record in trees:
        names = rules.recognise(record.item, trees.notation) if record.error is None else []
        gold.append(PhenomenonGold(str(record.index), tuple(names), (), record.line))
    return gold


def main(argv: list[str], profile_name: str = "phenomena", out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    if len(args.files) > 2 or (len(args.files) == 2) == bool(args.phenomena):
        parser.error("give --phenomena GOLD_LIST PARSES, or GOLD_TREES SYSTEM_PARSES")
    profile = profiles.get(profile_name)
    parses_path = args.files[-1]
    try:
        gold_list = None
        if args.phenomena:
            try:
                gold_list = read_gold_list(args.phenomena)
            except GoldListError as exc:
                for problem in exc.problems:
                    err.write(f"tcompare score: {problem}\n")
                raise _Failed from None
        corpus = _read_treebank(parses_path, args.format, err)
        rules = _rules(args.rules, corpus, err)
        if gold_list is None:
            gold_trees = _read_treebank(args.files[0], args.format, err)
            gold = _gold_from_trees(gold_trees, rules)
            gold_name = args.files[0]
        else:
            gold, gold_name = gold_list, args.phenomena
    except _Failed:
        return 1
    known = set(rules.names)
    for entry in gold:
        for name in entry.phenomena + entry.errors:
            if name not in known:
                err.write(f"{gold_name}:{entry.line}: warning: no rule in {rules.path} "
                          f"recognises {name!r}\n")
    variant = args.variant or ("singleton" if is_singleton(gold) else "exhaustive")
    options = {"variant": variant, "weighting": args.weighting, "notation": corpus.notation}
    config = profile.prepare({**options, "rules": rules})
    if len(corpus) != len(gold):
        err.write(f"tcompare score: {gold_name} has {len(gold)} sentences, {parses_path} "
                  f"has {len(corpus)}; "
                  + ("missing parses get precision 0\n" if len(corpus) < len(gold)
                     else "the extra parses are not scored\n"))
    results = []
    for i, entry in enumerate(gold):
        if i >= len(corpus):
            results.append(profile.score_missing(entry, config, i + 1,
                                                 f"{parses_path}: no parse for this sentence"))
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
        write_csv(profile, results, summary, out, args.summary_only)
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
    if not gold:
        # an empty gold list (or gold treebank) leaves nothing to score
        err.write(f"tcompare score: {gold_name} lists no sentence: nothing was scored\n")
        return 1
    return 0
