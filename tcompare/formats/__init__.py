"""Readers and writers, one module per notation, behind one registry.

Each notation module defines a module-level ``NOTATION = Notation(...)``.  The public
entry points are `read_text`, `read_file`, `format_corpus`, `write_file` and `sniff`.

Round-trip contract: ``format_corpus(read_text(x)) == x`` for unedited input; an edited
sentence (``record.edited``) is re-rendered with the notation's `format_item`.
"""

from __future__ import annotations

import codecs
import importlib
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, cast

from tcompare.formats.encoding import DecodedText, DecodeError, decode_bytes, encode_text
from tcompare.formats.inputs import LineTooLong, check_input, read_stream
from tcompare.model.corpus import Corpus, ParseError

# notation name -> module; the order is the sniffing order for ties
NOTATION_MODULES = {
    "ptb": "tcompare.formats.ptb",
    "tct": "tcompare.formats.tct",
    "tct2012": "tcompare.formats.tct2012",
    "pku": "tcompare.formats.pku",
    "sinica": "tcompare.formats.sinica",
    "ccgauto": "tcompare.formats.ccg",
    "conllx": "tcompare.formats.conllx",
    "conllu": "tcompare.formats.conllu",
    "discbracket": "tcompare.formats.discbracket",
    "export": "tcompare.formats.negra",
    "tiger": "tcompare.formats.tiger",
    "alpino": "tcompare.formats.alpino",
}


class ReadError(Exception):
    """A whole file cannot be read (missing, undecodable, unknown notation)."""

    def __init__(self, error: ParseError):
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class Notation:
    """What the registry knows about one notation.

    Parameters
    ----------
    name : registry key (``ptb``, ``tct``, ...).
    description : one line for menus and ``--help``.
    kind : ``constituency`` or ``dependency``.
    sniff : text -> confidence in [0, 1] that the text is in this notation.
    parse : (text, path) -> Corpus (records, prolog, epilog; encoding fields are set by the caller).
    format_item : Tree/DepSentence (+ newline) -> source text of one sentence, line end included.
    extensions : file name endings that suggest this notation.
    format_like : (item, the sentence's source as read, newline) -> the edited item in the
        source's layout (indentation, the blank lines after it); None: `format_item`.
    new_file : newline -> (head, tail) a file of converted sentences needs around them
        (TIGER XML's ``<corpus><body>``); None: nothing.
    encoding_hint : the file's bytes -> the encoding the notation says it is in (an XML
        declaration; NEGRA export's ISO-8859-1 when the bytes are not UTF-8), used when no
        encoding is given; None: detection alone.
    output_encoding : the encoding a converted file must have (XML declares UTF-8); None:
        the input's.
    """

    name: str
    description: str
    kind: str
    sniff: Callable[[str], float]
    parse: Callable[[str, str], Corpus]
    format_item: Callable[[Any, str], str]
    extensions: tuple[str, ...] = ()
    format_like: Callable[[Any, str, str], str] | None = None
    new_file: Callable[[str], tuple[str, str]] | None = None
    encoding_hint: Callable[[bytes], str | None] | None = None
    output_encoding: str | None = None


def available() -> list[str]:
    return list(NOTATION_MODULES)


def get(name: str) -> Notation:
    try:
        module = importlib.import_module(NOTATION_MODULES[name])
    except KeyError:
        raise KeyError(f"unknown notation {name!r}; known: {', '.join(NOTATION_MODULES)}") from None
    return cast(Notation, module.NOTATION)


def loaded_notations() -> list[Notation]:
    result = []
    for name in NOTATION_MODULES:
        try:
            result.append(get(name))
        except ModuleNotFoundError:
            continue  # a notation module not written yet
    return result


