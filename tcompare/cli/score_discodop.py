"""`tcompare score --profile discodop GOLD PARSES [PARAM] [eval's options]`.

disco-dop's evaluator (``discodop eval``, github andreasvc/disco-dop): the same arguments
and options (``--cutofflen=n --verbose --disconly --goldfmt/--parsesfmt/--fmt=...
--goldenc/--parsesenc=... --la --ted --headrules=x --functions=x --morphology=x``, read
with the same ``getopt``, abbreviations included), the same stdout byte for byte, exit
status 0; where it dies, what it printed before, then its traceback's last line on stderr
and exit status 1; a usage error: its message, status 2.

Tie order: where eval.py prints rows of equal counts (categories, function tags, attachment
errors) their order is Python's set order, which changes with ``PYTHONHASHSEED``; ours is
built the same way, so both agree when run with the same seed.

``--output json`` (ours): the summary figures and every sentence's constituents (label +
positions) with their verdicts.  ``--debug`` (tree drawings) is not reproduced.
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys
from getopt import GetoptError, gnu_getopt
from typing import Any, TextIO

from tcompare.scoring import discodop

SHORTUSAGE = "Usage: discodop eval <gold> <parses> [param] [options]"
FLAGS = {"help", "verbose", "debug", "disconly", "ted", "la"}
OPTIONS = {"goldenc=", "parsesenc=", "goldfmt=", "parsesfmt=", "fmt=", "cutofflen=",
           "headrules=", "functions=", "morphology="}
OURS = ("--profile", "--output", "--format")


def split_ours(argv: list[str]) -> tuple[list[str], dict[str, str]]:
    """tcompare's own options (`OURS`, exact names only) taken out of `argv`."""
    rest: list[str] = []
    ours: dict[str, str] = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        name = a.split("=", 1)[0]
        if name in OURS:
            if "=" in a:
                ours[name] = a.split("=", 1)[1]
            elif i + 1 < len(argv):
                ours[name] = argv[i + 1]
                i += 1
        else:
            rest.append(a)
        i += 1
    return rest, ours


def _numbase(key: str) -> list[Any]:
    path, base = os.path.split(key)
    components = re.split(r"[-.,_ ]", os.path.splitext(base)[0])
    return [path] + [int(a) if re.match(r"[0-9]+$", a) else a for a in components]


def _files(path: str) -> list[str]:
    if path == "-":
        return ["-"]
    try:
        names = sorted(glob.glob(path), key=_numbase)
    except TypeError:
        names = sorted(glob.glob(path))
    if not names:
        raise discodop.DiscodopError(
            "ValueError", f"no files matched pattern '{path}' in {os.getcwd()}")
    return names


def _headrules(path: str) -> Any:
    try:
        with open(path, encoding="utf-8", newline=None) as f:
            text = f.read()
    except FileNotFoundError:
        raise discodop.DiscodopError(
            "FileNotFoundError", f"[Errno 2] No such file or directory: {path!r}") from None
    return discodop.heads.read_headrules(text)[0]


def read_corpus_text(path: str, encoding: str, fmt: str = "export") -> Any:
    """The files the reference reads for `path` (a glob pattern, as there), decoded (XML:
    bytes, its declaration says the encoding; Alpino: ``(folder/name, bytes)`` a file)."""
    if fmt == "alpino":
        if encoding not in ("utf8", "utf-8"):
            raise discodop.DiscodopError("ValueError", "Encoding specified in XML files, "
                                         "cannot be overriden.")
        files = []
        for name in _files(path):
            with open(name, "rb") as f:
                data = f.read()
            folder, base = os.path.split(name)
            files.append((os.path.join(os.path.split(folder)[1], base)[:-len(".xml")], data))
        return files
    if fmt == "tiger":
        if encoding not in ("utf8", "utf-8"):
            raise discodop.DiscodopError("ValueError", "Encoding specified in XML files, "
                                         "cannot be overriden.")
        if path == "-":
            return sys.stdin.buffer.read()
        names = _files(path)
        if len(names) > 1:
            raise discodop.DiscodopError("NotImplementedError", "tcompare reads one TIGER "
                                         "XML file per side")
        with open(names[0], "rb") as f:
            return f.read()
    if path == "-":
        return sys.stdin.buffer.read().decode(encoding)
    names = _files(path)
    texts = []
    for name in names:
        with open(name, "rb") as f:
            data = f.read()
        try:
            texts.append(data.decode(encoding))
        except LookupError:
            raise discodop.DiscodopError("LookupError", f"unknown encoding: {encoding}") from None
        except UnicodeDecodeError as exc:
            raise discodop.DiscodopError("UnicodeDecodeError", str(exc)) from None
    return "".join(t if t.endswith("\n") or not t else t + "\n" for t in texts)


