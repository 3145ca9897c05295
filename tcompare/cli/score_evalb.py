"""`tcompare score --profile evalb`: a drop-in for ``evalb -p PRM GOLD TEST``.

With ``--output rsl`` (the default) and PTB input, the run is EVALB's: gold line N is paired
with test line N, stdout is the .rsl report, stderr the ``LINE : message`` lines, and the
exit code is EVALB's (1 when more than MAX_ERROR errors stop the run, after the 12th error
with MAX_ERROR 10; 0 otherwise, line-count mismatches included).  Options are applied in
order like evalb.c's, so ``-p file -e n`` lets ``-e`` win.

The engine is EVALB's face's choice (`scoring.evalb_face.engine`): raw bytes in blocks of
lines through the compiled kernel (or its pure-Python oracle) in forked workers for the
rsl report of one-tree-per-line files; ``--output json|csv`` on two line-paired
one-tree-per-line files pair by pair from their lines (`scoring.evalb.line_pairs`); other
notations (``--format``) and files that do not pair line by line through the format
registry and `EvalbProfile.score` on Trees.  This module parses the options, opens the
files (`formats.lines.PairedLines`) and formats the rows and totals.

Options: ``-p PRM`` ``-e N`` ``-c N`` (cut-off length) ``-l`` (unlabeled, = LABELED 0)
``--labeled 0|1`` ``--format NOTATION`` ``--output rsl|json|csv`` ``--summary-only`` /
``--per-sentence`` ``--jobs N`` (processes for the batch path, default: all cores)
``-d`` / ``-D`` (EVALB's debug listings, ``DEBUG 1`` / ``2``: `tcompare.cli.score_evalb_c`).
"""

from __future__ import annotations

import os
import sys
from typing import BinaryIO, Sequence

from tcompare.scoring.evalb import report as evalb_rsl
from tcompare.scoring.evalb.prm import EvalbParams, atoi

USAGE = """usage: tcompare score GOLD SYSTEM --profile evalb [-p PRM] [-e N] [-c N] [-l]
                      [--labeled 0|1] [--format NOTATION] [--output rsl|json|csv]
                      [--summary-only | --per-sentence] [--jobs N]
Score SYSTEM against GOLD with EVALB's algorithm (default parameters: COLLINS.prm).
"""

HELP = USAGE + """
With --output rsl (the default) and one-tree-per-line bracket files, stdout, stderr and the
exit code are those of the C `evalb -p PRM GOLD SYSTEM`.  Other notations and multi-line
.mrg files are paired by tree.

options:
  -h, --help            show this help message and exit
  --profile NAME        scoring profile (default: chosen from the notation of GOLD);
                        tcompare score --profile NAME --help shows that profile's options
  -p PRM, --prm PRM     EVALB parameter file (default: the bundled COLLINS.prm)
  -e N, --max-error N   stop after N error sentences (overrides MAX_ERROR)
  -c N, --cutoff-len N  the second summary covers sentences of length <= N (CUTOFF_LEN)
  -l                    unlabeled bracketing (LABELED 0)
  -d, -D                EVALB's debug listing (DEBUG 1), plus bracketing info (DEBUG 2)
  --labeled 0|1         labeled (1) or unlabeled (0) bracketing (overrides LABELED)
  --format NOTATION     notation of both files (default: sniffed)
  --output rsl|json|csv rsl: EVALB's report; json/csv: figures and per-bracket verdicts
  --summary-only        only the summary (rsl: no per-sentence table)
  --per-sentence        per-sentence rows too (the default)
  --jobs N              processes for the batch path (default: all cores)
  --encoding ENC        encoding of both files for the Tree path (EVALB itself reads bytes)
  --secondary LIST      after the report: la,ted,functions (leaf-ancestor, tree edit
                        distance, function tags) for any constituency profile
                        (docs/cli-secondary.md); --ted-time-limit S (default 5)

When the two files do not line up (a sentence dropped or added), EVALB's refusals are
reproduced as they are; `--output json` pairs the sentences by their text instead (and
--profile jp-evalb aligns sentences and words).  On a terminal, or with TCOMPARE_HINTS=1,
stderr ends with a line saying so (never when stderr is captured, so it stays EVALB's).
"""


def _help() -> str:
    from tcompare.scoring import profiles

    lines = [HELP, "profiles:"]
    for name in profiles.PROFILE_MODULES:
        try:
            description = profiles.get(name).description
        except Exception:              # a profile that fails to load still gets its name listed
            description = ""
        lines.append(f"  {name:<22}{description}")
    return "\n".join(lines) + "\n"


