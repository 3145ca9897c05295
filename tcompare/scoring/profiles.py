"""The profile registry: name -> Profile.  The GUI and the CLI list profiles from here only.

Profile modules register lazily (importing a module registers its profile), so a missing
optional piece never breaks the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcompare.scoring.base import Profile

# profile name -> module defining it (module-level PROFILE or PROFILES)
PROFILE_MODULES = {
    "evalb": "tcompare.scoring.evalb.profile",
    "parseval2010": "tcompare.scoring.zh.parseval2010",
    "parseval2012": "tcompare.scoring.zh.parseval2012",
    "sighan2012": "tcompare.scoring.zh.sighan2012",
    "conllx": "tcompare.scoring.conllx.profile",
    "conll07": "tcompare.scoring.conllx.profile",
    "conllu": "tcompare.scoring.conllx.profile",
    "phenomena": "tcompare.scoring.phenomena",
    "evalb_spmrl": "tcompare.scoring.evalb.spmrl",
    "spmrl": "tcompare.scoring.evalb.spmrl",
    "jp-evalb": "tcompare.scoring.jpevalb.profile",
    "conll18": "tcompare.scoring.conll18.profile",
    "ud-eval": "tcompare.scoring.udeval.sentences",
    "discodop": "tcompare.scoring.discodop.profile",
    "grammar-induction": "tcompare.scoring.induction.profile",
}

# default profile for each notation
DEFAULT_FOR_NOTATION = {
    "ptb": "evalb", "ccgauto": "evalb", "tct": "parseval2010", "pku": "parseval2010",
    "tct2012": "parseval2012", "sinica": "sighan2012", "conllx": "conllx", "conllu": "conllu",
    # discontinuous notations: scored (and drawn) by constituents as sets of word positions
    "export": "discodop", "tiger": "discodop", "alpino": "discodop", "discbracket": "discodop",
}


# what each profile reads (its `notations`; () = any), known without importing it: the window
# lists the profiles for a file as it opens, and importing every profile module took seconds
# (tests/test_workspace.py checks this table against the classes)
READS: dict[str, tuple[str, ...]] = {
    "evalb": ("ptb", "ccgauto", "tct2012"),
    "parseval2010": ("tct", "pku", "tct2012"),
    "parseval2012": ("tct2012", "tct", "pku", "ptb", "ccgauto"),
    "sighan2012": ("sinica",),
    "conllx": ("conllx", "conllu"),
    "conll07": ("conllx", "conllu"),
    "conllu": ("conllu", "conllx"),
    "phenomena": (),
    "evalb_spmrl": ("ptb",),
    "jp-evalb": ("ptb",),
    "conll18": ("conllu",),
    "ud-eval": ("conllu",),
    "discodop": ("discbracket", "export", "tiger", "alpino", "ptb"),
    "grammar-induction": ("ptb", "discbracket"),
}


def names_for(notation: str) -> list[str]:
    """Names of the profiles that read `notation`, in registry order, aliases left out --
    without importing them."""
    return [name for name, reads in READS.items() if not reads or notation in reads]


def get(name: str) -> Profile:
    try:
        module = importlib.import_module(PROFILE_MODULES[name])
    except KeyError:
        raise KeyError(f"unknown profile {name!r}; known: {', '.join(PROFILE_MODULES)}") from None
    profiles: dict[str, Profile] = getattr(module, "PROFILES", None) or {module.PROFILE.name: module.PROFILE}
    return profiles[name]


def available() -> list[Profile]:
    """Profiles whose modules import (in registry order)."""
    result: list[Profile] = []
    for name in PROFILE_MODULES:
        try:
            profile = get(name)
        except (ModuleNotFoundError, AttributeError):
            continue
        if all(profile is not p for p in result):   # an alias ("spmrl") is listed once
            result.append(profile)
    return result


def for_notation(notation: str) -> list[Profile]:
    return [p for p in available() if not p.notations or notation in p.notations]


def default_for(notation: str) -> str:
    return DEFAULT_FOR_NOTATION.get(notation, "evalb")