def read_param_text(path: str | None) -> str | None:
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise discodop.DiscodopError(
            "FileNotFoundError", f"[Errno 2] No such file or directory: {path!r}") from None
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise discodop.DiscodopError("UnicodeDecodeError", str(exc)) from None


def main(argv: list[str], profile_name: str = "discodop", out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    argv, ours = split_ours(argv)
    output = ours.get("--output", "text")
    if output not in ("text", "json"):
        err.write(f"tcompare score: --output {output}: the discodop profile writes text "
                  "or json\n")
        return 2
    try:
        opts_list, args = gnu_getopt(argv, "h", sorted(FLAGS | OPTIONS))
    except GetoptError as exc:
        err.write(f"error: {exc}\n")
        out.write(SHORTUSAGE + "\n")
        return 2
    opts = dict(opts_list)
    if "-h" in opts or "--help" in opts:
        out.write(__doc__.strip() + "\n")
        return 0
    if len(args) < 2 or len(args) > 3:
        err.write("error: Wrong number of arguments.\n")
        out.write(SHORTUSAGE + "\n")
        return 2
    lines: list[str] = []
    try:
        options = _options(opts)
        param_text = read_param_text(args[2] if len(args) == 3 else None)
        param = discodop.run.apply_options(discodop.read_param(param_text), options)
        if options.debug or param["DEBUG"] >= 2:
            raise discodop.DiscodopError(
                "NotImplementedError", "the --debug trace (tree drawings) of discodop eval "
                "is not reproduced by tcompare; use --verbose")
        discodop.run.check_formats(options)
        rules = None
        for path in (args[0], args[1]):      # each reader reads the rules, checks, globs
            if options.headrules is not None:
                rules = _headrules(options.headrules)
            discodop.read.check_options(options.functions, options.morphology)
            _files(path)
        gold_text = read_corpus_text(args[0], opts.get("--goldenc", "utf8"), options.goldfmt)
        parses_text = read_corpus_text(args[1], opts.get("--parsesenc", "utf8"),
                                       options.parsesfmt)
        gold = discodop.read_corpus(gold_text, options.goldfmt, options.functions,
                                    options.morphology, rules, lazy=True)
        del gold_text
        cand = discodop.read_corpus(parses_text, options.parsesfmt, options.functions,
                                    options.morphology, rules, lazy=True)
        del parses_text
        sentences: list[dict[str, Any]] = []
        on_pair = (lambda pair: sentences.append(discodop.verdicts.pair_json(pair))) \
            if output == "json" else None
        acc = discodop.evaluate(gold, cand, param, lines,
                                discodop.extras.for_param(param, options), on_pair)
    except discodop.DiscodopError as exc:
        if getattr(exc, "reading", False):
            lines.clear()          # (a tree built late: the reference died before printing)
        lines.extend(getattr(exc, "printed", []))
        if output == "text" and lines:
            out.write("\n".join(lines) + "\n")
        err.write(exc.official_line() + "\n")
        return 1
    except (ZeroDivisionError, ValueError) as exc:   # (the reference's own crashes)
        if output == "text" and lines:
            out.write("\n".join(lines) + "\n")
        err.write(f"{type(exc).__name__}: {exc}\n")
        return 1
    if output == "text":
        out.write("\n".join(lines) + "\n")
        return 0
    doc = {"profile": profile_name, "summary": discodop.verdicts.summary_json(acc),
           "sentences": sentences}
    out.write(json.dumps(doc, ensure_ascii=False) + "\n")
    return 0


def _options(opts: dict[str, str]) -> discodop.Options:
    if "--fmt" in opts:
        opts["--goldfmt"] = opts["--parsesfmt"] = opts["--fmt"]
    return discodop.Options(
        cutofflen=opts.get("--cutofflen"), disconly="--disconly" in opts,
        verbose="--verbose" in opts, debug="--debug" in opts, la="--la" in opts,
        ted="--ted" in opts, headrules=opts.get("--headrules"),
        goldfmt=opts.get("--goldfmt", "export"), parsesfmt=opts.get("--parsesfmt", "export"),
        functions=opts.get("--functions", "remove"), morphology=opts.get("--morphology"))
