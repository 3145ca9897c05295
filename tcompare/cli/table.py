"""`tcompare table GOLD SYS... [--profile P] [--output text|csv|latex|markdown]`: a campaign
table, one row per system, in the form the seed paper of the profile prints its results.

Each system is scored by the profile as `tcompare score` scores it: sentence blocks in
forked workers (`workers.map_blocks` over `batch.slim_results`, EVALB through its compiled
kernel), folded by `Profile.aggregate`; CoNLL 2018 by its whole-file evaluation.  A system
whose sentence count differs from the gold file's is paired by sentence text, with the
same stderr note as `tcompare score` (missing sentences count as no parse).  The table's
shape, order and ranks are `analysis.campaign`'s; rendering is `analysis.campaign_render`'s.

Runs are grouped into teams by their names (``TEAM-run1``, ``TEAM_2``, ``TEAM.closed``:
`campaign.DEFAULT_RUNS_BY`), by ``--runs-by REGEX`` (group ``team``, optionally ``run``),
or by ``--teams FILE`` (or ``--runs-by FILE``): one line per system, tab-separated ``SYSTEM TEAM [RUN [MODEL]]``
(SYSTEM: the file as given, its base name or its name without extension; MODEL such as
Single / Multiple makes ParsEval-2012's sections).  ``--names A,B,...`` names the systems.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from typing import Any, TextIO

from tcompare.analysis import campaign
from tcompare.analysis.campaign_render import FORMATS, render
from tcompare.scoring import profiles

# profiles whose scoring is not sentence by sentence on paired files (yet)
UNSUPPORTED = {"jp-evalb": "it aligns whole files (use tcompare score for each system)",
               "phenomena": "it reads a gold phenomenon list (use tcompare score --profile "
                            "phenomena for each system)"}


class TableError(Exception):
    """A usage problem found after argument parsing (exit 2)."""


def peek(argv: list[str]) -> tuple[str | None, str | None, list[str]]:
    """``--profile``, ``--format`` and the file arguments, before the profile's own parser is built."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--profile")
    pre.add_argument("--format")
    pre.add_argument("files", nargs="*")
    known, _ = pre.parse_known_args(argv)
    return known.profile, known.format, known.files


def build_parser(profile: Any) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tcompare table",
        description="One row per system, ranked and grouped as the profile's campaign paper "
                    "prints its results.")
    p.add_argument("gold")
    p.add_argument("systems", nargs="+", metavar="SYSTEM")
    p.add_argument("--profile", default=profile.name)
    p.add_argument("--output", choices=FORMATS, default="text")
    p.add_argument("--part", choices=(*campaign.parts_for(profile.name), "all"),
                   help="which of the paper's tables (default: the main ranking table; "
                        "sighan2012: follows --task); all: each in turn")
    p.add_argument("--order", choices=campaign.ORDERS,
                   help="rank: every run by the ranking figure; team: each team's runs "
                        "together, teams by their best run; input: as given, teams together "
                        "(default: as the paper)")
    p.add_argument("--runs-by", metavar="REGEX|FILE",
                   help="regular expression on system names: group 'team' (or the first "
                        "group) names the team, group 'run' the run; an existing file: "
                        "a team file as --teams")
    p.add_argument("--teams", metavar="FILE",
                   help="tab-separated lines SYSTEM TEAM [RUN [MODEL]]")
    p.add_argument("--names", help="comma-separated names of the systems, in order")
    p.add_argument("--title", help="the table's caption")
    p.add_argument("--format", help="notation of all files (default: sniffed)")
    p.add_argument("--encoding", help="encoding of all files (default: detected)")
    p.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    names = {"prm": ["-p", "--prm"]}
    for option in profile.options:
        flags = names.get(option.name, ["--" + option.name.replace("_", "-")])
        if option.type is bool:
            p.add_argument(*flags, dest=option.name, action="store_true", default=option.default,
                           help=option.help)
        else:
            p.add_argument(*flags, dest=option.name, type=option.type, default=option.default,
                           choices=option.choices, help=option.help)
    return p


# -- naming runs ---------------------------------------------------------------------------

def system_names(paths: list[str], given: str | None) -> list[str]:
    """Display names: ``--names``, else file names without extension (with their folder when
    two would be the same)."""
    if given is not None:
        names = [n.strip() for n in given.split(",")]
        if len(names) != len(paths):
            raise TableError(f"--names gives {len(names)} names for {len(paths)} systems")
        return names
    stems = [os.path.splitext(os.path.basename(p))[0] or p for p in paths]
    if len(set(stems)) == len(stems):
        return stems
    names = [os.path.join(os.path.basename(os.path.dirname(os.path.abspath(p))), s)
             for p, s in zip(paths, stems)]
    # the same file twice: numbered, so every row and note says which one it is
    return [f"{n}#{names[:k].count(n) + 1}" if names.count(n) > 1 else n
            for k, n in enumerate(names)]


