"""`tcompare suspects GOLD [SYSTEM ...] [--format N] [--encoding E] [--output text|json|csv] [--top K]
[--reasons K] [--min-agree N] [--max-len N] [--kinds systems,nucleus,duplicate] [-o FILE]`:
gold sentences ranked by how likely they hold an annotation error
(`tcompare.analysis.suspects`; contract in docs/release-diff.md).

Exit codes: 0 done (whatever was found), 1 a file could not be read or is not of gold's
kind, 2 usage error."""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import TextIO

from tcompare import formats
from tcompare.csv_cells import csv_writer


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcompare suspects",
                                description="Suspicious gold: systems agreeing against gold, "
                                            "variation nuclei, duplicates annotated differently")
    p.add_argument("gold", help="the gold file")
    p.add_argument("systems", nargs="*", help="system outputs of the same sentences")
    p.add_argument("--format", help="notation of every file (default: sniffed)")
    p.add_argument("--encoding", help="encoding of the files (default: detected)")
    p.add_argument("--output", choices=("text", "json", "csv"), default="text")
    p.add_argument("--top", type=int, default=50, metavar="K",
                   help="text: sentences shown (default 50; 0: all)")
    p.add_argument("--reasons", type=int, default=3, metavar="K",
                   help="text: reasons shown per sentence (default 3)")
    p.add_argument("--min-agree", type=int, metavar="N",
                   help="systems that must agree against gold (default: half of them, at least 2)")
    p.add_argument("--max-len", type=int, default=6, metavar="N",
                   help="longest word string looked at for variation nuclei (default 6)")
    p.add_argument("--kinds", default="systems,nucleus,duplicate",
                   help="evidence used, comma-separated (default: all three)")
    p.add_argument("-o", dest="out_file", metavar="FILE", help="write to FILE (default: stdout)")
    return p


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    from tcompare.analysis.release_sides import open_side
    from tcompare.analysis.suspects import KINDS, describe, find_suspects, suspect_json

    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        err.write(f"tcompare suspects: unknown evidence {', '.join(bad) or '(none)'}; "
                  f"known: {', '.join(KINDS)}\n")
        return 2
    if args.top < 0 or args.reasons < 0 or args.max_len < 1 or (
            args.min_agree is not None and not 1 <= args.min_agree <= max(1, len(args.systems))):
        err.write("tcompare suspects: --top/--reasons >= 0, --max-len >= 1, "
                  f"--min-agree between 1 and the number of systems ({len(args.systems)})\n")
        return 2
    try:
        # (CoNLL read lean, sentence by sentence)
        gold = open_side(args.gold, args.format, args.encoding)
        systems = [open_side(p, args.format, args.encoding) for p in args.systems]
        search = find_suspects(gold, systems, min_agree=args.min_agree, max_len=args.max_len,
                               kinds=kinds)
    except (formats.ReadError, ValueError) as exc:
        err.write(f"tcompare suspects: {exc}\n")
        return 1
    suspects = search.suspects
    text = io.StringIO()
    if args.output == "json":
        json.dump({"gold": args.gold, "systems": args.systems, "kinds": kinds,
                   "sentences": len(gold), "unreadable": [k + 1 for k in search.unreadable],
                   "voted": search.voted,
                   "suspects": [suspect_json(s, k + 1) for k, s in enumerate(suspects)]},
                  text, ensure_ascii=False, indent=1)
        text.write("\n")
    elif args.output == "csv":
        writer = csv_writer(text, lineterminator="\n")
        writer.writerow(["rank", "sentence", "sent_id", "score", "kind", "field", "start", "end",
                         "gold", "proposed", "weight", "support", "text"])
        for k, s in enumerate(suspects):
            for r in s.reasons:
                writer.writerow([k + 1, s.sentence + 1, s.sent_id or "", f"{s.score:.6g}", r.kind,
                                 r.field, r.start + 1, r.end, r.gold, r.proposed,
                                 f"{r.weight:.6g}", r.support, s.text])
    else:
        unreadable = len(search.unreadable)
        text.write(f"{len(suspects)} of {len(gold)} gold sentences with evidence against them"
                   f" ({', '.join(kinds)}; {len(systems)} system(s))"
                   + (f"; {unreadable} unreadable, not examined" if unreadable else "") + "\n")
        for path, n in search.voted.items():
            text.write(f"  {path}: voted on {n} of {len(gold)} sentences"
                       + (" (the others are not paired by sent_id or text, or have other words)"
                          if n < len(gold) else "") + "\n")
        text.write("\n")
        text.write(f"{'rank':>4}  {'score':>7}  {'sentence':>8}  {'sys':>4} {'nuc':>4} {'dup':>4}  text\n")
        shown = suspects if args.top == 0 else suspects[:args.top]
        for k, s in enumerate(shown):
            c = s.counts()
            name = f"{s.sentence + 1}"
            snippet = s.text if len(s.text) <= 70 else s.text[:67] + "..."
            text.write(f"{k + 1:>4}  {s.score:>7.2f}  {name:>8}  {c['systems']:>4} {c['nucleus']:>4} "
                       f"{c['duplicate']:>4}  {snippet}\n")
            if s.sent_id:
                text.write(f"{'':>29}sent_id {s.sent_id}\n")
            ranked = sorted(s.reasons, key=lambda r: -r.weight)
            for r in ranked[:args.reasons]:
                text.write(f"{'':>29}- {describe(r)}\n")
            if len(ranked) > args.reasons:
                text.write(f"{'':>29}  ... {len(ranked) - args.reasons} more (--reasons)\n")
        if len(shown) < len(suspects):
            text.write(f"... {len(suspects) - len(shown)} more sentences (--top 0 shows all)\n")
    if args.out_file:
        from tcompare.atomic_file import WriteError, atomic_write

        try:
            atomic_write(args.out_file, text.getvalue().encode("utf-8"))
        except WriteError as exc:
            err.write(f"tcompare suspects: {exc}\n")
            return 1
    else:
        out.write(text.getvalue())
    return 0
