"""Encoding detection that keeps what it found, so a file is written back as it came.

Order of trial
--------------
1. A byte-order mark: UTF-8 (``EF BB BF``), UTF-16 LE/BE.  The BOM is remembered and
   written back.
2. Strict UTF-8.
3. GB18030 (a superset of GBK and GB2312: TCT and PKU files are often GB-encoded) and
   Big5 (older Sinica files).  Chinese double-byte text very often decodes in BOTH, into
   different characters, so when both succeed the reading whose characters are the
   common ones of its own encoding wins: the share of non-ASCII characters that are
   level-1 hanzi (GB2312 rows 0xB0-0xD7, the 3,755 most frequent simplified characters;
   Big5 0xA440-0xC67E, the 5,401 frequent traditional ones) or punctuation.  Big5 bytes
   read as GB land mostly on kana, Cyrillic, private-use and rare GBK extension
   characters, and GB bytes read as Big5 land half on Big5's rarer level-2 block, so the
   shares differ widely even for a few words.  charset-normalizer breaks near-ties in
   longer texts; a near-tie in a few characters goes to GB18030.
4. Almost right (`ALMOST`): a file that one of these encodings decodes except for a few
   bytes is read in it; each undecodable byte becomes a lone surrogate (Python's
   ``surrogateescape``, so writing gives the byte back) and is listed in
   `DecodedText.bad` as (line, column, byte).  The reader registry turns the sentence that
   holds it into an error sentence naming file:line:column and the byte; the rest of the
   file is read.  UTF-8 wins when its non-ASCII text is mostly valid; between GB18030 and
   Big5 the plausibility rule above decides.
5. Nothing fits: `DecodeError` naming the line, column and byte offset of the first byte
   that is not UTF-8 -- never a silent replacement character.

`encode_text` writes the same encoding (and BOM) back; a character the encoding cannot
hold (a simplified character typed into a Big5 file) is an `EncodeError` that says which
character and where, so the caller can offer UTF-8 instead.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from tcompare.model.corpus import ParseError

SAMPLE_CHARS = 200_000    # enough characters to judge GB18030 vs Big5; the rest is skipped

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class DecodeError(Exception):
    def __init__(self, error: ParseError):
        super().__init__(str(error))
        self.error = error


class EncodeError(ValueError):
    """Text holds a character the target encoding cannot write."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.line, self.column = line, column


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str      # codec name used to decode ("utf-8", "gb18030", "big5", "utf-16-le")
    bom: bool = False
    # bytes the encoding cannot decode, as (line, column, byte value); each is a lone
    # surrogate U+DC80..U+DCFF in `text` (surrogateescape)
    bad: tuple[tuple[int, int, int], ...] = ()


_SURROGATE = re.compile("[\udc80-\udcff]")


