"""`tcompare score|table|report GOLD ANSWERS... --llm`: LLM output scored honestly
(issue 31 item 3; contract in docs/llm-output.md).

The system files are read with the lenient reader (`formats.llm`); every output names the
policy beside each number: ``strict`` (an invalid or unfaithful parse is no parse) and
``repaired`` (each repair listed), with the validity and faithfulness counts and rates.
Exit codes: 0 done, 1 a file could not be read or the profile cannot score answers,
2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence, TextIO

from tcompare.csv_cells import csv_writer
from tcompare.scoring.llm_policies import POLICIES
from tcompare.scoring.validity import REASONS
from tcompare.workspace.llm_output import (LlmRun, LlmRunError, LlmSystem, figures, flags,
                                           headline, run_llm, sentence_json, system_json)

RATES = ("valid", "faithful", "valid_and_faithful", "repaired")


def _parser(prog: str, outputs: tuple[str, ...], default: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="LLM output scored under the strict "
                                "and the repaired policy, side by side (docs/llm-output.md).")
    p.add_argument("gold")
    p.add_argument("systems", nargs="+", metavar="ANSWERS")
    p.add_argument("--llm", action="store_true", required=True,
                   help="read the system files as LLM output (lenient reader)")
    p.add_argument("--profile", help="scoring profile (default: chosen from the gold's notation)")
    p.add_argument("--format", help="notation of the gold file (default: sniffed)")
    p.add_argument("--encoding", help="encoding of all files (default: detected)")
    p.add_argument("--output", choices=outputs, default=default)
    return p


def _run(args: argparse.Namespace, err: TextIO, prog: str) -> LlmRun | None:
    try:
        run = run_llm(args.gold, args.systems, args.profile, args.format, args.encoding)
    except LlmRunError as exc:
        err.write(f"{prog}: {exc}\n")
        return None
    for system in run.systems:
        if not system.output.parses:     # scored (every sentence no parse), but say why
            kind = "tree" if run.gold.kind == "constituency" else "CoNLL row"
            err.write(f"{prog}: no {kind} found in {system.path} (the gold file {run.gold.path} "
                      f"is {run.gold.kind}): every sentence counts as no parse\n")
    return run


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


# -- score ------------------------------------------------------------------------------------

def score_main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    p = _parser("tcompare score", ("text", "json", "csv"), "text")
    p.add_argument("--summary-only", action="store_true", help="no per-sentence lines")
    args = p.parse_args(argv)
    run = _run(args, err, "tcompare score")
    if run is None:
        return 1
    if args.output == "json":
        data = {"profile": run.profile.name, "gold": args.gold, "policies": list(POLICIES),
                "systems": [system_json(s, run.profile, not args.summary_only) for s in run.systems]}
        out.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    elif args.output == "csv":
        write_csv(run, out)
    else:
        for k, system in enumerate(run.systems):
            if k:
                out.write("\n")
            write_text(run, system, out, args.summary_only)
    return 0


def write_text(run: LlmRun, system: LlmSystem, out: TextIO, summary_only: bool = False) -> None:
    r = system.report
    keys = headline(run.profile)
    v, f = r.validity_counts(), r.faithfulness_counts()
    out.write(f"LLM output {system.path} against {run.gold.path} (profile {run.profile.name}; "
              f"{v['sentences']} gold sentences, {r.answers} answers read as {system.output.mode}"
              f", {len(system.output.chatter)} lines of chatter left out)\n")
    reasons = ", ".join(f"{x.replace('_', ' ')} {v[x]}" for x in REASONS)
    out.write(f"validity      valid {v['valid']}  invalid {v['invalid']} ({reasons})  "
              f"no answer {v['missing']}\n")
    words = ", ".join(f"{x} {f[x]} in {f[x + '_sentences']}" for x in ("added", "dropped", "changed", "reordered"))
    out.write(f"faithfulness  faithful {f['faithful']}  unfaithful {f['unfaithful']} "
              f"(words {words})\n")
    rates = r.rates()
    out.write("rates         " + "  ".join(f"{k.replace('_', ' ')} {_pct(rates[k])}%" for k in RATES) + "\n")
    if r.extra:
        out.write(f"extra answers {len(r.extra)} (answers {', '.join(map(str, r.extra[:20]))}"
                  f"{' ...' if len(r.extra) > 20 else ''}: no gold sentence pairs with them)\n")
    out.write("\n" + "policy".ljust(10) + "".join(f"{k:>18}" for k in keys) + "\n")
    for policy in POLICIES:
        fig = figures(r, policy)
        out.write(policy.ljust(10) + "".join(f"{_pct(fig.get(k)):>18}" for k in keys) + "\n")
    for policy in POLICIES:
        zero = flags(r, policy)
        if zero:
            out.write(f"({policy}: 0/0 reported as 0: {', '.join(zero)})\n")
    repairs = r.repairs()
    if repairs:
        out.write("\nrepairs (repaired policy): " + ", ".join(f"{k} {n}" for k, n in repairs.most_common()) + "\n")
    if summary_only:
        return
    main = keys[0] if keys else ""
    out.write(f"\n{'sent':>5} {'answer':>6}  {'validity':<22} {'faithfulness':<30} "
              f"{'strict ' + main:>18} {'repaired ' + main:>18}\n")
    for s in r.sentences:
        data = sentence_json(s)
        validity = "valid" if s.valid else ("no answer" if not s.answer else ",".join(s.reasons))
        faith = "faithful" if s.faithful else ("-" if s.alignment is None else
                                                ",".join(f"{k} {n}" for k, n in data["unfaithful"].items()))
        out.write(f"{s.index:>5} {s.answer or '-':>6}  {validity:<22} {faith:<30} "
                  + "".join(f"{_pct(data[p]['scores'].get(main)):>18}" for p in POLICIES) + "\n")
        for repair in s.repairs:
            out.write(f"{'':>15}repaired: {repair}\n")
        unscored = [p for p in POLICIES if not s.results[p].valid]
        if unscored:       # the profile could not score the pair (EVALB's "Length unmatch" ...)
            who = "both policies" if len(unscored) == 2 else unscored[0]
            out.write(f"{'':>15}not scored ({who}): {s.results[unscored[0]].message}\n")


def write_csv(run: LlmRun, out: TextIO) -> None:
    """One row per system and policy: the policy named in its own column."""
    keys = headline(run.profile)
    w = csv_writer(out, lineterminator="\n")
    w.writerow(["system", "policy", *keys, "sentences", "valid", "invalid", *REASONS,
                "faithful", "unfaithful", "added", "dropped", "changed", "reordered",
                *(f"{k}_rate" for k in RATES)])
    for system in run.systems:
        r = system.report
        v, f, rates = r.validity_counts(), r.faithfulness_counts(), r.rates()
        for policy in POLICIES:
            fig = figures(r, policy)
            w.writerow([system.path, policy, *(fig.get(k, "") for k in keys), v["sentences"],
                        v["valid"], v["invalid"], *(v[x] for x in REASONS), f["faithful"],
                        f["unfaithful"], f["added"], f["dropped"], f["changed"], f["reordered"],
                        *(0.0 if rates[k] is None else rates[k] for k in RATES)])


# -- table ------------------------------------------------------------------------------------

def table_main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    p = _parser("tcompare table", ("text", "csv", "markdown", "latex"), "text")
    p.add_argument("--names", help="comma-separated names of the systems, in order")
    args = p.parse_args(argv)
    names = args.names.split(",") if args.names else list(args.systems)
    if len(names) != len(args.systems):
        err.write(f"tcompare table: --names gives {len(names)} names for {len(args.systems)} systems\n")
        return 2
    run = _run(args, err, "tcompare table")
    if run is None:
        return 1
    if args.output == "csv":
        write_csv(run, out)
        return 0
    header, rows = table_rows(run, names)
    out.write(render_table(header, rows, args.output))
    return 0


def table_rows(run: LlmRun, names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """One row per system and policy; the policy has its own column and every figure's
    column names its policy's row."""
    keys = headline(run.profile)
    header = ["system", "policy", *keys, "valid %", "faithful %", "valid+faithful %"]
    rows: list[list[str]] = []
    for name, system in zip(names, run.systems):
        rates = system.report.rates()
        for policy in POLICIES:
            fig = figures(system.report, policy)
            rows.append([name, policy, *(_pct(fig.get(k)) for k in keys), _pct(rates["valid"]),
                         _pct(rates["faithful"]), _pct(rates["valid_and_faithful"])])
    return header, rows


