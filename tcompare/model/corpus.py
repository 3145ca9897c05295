"""A corpus: sentences in file order, each with its exact source text, for lossless saving.

A `SentenceRecord` owns the exact characters of its sentence in the file (line ends
included), its 1-based start line, and either a parsed item (`Tree` / `DepSentence`) or a
`ParseError`.  Parsing may be lazy: a reader can hand a `parse` callable that is run the
first time `item` / `error` is asked for, so opening a 40k-sentence file costs one split.
Writing an unedited corpus gives back ``prolog + sources + epilog`` byte for byte.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

EXCERPT_WIDTH = 40     # characters of context either side of a column in an error excerpt


def clip(text: str, column: int = 1, width: int = EXCERPT_WIDTH) -> str:
    """At most ``2 * width`` characters of `text` around 1-based `column`, with ``...``
    where something was cut (a 16 MB token must not become 16 MB of stderr)."""
    if len(text) <= 2 * width:
        return text
    start = max(0, min(column - 1 - width, len(text) - 2 * width))
    end = start + 2 * width
    return ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")


def shown(value: str, width: int = EXCERPT_WIDTH) -> str:
    """`value` quoted for a message, long values cut: ``'1111...' (5000 characters)``."""
    if len(value) <= width:
        return repr(value)
    return f"{value[:width]!r}... ({len(value)} characters)"


@dataclass(slots=True)
class ParseError:
    """Where and why a sentence could not be read. Lines and columns count from 1."""

    message: str
    path: str = "<input>"
    line: int = 0
    column: int = 0
    excerpt: str = ""
    hint: str = ""

    def __post_init__(self) -> None:
        if len(self.message) > 5 * EXCERPT_WIDTH:       # a message quoting a huge token
            cut = len(self.message) - 4 * EXCERPT_WIDTH
            self.message = (f"{self.message[:2 * EXCERPT_WIDTH]}[... {cut} characters ...]"
                            f"{self.message[-2 * EXCERPT_WIDTH:]}")
        if len(self.hint) > 6 * EXCERPT_WIDTH:
            self.hint = clip(self.hint)
        if len(self.excerpt) > 2 * EXCERPT_WIDTH + 6:
            self.excerpt = clip(self.excerpt, self.column or 1)

    def __str__(self) -> str:
        if self.column:
            where = f"{self.path}:{self.line}:{self.column}"
        elif self.line:
            where = f"{self.path}:{self.line}"
        else:
            where = self.path  # a whole-file problem (cannot open, cannot decode)
        text = f"{where}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


@dataclass(slots=True, eq=False)
class SentenceRecord:
    index: int                      # 1-based position in the file
    line: int                       # 1-based line the sentence starts on
    source: str                     # exact text, line terminator(s) included
    _item: Any = None
    _error: ParseError | None = None
    _parse: Callable[["SentenceRecord"], tuple[Any, ParseError | None]] | None = None
    edited: bool = False
    unreadable: bool = False        # marked by `mark_unreadable` (its source is not its text)
    _parsed_by: Callable[["SentenceRecord"], tuple[Any, ParseError | None]] | None = None

    def _ensure(self) -> None:
        if self._parse is not None:
            parse, self._parse = self._parse, None
            self._parsed_by = parse
            self._item, self._error = parse(self)

    @property
    def parsed(self) -> bool:
        """Whether the item is in memory (read eagerly, or parsed since)."""
        return self._parse is None

    def release(self) -> None:
        """Forget the parsed item of an unedited, lazily parsed sentence (it is parsed again
        when asked for), so a streamed pass over a huge corpus keeps only the sources."""
        if not self.edited and self._parse is None and self._parsed_by is not None:
            self._parse, self._parsed_by = self._parsed_by, None
            self._item = self._error = None

    @property
    def item(self) -> Any:
        """The parsed `Tree` or `DepSentence` (None when the sentence has an error)."""
        self._ensure()
        return self._item

    @property
    def error(self) -> ParseError | None:
        self._ensure()
        return self._error

    @property
    def ok(self) -> bool:
        return self.error is None

    def mark_unreadable(self, error: ParseError) -> None:
        """Make this sentence an error sentence whatever its text parses to (a byte the
        file's encoding cannot decode lies in it); its source is kept for writing."""
        self._parse, self._item, self._error = None, None, error
        self.unreadable = True

    def replace_item(self, item: Any, edited: bool = True) -> None:
        """Install an edited item; the writer will re-render this sentence.  ``edited``
        False: `item` is the sentence as read (an undo back to it), so its source is written
        as it was."""
        self._ensure()
        self._item, self._error, self.edited = item, None, edited


@dataclass(slots=True, eq=False)
class Corpus:
    """Sentences of one file plus what is needed to write it back exactly."""

    records: list[SentenceRecord] = field(default_factory=list)
    path: str = "<input>"
    notation: str = ""
    kind: str = ""                   # "constituency" / "dependency" (set by the reader registry)
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"
    prolog: str = ""                 # text before the first sentence (headers, blank lines)
    epilog: str = ""                 # text after the last sentence
    file_errors: list[ParseError] = field(default_factory=list)  # problems not tied to a sentence

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, i: int) -> SentenceRecord:
        return self.records[i]

    def __iter__(self) -> Iterator[SentenceRecord]:
        return iter(self.records)

    def items(self) -> list[Any]:
        return [r.item for r in self.records]

    def between(self, start: int, stop: int) -> Iterator[SentenceRecord]:
        """The records at positions ``start .. stop-1`` in order, without keeping any record
        of a run that was not asked for before (`Records.between`): a pass over 10^6 blank
        sentences by position must not leave 10^6 records behind."""
        records = self.records
        if isinstance(records, Records):
            return records.between(start, stop)
        return iter(records[start:stop])

    def stretches(self, start: int, stop: int) -> Iterator[tuple[SentenceRecord, int]]:
        """`between` as ``(record, count)``: `count` positions in a row from the record's
        own that hold the same text, unedited (a run of blank lines: `Records.stretches`),
        else 1 -- a pass need not make a record per blank line."""
        records = self.records
        if isinstance(records, Records):
            return records.stretches(start, stop)
        return ((record, 1) for record in records[start:stop])

    def errors(self) -> list[ParseError]:
        """The file's problems, then each sentence's, in order (a run of alike blank lines
        read once: `stretches`)."""
        out = list(self.file_errors)
        position = 0
        for record, count in self.stretches(0, len(self)):
            if record.error is not None:      # (each its own error: its own line)
                out.extend(e for r in self.between(position, position + count)
                           if (e := r.error) is not None)
            position += count
        return out


