"""EVALB runs that print what the C program prints step by step (`scoring.evalb_c`).

* `run_debug`: ``tcompare score --profile evalb -d|-D`` (or a .prm with ``DEBUG 1|2``), the
  debug listing of ``evalb -d|-D``, byte for byte.
* `main`: ``tcompare score --profile evalb_spmrl`` (alias ``spmrl``), a drop-in for
  ``evalb_spmrl [-dD] [-c n] [-e n] [-p prm] [-K n] [-L|-l] [-X] [-V] GOLD TEST``; options are
  applied in command-line order like the program's.  Without ``-p`` the bundled ``spmrl.prm``
  (the shared tasks' file) is read first.  ``--status-file PATH`` writes the ``status`` file
  the program always writes into its working directory (F1/LP/LR/POS/errorRate).
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from tcompare.scoring.evalb.literal import CEvalb
from tcompare.scoring.evalb.prm import EvalbParams, atoi

USAGE = """usage: tcompare score GOLD TEST --profile evalb_spmrl [-d|-D] [-c N] [-e N] [-p PRM] [-K N]
                      [-L | -l] [-X] [-V] [--status-file PATH]
Score TEST against GOLD exactly as evalb_spmrl (SPMRL 2013/2014 shared tasks) does.

options:
  -p PRM      parameter file (default: the bundled spmrl.prm: CUTOFF_LEN 70, MAX_ERROR 10000,
              DELETE_LABEL TOP ROOT S1 -NONE- VROOT)
  -e N        stop after N error sentences;   -c N   cut-off length of the second summary
  -K N        score the first N line pairs only
  -X          an empty parse counts as a parse with no brackets (status 3) instead of a skip
  -L          one-line summary (all sentences);  -l  one-line summary (len<=CUTOFF)
  -V          name the files in the summary title
  -d, -D      debug listing (DEBUG 1), plus bracketing info (DEBUG 2)
  --status-file PATH   also write evalb_spmrl's `status` file there
