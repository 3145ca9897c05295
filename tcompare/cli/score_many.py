"""`tcompare score GOLD SYS1 SYS2 ...`: one profile run per system, the outputs put together.

Each system is scored by the profile's own runner exactly as ``tcompare score GOLD SYSk``
would score it (same options, same output), and the outputs are combined:

* text (EVALB's .rsl, eval.pl's report, any profile's text): one block per system, each
  headed by ``==> SYSk <==`` (as ``head`` heads several files), blank line between blocks;
* ``--output json``: ``{"gold": GOLD, "systems": {"SYS1": <the one-system JSON>, ...}}``, each
  value byte for byte the JSON ``tcompare score GOLD SYSk --output json`` prints;
* ``--output csv``: the one-system CSV rows with a first column ``system_file`` (one header
  line).

stderr: each system's messages, under the same ``==> SYSk <==`` heading when it has any.
Exit status: the highest of the runs (a usage error stops at the first run).  With one
system none of this runs: the output is the runner's own, byte for byte.

The positional arguments are told from option values with the runner's value-taking
options (`VALUE_OPTIONS`); ``--profile phenomena --phenomena LIST P1 P2`` has no gold
file, so every positional file is a system.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from typing import BinaryIO, Callable

# options that take a value, per runner module (flags such as -q, -l, -v are not listed;
# note EVALB's -c N against conll18's -c flag, and -p PRM against eval.pl's -p flag)
_COMMON = {"--profile", "--format", "--output", "--encoding", "--pairs"}
VALUE_OPTIONS: dict[str, set[str]] = {
    "tcompare.cli.score_evalb": _COMMON | {"-p", "-e", "-c", "--prm", "--max-error",
                                           "--cutoff-len", "--labeled", "--jobs"},
    "tcompare.cli.score_conllx": _COMMON | {"-g", "-s", "-o", "--hash-order"},
    "tcompare.cli.score_phenomena": _COMMON | {"--phenomena", "--rules", "--variant", "--weighting"},
    "tcompare.cli.score_evalb_c": _COMMON | {"-p", "-e", "-c", "-K", "--status-file", "--prm",
                                             "--max-error", "--cutoff-len"},
    "tcompare.cli.score_jpevalb": _COMMON | {"-p", "--prm"},
    "tcompare.cli.score_conll18": _COMMON,
    "tcompare.cli.score_udeval": _COMMON | {"--enhancements", "--no-empty-nodes"},
    "tcompare.cli.score_discodop": _COMMON,
    "tcompare.cli.generic": _COMMON | {"--gold-format", "--system-format"},
}


def value_options(module: str, profile_name: str) -> set[str]:
    """The value-taking options of runner `module` for `profile_name` (the generic runner
    adds the profile's own non-flag options)."""
    options = set(VALUE_OPTIONS.get(module, _COMMON))
    if module == "tcompare.cli.generic":
        from tcompare.scoring import profiles

        try:
            for o in profiles.get(profile_name).options:
                if o.type is not bool:
                    options.add("--" + o.name.replace("_", "-"))
        except Exception:              # the runner reports an unavailable profile itself
            pass
    return options


def positionals(argv: list[str], options: set[str]) -> list[int]:
    """Indices in `argv` of the positional arguments (files)."""
    found: list[int] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            found.extend(range(i + 1, len(argv)))
            break
        if a == "-" or not a.startswith("-"):
            found.append(i)
        elif a in options:             # (not --opt=value, nor a glued -pFILE)
            i += 1                     # its value
        i += 1
    return found


def systems_of(argv: list[str], module: str, profile_name: str) -> tuple[int | None, list[int]]:
    """(index of GOLD or None, indices of the systems) when `argv` names more than one
    system; (None, []) otherwise."""
    files = positionals(argv, value_options(module, profile_name))
    gold_less = module == "tcompare.cli.score_phenomena" and any(
        a == "--phenomena" or a.startswith("--phenomena=") for a in argv)
    if gold_less:
        return (None, files) if len(files) > 1 else (None, [])
    if module == "tcompare.cli.score_discodop":    # GOLD PARSES [PARAM], as discodop eval
        return None, []
    if len(files) > 2:
        return files[0], files[1:]
    return None, []


def run(argv: list[str], gold: int | None, systems: list[int],
        runner: Callable[[list[str]], int]) -> int:
    """Run `runner` once per system (the other systems taken out of `argv`), combine."""
    output = _output(argv)
    names = [argv[i] for i in systems]
    files_taken = set(systems) | ({gold} if gold is not None else set())
    if any(a == "-o" or (a.startswith("-o") and len(a) > 2)
           for k, a in enumerate(argv) if k not in files_taken):
        # eval.pl's -o FILE holds one report: each system's run would overwrite the last
        sys.stderr.write("tcompare score: -o FILE writes one report; with several systems "
                         "leave it out (each system's report goes to stdout under its name) "
                         "or score one system at a time\n")
        return 2
    gold_name = argv[gold] if gold is not None else None
    argv, spooled = _spool_streams(argv, ([gold] if gold is not None else []) + systems)
    try:
        runs = []
        files = set(systems) | ({gold} if gold is not None else set())
        options = [a for k, a in enumerate(argv) if k not in files]
        for i in systems:
            # options first, then GOLD SYSk: argparse runners take no files between options
            own = options + ([argv[gold]] if gold is not None else []) + [argv[i]]
            code, out, err = _captured(runner, own)
            runs.append((code, out, err))
            if code == 2:              # a usage error is the same for every system
                break
    finally:
        for path in spooled.values():
            os.unlink(path)
    stdout, stderr = sys.stdout.buffer, sys.stderr.buffer
    for name, (_, _, err) in zip(names, runs):
        if err:
            stderr.write(_heading(name) + err)
    if output == "json":
        _write_json(stdout, gold_name, names, runs)
    elif output == "csv":
        _write_csv(stdout, names, runs)
    else:
        for k, (name, (_, out, _)) in enumerate(zip(names, runs)):
            stdout.write((b"\n" if k else b"") + _heading(name) + out)
    stdout.flush()
    stderr.flush()
    return max(code for code, _, _ in runs)


def _heading(name: str) -> bytes:
    return f"==> {name} <==\n".encode("utf-8", "surrogateescape")


def _output(argv: list[str]) -> str:
    for k, a in enumerate(argv):
        if a.startswith("--output="):
            return a.split("=", 1)[1]
        if a == "--output" and k + 1 < len(argv):
            return argv[k + 1]
    return "text"


def _spool_streams(argv: list[str], files: list[int]) -> tuple[list[str], dict[str, str]]:
    """A stream ('-', a pipe, <(cmd)) can be read once: with several runs, its bytes (as
    `formats.read_source` keeps them, the sniffed head included) go to a temporary file.
    Returns `argv` with those paths in place, and {stream: temporary path}."""
    from tcompare import formats

    spooled: dict[str, str] = {}
    out = list(argv)
    for i in files:
        name = argv[i]
        if not formats.is_stream(name):
            continue
        if name not in spooled:
            fd, path = tempfile.mkstemp(prefix="tcompare-stream-")
            with os.fdopen(fd, "wb") as fh:
                try:
                    fh.write(formats.read_source(name))
                except OSError:
                    pass               # the runner reports the unreadable file
            spooled[name] = path
        out[i] = spooled[name]
    return out, spooled


def _captured(runner: Callable[[list[str]], int], argv: list[str]) -> tuple[int, bytes, bytes]:
    """Run `runner` with stdout and stderr caught (text and bytes writers alike)."""
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="surrogateescape", newline="\n",
                           write_through=True)
    err = io.TextIOWrapper(err_bytes, encoding="utf-8", errors="surrogateescape", newline="\n",
                           write_through=True)
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        try:
            code = runner(argv)
        except SystemExit as exc:      # argparse
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        out.flush()
        err.flush()
    finally:
        sys.stdout, sys.stderr = saved
    return code, out_bytes.getvalue(), err_bytes.getvalue()