class _Run:
    """`count` sentences in a row with the same source (a run of blank lines in a
    one-line-per-sentence file), numbered and placed one line after another from
    `index` / `line`; the first sits at list position `start`."""

    __slots__ = ("start", "index", "line", "source", "parse", "count")

    def __init__(self, start: int, index: int, line: int, source: str,
                 parse: Callable[[SentenceRecord], tuple[Any, ParseError | None]] | None,
                 count: int) -> None:
        self.start, self.index, self.line, self.source = start, index, line, source
        self.parse, self.count = parse, count


class _RunRecord(SentenceRecord):
    """A record of a `_Run`, made when asked for; when it is edited it takes its place in
    the list for good (an edit made through an iteration is not lost)."""

    __slots__ = ("_home", "_position")
    _home: Records
    _position: int

    def replace_item(self, item: Any, edited: bool = True) -> None:
        SentenceRecord.replace_item(self, item, edited)
        self._settle()

    def mark_unreadable(self, error: ParseError) -> None:
        SentenceRecord.mark_unreadable(self, error)
        self._settle()

    def __reduce_ex__(self, protocol: Any) -> Any:     # pickled as a plain record
        return (SentenceRecord, (self.index, self.line, self.source, self._item, self._error,
                                 self._parse, self.edited, self.unreadable, self._parsed_by))

    def _settle(self) -> None:
        home, position = self._home, self._position
        if position < len(home) and isinstance(list.__getitem__(home, position), _Run):
            list.__setitem__(home, position, self)


def _solid_first(name: str) -> Callable[..., Any]:
    """`Records`' version of list method `name`, which moves positions: runs made solid first."""
    method = getattr(list, name)

    def moving(self: Records, *args: Any, **kwargs: Any) -> Any:
        self._solid()
        return method(self, *args, **kwargs)

    moving.__name__ = name
    return moving