"""


def _read(path: str, what: str, err: BinaryIO) -> bytes | None:
    from tcompare.formats.inputs import read_input, refusal

    try:
        return read_input(path)       # (a directory, a device, an endless line: refused)
    except OSError as exc:
        err.write(f"Can't open {what} file ({path}){refusal(exc)}\n".encode("utf-8", "surrogateescape"))
        return None


def _json_or_csv(args: list[str]) -> bool:
    for k, a in enumerate(args):
        if a in ("--output=json", "--output=csv") or (
                a == "--output" and k + 1 < len(args) and args[k + 1] in ("json", "csv")):
            return True
    return False


def _trees(args: list[str], profile_name: str, out: BinaryIO, err: BinaryIO) -> int:
    """--output json|csv: the Tree path (`scoring.evalb_spmrl`) through the generic runner,
    with evalb_spmrl's -p / -e / -X spelled as the profile's options."""
    import io

    from tcompare.cli import generic

    spelled = {"-p": "--prm", "-e": "--max-error"}
    new: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in spelled and i + 1 < len(args):
            new += [spelled[a], args[i + 1]]
            i += 2
            continue
        new.append("--count-unparsed" if a == "-X" else a)
        i += 1
    text_out, text_err = io.StringIO(), io.StringIO()
    rc = generic.main(new, profile_name, text_out, text_err)
    out.write(text_out.getvalue().encode("utf-8"))
    err.write(text_err.getvalue().encode("utf-8"))
    return rc


def run_debug(gold_path: str, test_path: str, params: EvalbParams, out: BinaryIO,
              err: BinaryIO) -> int:
    """``evalb -p PRM [-d|-D] GOLD TEST`` with DEBUG = params.debug."""
    gold = _read(gold_path, "gold", err)
    if gold is None:
        return 1
    test = _read(test_path, "test", err)
    if test is None:
        return 1
    return CEvalb(params, out, err).run(gold, test, gold_path, test_path)


def main(argv: list[str], profile_name: str = "evalb_spmrl", out: BinaryIO | None = None,
         err: BinaryIO | None = None) -> int:
    from tcompare.paths import resource
    from tcompare.scoring.evalb.prm import parse_prm

    out = out or sys.stdout.buffer
    err = err or sys.stderr.buffer
    args = list(argv)
    if "-h" in args or "--help" in args:
        out.write(USAGE.encode())
        return 0
    if _json_or_csv(args):
        return _trees(args, profile_name, out, err)
    steps: list[tuple[str, str]] = []
    files: list[str] = []
    flags = {"X": False, "V": False, "compact": 0, "K": -1}
    status_path = None
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("--"):
            key, _, val = a.partition("=")
            if key in ("--profile", "--status-file", "--format", "--output", "--pairs"):
                if not val:
                    i += 1
                    if i >= len(args):
                        err.write(f"tcompare score: {key} needs a value\n".encode())
                        return 2
                    val = args[i]
                if key == "--status-file":
                    status_path = val
                elif key == "--format" and val != "ptb" or key == "--output" and val not in ("rsl", "text"):
                    err.write(f"tcompare score: the evalb_spmrl profile reads one-tree-per-line "
                              f"bracket files and writes its report only ({key} {val})\n".encode())
                    return 2
            else:
                err.write(f"tcompare score: unknown option {a}\n".encode())
                err.write(USAGE.encode())
                return 2
        elif a.startswith("-") and len(a) > 1:
            flag, rest = a[1], a[2:]
            if flag in "cepK":
                if not rest:
                    i += 1
                    if i >= len(args):
                        err.write(f"Missing argument: -{flag}\n".encode())
                        rest = ""
                    else:
                        rest = args[i]
                steps.append((flag, rest))
            elif flag in "dD":
                steps.append(("d", "1" if flag == "d" else "2"))
            elif flag == "L":
                flags["compact"] = max(int(flags["compact"]), 1)
            elif flag == "l":
                flags["compact"] = 2
            elif flag in "XV":
                flags[flag] = True
            else:
                err.write(f"tcompare score: unknown option {a}\n".encode())
                err.write(USAGE.encode())
                return 2
        else:
            files.append(a)
        i += 1
    if len(files) != 2:
        err.write(b"tcompare score: expected GOLD and TEST files\n")
        err.write(USAGE.encode())
        return 2
    params = EvalbParams()
    if not any(step == "p" for step, _ in steps):
        params, _ = parse_prm(resource("prm", "spmrl.prm").read_text())
    for step, val in steps:
        if step == "p":
            from tcompare.formats.inputs import read_input, refusal

            try:
                text = read_input(val).decode("utf-8", "surrogateescape")
            except OSError as exc:
                err.write(f"Can't open parameter file ({val}){refusal(exc)}\n".encode("utf-8", "surrogateescape"))
                return 1
            params, warnings = parse_prm(text, params)
            for w in warnings:
                err.write(w.encode("utf-8", "surrogateescape"))
        elif step == "d":
            params.debug = int(val)
        elif step == "e":
            params.max_error = atoi(val)
        elif step == "K":
            flags["K"] = atoi(val)
        else:
            params.cutoff_len = atoi(val)
            err.write(b"cutoff %d\n" % params.cutoff_len)
    gold = _read(files[0], "gold", err)
    if gold is None:
        return 1
    test = _read(files[1], "test", err)
    if test is None:
        return 1
    from tcompare.atomic_file import WriteError

    try:
        return CEvalb(params, out, err, variant="spmrl", count_unparsed=bool(flags["X"]),
                      max_lines=int(flags["K"]), compact=int(flags["compact"]),
                      print_filenames=bool(flags["V"]), status_path=status_path
                      ).run(gold, test, files[0], files[1])
    except WriteError as exc:      # --status-file (the previous one is intact)
        err.write(f"tcompare score: {exc}\n".encode("utf-8", "surrogateescape"))
        return 1
    finally:
        out.flush()
        err.flush()