def read_teams(path: str) -> dict[str, tuple[str, str, str]]:
    """SYSTEM -> (team, run, model) from a team file; TableError naming file:line when a
    line has no team."""
    try:
        with open(path, encoding="utf-8-sig") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TableError(f"cannot read team file {path}: {exc}") from None
    out: dict[str, tuple[str, str, str]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in (line.split("\t") if "\t" in line else line.split())]
        if len(fields) < 2 or not fields[0] or not fields[1]:
            raise TableError(f"{path}:{number}:1: expected SYSTEM<TAB>TEAM[<TAB>RUN[<TAB>MODEL]], "
                             f"got {line!r}")
        fields += ["", ""]
        out[fields[0]] = (fields[1], fields[2], fields[3])
    return out


def identify(path: str, name: str, teams: dict[str, tuple[str, str, str]],
             runs_by: str | None) -> tuple[str, str, str]:
    for key in (path, os.path.basename(path), name, os.path.splitext(os.path.basename(path))[0]):
        if key in teams:
            team, run, model = teams[key]
            return team, run or name, model
    team, run = campaign.split_name(name, runs_by)
    return team, run, ""


# -- scoring one system --------------------------------------------------------------------

def _slim_all(gold: Any, system: Any, profile: Any, config: Any, jobs: int | None) -> list[Any]:
    """Every position's slim result, in blocks over forked workers (`tcompare score`'s batch
    path: EVALB's compiled kernel where the trees allow)."""
    from tcompare.scoring.batch import slim_results
    from tcompare.scoring.workers import map_blocks

    n = max(len(gold), len(system))
    block = 512

    def score_range(bounds: tuple[int, int]) -> list[Any]:
        return slim_results(gold, system, profile, config, bounds[0], bounds[1])

    def ranges() -> Any:
        return ((k, min(k + block, n)) for k in range(0, n, block))

    out: list[Any] = []
    for rows in map_blocks(score_range, ranges, jobs):
        out.extend(rows)
    return out


def score_system(gold: Any, gold_path: str, path: str, profile: Any, config: Any,
                 args: argparse.Namespace, err: TextIO) -> Any:
    """The profile's Summary for one system file; raises TableError (a message for the
    run's footnote) when the file cannot be scored."""
    from tcompare import formats
    from tcompare.cli.generic import misalignment_note
    from tcompare.scoring.batch import slim
    from tcompare.scoring.pairing import is_misaligned, kind_problem, pair_corpora, score_pairs

    try:
        system = formats.read_file(path, args.format, args.encoding)
    except formats.ReadError as exc:
        raise TableError(str(exc)) from None
    if len(system):
        if profile.notations and system.notation not in profile.notations:
            raise TableError(f"{path} looks like {system.notation}; profile {profile.name} reads "
                             f"{', '.join(profile.notations)} (use --format)")
        problem = kind_problem(profile, system)
        if problem:
            raise TableError(problem)
    for problem in system.file_errors:
        err.write(f"{problem}\n")
    # paired as `tcompare score` pairs them: a profile reproducing a reference program by
    # position (as that program) unless the counts differ; the others by sentence text
    pairs = None
    if len(system) != len(gold) or not profile.reference:
        pairs = pair_corpora(gold, system, profile)
    if pairs is None or (len(system) == len(gold) and not is_misaligned(pairs)):
        results = _slim_all(gold, system, profile, config, args.jobs or None)
    else:
        # `tcompare score`'s note, naming this command and where the pairs can be seen
        note = misalignment_note(gold_path, path, len(gold), len(system), pairs)
        err.write(note.replace("tcompare score:", "tcompare table:", 1).replace(
            '(see "alignment" in --output json)', "(tcompare score --output json lists them)"))
        results = [slim(r) for r in score_pairs(gold, system, pairs, profile, config)]
    if results and not any(r.valid for r in results):
        raise TableError(f"no sentence of {path} could be scored against {gold_path}")
    summary = profile.aggregate(results, config)
    bad = [r for r in results if not r.valid]
    if bad and not any("could not be scored" in n for n in summary.notes):
        kinds = Counter(r.status.value for r in bad)
        first = f"{bad[0].index}" + (f" ({bad[0].message})" if bad[0].message else "")
        summary.notes.append("sentences left out of every figure: " + ", ".join(
            f"{n} {kind}" for kind, n in kinds.items()) + f"; the first: {first}")
    return summary