class _Usage(Exception):
    pass


class _Stop(Exception):
    """MAX_ERROR exceeded: EVALB exits with status 1 right after the message."""


class Options:
    def __init__(self):
        self.files: list[str] = []
        self.steps: list[tuple[str, str]] = []   # ("p", path) / ("e", n) / ("c", n) in order
        self.fmt: str | None = None
        self.output = "rsl"
        self.summary_only = False
        self.labeled: int | None = None
        self.jobs = 0
        self.encoding: str | None = None


def parse_args(argv: Sequence[str]) -> Options:
    opts = Options()
    args = list(argv)
    i = 0

    def value(name: str) -> str:
        nonlocal i
        i += 1
        if i >= len(args):
            raise _Usage(f"{name} needs a value")
        return args[i]

    while i < len(args):
        a = args[i]
        if a in ("-h", "--help"):
            raise _Usage("")
        if a.startswith("--"):
            key, _, val = a.partition("=")
            get = (lambda: val) if val else (lambda: value(key))
            if key == "--profile":
                get()
            elif key == "--format":
                opts.fmt = get()
            elif key == "--output":
                opts.output = get()
                if opts.output == "text":
                    opts.output = "rsl"
                if opts.output not in ("rsl", "json", "csv"):
                    raise _Usage(f"--output must be rsl, json or csv, not {opts.output!r}")
            elif key == "--summary-only":
                opts.summary_only = True
            elif key == "--per-sentence":
                opts.summary_only = False
            elif key == "--labeled":
                opts.labeled = atoi(get())
            elif key in ("--prm", "--max-error", "--cutoff-len"):
                opts.steps.append(({"--prm": "p", "--max-error": "e", "--cutoff-len": "c"}[key], get()))
            elif key == "--jobs":
                opts.jobs = atoi(get())
            elif key == "--encoding":
                opts.encoding = get()
            else:
                raise _Usage(f"unknown option {a}")
        elif a.startswith("-") and len(a) > 1:
            flag, rest = a[1], a[2:]
            if flag in "pec":
                opts.steps.append((flag, rest if rest else value("-" + flag)))
            elif flag == "l":
                opts.labeled = 0
            elif flag in "dD":
                # DEBUG 1 / 2, in command-line order with -p (a prm's DEBUG line may win)
                opts.steps.append(("d", "1" if flag == "d" else "2"))
            else:
                raise _Usage(f"unknown option {a}")
        else:
            opts.files.append(a)
        i += 1
    if len(opts.files) != 2:
        raise _Usage("expected GOLD and SYSTEM files")
    return opts


def build_params(opts: Options, err: BinaryIO) -> EvalbParams:
    """Apply -p / -e / -c in command-line order; no -p at all means the bundled COLLINS.prm."""
    from tcompare.scoring.evalb.prm import read_prm_file

    params = EvalbParams()
    if not any(step == "p" for step, _ in opts.steps):
        params, _ = read_prm_file(None)
    for step, val in opts.steps:
        if step == "p":
            try:
                params, warnings = read_prm_file(val, params)
            except OSError as exc:
                from tcompare.formats.inputs import refusal

                err.write(f"Can't open parameter file ({val}){refusal(exc)}\n".encode("utf-8", "surrogateescape"))
                raise _Stop() from None
            for w in warnings:
                err.write(w.encode("utf-8", "surrogateescape"))
        elif step == "d":
            params.debug = int(val)
        elif step == "e":
            params.max_error = atoi(val)
        else:
            params.cutoff_len = atoi(val)
    if opts.labeled is not None:
        params.labeled = opts.labeled
    return params


