"""Phenomenon rule files: phenomenon name -> patterns per notation (TOML).

Format (documented in docs/phenomena.md)::

    version = "1.0"                       # required: version of this rule set
    description = "English phenomena over Penn Treebank trees"   # required
    language = "en"                       # optional, used to pick shipped rules
    notations = ["ptb"]                   # optional: which notations the file is meant for

    [phenomena."unshifted ditransitive"]
    description = "verb + object NP + to/for PP"
    ptb = ['VP < (/^VB/ $. (NP $. PP-DTV))', '...']   # any pattern matching = recognised
    "tct,pku" = ['...']                   # one key may name several notations

Constituency notations take tgrep2 patterns (`tgrep`), dependency notations (``conllx``,
``conllu``) take dependency patterns (`deps`).  A phenomenon is recognised in a parse when
any of its patterns for the parse's notation matches.  Every problem (TOML syntax, missing
keys, unknown notation, bad pattern) is reported with file, line and column; all problems are
collected before `RuleFileError` is raised.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from tcompare import formats
from tcompare.query.deps import DepMatch, DepPattern, DepView
from tcompare.query.errors import PatternError, RuleFileError
from tcompare.query.tgrep import Match, TreePattern
from tcompare.query.view import PHRASE, TreeView
from tcompare.model.corpus import ParseError
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree

DEPENDENCY_NOTATIONS = frozenset({"conllx", "conllu"})
# the registry's notations at the time of writing; notations registered later are accepted too
KNOWN_NOTATIONS = tuple(dict.fromkeys(
    ("ptb", "tct", "tct2012", "pku", "sinica", "ccgauto", "conllx", "conllu", *formats.available())))


def is_dependency_notation(notation: str) -> bool:
    if notation in DEPENDENCY_NOTATIONS:
        return True
    try:
        return formats.get(notation).kind == "dependency"
    except (KeyError, ImportError, AttributeError):
        return False
PHENOMENON_KEYS = ("description", "examples", "notes")
Pattern = Union[TreePattern, DepPattern]


@dataclass
class Rule:
    """One phenomenon: its name, description and compiled patterns per notation."""

    name: str
    description: str = ""
    patterns: dict[str, list[Pattern]] = field(default_factory=dict)
    line: int = 0


@dataclass
class Highlight:
    """Where one pattern matched: phrase node ids, token indices (0-based) and arcs."""

    root_kind: str                       # "node" (a phrase Node.id) or "token"
    root: int
    nodes: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    arcs: list[tuple[int, int]] = field(default_factory=list)   # (head, dependent) token indices
    start: int = 0
    end: int = 0

    def to_json(self) -> dict:
        data = {"root": {"kind": self.root_kind, "ref": self.root}, "nodes": self.nodes,
                "tokens": self.tokens, "start": self.start, "end": self.end}
        if self.arcs:
            data["arcs"] = [list(a) for a in self.arcs]
        return data


@dataclass
class Firing:
    """A rule that fired: which pattern, and every place it matched."""

    name: str
    pattern: str
    pattern_index: int
    matches: list[Highlight]

    def to_json(self) -> dict:
        return {"phenomenon": self.name, "pattern": self.pattern,
                "pattern_index": self.pattern_index,
                "matches": [m.to_json() for m in self.matches]}


@dataclass
class RuleSet:
    """A loaded rule file."""

    rules: list[Rule]
    version: str = ""
    description: str = ""
    language: str = ""
    notations: tuple[str, ...] = ()
    path: str = "<rules>"

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.rules]

    def covers(self, notation: str) -> bool:
        return any(notation in r.patterns for r in self.rules)

    def covered_notations(self) -> list[str]:
        return [n for n in KNOWN_NOTATIONS if self.covers(n)]

    def explain(self, item: Tree | DepSentence | None, notation: str) -> list[Firing]:
        """Every pattern that fired on `item`, with where (first pattern per rule first)."""
        view = _view(item)
        if view is None:
            return []
        firings = []
        for rule in self.rules:
            for k, pattern in enumerate(rule.patterns.get(notation, ())):
                if (pattern.kind == "dependency") != isinstance(view, DepView):
                    continue
                found = [to_highlight(m) for m in pattern.matches(view)]  # type: ignore[arg-type]
                if found:
                    firings.append(Firing(rule.name, pattern.text, k, found))
        return firings

    def recognise(self, item: Tree | DepSentence | None, notation: str) -> list[str]:
        """Names of the phenomena `item` shows, in rule-file order (the paper's list R_i)."""
        view = _view(item)
        if view is None:
            return []
        names = []
        for rule in self.rules:
            for pattern in rule.patterns.get(notation, ()):
                if (pattern.kind == "dependency") == isinstance(view, DepView) \
                        and pattern.search(view):  # type: ignore[arg-type]
                    names.append(rule.name)
                    break
        return names


def to_highlight(match: Match | DepMatch) -> Highlight:
    if isinstance(match, DepMatch):
        tokens = sorted({t.index for t in match.hits})
        return Highlight("token", match.root.index, [], tokens, match.arcs,
                         min(tokens), max(tokens) + 1)
    nodes = sorted({h.ref for h in match.hits if h.kind == PHRASE})
    tokens = sorted({h.ref for h in match.hits if h.kind != PHRASE})
    root = match.root
    return Highlight("node" if root.kind == PHRASE else "token", root.ref, nodes, tokens,
                     [], root.start, root.end)


# -- loading --------------------------------------------------------------------------------
def compile_pattern(text: str, notation: str) -> Pattern:
    """Compile one pattern for `notation` (tgrep2 or dependency form).

    Raises
    ------
    PatternError
        with the column of the problem.
    """
    if is_dependency_notation(notation):
        return DepPattern(text, ud=(notation == "conllu"))
    return TreePattern(text)


_TABLE_HEADER = re.compile(r"^\s*\[+\s*[A-Za-z_]")


class _Locator:
    """Finds the line/column of keys and strings in the TOML source (tomllib keeps none)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def table(self, name: str) -> int:
        quoted = re.escape(name)
        rx = re.compile(r'^\s*\[\s*phenomena\s*\.\s*(?:"%s"|\'%s\'|%s)\s*\]' % (quoted, quoted, quoted))
        for i, line in enumerate(self.lines):
            if rx.match(line):
                return i + 1
        return 0

    def key(self, key: str, after: int) -> int:
        rx = re.compile(r'^\s*(?:"%s"|\'%s\'|%s)\s*=' % ((re.escape(key),) * 3))
        for i in range(after, len(self.lines)):
            if _TABLE_HEADER.match(self.lines[i]):
                break
            if rx.match(self.lines[i]):
                return i + 1
        return after

    def string(self, value: str, after: int) -> tuple[int, int]:
        """(line, column of the first character of `value`) searching from line `after`."""
        forms = ["'" + value + "'", '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"']
        for i in range(max(after - 1, 0), len(self.lines)):
            for form in forms:
                col = self.lines[i].find(form)
                if col >= 0:
                    return i + 1, col + 2
        return after, 0


def load_rules_text(text: str, path: str = "<rules>") -> RuleSet:
    """Parse and compile a rule file's text.

    Raises
    ------
    RuleFileError
        listing every problem with file, line and column.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        found = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line, col = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        reason = msg[:found.start()].strip() if found else msg
        raise RuleFileError([ParseError(f"not valid TOML: {reason}", path, line, col)]) from None
    where = _Locator(text)
    problems: list[ParseError] = []
    for key in ("version", "description"):
        if key not in data:
            problems.append(ParseError(f"missing top-level key {key!r}", path, 1,
                                       hint="a rule file carries a version and a description"))
    phenomena = data.get("phenomena")
    if not isinstance(phenomena, dict) or not phenomena:
        problems.append(ParseError("no [phenomena.\"NAME\"] tables", path, 1))
        raise RuleFileError(problems)
    rules = []
    for name, body in phenomena.items():
        line = where.table(name)
        if not isinstance(body, dict):
            problems.append(ParseError(f"phenomenon {name!r} must be a table", path, line))
            continue
        rule = Rule(name, str(body.get("description", "")), line=line)
        for key, value in body.items():
            if key in PHENOMENON_KEYS:
                continue
            key_line = where.key(key, line)
            notations = [n.strip() for n in key.split(",") if n.strip()]
            unknown = [n for n in notations if n not in KNOWN_NOTATIONS]
            if unknown or not notations:
                problems.append(ParseError(
                    f"phenomenon {name!r}: unknown notation {', '.join(unknown) or key!r}",
                    path, key_line, hint=f"known: {', '.join(KNOWN_NOTATIONS)}"))
                continue
            texts = [value] if isinstance(value, str) else value
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                problems.append(ParseError(f"phenomenon {name!r}: {key} must be a list of "
                                           "pattern strings", path, key_line))
                continue
            for text_ in texts:
                pat_line, pat_col = where.string(text_, key_line)
                for notation in notations:
                    try:
                        compiled = compile_pattern(text_, notation)
                    except PatternError as exc:
                        problems.append(ParseError(
                            f"phenomenon {name!r}, {notation} pattern: {exc.message}", path,
                            pat_line, pat_col + exc.column - 1 if pat_col and exc.column else pat_col,
                            excerpt=text_))
                        break
                    rule.patterns.setdefault(notation, []).append(compiled)
        rules.append(rule)
    if problems:
        raise RuleFileError(problems)
    declared = data.get("notations") or []
    return RuleSet(rules, str(data.get("version", "")), str(data.get("description", "")),
                   str(data.get("language", "")), tuple(declared), path)


def load_rules(path: str | Path) -> RuleSet:
    """Read a rule file (UTF-8 TOML).

    Raises
    ------
    RuleFileError
        when the file cannot be read or has problems (each with file:line:column).
    """
    path = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleFileError([ParseError(f"cannot read rule file: {exc}", path)]) from None
    return load_rules_text(text, path)


def _view(item: Tree | DepSentence | None) -> TreeView | DepView | None:
    """What the patterns search in `item`; None for a missing or empty (failed) parse."""
    if item is None:
        return None
    view = DepView(item) if isinstance(item, DepSentence) else TreeView(item)
    if isinstance(view, TreeView) and view.root is None:
        return None
    return view