def render_table(header: list[str], rows: list[list[str]], style: str) -> str:
    if style == "markdown":
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines) + "\n"
    if style == "latex":
        def esc(t: str) -> str:
            return "".join("\\" + c if c in "&%$#_{}" else c for c in t)
        lines = ["\\begin{tabular}{ll" + "r" * (len(header) - 2) + "}", "\\hline",
                 " & ".join(esc(h) for h in header) + " \\\\", "\\hline"]
        lines += [" & ".join(esc(c) for c in r) + " \\\\" for r in rows]
        return "\n".join(lines + ["\\hline", "\\end{tabular}"]) + "\n"
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    fmt = "  ".join(("{:<%d}" if k < 2 else "{:>%d}") % w for k, w in enumerate(widths))
    return "\n".join(fmt.format(*r) for r in [header, *rows]) + "\n"


# -- report -----------------------------------------------------------------------------------

def report_main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.atomic_file import WriteError
    from tcompare.export.llm_report import write_llm_report

    out, err = out or sys.stdout, err or sys.stderr
    p = argparse.ArgumentParser(prog="tcompare report", description="An HTML report of LLM output "
                                "under the strict and the repaired policy (docs/llm-output.md).")
    p.add_argument("gold")
    p.add_argument("systems", nargs="+", metavar="ANSWERS")
    p.add_argument("--llm", action="store_true", required=True)
    p.add_argument("-o", "--output", required=True, help="the HTML file to write")
    p.add_argument("--profile")
    p.add_argument("--format")
    p.add_argument("--encoding")
    args = p.parse_args(argv)
    run = _run(args, err, "tcompare report")
    if run is None:
        return 1
    data = {"profile": run.profile.name, "gold": args.gold, "headline": headline(run.profile),
            "policies": list(POLICIES),
            "systems": [system_json(s, run.profile) for s in run.systems]}
    try:
        write_llm_report(args.output, data)
    except (WriteError, OSError) as exc:
        err.write(f"tcompare report: cannot write {args.output}: {exc}\n")
        return 1
    out.write(f"wrote {args.output}: {len(run.systems)} LLM output(s), profile {run.profile.name}, "
              "policies strict and repaired\n")
    return 0

