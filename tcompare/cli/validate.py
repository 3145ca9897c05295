"""`tcompare validate FILE... --lang L [--level N] [--validator PATH] [--python PY]
[--output text|json] [-- VALIDATOR OPTIONS]`.

Runs the official UD validator (UniversalDependencies/tools ``validate.py`` or udtools'
``udvalidate``; found as `analysis.ud_validator.find_validator` says) on each file, as an
external program, and prints its incidents as ``FILE:LINE: L2 SYNTAX unknown-head: message``
(then its summary lines).  Exit status: 0 every file passed, 1 a file failed, 2 usage
error, 3 the validator is absent or could not run (the message says what to install).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare.analysis import ud_validator


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare validate",
        description="Check CoNLL-U files with the official UD validator (an external "
                    "program: validate.py of UniversalDependencies/tools, or udvalidate).")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--lang", required=True, help="language code (ISO 639), e.g. en")
    parser.add_argument("--level", type=int, default=5, choices=range(1, 6),
                        help="validation level 1-5 (default 5)")
    parser.add_argument("--validator", help="validate.py or udvalidate to run "
                                            f"(default: ${ud_validator.ENV}, then PATH)")
    parser.add_argument("--python", help="interpreter for a validate.py (default: a venv "
                                         "beside it, else this Python)")
    parser.add_argument("--no-warnings", action="store_true", help="errors only")
    parser.add_argument("--output", choices=("text", "json"), default="text")
    parser.add_argument("rest", nargs=argparse.REMAINDER,
                        help="after --: options passed to the validator as they are")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    extra: list[str] = []
    if "--" in argv:
        k = argv.index("--")
        argv, extra = argv[:k], argv[k + 1:]
    args = build_parser().parse_args(argv)
    try:
        validator = ud_validator.find_validator(args.validator, args.python)
    except ud_validator.ValidatorMissing as exc:
        err.write(f"tcompare validate: {exc}\n")
        return 3
    if args.no_warnings:
        extra.insert(0, "--no-warnings")
    reports = []
    for path in args.files:
        try:
            reports.append(ud_validator.run_validator(validator, path, args.lang, args.level,
                                                      tuple(extra)))
        except ud_validator.ValidatorMissing as exc:
            err.write(f"tcompare validate: {exc}\n")
            return 3
    if args.output == "json":
        out.write(json.dumps({"validator": " ".join(validator.command),
                              "files": [{"file": r.file, "passed": r.passed, "status": r.status,
                                         "problems": [p.to_json() for p in r.problems],
                                         "summary": r.summary} for r in reports]},
                             ensure_ascii=False) + "\n")
    else:
        for r in reports:
            for p in r.problems:
                out.write(p.located() + "\n")
            verdict = "passed" if r.passed else "FAILED"
            out.write(f"{r.file}: {verdict} ({'; '.join(r.summary) or 'no summary'})\n")
    return 0 if all(r.passed for r in reports) else 1