class Reporter:
    """EVALB's stdout/stderr behaviour: rows, totals, ``LINE : message``, MAX_ERROR exit."""

    def __init__(self, params: EvalbParams, out: BinaryIO, err: BinaryIO, summary_only: bool = False):
        self.params, self.out, self.err = params, out, err
        self.errors = 0
        self.totals = evalb_rsl.Totals(params.cutoff_len)
        self.summary_only = summary_only
        self.buffer: list[str] = []

    def error(self, line: int, message: str) -> None:
        self.err.write(f"{line} : {message}".encode("utf-8", "surrogateescape"))
        stop = self.errors > self.params.max_error  # evalb.c: Error_count++ > Max_error
        self.errors += 1
        if stop:
            self.flush()
            raise _Stop()

    def sentence(self, line: int, length: int, row: tuple) -> None:
        words, gold, test, matched, crossing, tags, status = row
        self.totals.add(length, status, words, gold, test, matched, crossing, tags)
        if not self.summary_only:
            self.buffer.append(evalb_rsl.row(line, length, status, words, gold, test, matched,
                                             crossing, tags))
            if len(self.buffer) >= 4096:
                self.flush()

    def block(self, block) -> None:
        """An `evalb.block.EvalbBlock`: its messages (MAX_ERROR may stop the run inside it, after
        the rows before the stopping line), then its rows and totals."""
        rows = block.rows
        for line, message in block.errors:
            try:
                self.error(line, message)
            except _Stop:
                if rows:
                    cut = 0
                    for _ in range(line - block.first):
                        cut = rows.index("\n", cut) + 1
                    self.out.write(rows[:cut].encode())
                raise
        if rows and not self.summary_only:
            self.flush()
            self.out.write(rows.encode())
        all_fields, short_fields = block.totals
        self.totals.all.merge(all_fields)
        self.totals.short.merge(short_fields)

    def flush(self) -> None:
        if self.buffer:
            self.out.write("".join(self.buffer).encode())
            self.buffer.clear()

    def finish(self) -> None:
        self.flush()
        self.out.write(self.totals.render().encode())


def run_batch(gold_path: str, test_path: str, params: EvalbParams, out: BinaryIO, err: BinaryIO,
              summary_only: bool = False, jobs: int = 0) -> int:
    """EVALB on two line-paired files: `evalb.block.evalb_blocks` scores, this formats."""
    from tcompare.formats import is_stream, read_source
    from tcompare.formats.inputs import check_input, refusal
    from tcompare.formats.lines import PairedLines
    from tcompare.scoring.evalb import EvalbTail, evalb_blocks

    for path, which in ((gold_path, "gold"), (test_path, "test")):
        try:
            check_input(path)            # a directory, a device: refused as EVALB refuses
            if is_stream(path):          # a pipe or "-" is read once (and kept)
                read_source(path)
            else:
                open(path, "rb").close()
        except OSError as exc:           # EVALB's line (and why, where EVALB would not refuse)
            err.write(f"Can't open {which} file ({path}){refusal(exc)}\n".encode("utf-8", "surrogateescape"))
            return 1
    out.write(evalb_rsl.header().encode())
    rep = Reporter(params, out, err, summary_only)
    try:
        for block in evalb_blocks(PairedLines(gold_path, test_path), params, jobs=jobs or None,
                                  rows=not summary_only):
            if isinstance(block, EvalbTail):
                for line, message in block.errors:
                    if message.startswith("Number of lines unmatch"):
                        _hint_later(err, gold_path, test_path)
                    rep.error(line, message)
                break
            rep.block(block)
    except _Stop:
        return 1
    rep.finish()
    return 0


# -- hint at the aligned alternative ---------------------------------------------------------

_PENDING_HINT: list[str] = []


def hints_wanted(err) -> bool:
    """Whether to add a hint line to a reference program's stderr: TCOMPARE_HINTS=1 forces
    it, =0 suppresses it; otherwise only on a terminal (captured stderr stays byte-identical
    to the reference program's)."""
    forced = os.environ.get("TCOMPARE_HINTS")
    if forced is not None:
        return forced not in ("", "0")
    try:
        return bool(err.isatty())
    except (AttributeError, ValueError):
        return False


def misalignment_hint(gold_path: str, test_path: str, n_gold: int | None = None,
                      n_test: int | None = None) -> str:
    counts = (f"{gold_path} has {n_gold} lines, {test_path} has {n_test}" if n_gold is not None
              else f"{gold_path} and {test_path} have different numbers of lines")
    return (f"tcompare: {counts}: EVALB pairs them by line and stops at the end of the "
            "shorter file (--output json lists what it leaves out and the recall counting "
            "it); --profile jp-evalb aligns sentences and words\n")


def _hint_later(err, gold_path: str, test_path: str, n_gold: int | None = None,
                n_test: int | None = None) -> None:
    if hints_wanted(err):
        _PENDING_HINT.append(misalignment_hint(gold_path, test_path, n_gold, n_test))


def _flush_hint(err) -> None:
    while _PENDING_HINT:
        err.write(_PENDING_HINT.pop(0).encode("utf-8", "surrogateescape"))


# -- the Tree path (other notations, JSON, CSV) -------------------------------------------