def sniff(text: str, path: str = "") -> str:
    """Pick the notation of `text` from its content (file name ending breaks ties)."""
    best, best_score = "ptb", -1.0
    for notation in loaded_notations():
        score = notation.sniff(text)
        if path and any(path.endswith(ext) for ext in notation.extensions):
            score += 0.05
        if score > best_score:
            best, best_score = notation.name, score
    return best


def read_text(text: str, notation: str | None = None, path: str = "<input>") -> Corpus:
    """Parse already-decoded text. Never raises for malformed sentences."""
    name = notation or sniff(text, path)
    spec = get(name)
    corpus = spec.parse(text, path)
    corpus.notation = name
    corpus.kind = spec.kind
    corpus.path = path
    if "\r\n" in text[:100000]:
        corpus.newline = "\r\n"
    return corpus


STDIN = "-"
_STREAMS: dict[str, bytes] = {}
_STREAM_ERRORS: dict[str, OSError] = {}


def is_stream(path: str | Path) -> bool:
    """``-`` (stdin), a pipe, ``/dev/stdin``, ``<(cmd)``: anything that can be read only once."""
    path = str(path)
    if path == STDIN:
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def read_source(path: str | Path) -> bytes:
    """The bytes of `path`; ``-`` is stdin.  A stream is read once and kept, so sniffing it
    and reading it (or reading it for two reports) see the same bytes.

    Raises
    ------
    OSError
        when the file cannot be opened or read, is a directory or a device (`inputs`), or
        is a stream with an endless line (`inputs.LineTooLong`).
    """
    path = str(path)
    if path in _STREAMS:
        return _STREAMS[path]
    if path in _STREAM_ERRORS:      # (what was read of it is gone: the same error again)
        raise _STREAM_ERRORS[path]
    check_input(path)
    if not is_stream(path):
        return Path(path).read_bytes()
    try:
        if path == STDIN:
            data = read_stream(sys.stdin.buffer, path)
        else:
            with open(path, "rb") as fh:
                data = read_stream(fh, path)
    except LineTooLong as exc:
        _STREAM_ERRORS[path] = exc
        raise
    _STREAMS[path] = data
    return data


SNIFF_HEAD = 1 << 16      # the head `sniff_file` tries first


def sniff_file(path: str | Path) -> str | None:
    """The notation `read_file` would sniff for the UTF-8 file `path`, decided from a head of
    whole lines -- or None when that head is not UTF-8 (the reader's own decoding decides).

    The sniffers read the first 20,000 characters, the first 50 rows that are not blank or
    comments (CoNLL) and the first 2,001 lines (CoNLL-U): a head holding all of them gives
    the whole file's answer; else the head grows, up to the whole file.  A UTF-8 byte-order
    mark is skipped, as `decode_bytes` skips it.
    """
    size = SNIFF_HEAD
    check_input(path)
    with open(path, "rb") as fh:
        while True:
            fh.seek(0)
            head = fh.read(size)
            whole = not fh.read(1)
            if head.startswith(codecs.BOM_UTF8):
                head = head[3:]
            if not whole:
                head = head[:head.rfind(b"\n") + 1]
            try:
                text = head.decode("utf-8")
            except UnicodeDecodeError:
                return None
            if whole:
                break
            lines = text.split("\n")
            rows = sum(1 for line in lines if line.strip() and not line.startswith("#"))
            if len(text) >= 20000 and len(lines) >= 2003 and rows >= 50:
                break
            size *= 4
    return sniff(text, str(path))


def read_option_file(path: str | Path) -> bytes:
    """The bytes of a file named by a profile's option (a .prm parameter file): the one
    file scoring reads itself, at prepare time -- it configures the scorer; what is scored
    is opened by the caller (`formats.lines`).  As `read_source`: OSError when it cannot be
    read (a directory or a device is refused)."""
    return read_source(path)


def read_head(path: str | Path, size: int) -> bytes:
    """The first `size` bytes of `path` (of the kept bytes for a stream; see `read_source`)."""
    if is_stream(path) or str(path) in _STREAMS:
        return read_source(path)[:size]
    check_input(path)
    with open(path, "rb") as fh:
        return fh.read(size)