def _write_json(stdout: BinaryIO, gold: str | None, names: list[str],
                runs: list[tuple[int, bytes, bytes]]) -> None:
    write = stdout.write
    head = {"gold": gold} if gold is not None else {}
    write((json.dumps(head, ensure_ascii=False)[:-1] + (", " if head else "")
           + '"systems": {').encode())
    seen: dict[str, int] = {}
    for k, (name, (_, out, _)) in enumerate(zip(names, runs)):
        seen[name] = seen.get(name, 0) + 1
        key = name if seen[name] == 1 else f"{name}#{seen[name]}"
        body = out.rstrip(b"\n") or b"null"          # a run that printed nothing: null
        write((b"," if k else b"") + b"\n" + json.dumps(key, ensure_ascii=False).encode()
              + b": " + body)
    write(b"\n}}\n")


def _write_csv(stdout: BinaryIO, names: list[str], runs: list[tuple[int, bytes, bytes]]) -> None:
    from tcompare.csv_cells import csv_writer

    write = stdout.write
    header: bytes | None = None
    for name, (_, out, _) in zip(names, runs):
        cell = io.StringIO()
        csv_writer(cell, lineterminator="").writerow([name])
        prefix = cell.getvalue().encode("utf-8", "surrogateescape") + b","
        lines = out.splitlines(keepends=True)
        if lines and header is None:
            header = lines[0]
            write(b"system_file," + header)
        if lines and lines[0] == header:
            lines = lines[1:]
        for line in lines:
            write(prefix + line)
