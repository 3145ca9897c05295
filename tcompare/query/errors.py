"""Errors of the pattern language and of rule files.

`PatternError` knows the column (1-based, inside the pattern text) where a pattern went
wrong; the rule-file loader turns it into a `ParseError` with file, line and column.
"""

from __future__ import annotations

from tcompare.model.corpus import ParseError


class PatternError(ValueError):
    """A pattern that cannot be compiled.

    Parameters
    ----------
    message : what is wrong (``unknown relation '<>'``).
    column : 1-based column inside the pattern text; 0 when not tied to a place.
    pattern : the pattern text.
    """

    def __init__(self, message: str, column: int = 0, pattern: str = ""):
        super().__init__(message)
        self.message, self.column, self.pattern = message, column, pattern

    def __str__(self) -> str:
        if self.column and self.pattern:
            return f"{self.message} at column {self.column}: {self.pattern}"
        return self.message


class RuleFileError(Exception):
    """A rule file that cannot be used; `problems` lists every error found (file:line:col)."""

    def __init__(self, problems: list[ParseError]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
