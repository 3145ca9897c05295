"""`tcompare score ... --secondary la,ted,functions [--ted-time-limit S]` for every
constituency profile (docs/cli-secondary.md).

The profile's own runner prints its report first, unchanged; then the secondary scores
follow: a text block after the text report, or a ``"secondary"`` key added at the end of the
JSON object.  The pairs are the profile's own (`pairing.pair_corpora`); the figures come from
`scoring.secondary` (this module only reads files and prints).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, Callable, TextIO

from tcompare.scoring import function_tags, secondary

OPTIONS = ("--secondary", "--ted-time-limit")


def split_argv(argv: list[str]) -> tuple[str | None, str | None, list[str]]:
    """(``--secondary`` value, ``--ted-time-limit`` value, the other arguments)."""
    found: dict[str, str | None] = {name: None for name in OPTIONS}
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, value = arg.partition("=")
        if name in OPTIONS:
            if not eq:
                i += 1
                value = argv[i] if i < len(argv) else ""
            found[name] = value
        else:
            rest.append(arg)
        i += 1
    return found["--secondary"], found["--ted-time-limit"], rest


def _peek(argv: list[str]) -> argparse.Namespace:
    # (no abbreviations: disco-dop's --la must not be read as --labeled)
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    for name in ("--format", "--gold-format", "--system-format", "--encoding", "--output",
                 "-p", "--prm", "--profile"):
        pre.add_argument(name)
    pre.add_argument("--labeled")
    pre.add_argument("-l", action="store_true")
    pre.add_argument("--summary-only", action="store_true")
    pre.add_argument("files", nargs="*")
    known, _ = pre.parse_known_args(argv)
    return known


def run(argv: list[str], profile_name: str, runner: Callable[[list[str]], int],
        out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    which_text, limit_text, rest = split_argv(argv)
    from tcompare.scoring import profiles

    profile = profiles.get(profile_name)
    try:
        which = secondary.parse_scores(which_text or "")
        limit = float(limit_text) if limit_text is not None else secondary.DEFAULT_TIME_LIMIT
        if limit < 0:
            raise ValueError("--ted-time-limit must be 0 (no limit) or more seconds")
    except ValueError as exc:
        err.write(f"tcompare score: {exc}\n")
        return 2
    if profile.kind != "constituency":
        err.write(f"tcompare score: --secondary scores constituency trees; profile "
                  f"{profile.name} is a {profile.kind} profile\n")
        return 2
    args = _peek(rest)
    output = args.output or "text"
    if output not in ("text", "rsl", "json"):
        err.write("tcompare score: --secondary is written with --output text (rsl) or json\n")
        return 2
    has_prm = any(o.name == "prm" for o in profile.options)
    if len(args.files) != 2 and not (len(args.files) == 3 and has_prm):
        err.write("tcompare score: --secondary takes one gold and one system file\n")
        return 2
    if "-" in args.files[:2]:
        err.write("tcompare score: --secondary reads the files a second time: give file names, "
                  "not '-'\n")
        return 2
    captured = io.BytesIO()
    wrapper = io.TextIOWrapper(captured, encoding="utf-8", newline="", write_through=True)
    saved = sys.stdout
    sys.stdout = wrapper
    try:
        code = runner(rest)
    finally:
        wrapper.flush()
        sys.stdout = saved
    report = captured.getvalue().decode("utf-8", errors="surrogateescape")
    if code != 0:
        out.write(report)
        return code
    try:
        rows, pairs = _score(profile, args, which, limit or None)
    except Exception as exc:           # the report stands; the secondary block says why not
        out.write(report)
        err.write(f"tcompare score: secondary scores not computed: {exc}\n")
        return 1
    total = secondary.corpus(rows, which)
    if output == "json":
        out.write(_json_with(report, rows, pairs, total, which, limit, args.summary_only))
    else:
        out.write(report)
        out.write(text_block(rows, pairs, total, which, limit, args.summary_only))
    return 0


def _score(profile: Any, args: argparse.Namespace, which: tuple[str, ...], limit: float | None
           ) -> tuple[list[secondary.PairScores], list[tuple[int, int]]]:
    from tcompare import formats
    from tcompare.scoring.pairing import pair_corpora

    gold = formats.read_file(args.files[0], args.gold_format or args.format, args.encoding)
    system = formats.read_file(args.files[1], args.system_format or args.format, args.encoding)
    options: dict[str, Any] = {}
    prm = args.p or args.prm or (args.files[2] if len(args.files) == 3 else None)
    if prm and any(o.name == "prm" for o in profile.options):
        options["prm"] = prm
    if (args.l or args.labeled == "0") and any(o.name == "labeled" for o in profile.options):
        options["labeled"] = 0
    config = profile.prepare(options)
    rules = secondary.rules_for(profile, config)
    rows: list[secondary.PairScores] = []
    numbers: list[tuple[int, int]] = []
    for pair in pair_corpora(gold, system, profile):
        if len(pair.gold) != 1 or len(pair.system) != 1:
            kind = "no system sentence" if not pair.system else (
                "no gold sentence" if not pair.gold else "joined or split sentences")
            rows.append(secondary.PairScores(problem=kind))
        else:
            g, s = gold[pair.gold[0]].item, system[pair.system[0]].item
            if g is None or s is None:
                rows.append(secondary.PairScores(problem="unreadable sentence"))
            else:
                rows.append(secondary.score_pair(g, s, rules, which, limit))
        numbers.append((pair.gold[0] + 1 if pair.gold else 0,
                        pair.system[0] + 1 if pair.system else 0))
    return rows, numbers


def _fmt(value: float | None, width: int = 7) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:{width}.2f}"


def text_block(rows: list[secondary.PairScores], pairs: list[tuple[int, int]],
               total: secondary.CorpusScores, which: tuple[str, ...], limit: float,
               summary_only: bool) -> str:
    lines = ["", "-- secondary scores (docs/cli-secondary.md) --"]
    if not summary_only:
        head = "  Gold   Sys  Words"
        if "la" in which:
            head += "       LA"
        if "ted" in which:
            head += "    TED  Denom  TEDsim"
        if "functions" in which:
            head += "  FUN-F1"
        lines.append(head)
        for row, (g, s) in zip(rows, pairs):
            line = f"{g:6d}{s:6d}{row.words:7d}"
            if row.problem:
                lines.append(line + f"  not scored: {row.problem}")
                continue
            if "la" in which:
                line += "  " + _fmt(secondary.percent(row.la))
            if "ted" in which and row.ted is not None:
                if row.ted.computed:
                    line += f"  {row.ted.distance:5d}  {row.ted.denominator:5d}  " + \
                        _fmt(secondary.percent(row.ted.similarity), 6)
                else:
                    line += f"  {'not computed (' + row.ted.reason + ')':>20}"
            if "functions" in which and row.functions is not None:
                tally = function_tags.Tally()
                tally.add(row.functions)
                line += "  " + _fmt(secondary.percent(tally.f1), 6)
            lines.append(line)
        lines.append("")
    figures = total.figures()
    if "la" in which:
        lines.append(f"leaf-ancestor (mean of sentences)  {_fmt(figures['leaf_ancestor'])}")
        if total.la_not_computed:
            shown = ", ".join(str(pairs[i][0]) for i in total.la_not_computed)
            lines.append(f"leaf-ancestor not computed (time limit {limit:g} s per sentence): "
                         f"{len(total.la_not_computed)} sentence(s), gold {shown}")
    if "ted" in which and total.ted is not None:
        lines.append(f"tree-dist (Dice micro avg)         {_fmt(figures['ted_dice'])}"
                     f"   ({total.ted.distance} / {total.ted.denominator})")
        if total.ted.not_computed:
            shown = ", ".join(str(pairs[i][0]) for i in total.ted_not_computed)
            lines.append(f"tree-dist not computed (time limit {limit:g} s per sentence): "
                         f"{len(total.ted.not_computed)} sentence(s), gold {shown}")
    if "functions" in which:
        f = total.functions
        lines.append("function tags P / R / F1          "
                     f"{_fmt(figures['function_precision'])} {_fmt(figures['function_recall'])} "
                     f"{_fmt(figures['function_f1'])}   ({f.matched} matched, {f.gold} gold, "
                     f"{f.system} system)")
    if total.not_scored:
        reasons = sorted({why for _, why in total.not_scored})
        lines.append(f"not scored: {len(total.not_scored)} pair(s): {'; '.join(reasons)}")
    return "\n".join(lines) + "\n"


def _json_with(report: str, rows: list[secondary.PairScores], pairs: list[tuple[int, int]],
               total: secondary.CorpusScores, which: tuple[str, ...], limit: float,
               summary_only: bool) -> str:
    """The profile's JSON object with a ``"secondary"`` key added at its end (its own bytes
    kept: no re-parse of a large report)."""
    figures = total.figures()
    flags = [f"secondary.{k}:undefined" for k, v in figures.items() if v is None]
    block: dict[str, Any] = {
        "scores": list(which), "ted_time_limit": limit or None,
        "summary": {k: (0.0 if v is None else v) for k, v in figures.items()},
        "flags": flags,
        "not_computed": {"ted_time_limit": [pairs[i][0] for i in total.ted_not_computed]
                         if total.ted is not None else [],
                         "leaf_ancestor_time_limit": [pairs[i][0] for i in total.la_not_computed]},
        "not_scored": [{"gold": pairs[i][0], "system": pairs[i][1], "reason": why}
                       for i, why in total.not_scored]}
    if not summary_only:
        block["sentences"] = [{"gold": g, "system": s, **secondary.pair_json(row, which)}
                              for row, (g, s) in zip(rows, pairs)]
    body = report.rstrip()
    if not body.endswith("}"):
        raise ValueError("the profile's JSON report does not end with '}'")
    return body[:-1].rstrip() + ',\n  "secondary": ' + json.dumps(block, ensure_ascii=False) + "\n}\n"