def read_file(path: str | Path, notation: str | None = None, encoding: str | None = None) -> Corpus:
    """Read a file: detect its encoding and notation, keep both (and line ends) for writing.

    Raises
    ------
    ReadError
        when the file cannot be opened or decoded in any supported encoding, or `notation`
        is not a registered notation.
    """
    path = str(path)
    if notation is not None and notation not in NOTATION_MODULES:
        raise ReadError(ParseError(f"unknown notation {notation!r} (--format); known: "
                                   f"{', '.join(NOTATION_MODULES)}", path))
    try:
        data = read_source(path)
    except OSError as exc:
        raise ReadError(ParseError(f"cannot open file: {exc.strerror or exc}", path)) from exc
    return read_data(data, path, notation, encoding)


def read_data(data: bytes, path: str, notation: str | None = None,
              encoding: str | None = None) -> Corpus:
    """`read_file` of the bytes a caller has read from `path` itself (the window's loader
    opens each file once: its head for the first tree, the whole for the corpus and the
    hash).  Raises `ReadError` as `read_file` does."""
    if notation is not None and notation not in NOTATION_MODULES:
        raise ReadError(ParseError(f"unknown notation {notation!r} (--format); known: "
                                   f"{', '.join(NOTATION_MODULES)}", path))
    try:
        decoded: DecodedText = decode_bytes(data, path, encoding)
    except DecodeError as exc:
        raise ReadError(exc.error) from exc
    corpus = read_text(decoded.text, notation, path)
    hint = get(corpus.notation).encoding_hint if encoding is None else None
    hinted = hint(data) if hint is not None else None
    if hinted and _codec_name(hinted) != _codec_name(decoded.encoding):
        try:        # the notation knows better than guessing (TIGER XML says ISO-8859-1)
            decoded = decode_bytes(data, path, hinted)
            corpus = read_text(decoded.text, corpus.notation, path)
        except DecodeError:
            pass
    corpus.encoding, corpus.bom = decoded.encoding, decoded.bom
    if decoded.bad:
        mark_bad_bytes(corpus, decoded.bad)
    return corpus


def _codec_name(name: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return name


def mark_bad_bytes(corpus: Corpus, bad: tuple[tuple[int, int, int], ...]) -> None:
    """Each sentence holding an undecodable byte becomes an error sentence naming
    file:line:column and the byte; a byte outside every sentence is a file error."""
    import bisect

    starts = [record.line for record in corpus.records]
    for line, column, byte in bad:
        error = ParseError(f"byte 0x{byte:02x} is not valid {corpus.encoding}; this sentence is "
                           f"left out (the rest of the file is read as {corpus.encoding})",
                           corpus.path, line, column,
                           hint="give the file's encoding with --encoding if it is not "
                                f"{corpus.encoding}")
        k = bisect.bisect_right(starts, line) - 1
        if k >= 0:
            record = corpus.records[k]
            if line < record.line + max(1, record.source.count("\n") + 1):
                if record.ok or "is not valid" not in str(record.error):
                    record.mark_unreadable(error)
                continue
        corpus.file_errors.append(error)


def format_corpus(corpus: Corpus) -> str:
    """The corpus as text: sources of unedited sentences verbatim, edited ones re-rendered."""
    notation = get(corpus.notation)
    fmt, like = notation.format_item, notation.format_like
    parts = [corpus.prolog]
    for record in corpus.records:
        if record.edited and record.item is not None:
            parts.append(like(record.item, record.source, corpus.newline) if like is not None
                         else fmt(record.item, corpus.newline))
        else:
            parts.append(record.source)
    parts.append(corpus.epilog)
    return "".join(parts)


def corpus_bytes(corpus: Corpus) -> bytes:
    return encode_text(format_corpus(corpus), corpus.encoding, corpus.bom)
