"""Encoding detection that keeps what it found, so a file is written back as it came.

Order of trial: BOM-marked UTF-8/16, strict UTF-8, then GB18030 and Big5 (Chinese
treebanks are often GB- or Big5-encoded), with charset-normalizer deciding between the
two Chinese encodings when both decode.  A file valid in none of them is an error naming
the first bad byte's offset, never a silent replacement character.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from tcompare.model.corpus import ParseError


class DecodeError(Exception):
    def __init__(self, error: ParseError):
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str      # codec name used to decode ("utf-8", "gb18030", "big5")
    bom: bool = False


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


def decode_bytes(data: bytes, path: str = "<input>", encoding: str | None = None) -> DecodedText:
    """Decode `data`, detecting the encoding unless one is given.

    Raises
    ------
    DecodeError
        naming line, column and byte offset of the first undecodable byte.
    """
    if encoding:
        try:
            return DecodedText(data.decode(encoding), encoding)
        except UnicodeDecodeError as exc:
            line, col = _line_col(data, exc.start)
            raise DecodeError(ParseError(
                f"not valid {encoding} at byte {exc.start}", path, line, col)) from exc
    if data.startswith(codecs.BOM_UTF8):
        try:
            return DecodedText(data[3:].decode("utf-8"), "utf-8", bom=True)
        except UnicodeDecodeError as exc:
            line, col = _line_col(data, exc.start + 3)
            raise DecodeError(ParseError(
                f"not valid UTF-8 at byte {exc.start + 3} (file starts with a UTF-8 BOM)",
                path, line, col)) from exc
    try:
        return DecodedText(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as utf8_error:
        first_bad = utf8_error.start
    candidates = []
    for enc in ("gb18030", "big5"):
        try:
            candidates.append((enc, data.decode(enc)))
        except UnicodeDecodeError:
            continue
    if len(candidates) == 1:
        return DecodedText(candidates[0][1], candidates[0][0])
    if len(candidates) == 2:
        try:
            from charset_normalizer import from_bytes

            guess = from_bytes(data, cp_isolation=["gb18030", "big5"]).best()
            if guess is not None and guess.encoding.replace("_", "").lower().startswith("big5"):
                return DecodedText(candidates[1][1], "big5")
        except Exception:  # detection is a preference only; GB18030 decoded fine
            pass
        return DecodedText(candidates[0][1], "gb18030")
    line, col = _line_col(data, first_bad)
    raise DecodeError(ParseError(
        f"cannot decode the file: not UTF-8 (bad byte 0x{data[first_bad]:02x} at byte offset "
        f"{first_bad}), nor GB18030, nor Big5", path, line, col))


def encode_text(text: str, encoding: str, bom: bool = False) -> bytes:
    data = text.encode(encoding)
    return codecs.BOM_UTF8 + data if bom else data
