"""disco-dop's EVALB-style parameter files (``readparam`` of ``discodop/eval.py``).

The keys and defaults are the reference's; sets and the EQ_LABEL / EQ_WORD maps are built
in the same order with the same Python containers, so that where the reference prints them
(``--verbose``: ``Parameters:``) they print alike under the same ``PYTHONHASHSEED``.
MAX_ERROR is read and ignored (the reference stops at the first error).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tcompare.scoring.discodop.read import DiscodopError

ONCE = ("DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED", "DISC_ONLY", "LA", "TED", "DEP",
        "DELETE_ROOT_PRETERMS")


def default_param() -> dict[str, Any]:
    return {"DEBUG": 0, "MAX_ERROR": 10, "CUTOFF_LEN": 40, "LABELED": 1,
            "DELETE_LABEL_FOR_LENGTH": set(), "DELETE_LABEL": set(), "DELETE_WORD": set(),
            "EQ_LABEL": set(), "EQ_WORD": set(), "DISC_ONLY": 0, "LA": 0, "TED": 0, "DEP": 0,
            "DELETE_ROOT_PRETERMS": 0}


def read_param(text: str | None) -> dict[str, Any]:
    """`text`: the parameter file's content (decoded as UTF-8), or None for no file."""
    param = default_param()
    seen: set[str] = set()
    lines = text.splitlines() if text else []
    for line in lines:
        if line and not line.startswith("#"):
            parts = line.split(None, 1)
            if len(parts) < 2:
                raise DiscodopError("ValueError", "not enough values to unpack (expected 2, "
                                    f"got {len(parts)})")
            key, val = parts
            if key in ONCE:
                if key in seen:
                    raise DiscodopError("ValueError", f"cannot declare {key} twice")
                seen.add(key)
                try:
                    param[key] = int(val)
                except ValueError:
                    raise DiscodopError("ValueError", "invalid literal for int() with base "
                                        f"10: {val!r}") from None
            elif key in ("DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH", "DELETE_WORD"):
                param[key].add(val)
            elif key in ("EQ_LABEL", "EQ_WORD"):
                try:
                    b, c = val.split()
                except ValueError:
                    raise DiscodopError("ValueError", f"{key} requires two values") from None
                param[key].add((b, c))
            else:
                raise DiscodopError("ValueError", f"unrecognized parameter key: {key}")
    for key in ("EQ_LABEL", "EQ_WORD"):
        param[key] = {x: k for k, eqclass in transitive_closure(param[key]).items()
                      for x in eqclass}
    return param


def transitive_closure(eqpairs: Any) -> dict[str, set[str]]:
    """Equivalence classes of undirected pairs, keyed by one member (the reference's DFS)."""
    edges: defaultdict[str, set[str]] = defaultdict(set)
    for a, b in eqpairs:
        edges[a].add(b)
        edges[b].add(a)
    eqclasses: dict[str, set[str]] = {}
    seen: set[str] = set()
    for elem in set(edges):
        if elem in seen:
            continue
        eqclasses[elem] = set()
        agenda = edges.pop(elem)
        while agenda:
            eqelem = agenda.pop()
            seen.add(eqelem)
            eqclasses[elem].add(eqelem)
            agenda.update(edges[eqelem] - seen)
    return eqclasses
