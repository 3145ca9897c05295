"""A small XML element tree that knows where each element is, for the XML treebank
readers (`tiger`, `alpino`): a message must name the line and column of the edge or node
at fault, and an edited sentence replaces only the part of its source it changed.

Parsed with the standard library's expat (no external entities, no DTD loading).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from tcompare.formats.linegroups import SyntaxProblem


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict[str, str]
    start: int                      # offset of its '<' in the text parsed
    end: int = -1                   # offset just after its end tag
    children: list["Element"] = field(default_factory=list)
    text: str = ""                  # character data directly inside it

    def find(self, tag: str) -> "Element | None":
        return next((c for c in self.children if c.tag == tag), None)

    def inner(self, source: str) -> tuple[int, int]:
        """Offsets of the content between its start and end tags (empty element: (end, end))."""
        close = source.rfind("</", self.start, self.end)
        if close < 0 or source.startswith("/>", self.end - 2):
            return self.end, self.end
        return source.index(">", self.start) + 1, close


def parse(text: str, base: int = 0) -> Element:
    """The root element of `text`; offsets are `base` + offsets in `text`.

    Raises
    ------
    SyntaxProblem
        at the offset expat reports when `text` is not well-formed.
    """
    data = text.encode("utf-8", "surrogateescape")   # an undecodable byte: expat's error
    # byte offset -> character offset, advanced as the elements come (in document order)
    mark = [0, 0]

    def char_at(byte: int) -> int:
        if byte < mark[0]:
            return len(data[:byte].decode("utf-8", "replace"))
        mark[1] += len(data[mark[0]:byte].decode("utf-8", "replace"))
        mark[0] = byte
        return mark[1]

    parser = expat.ParserCreate()
    parser.ordered_attributes = True
    stack: list[Element] = []
    roots: list[Element] = []

    def start(tag: str, attrs: list[str]) -> None:
        element = Element(tag, dict(zip(attrs[::2], attrs[1::2])),
                          base + char_at(parser.CurrentByteIndex))
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        element = stack.pop()
        at = parser.CurrentByteIndex
        if data.startswith(b"</", at):
            stop = data.index(b">", at) + 1
        else:                                  # <x ... />: the event comes just after it
            stop = at
        element.end = base + char_at(stop)

    def chars(value: str) -> None:
        if stack:
            stack[-1].text += value

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        line, column = exc.lineno, exc.offset
        lines = text.split("\n")
        offset = sum(len(x) + 1 for x in lines[:line - 1]) + len(
            lines[line - 1].encode("utf-8")[:column].decode("utf-8", "replace")) if line - 1 < len(lines) else len(text)
        raise SyntaxProblem(f"XML not well-formed: {expat.ErrorString(exc.code)}",
                            base + offset, "the sentence's XML must be well-formed") from None
    finally:        # the handlers hold the parser: a cycle only the garbage collector frees
        parser.StartElementHandler = parser.EndElementHandler = parser.CharacterDataHandler = None
    return roots[0]


def quote(value: str) -> str:
    """An attribute value between double quotes, escaped."""
    return '"' + (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                  .replace('"', "&quot;")) + '"'


def escape_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def start_tag(tag: str, attrs: dict[str, str], close: str = ">") -> str:
    return "<" + tag + "".join(f" {k}={quote(v)}" for k, v in attrs.items()) + close


def split_elements(text: str, tag: str) -> tuple[str, list[tuple[int, str]], str]:
    """Cut a file into (prolog, [(first line, source)], epilog) at each ``<tag`` element:
    a sentence's source runs from the start of its line to the next sentence's line (so
    the spacing between them is its own); the last one ends with the line of its end tag.
    """
    import re

    starts = []
    for m in re.finditer(r"<" + re.escape(tag) + r"[\s>/]", text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        starts.append(line_start if not text[line_start:m.start()].strip() else m.start())
    if not starts:
        return text, [], ""
    close = text.rfind("</" + tag + ">", starts[-1])
    if close < 0:
        stop = len(text)
    else:
        newline = text.find("\n", close)
        stop = len(text) if newline < 0 else newline + 1
    bounds = [*starts, stop]
    records = []
    line = text.count("\n", 0, starts[0]) + 1
    for a, b in zip(bounds, bounds[1:]):
        records.append((line, text[a:b]))
        line += text.count("\n", a, b)
    return text[:starts[0]], records, text[stop:]


def declared_encoding(data: bytes) -> str | None:
    """The encoding an XML declaration at the start of `data` names."""
    import re

    m = re.match(rb"(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']", data[:300])
    return m.group(1).decode("ascii") if m else None