def run_trees(opts: Options, params: EvalbParams, out: BinaryIO, err: BinaryIO) -> int:
    from tcompare import formats
    from tcompare.scoring.evalb.profile import PROFILE, EvalbConfig
    from tcompare.scoring.pairing import kind_problem, score_pair

    stop: int | None = None
    if opts.output in ("json", "csv"):
        from tcompare.formats.lines import PairedLines
        from tcompare.scoring.evalb import line_pairs

        # where EVALB stops reading (too many errors, the shorter file's end): the pairs
        # from there on are listed, never counted
        stop = _stop_line(opts, params)
        lines = None
        from tcompare.formats import sizes

        # a line too long for the compiled JSON goes to the tree path, which refuses it
        if stop != 0 and not (opts.output == "json" and any(
                sizes.has_long_line(path, sizes.KERNEL_LINE_BYTES) for path in opts.files[:2])):
            lines = line_pairs(PairedLines(opts.files[0], opts.files[1]),
                               EvalbConfig.from_params(params), opts.fmt, opts.encoding, stop)
        if lines is not None:          # line N with line N from the raw lines: no Tree each
            if lines.n_gold != lines.n_system:
                err.write(misalignment_hint(opts.files[0], opts.files[1], lines.n_gold,
                                            lines.n_system).encode("utf-8", "surrogateescape"))
            return _write_line_pairs(opts, params, lines, out)
    try:
        gold = formats.read_file(opts.files[0], opts.fmt, opts.encoding)
        system = formats.read_file(opts.files[1], opts.fmt, opts.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare score: {exc}\n".encode("utf-8", "surrogateescape"))
        return 1
    for corpus in (gold, system):
        problem = kind_problem(PROFILE, corpus)
        if problem:
            err.write(f"tcompare score: {problem}\n".encode("utf-8", "surrogateescape"))
            return 1
    from tcompare.formats.sizes import SCORE_LIMIT, refusal

    too_big = refusal((gold, system), SCORE_LIMIT, "score")
    if too_big:    # refused before a tree is built, never scored as a wrong number
        err.write(f"tcompare score: {too_big}\n".encode("utf-8", "surrogateescape"))
        return 1
    config = EvalbConfig.from_params(params)
    n = min(len(gold), len(system))
    results = (score_pair(gold, system, i, PROFILE, config) for i in range(n))
    if opts.output == "rsl":
        results = [score_pair(gold, system, i, PROFILE, config) for i in range(n)]
        if len(gold) != len(system):
            _hint_later(err, opts.files[0], opts.files[1], len(gold), len(system))
        rep = Reporter(params, out, err, opts.summary_only)
        out.write(evalb_rsl.header().encode())
        try:
            for r in results:
                for message in r.data.get("evalb_messages", []):
                    rep.error(r.index, message)
                c = r.counts
                rep.sentence(r.index, r.data.get("length", 0), (
                    c["words"], c["gold_brackets"], c["test_brackets"], c["matched_brackets"],
                    c["crossing"], c["correct_tags"], {"valid": 0, "error": 1, "skip": 2}[r.status.value]))
            if len(gold) != len(system):
                which = "gold" if len(gold) > len(system) else "test"
                rep.error(n + 1, f"Number of lines unmatch (too many lines in {which} file)\n")
        except _Stop:
            return 1
        rep.finish()
        return 0
    # JSON / CSV: EVALB's pairs (line N with line N, up to its stop), every gold sentence
    # named; what EVALB leaves out is listed and counted apart (spec/metrics.md §11)
    from tcompare.scoring.runs import positional_pairs, positional_results

    if len(gold) != len(system):
        err.write(misalignment_hint(opts.files[0], opts.files[1], len(gold), len(system))
                  .encode("utf-8", "surrogateescape"))
    pairs = positional_pairs(len(gold), len(system), gold, system)
    results = positional_results(PROFILE, gold, system, config, release=True, pairs=pairs,
                                 stop_line=stop if stop and gold.notation == system.notation
                                 == "ptb" else None)
    return _write_streamed(opts, params, gold, system, pairs, results, config, out)


def _stop_line(opts: Options, params: EvalbParams) -> int | None:
    """The line at which EVALB stops reading these files (too many errors: the line of the
    error that stops it; files of different lengths: the line past the shorter one), None
    when it reads them to the end, 0 when that cannot be told: its summary path, which is
    fast, says so by its messages."""
    import io
    import re

    from tcompare.formats import is_stream
    from tcompare.formats.inputs import FileChanged

    if any(is_stream(p) for p in opts.files) or opts.fmt not in (None, "ptb"):
        return None      # (these take the sentence-by-sentence path anyway)
    messages = io.BytesIO()
    try:
        code = run_batch(opts.files[0], opts.files[1], params, io.BytesIO(), messages,
                         summary_only=True)
    except FileChanged:
        raise            # (said as such, not taken for a stop)
    except Exception:
        return 0
    last = None
    for line in messages.getvalue().decode("utf-8", "replace").splitlines():
        found = re.match(r"(\d+) : (.*)", line)
        if found:
            last = (int(found.group(1)), found.group(2))
    if last is None:
        return None if code == 0 else 0
    if code != 0 or last[1].startswith("Number of lines unmatch"):
        return last[0]
    return None


def _summary_with_notes(summary, left_out=None) -> dict:
    from tcompare.cli.stream_out import summary_json

    data = summary_json(summary, notes=summary.notes)
    if left_out is not None:
        data["summary"].update(left_out.json(summary))
    return data


def _write_streamed(opts, params, gold, system, pairs, results, config, out: BinaryIO) -> int:
    """JSON / CSV one sentence at a time: bounded memory for any corpus size."""
    import io

    from tcompare.cli import stream_out
    from tcompare.cli.generic import released_pairs
    from tcompare.scoring.evalb.profile import PROFILE
    from tcompare.scoring.pairing import alignment_summary

    from tcompare.scoring.base import counted
    from tcompare.scoring.left_out import LeftOut

    text = io.TextIOWrapper(out, encoding="utf-8", newline="\n", write_through=True)
    left_out = LeftOut(PROFILE, config)
    stream = released_pairs(gold, system, pairs, left_out.watch(results, gold))
    aggregate = lambda kept: PROFILE.aggregate(counted(kept), config)  # noqa: E731
    try:
        if opts.output == "json":
            head = {"profile": PROFILE.name, "options": {"prm": params.to_json()},
                    "alignment": (p.to_json() for p in pairs),
                    "alignment_counts": alignment_summary(pairs)}
            stream_out.write_json(text, head, stream,
                                  lambda kept: _summary_with_notes(aggregate(kept), left_out),
                                  opts.summary_only)
        else:
            stream_out.write_csv(text, PROFILE, stream, aggregate, opts.summary_only)
        text.flush()
    finally:
        text.detach()
    return 0


def _write_line_pairs(opts, params, lines, out: BinaryIO) -> int:
    """`_write_streamed` for `evalb.stream.LinePairs`: the same bytes, written as the
    kernel renders them."""
    import io

    from tcompare.cli import stream_out
    from tcompare.scoring.evalb.profile import PROFILE

    text = io.TextIOWrapper(out, encoding="utf-8", newline="\n", write_through=True)
    mode = "summary" if opts.summary_only else opts.output
    try:
        if opts.output == "json":
            head = {"profile": PROFILE.name, "options": {"prm": params.to_json()},
                    "alignment": stream_out.Rendered(lines.alignment()),
                    "alignment_counts": lines.alignment_counts()}
            stream_out.write_json_pieces(text, out, head, lines.pieces(mode),
                                         lambda: _summary_with_notes(lines.summary(),
                                                                     lines.left_out),
                                         opts.summary_only)
        else:
            stream_out.write_csv_pieces(text, out, PROFILE, lines.pieces(mode), lines.summary,
                                        opts.summary_only)
        text.flush()
    finally:
        text.detach()
    return 0


def main(argv: list[str], profile_name: str = "evalb", out: BinaryIO | None = None,
         err: BinaryIO | None = None) -> int:
    out = out or sys.stdout.buffer
    err = err or sys.stderr.buffer
    try:
        opts = parse_args(argv)
    except _Usage as exc:
        if not str(exc):               # -h/--help: the full help, on stdout
            out.write(_help().encode())
            return 0
        err.write(f"tcompare score: {exc}\n".encode())
        err.write(USAGE.encode())
        return 2
    try:
        params = build_params(opts, err)
    except _Stop:
        return 1
    from tcompare.formats.inputs import FileChanged

    from tcompare.formats.lines import PairedLines
    from tcompare.scoring import evalb as evalb_face

    changed = False
    try:
        engine = evalb_face.engine(PairedLines(opts.files[0], opts.files[1]), opts.output,
                                   params.debug, opts.fmt)
        if engine == "literal":
            from tcompare.cli.score_evalb_c import run_debug   # EVALB's -d / -D listing
            return run_debug(opts.files[0], opts.files[1], params, out, err)
        if engine == "block":
            return run_batch(opts.files[0], opts.files[1], params, out, err, opts.summary_only, opts.jobs)
        return run_trees(opts, params, out, err)
    except FileChanged:
        changed = True         # (what is buffered is not written: `tcompare.entry` says so)
        raise
    finally:
        if not changed:
            out.flush()
        _flush_hint(err)
        err.flush()
