"""`tcompare report GOLD SYSTEM... -o report.html [--profile P] [--worst N] [--detail N]`.

One self-contained HTML file (`tcompare.export.report_html`): the summary table, the
significance matrix, charts and the worst sentences drawn in the verdict colours.
With ``--interactive [--lang en|zh|zh_TW]`` the file is the sentence browser instead
(`tcompare.export.interactive_html`, docs/interactive-report.md): every sentence, filters,
drawings made when opened, ``#s=N`` links.
Exit codes: 0 written, 1 input could not be read, or no sentence of a system could be
scored (the report is still written), 2 usage.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from tcompare.atomic_file import WriteError
from tcompare.export import report_data


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare report",
        description="Write one self-contained HTML report comparing systems against a gold file.")
    parser.add_argument("gold")
    parser.add_argument("systems", nargs="+", metavar="system")
    parser.add_argument("-o", "--output", required=True, help="the HTML file to write")
    parser.add_argument("--profile", help="scoring profile (default: chosen from the notation)")
    parser.add_argument("--format", help="notation of all files (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of all files (default: detected)")
    parser.add_argument("--worst", type=int, default=report_data.WORST,
                        help=f"sentences drawn per system (default {report_data.WORST})")
    parser.add_argument("--detail", type=int, default=report_data.DETAIL,
                        help="sentences per system for the per-label, confusion and error-class "
                             f"sections; 0 = all (default {report_data.DETAIL})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the significance test")
    parser.add_argument("--trials", type=int, default=report_data.SIG_TRIALS,
                        help="shuffling rounds of the significance test (fewer on large corpora, "
                             f"not below {report_data.MIN_TRIALS}; default {report_data.SIG_TRIALS})")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    parser.add_argument("--interactive", action="store_true",
                        help="write the sentence browser: every sentence, filters, drawings "
                             "made in the browser, #s=N links (--worst, --detail, --seed and "
                             "--trials do not apply)")
    parser.add_argument("--lang", choices=("en", "zh", "zh_TW"), default="en",
                        help="the interactive page's language when it opens: English, "
                             "Simplified or Traditional Chinese (default en)")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.export.report_html import write_report

    out, err = out or sys.stdout, err or sys.stderr
    if "--llm" in argv:          # LLM output: both policies side by side (cli/llm.py)
        from tcompare.cli import llm
        return llm.report_main(argv, out, err)
    args = build_parser().parse_args(argv)
    if args.worst < 0 or args.detail < 0 or args.trials < 1:
        err.write("tcompare report: --worst and --detail must be 0 or more, --trials 1 or more\n")
        return 2
    try:
        if args.interactive:
            from tcompare.export.interactive_html import write_interactive

            data = write_interactive(args.output, args.gold, args.systems, args.profile, None,
                                     lang=args.lang, fmt=args.format, encoding=args.encoding,
                                     jobs=args.jobs or None).report
        else:
            data = write_report(args.output, args.gold, args.systems, args.profile, None,
                                fmt=args.format, encoding=args.encoding, worst=args.worst,
                                detail_limit=args.detail, jobs=args.jobs or None, seed=args.seed,
                                trials=args.trials)
    except report_data.ReportError as exc:
        err.write(f"tcompare report: {exc}\n")
        return 1
    except WriteError as exc:       # the report file (the previous one is intact)
        err.write(f"tcompare report: {exc}\n")
        return 1
    except OSError as exc:
        err.write(f"tcompare report: cannot write {args.output}: {exc.strerror}\n")
        return 1
    out.write(f"wrote {args.output}: {len(data.systems)} system(s), profile {data.profile}, "
              f"{data.seconds:.1f} s\n")
    unscored = [s for s in data.systems if not s.valid]
    for s in unscored:       # as `tcompare score`: written, but the input failed as a whole
        err.write(f"tcompare report: no sentence of {args.gold} / {s.path} could be scored\n")
    return 1 if unscored else 0