class Records(list[Any]):
    """Sentence records where a long run of alike sentences (10^6 blank lines in a
    one-tree-per-line PTB file, each a sentence as EVALB counts them) is ONE `_Run` object
    repeated: 8 bytes a sentence instead of a record, two numbers and, once parsed, a tree.

    A run's record is made when asked for.  Asked for by position (``records[i]``) it is
    kept there, so it is the same object every time and edits stay; met by iterating, it is
    made for the moment only (a pass over 10^6 blank sentences keeps none of them) unless
    it is edited.  Anything that moves positions (insert, delete, sort, ...) first turns
    every run into its records.  A list without runs behaves as a plain list."""

    def add_run(self, index: int, line: int, source: str,
                parse: Callable[[SentenceRecord], tuple[Any, ParseError | None]] | None,
                count: int) -> None:
        """Append `count` sentences of `source`, numbered from `index`, on lines from `line`."""
        run = _Run(len(self), index, line, source, parse, count)
        list.extend(self, [run] * count)

    def made(self) -> Iterator[SentenceRecord]:
        """The records that exist, in order: every one but those of runs not asked for (a
        look at every source that need not make 10^6 blank records to skip them)."""
        return (entry for entry in list.__iter__(self) if not isinstance(entry, _Run))

    def between(self, start: int, stop: int) -> Iterator[Any]:
        """Positions ``start .. stop-1`` as iterating gives them: a run's record is made for
        the moment (kept only if it is edited), a record asked for before is that record."""
        start, stop, _ = slice(start, stop).indices(len(self))
        for position in range(start, stop):
            entry = list.__getitem__(self, position)
            yield self._make(position, entry) if isinstance(entry, _Run) else entry

    def stretches(self, start: int, stop: int) -> Iterator[tuple[Any, int]]:
        """`between`, the positions of a run that were never asked for given at once:
        ``(the first one's record, made for the moment, how many)``."""
        start, stop, _ = slice(start, stop).indices(len(self))
        position = start
        while position < stop:
            entry = list.__getitem__(self, position)
            if not isinstance(entry, _Run):
                yield entry, 1
                position += 1
                continue
            end = min(stop, entry.start + entry.count)
            part = list.__getitem__(self, slice(position, end))
            if part.count(entry) != len(part):     # records of it kept (asked for by position)
                end = position + next(k for k, e in enumerate(part) if e is not entry)
            yield self._make(position, entry), end - position
            position = end

    def _make(self, position: int, run: _Run) -> _RunRecord:
        offset = position - run.start
        record = _RunRecord(run.index + offset, run.line + offset, run.source, _parse=run.parse)
        record._home, record._position = self, position
        return record

    def _at(self, position: int, keep: bool) -> Any:
        entry = list.__getitem__(self, position)
        if isinstance(entry, _Run):
            entry = self._make(position, entry)
            if keep:
                list.__setitem__(self, position, entry)
        return entry

    def _solid(self) -> None:
        """Every run turned into its records (before positions move)."""
        for position in range(len(self)):
            self._at(position, True)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return [self._at(p, True) for p in range(*key.indices(len(self)))]
        n = len(self)
        position = operator.index(key)
        position += n if position < 0 else 0
        if not 0 <= position < n:
            raise IndexError("list index out of range")
        return self._at(position, True)

    def __iter__(self) -> Iterator[Any]:
        for position, entry in enumerate(list.__iter__(self)):
            yield self._make(position, entry) if isinstance(entry, _Run) else entry

    def __reversed__(self) -> Iterator[Any]:
        for position in range(len(self) - 1, -1, -1):
            yield self._at(position, False)

    def __contains__(self, value: object) -> bool:
        self._solid()
        return list.__contains__(self, value)

    def index(self, value: Any, *args: Any) -> int:
        self._solid()
        return list.index(self, value, *args)

    def count(self, value: Any) -> int:
        self._solid()
        return list.count(self, value)

    def copy(self) -> list[Any]:
        return list(self)

    def __add__(self, other: Any) -> list[Any]:
        return [*self, *other]

    def __mul__(self, times: Any) -> list[Any]:
        return list(self) * operator.index(times)

    __rmul__ = __mul__

    insert = _solid_first("insert")
    remove = _solid_first("remove")
    sort = _solid_first("sort")
    reverse = _solid_first("reverse")
    __setitem__ = _solid_first("__setitem__")
    __delitem__ = _solid_first("__delitem__")
    __imul__ = _solid_first("__imul__")
    pop = _solid_first("pop")

    def __reduce_ex__(self, protocol: Any) -> Any:   # pickled as the plain list it stands for
        return (list, (list(self),))
