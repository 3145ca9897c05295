"""Tree-pattern rule engine: tgrep2 patterns over constituency trees, a small arc-pattern
form over dependency trees, and phenomenon rule files built from both (no Qt).

Public API
----------
``compile_pattern(text, notation)`` -> `TreePattern` | `DepPattern` (raises `PatternError`)
``TreePattern(text).matches(TreeView(tree))`` -> `Match` per matching node
``DepPattern(text).matches(DepView(sentence))`` -> `DepMatch` per matching token
``load_rules(path)`` / ``load_rules_text(text, path)`` -> `RuleSet` (raises `RuleFileError`)
``RuleSet.recognise(item, notation)`` -> phenomenon names (the paper's R_i)
``RuleSet.explain(item, notation)`` -> `Firing` per pattern that fired, with node ids / token
indices to highlight
``shipped_rules(notation, sample_text="")`` -> the bundled rule file for a notation
``search_corpus(corpus, pattern)`` -> `SearchHit` per matching sentence (GUI search/filter)

The language is documented in docs/phenomena.md; module docstrings of `tgrep` and `deps`
are the reference.
"""

from __future__ import annotations

from pathlib import Path

from tcompare.query.deps import DepMatch, DepPattern, DepView
from tcompare.query.errors import PatternError, RuleFileError
from tcompare.query.rules import (Firing, Highlight, Rule, RuleSet, compile_pattern,
                                              load_rules, load_rules_text)
from tcompare.query.search import SearchHit, search_corpus
from tcompare.query.tgrep import Match, TreePattern
from tcompare.query.view import TreeView, ViewNode
from tcompare.paths import resource

__all__ = [
    "DepMatch", "DepPattern", "DepView", "Firing", "Highlight", "Match", "PatternError", "Rule",
    "RuleFileError", "RuleSet", "SearchHit", "TreePattern", "TreeView", "ViewNode",
    "compile_pattern", "load_rules", "load_rules_text", "search_corpus", "shipped_rule_files",
    "shipped_rules",
]


def shipped_rule_files() -> list[Path]:
    """Bundled rule files (resources/phenomena/rules_*.toml), sorted by name."""
    return sorted(resource("phenomena").glob("rules_*.toml"))


_LOADED: dict[tuple[str, float], RuleSet] = {}


def _load_cached(path: Path) -> RuleSet:
    """Shipped files are read once per modification time (the GUI asks per sentence pair)."""
    key = (str(path), path.stat().st_mtime)
    if key not in _LOADED:
        _LOADED[key] = load_rules(path)
    return _LOADED[key]


def _has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def shipped_rules(notation: str, sample_text: str = "") -> RuleSet | None:
    """The bundled rule set for `notation`, or None when no bundled file covers it.

    When several bundled files cover the notation (CoNLL-U for English and Chinese), the one
    whose ``language`` fits `sample_text` (Chinese characters or not) is preferred.
    """
    candidates = [rs for rs in (_load_cached(p) for p in shipped_rule_files())
                  if rs.covers(notation)]
    if not candidates:
        return None
    wanted = "zh" if _has_cjk(sample_text) else "en"
    for rs in candidates:
        if rs.language == wanted:
            return rs
    # files for other languages compete for this notation (CoNLL-U: en, zh): none of them
    # fits the text, so none is used (English UD once fell back to the Chinese rules)
    if len(candidates) > 1 and all(rs.language and rs.language != wanted for rs in candidates):
        return None
    return candidates[0]
