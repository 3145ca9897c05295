"""`tcompare score GOLD SYSTEM... [--profile NAME] ...`.

`--profile` is read first; the profile's own CLI module (``RUNNERS``) then adds its options
(EVALB's ``-p``/``-e``, eval.pl's ``-q``/``-p``/``-b`` ...) and does the run, so each
reference program's exact output format is owned by one module.  Profiles without a
runner of their own use `generic.run`.  Several systems: one run each (`score_many`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from tcompare.scoring import profiles

RUNNERS = {
    "evalb": "tcompare.cli.score_evalb",
    "conllx": "tcompare.cli.score_conllx",
    "conll07": "tcompare.cli.score_conllx",
    "conllu": "tcompare.cli.score_conllx",
    "phenomena": "tcompare.cli.score_phenomena",
    "evalb_spmrl": "tcompare.cli.score_evalb_c",
    "spmrl": "tcompare.cli.score_evalb_c",
    "jp-evalb": "tcompare.cli.score_jpevalb",
    "conll18": "tcompare.cli.score_conll18",
    "ud-eval": "tcompare.cli.score_udeval",
    "discodop": "tcompare.cli.score_discodop",
}
GENERIC = "tcompare.cli.generic"


def _peek(argv: list[str]) -> tuple[str | None, str | None]:
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--profile")
    pre.add_argument("--format")
    pre.add_argument("files", nargs="*")
    known, _ = pre.parse_known_args(argv)
    return known.profile, known.format


def _guess_profile(argv: list[str], fmt: str | None) -> str:
    # option values ("--output json") are not files: keep arguments naming a file, or "-"
    files = [a for a in argv if a == "-" or (not a.startswith("-") and os.path.exists(a))]
    if fmt:
        return profiles.default_for(fmt)
    if files:
        try:
            from tcompare.formats.lines import sniff_head

            # (a pipe is kept, not consumed)
            return profiles.default_for(sniff_head(files[0]))
        except Exception:
            pass
    return "evalb"


def main(argv: list[str]) -> int:
    # --pairs LIST / two quoted globs: several pairs pooled into two files (cli/pairs.py)
    from tcompare.cli import pairs

    try:
        argv, pooled = pairs.expand(argv)
    except pairs.PairsError as exc:
        print(f"tcompare score: {exc}", file=sys.stderr)
        return 2
    try:
        return _main(argv)
    finally:
        if pooled is not None:
            pooled.cleanup()


def _main(argv: list[str]) -> int:
    if "--llm" in argv:          # LLM output: both policies side by side (cli/llm.py)
        from tcompare.cli import llm
        return llm.score_main(argv)
    if any(a.partition("=")[0] == "--secondary" for a in argv):
        # leaf-ancestor / TED / function tags after the profile's report (docs/cli-secondary.md)
        from tcompare.cli import score_secondary

        rest = score_secondary.split_argv(argv)[2]
        profile, fmt = _peek(rest)
        profile = profile or _guess_profile(rest, fmt)
        if profile in profiles.PROFILE_MODULES:
            return score_secondary.run(argv, profile, _main)
    profile, fmt = _peek(argv)
    if profile is None:
        profile = _guess_profile(argv, fmt)
    if profile not in profiles.PROFILE_MODULES:
        print(f"tcompare score: unknown profile {profile!r}; known: "
              f"{', '.join(profiles.PROFILE_MODULES)}", file=sys.stderr)
        return 2
    name = RUNNERS.get(profile, GENERIC)
    module = importlib.import_module(name)
    # GOLD SYS1 SYS2 ...: one run per system, outputs combined (cli/score_many.py)
    from tcompare.cli import score_many

    gold, systems = score_many.systems_of(argv, name, profile)
    if systems:
        return score_many.run(argv, gold, systems, lambda args: int(module.main(args, profile)))
    return module.main(argv, profile)
