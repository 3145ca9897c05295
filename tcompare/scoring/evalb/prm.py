"""EVALB parameter (.prm) files, parsed exactly as the 2013 ``evalb.c`` reads them.

Pure: parses text (never opens a path).  Rules (anchors/evalb/NOTES.md):

* trailing whitespace is stripped; a line starting with ``#`` or shorter than 3 characters
  is ignored;
* the keyword is the first word, the value the rest of the line after the blanks;
  an empty value warns ``Empty value in parameter file (LINE)`` and is still used;
* ``DEBUG``, ``MAX_ERROR``, ``CUTOFF_LEN``, ``LABELED`` take ``atoi`` of the value;
  ``DELETE_LABEL``, ``DELETE_LABEL_FOR_LENGTH``, ``QUOTE_LABEL`` append the whole value;
  ``EQ_LABEL`` / ``EQ_WORD`` need exactly two words (else ``EQ_LABEL requires two values``);
* anything else warns ``Unknown keyword (LINE) in parameter file``.

Warnings are returned (the CLI prints them on stderr like EVALB does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import os
    from pathlib import Path

_C_SPACE = " \t\n\r\v\f"


def atoi(text: str) -> int:
    """C ``atoi``: leading blanks, optional sign, digits; 0 when there are none."""
    m = re.match(r"[ \t\n\r\v\f]*([+-]?\d+)", text)
    return int(m.group(1)) if m else 0


@dataclass
class EvalbParams:
    """The settings EVALB reads from its .prm file (defaults = evalb.c's without a file)."""

    debug: int = 0
    max_error: int = 10
    cutoff_len: int = 40
    labeled: int = 1
    delete_labels: list[str] = field(default_factory=list)
    delete_labels_for_length: list[str] = field(default_factory=list)
    quote_labels: list[str] = field(default_factory=list)
    eq_labels: list[tuple[str, str]] = field(default_factory=list)
    eq_words: list[tuple[str, str]] = field(default_factory=list)
    source: str = ""          # where the settings came from (file name), for reports

    def to_json(self) -> dict[str, Any]:
        return {"DEBUG": self.debug, "MAX_ERROR": self.max_error, "CUTOFF_LEN": self.cutoff_len,
                "LABELED": self.labeled, "DELETE_LABEL": list(self.delete_labels),
                "DELETE_LABEL_FOR_LENGTH": list(self.delete_labels_for_length),
                "QUOTE_LABEL": list(self.quote_labels),
                "EQ_LABEL": [list(p) for p in self.eq_labels],
                "EQ_WORD": [list(p) for p in self.eq_words], "source": self.source}


def _keyword(line: str, name: str) -> bool:
    # STRNCMP in evalb.c: the line starts with the keyword followed by end or a blank
    return line.startswith(name) and (len(line) == len(name) or line[len(name)] in _C_SPACE)


def parse_prm(text: str, params: EvalbParams | None = None) -> tuple[EvalbParams, list[str]]:
    """Apply the settings in `text` to `params` (new defaults when None).

    Returns
    -------
    (params, warnings) -- warnings are EVALB's stderr lines, newline included.
    """
    params = params or EvalbParams()
    warnings: list[str] = []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the empty text after the last newline is not a line
    for number, line in enumerate(lines, 1):
        # strip the tail (evalb.c never strips position 0)
        end = len(line)
        while end > 1 and line[end - 1] in _C_SPACE:
            end -= 1
        line = line[:end]
        if line.startswith("#") or len(line) < 3:
            continue
        i = 0
        while i < len(line) and line[i] not in _C_SPACE:
            i += 1
        while i < len(line) and line[i] in _C_SPACE:
            i += 1
        value = line[i:]
        if not value:
            warnings.append(f"Empty value in parameter file ({number})\n")
        _set_param(params, line, value, warnings)
    return params, warnings


def _set_param(params: EvalbParams, line: str, value: str, warnings: list[str]) -> None:
    if _keyword(line, "DEBUG"):
        params.debug = atoi(value)
    elif _keyword(line, "MAX_ERROR"):
        params.max_error = atoi(value)
    elif _keyword(line, "CUTOFF_LEN"):
        params.cutoff_len = atoi(value)
    elif _keyword(line, "LABELED"):
        params.labeled = atoi(value)
    elif _keyword(line, "DELETE_LABEL"):
        params.delete_labels.append(value)
    elif _keyword(line, "DELETE_LABEL_FOR_LENGTH"):
        params.delete_labels_for_length.append(value)
    elif _keyword(line, "QUOTE_LABEL"):
        params.quote_labels.append(value)
    elif _keyword(line, "EQ_LABEL") or _keyword(line, "EQ_WORD"):
        name = "EQ_LABEL" if _keyword(line, "EQ_LABEL") else "EQ_WORD"
        words = re.findall(r"[^ \t\n\r\v\f]+", value)
        if len(words) != 2:
            warnings.append(f"{name} requires two values\n")
            return
        (params.eq_labels if name == "EQ_LABEL" else params.eq_words).append((words[0], words[1]))
    else:
        warnings.append(f"Unknown keyword ({line}) in parameter file\n")


DEFAULT_PRM = "COLLINS.prm"


def default_prm_path() -> Path:
    from tcompare.paths import resource

    return resource("prm", DEFAULT_PRM)


def read_prm_file(path: str | os.PathLike[str] | None, params: EvalbParams | None = None) -> tuple[EvalbParams, list[str]]:
    """Read a .prm file (None: the bundled COLLINS.prm) and parse it with `parse_prm`.

    Raises
    ------
    OSError when the file cannot be read.
    """
    from pathlib import Path

    from tcompare.formats import read_option_file

    path = Path(path) if path else default_prm_path()
    # (a directory or a device is refused: /dev/zero never ends)
    text = read_option_file(path).decode("utf-8", "surrogateescape")
    params, warnings = parse_prm(text, params)
    params.source = params.source or str(path)
    return params, warnings
