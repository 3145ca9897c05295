"""Node tests shared by the constituency and dependency pattern languages.

A node test is an optional ``!``, then a label alternation ``A|B|/re/|"literal"|__``, then an
optional part filter ``{part=value, part!=value, ...}``; either half may be left out
(``{role=Head}`` alone tests only the part).  Values are a name, ``/regex/`` (searched), a
``"literal"``, or nothing (``{fn=}``: the part is empty).  The filter applies to the whole
alternation.  ``!`` negates the whole test.

What a bare name matches is decided by the caller (`name_match`): the constituency view
matches raw label, category or ``category-function``; the dependency view matches UPOS or XPOS.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from tcompare.query.errors import PatternError

ANY_NAMES = ("__", "*")


@dataclass(frozen=True)
class Value:
    """One value in a label alternation or a part filter."""

    kind: str                 # "name", "regex", "literal", "any", "empty"
    text: str = ""
    regex: Any = None

    def matches(self, value: str) -> bool:
        if self.kind == "any":
            return True
        if self.kind == "regex":
            return self.regex.search(value) is not None
        if self.kind == "empty":
            return value == ""
        return value == self.text


@dataclass(frozen=True)
class PartTest:
    part: str
    value: Value
    negated: bool = False


@dataclass
class NodeTest:
    """A compiled node test; `check(node, name_match, part_of)` says whether a node passes."""

    negated: bool = False
    values: list[Value] = field(default_factory=list)   # empty: no label constraint
    parts: list[PartTest] = field(default_factory=list)

    def check(self, node: Any, name_match: Callable[[Any, Value], bool],
              part_match: Callable[[Any, PartTest], bool]) -> bool:
        ok = (not self.values) or any(v.kind == "any" or name_match(node, v)
                                      for v in self.values)
        if ok:
            for test in self.parts:
                if part_match(node, test) == test.negated:
                    ok = False
                    break
        return ok != self.negated


class Scanner:
    """Character cursor over a pattern with error reporting by column."""

    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def error(self, message: str, pos: int | None = None) -> PatternError:
        return PatternError(message, (self.pos if pos is None else pos) + 1, self.text)

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self, n: int = 1) -> str:
        return self.text[self.pos:self.pos + n]

    def at_end(self) -> bool:
        self.skip_space()
        return self.pos >= len(self.text)

    def delimited(self, close: str) -> str:
        """Read ``/.../`` or ``"..."`` starting at the opening character; ``\\close`` escapes."""
        start = self.pos
        self.pos += 1
        out = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\" and self.pos + 1 < len(self.text) and self.text[self.pos + 1] == close:
                out.append(close)
                self.pos += 2
                continue
            if ch == close:
                self.pos += 1
                return "".join(out)
            out.append(ch)
            self.pos += 1
        what = "regular expression" if close == "/" else "quoted label"
        raise self.error(f"unterminated {what} (missing closing {close})", start)

    def name(self, stop: str) -> str:
        start = self.pos
        while self.pos < len(self.text) and not self.text[self.pos].isspace() \
                and self.text[self.pos] not in stop:
            self.pos += 1
        return self.text[start:self.pos]


def _compile_regex(scanner: Scanner, body: str, at: int) -> Any:
    try:
        return re.compile(body)
    except re.error as exc:
        raise scanner.error(f"bad regular expression /{body}/: {exc.msg}", at) from None


def read_value(scanner: Scanner, stop: str, *, allow_empty: bool = False) -> Value:
    at = scanner.pos
    ch = scanner.peek()
    if ch == "/":
        body = scanner.delimited("/")
        return Value("regex", f"/{body}/", _compile_regex(scanner, body, at))
    if ch == '"':
        return Value("literal", scanner.delimited('"'))
    text = scanner.name(stop)
    if not text:
        if allow_empty:
            return Value("empty")
        found = repr(ch) if ch else "end of pattern"
        raise scanner.error(f"expected a label, /regex/ or \"literal\", found {found}", at)
    if text in ANY_NAMES:
        return Value("any", text)
    return Value("name", text)


def read_node_test(scanner: Scanner, stop: str, known_parts: tuple[str, ...]) -> NodeTest:
    """Parse a node test at the cursor (see the module docstring)."""
    test = NodeTest()
    if scanner.peek() == "!":
        test.negated = True
        scanner.pos += 1
    if scanner.peek() != "{":
        test.values.append(read_value(scanner, stop))
        while scanner.peek() == "|":
            scanner.pos += 1
            test.values.append(read_value(scanner, stop))
    if scanner.peek() == "{":
        test.parts = read_part_filter(scanner, known_parts)
    return test


def read_part_filter(scanner: Scanner, known_parts: tuple[str, ...]) -> list[PartTest]:
    open_at = scanner.pos
    scanner.pos += 1
    tests: list[PartTest] = []
    while True:
        scanner.skip_space()
        if scanner.peek() == "}":
            scanner.pos += 1
            return tests
        if not scanner.peek():
            raise scanner.error("unbalanced '{' (missing '}')", open_at)
        at = scanner.pos
        part = scanner.name("=!,{}")
        if part not in known_parts:
            raise scanner.error(f"unknown label part {part!r} (known: {', '.join(known_parts)})", at)
        negated = False
        if scanner.peek(2) == "!=":
            negated, scanner.pos = True, scanner.pos + 2
        elif scanner.peek() == "=":
            scanner.pos += 1
        else:
            raise scanner.error(f"expected '=' or '!=' after {part!r}")
        value = read_value(scanner, ",}", allow_empty=True)
        if value.kind == "any":
            value = Value("regex", "/./", re.compile("."))   # {part=*}: the part is set
        tests.append(PartTest(part, value, negated))
        scanner.skip_space()
        if scanner.peek() == ",":
            scanner.pos += 1