def score_conll18(gold_path: str, path: str) -> Any:
    from tcompare.formats.lines import ByteSource
    from tcompare.scoring.conll18 import profile as conll18
    from tcompare.scoring import conll18 as conll18_face

    try:
        return conll18.summarize(conll18_face.evaluate_loaded(ByteSource(gold_path),
                                                              ByteSource(path)))
    except conll18.Conll18Error as exc:
        raise TableError(exc.official_line()) from None


# -- the command -------------------------------------------------------------------------------

def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if "--llm" in argv:          # LLM output: both policies side by side (cli/llm.py)
        from tcompare.cli import llm
        return llm.table_main(argv, out, err)
    profile = choose_profile(argv, "table", UNSUPPORTED, err)
    if profile is None:
        return 2
    args = build_parser(profile).parse_args(argv)
    try:
        return _run(args, profile, out, err)
    except TableError as exc:
        err.write(f"tcompare table: {exc}\n")
        return 2


def choose_profile(argv: list[str], command: str, unsupported: dict[str, str],
                   err: TextIO) -> Any:
    """The profile ``--profile`` names, or the one the notation suggests; None (the reason
    written to `err`) when it is unknown or in `unsupported` (name -> why)."""
    name, fmt, files = peek(argv)
    if name is None:
        name = _guess_profile(files[0] if files else None, fmt)
    if name not in profiles.PROFILE_MODULES:
        err.write(f"tcompare {command}: unknown profile {name!r}; known: "
                  f"{', '.join(profiles.PROFILE_MODULES)}\n")
        return None
    if name in unsupported:
        err.write(f"tcompare {command}: profile {name} is not supported here: {unsupported[name]}\n")
        return None
    return profiles.get(name)


def _guess_profile(path: str | None, fmt: str | None) -> str:
    if fmt:
        return profiles.default_for(fmt)
    if path and os.path.exists(path):
        try:
            from tcompare.formats.lines import sniff_head

            return profiles.default_for(sniff_head(path))
        except Exception:
            pass
    return "evalb"


def _run(args: argparse.Namespace, profile: Any, out: TextIO, err: TextIO) -> int:
    from tcompare import formats

    if args.runs_by and os.path.isfile(args.runs_by) and not args.teams:
        args.teams, args.runs_by = args.runs_by, None      # --runs-by TEAMFILE
    if args.runs_by:
        try:
            re.compile(args.runs_by)
        except re.error as exc:
            raise TableError(f"--runs-by {args.runs_by!r}: {exc}") from None
    teams = read_teams(args.teams) if args.teams else {}
    names = system_names(args.systems, args.names)
    options = {o.name: getattr(args, o.name) for o in profile.options}
    part = args.part
    if profile.name == "sighan2012":       # Table 3 or 5: what --task scores
        if part not in (None, "all", options["task"]):
            raise TableError(f"--part {part} needs --task {part} (the table shows what is scored)")
        part = part or options["task"]
    if part == "events" and not options.get("events"):
        raise TableError("--part events needs the gold event bank (--events FILE)")
    try:
        config = profile.prepare(options)
    except OSError as exc:
        err.write(f"tcompare table: cannot read {exc.filename}: {exc.strerror}\n")
        return 1
    except ValueError as exc:
        raise TableError(str(exc)) from None
    gold = None
    if profile.name != "conll18":
        try:
            gold = formats.read_file(args.gold, args.format, args.encoding)
        except formats.ReadError as exc:
            err.write(f"tcompare table: {exc}\n")
            return 1
        from tcompare.scoring.pairing import kind_problem

        problem = kind_problem(profile, gold) if len(gold) else None
        if problem:
            err.write(f"tcompare table: {problem}\n")
            return 1
        for problem in gold.file_errors:
            err.write(f"{problem}\n")
    runs: list[campaign.Run] = []
    for path, name in zip(args.systems, names):
        team, run, model = identify(path, name, teams, args.runs_by)
        try:
            summary = (score_conll18(args.gold, path) if gold is None
                       else score_system(gold, args.gold, path, profile, config, args, err))
        except TableError as exc:
            err.write(f"tcompare table: {exc}\n")
            runs.append(campaign.Run(name, team, run, model, error=str(exc)))
            continue
        runs.append(campaign.Run(name, team, run, model, summary.metrics, summary.groups,
                                 notes=tuple(summary.notes)))
    if part == "all":
        parts = [p for p in campaign.parts_for(profile.name) if p != "events" or options.get("events")]
        if profile.name == "sighan2012":
            parts = [options["task"]]
    else:
        parts = [part]
    # several tables: one after the other (CSV blocks apart by an empty line)
    out.write("\n".join(render(campaign.arrange(runs, campaign.layout(profile.name, p, profile.headline),
                                                 args.order, args.title), args.output)
                        for p in parts))
    return 1 if any(r.error for r in runs) else 0
