"""Where two CoNLL files can be cut in two so that each half is scored by a process of its
own (conll18, udeval): a sentence start near the middle of the gold file, and the system's
sentence start nearest the same proportion of its file that is followed by the same
characters.  Only a guess: each family checks the cut when it scores the halves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

Head = TypeVar("Head")
CANDIDATES = 64               # system sentence starts tried, nearest the guess first


def sentence_starts(data: bytes, base: int) -> list[int]:
    """File offsets (``data`` starts at ``base``) where a sentence follows a blank line."""
    out = []
    k = data.find(b"\n\n")
    while k >= 0:
        if data[k + 2:k + 3] and data[k + 2] in b"0123456789#":
            out.append(base + k + 2)
        k = data.find(b"\n\n", k + 1)
    return out


def cut_points(gold: ByteSource, system: ByteSource,
               read_head: Callable[[ByteSource, int], tuple[Head, str] | None],
               fingerprint: int, window: int) -> tuple[int, Head, int, Head] | None:
    """(gold offset, gold head, system offset, system head), or None.  `read_head(source,
    offset)` gives the first sentences from ``offset`` and their characters (None if they
    cannot be read); `fingerprint` characters must agree; the system is searched `window`
    bytes either side of the proportional guess."""
    g_size, s_size = gold.size(), system.size()
    with gold.open() as fh:
        fh.seek(g_size // 2)
        starts = sentence_starts(fh.read(1 << 16), g_size // 2)
    if not starts:
        return None
    g_off = starts[0]
    g = read_head(gold, g_off)
    if g is None:
        return None
    mark = g[1][:fingerprint]
    guess = s_size * g_off // g_size
    low = max(0, guess - window)
    with system.open() as fh:
        fh.seek(low)
        data = fh.read(2 * window)
    for s_off in sorted(sentence_starts(data, low), key=lambda p: abs(p - guess))[:CANDIDATES]:
        s = read_head(system, s_off)
        if s is not None and s[1][:len(mark)] == mark:
            return g_off, g[0], s_off, s[0]
    return None
