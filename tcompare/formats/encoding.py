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
4. Nothing fits: `DecodeError` naming the line, column and byte offset of the first byte
   that is not UTF-8 -- never a silent replacement character.

`encode_text` writes the same encoding (and BOM) back; a character the encoding cannot
hold (a simplified character typed into a Big5 file) is an `EncodeError` that says which
character and where, so the caller can offer UTF-8 instead.
"""

from __future__ import annotations

import codecs
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
    readings = {}
    for enc in ("gb18030", "big5"):
        try:
            readings[enc] = data.decode(python_codec(enc))
        except UnicodeDecodeError:
            continue
    if len(readings) == 2:
        return _choose_chinese(data, readings["gb18030"], readings["big5"])
    if readings:
        (enc, text), = readings.items()
        return DecodedText(text, enc)
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
        data = text.encode(python_codec(encoding))
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