def almost_limit(data: bytes) -> int:
    """How many undecodable bytes a file may hold and still be read ("almost right")."""
    return max(2, data.count(b"\n") // 50)


def _escaped(data: bytes, codec: str) -> tuple[str, int]:
    text = data.decode(python_codec(codec), "surrogateescape")
    return text, len(_SURROGATE.findall(text))


def bad_positions(text: str) -> tuple[tuple[int, int, int], ...]:
    """(line, column, byte) of each surrogate-escaped byte in `text` (1-based)."""
    out = []
    for m in _SURROGATE.finditer(text):
        at = m.start()
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        out.append((line, col, ord(m.group()) - 0xDC00))
    return tuple(out)


def _almost(data: bytes) -> DecodedText | None:
    """The best reading of a file that no encoding decodes cleanly, or None: the encoding
    with the fewest undecodable bytes (at most `almost_limit`); UTF-8 on a tie, and between
    GB18030 and Big5 the more plausible one when both are within the limit."""
    limit = almost_limit(data)
    readings: dict[str, tuple[str, int]] = {}
    for enc in ("utf-8", "gb18030", "big5"):
        try:
            t, n = _escaped(data, enc)
        except (UnicodeDecodeError, LookupError):
            continue
        if n <= limit:
            readings[enc] = (t, n)
    if not readings:
        return None
    fewest = min(n for _, n in readings.values())
    if "utf-8" in readings and (readings["utf-8"][1] == fewest or (
            _non_ascii(readings["utf-8"][0]) > 2 * readings["utf-8"][1])):
        enc = "utf-8"
    elif "gb18030" in readings and "big5" in readings:
        clean = {e: _SURROGATE.sub("", readings[e][0]) for e in ("gb18030", "big5")}
        gb, big5 = plausibility(clean["gb18030"], "gb18030"), plausibility(clean["big5"], "big5")
        enc = "big5" if big5 > gb + 0.05 else "gb18030" if gb > big5 + 0.05 else min(
            ("gb18030", "big5"), key=lambda e: readings[e][1])
    else:
        enc = min((e for e in readings if e != "utf-8"), key=lambda e: readings[e][1])
    t, _ = readings[enc]
    return DecodedText(t, enc, bad=bad_positions(t))


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


# Python's "big5" codec maps A1 45 to U+2022 (bullet); the Sinica Treebank's middle dot in
# `V‧的` is U+2027, which is what Big5 files mean there and what cp950 (Big5 as written by
# Windows and by CKIP's tools) gives.  Files called Big5 are decoded and written with cp950.
_CODEC = {"big5": "cp950"}


def python_codec(encoding: str) -> str:
    """The Python codec that reads/writes files in `encoding` as their authors meant."""
    return _CODEC.get(encoding.lower().replace("_", "-"), encoding)


def _gb_common(ch: str) -> bool:
    try:
        b = ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return len(b) == 2 and 0xB0 <= b[0] <= 0xD7


def _big5_common(ch: str) -> bool:
    try:
        b = ch.encode("big5")
    except UnicodeEncodeError:
        return False
    return len(b) == 2 and 0xA440 <= (b[0] << 8 | b[1]) <= 0xC67E


def plausibility(text: str, encoding: str) -> float:
    """Share of non-ASCII characters that are common in `encoding` (see module docstring)."""
    common = _big5_common if encoding == "big5" else _gb_common
    seen = hits = 0
    for ch in text[:SAMPLE_CHARS]:
        if ch < "\x80":
            continue
        seen += 1
        if common(ch) or unicodedata.category(ch).startswith("P"):
            hits += 1
    return hits / seen if seen else 0.0


def _non_ascii(text: str) -> int:
    return sum(1 for ch in text[:SAMPLE_CHARS] if ch >= "\x80")


def _choose_chinese(data: bytes, gb_text: str, big5_text: str) -> DecodedText:
    gb, big5 = plausibility(gb_text, "gb18030"), plausibility(big5_text, "big5")
    if abs(gb - big5) < 0.05 and _non_ascii(gb_text) >= 50:
        try:
            from charset_normalizer import from_bytes

            guess = from_bytes(data[:SAMPLE_CHARS], cp_isolation=["gb18030", "big5"]).best()
            if guess is not None and guess.encoding.replace("_", "").lower().startswith("big5"):
                return DecodedText(big5_text, "big5")
        except Exception:  # noqa: BLE001 - detection is a preference only; GB18030 decoded fine
            pass
        return DecodedText(gb_text, "gb18030")
    return DecodedText(big5_text, "big5") if big5 > gb else DecodedText(gb_text, "gb18030")


def decode_bytes(data: bytes, path: str = "<input>", encoding: str | None = None) -> DecodedText:
    """Decode `data`, detecting the encoding unless one is given.

    Raises
    ------
    DecodeError
        naming line, column and byte offset of the first undecodable byte.
    """
    if encoding:
        bom = False
        if encoding.replace("_", "-").lower() in ("utf-8", "utf8") and data.startswith(codecs.BOM_UTF8):
            data, bom, encoding = data[3:], True, "utf-8"
        try:
            return DecodedText(data.decode(python_codec(encoding)), encoding, bom)
        except LookupError as exc:
            raise DecodeError(ParseError(f"unknown encoding {encoding!r}", path)) from exc
        except UnicodeDecodeError as exc:
            text, bad = _escaped(data, encoding)
            if bad <= almost_limit(data):
                return DecodedText(text, encoding, bom, bad=bad_positions(text))
            start = exc.start + (3 if bom else 0)
            line, col = _line_col(data, exc.start)
            raise DecodeError(ParseError(
                f"not valid {encoding} at byte offset {start} (byte 0x{data[exc.start]:02x})",
                path, line, col)) from exc
    for mark, codec in _BOMS:
        if data.startswith(mark):
            body = data[len(mark):]
            try:
                return DecodedText(body.decode(codec), codec, bom=True)
            except UnicodeDecodeError as exc:
                offset = exc.start + len(mark)
                line, col = _line_col(data, offset)
                raise DecodeError(ParseError(
                    f"not valid {codec.upper()} at byte offset {offset} "
                    f"(the file starts with a {codec.upper()} byte-order mark)",
                    path, line, col)) from exc
    try:
        return DecodedText(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as utf8_error:
        first_bad = utf8_error.start
    text, bad = _escaped(data, "utf-8")
    if bad <= almost_limit(data) and _non_ascii(text) > 2 * bad:
        # UTF-8 but for a few bytes (GB18030 would decode it too, into nonsense)
        return DecodedText(text, "utf-8", bad=bad_positions(text))
    readings = {}
    for enc in ("gb18030", "big5"):
        try:
            readings[enc] = data.decode(python_codec(enc))
        except UnicodeDecodeError:
            continue
    if len(readings) == 1 and "gb18030" in readings:
        almost = _almost(data)        # Big5 with a bad byte also decodes as (wrong) GB18030
        if almost is not None and almost.encoding == "big5":
            return almost
    if len(readings) == 2:
        return _choose_chinese(data, readings["gb18030"], readings["big5"])
    if readings:
        (enc, text), = readings.items()
        return DecodedText(text, enc)
    almost = _almost(data)
    if almost is not None:
        return almost
    line, col = _line_col(data, first_bad)
    raise DecodeError(ParseError(
        f"cannot decode the file: not UTF-8 (bad byte 0x{data[first_bad]:02x} at byte offset "
        f"{first_bad}), nor GB18030, nor Big5", path, line, col,
        hint="give the encoding with --encoding"))


def encode_text(text: str, encoding: str, bom: bool = False) -> bytes:
    """`text` in `encoding`, with the BOM it was read with.

    Raises
    ------
    EncodeError
        naming the first character `encoding` cannot hold and its line and column.
    """
    try:
        data = text.encode(python_codec(encoding), "surrogateescape")
    except UnicodeEncodeError as exc:
        bad = text[exc.start]
        line = text.count("\n", 0, exc.start) + 1
        col = exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1
        raise EncodeError(f"character {bad!r} (U+{ord(bad):04X}) at line {line}, column {col} "
                          f"cannot be written in {encoding}", line, col) from exc
    if bom:
        mark = {"utf-8": codecs.BOM_UTF8, "utf-16-le": codecs.BOM_UTF16_LE,
                "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding.replace("_", "-").lower(), b"")
        data = mark + data
    return data
