"""Raw lines from files, for the scorers that read bytes, not trees -- opened here, so that
scoring never opens a file -- and the one "read head, decode, sniff" of every caller.

* `PairedLines`: two files (or pipes) cut into blocks of paired lines: ``(first line, n,
  gold lines, test lines)``.  A regular file is memory-mapped (`MappedFile`, with the SIGBUS
  guard `compiled.bus_guard`) or else read (`LocatedFile`: scanned once for where its blocks
  lie, each block read back with ``pread`` by the process that scores it, so a file
  truncated meanwhile is `FileChanged`, not a SIGBUS); a pipe or ``-`` is read once
  (`LineReader` over the bytes `formats.read_source` kept).  Each process opens the files
  itself (`PairedLines.blocks` is a fresh iterator each call).
* `sniff_head` / `read_head`: the notation of a file from its head, as every command and
  the window guess it; the head is cut at its last whole line, and a head that holds no
  whole line (one huge tree on one line) is sniffed as it is.

Line ends are found by the compiled `_lines.line_ends` where it is built, else by
`line_ends_py`, its twin.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, NamedTuple

from tcompare import compiled

if TYPE_CHECKING:
    from typing import BinaryIO, Callable, Iterator

READ_SIZE = 1 << 22
HEAD_SIZE = 1 << 16         # the head sniffed for a notation


def line_ends_py(buf: Any, start: int, n: int) -> tuple[int, int]:
    """`_lines.line_ends` in Python."""
    pos, count, find = start, 0, buf.find   # (bytes.find, mmap.find)
    while count < n:
        nl = find(b"\n", pos)
        if nl < 0:
            break
        pos = nl + 1
        count += 1
    return pos, count


def compiled_line_ends() -> Callable[[Any, int, int], tuple[int, int]] | None:
    """The compiled line-end scan (it reads bytes, memoryviews and mapped files alike), or
    None: not built (or built before it had one), or TCOMPARE_PURE_PYTHON=1."""
    module = compiled.lines_module()
    return getattr(module, "line_ends", None)


def line_ends() -> Callable[[Any, int, int], tuple[int, int]]:
    """The compiled line-end scan, or its Python twin."""
    return compiled_line_ends() or line_ends_py


class LineReader:
    """A binary file read block by block; `take(n)` returns up to n whole lines as one bytes
    object (their newlines kept, the last line possibly without one) and their count."""

    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.buf = b""
        self.pos = 0                 # what is before it was taken
        self.eof = False
        self.start = True
        self.ends: Callable[[bytes, int, int], tuple[int, int]] = line_ends()

    def _fill(self) -> bool:
        data = self.fh.read(READ_SIZE)
        if self.start:
            self.start = False
            # A UTF-8 byte order mark is no part of the first tree (C EVALB reports that
            # line as a "Reading sentence" error; skipping it is a deliberate improvement)
            if data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
        if not data:
            self.eof = True
            return False
        self.buf = self.buf[self.pos:] + data
        self.pos = 0
        return True

    def take(self, n: int) -> tuple[bytes, int]:
        start = self.pos
        end, count = self.ends(self.buf, start, n)
        while count < n and not self.eof:
            # not enough lines here: read on (the partial line moves to the front)
            self.pos = start
            if not self._fill():
                break
            end, count = self.ends(self.buf, 0, n)
            start = 0
        if count < n and self.eof and end < len(self.buf):
            count += 1                       # a last line without a newline
            end = len(self.buf)
        self.pos = end
        return self._block(start, end), count

    def _block(self, start: int, end: int) -> Any:
        return self.buf[start:end]


class MappedFile:
    """A regular file mapped read-only, cut as `LineReader` cuts it: `take` returns memoryviews
    into the mapping, so no byte is copied (the kernel scores them in place); in a big file
    the pages behind are dropped from this process (the file keeps them), so its RSS stays
    a few blocks.

    Only with the SIGBUS guard (`compiled.bus_guard`): a page read past the end of a file truncated
    meanwhile then reads zeros instead of killing the process, and `check` (after each
    block) says `FileChanged`; `unchanged` also finds a file rewritten in place."""

    DROP = 1 << 22               # drop mapped pages 4 MB at a time
    BIG = 1 << 26                # ... in files of more than 64 MB

    def __init__(self, path: str, guard: Any) -> None:
        import mmap

        from tcompare.formats.inputs import file_state

        self.path, self.guard = path, guard
        with open(path, "rb") as fh:         # (a mapping outlives its file object)
            self.state = file_state(fh.fileno())
            self.mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)   # ValueError if empty
        try:
            self.slot = guard.watch(self.mm)     # before the first byte is touched
        except (OSError, RuntimeError):
            self.mm.close()
            raise
        self.view = memoryview(self.mm)
        self.size = len(self.mm)
        # (a UTF-8 byte order mark is skipped, as `LineReader` does)
        self.pos = 3 if self.mm[:3] == b"\xef\xbb\xbf" else 0
        self.last = (self.pos, self.pos)     # offsets of what `take` returned last
        self.dropped = 0
        self.drops = self.size > self.BIG and hasattr(self.mm, "madvise")
        self.ends: Callable[[Any, int, int], tuple[int, int]] = line_ends()

    def take(self, n: int) -> tuple[Any, int]:
        import mmap

        if self.drops and self.pos - self.dropped >= self.DROP:
            # the lines before pos are scored (or another process's): the file keeps them
            upto = self.pos - self.pos % mmap.PAGESIZE
            self.mm.madvise(mmap.MADV_DONTNEED, self.dropped, upto - self.dropped)
            self.dropped = upto
        start = self.pos
        end, count = self.ends(self.mm, start, n)
        if count < n and end < self.size:
            count += 1                       # a last line without a newline
            end = self.size
        self.pos = end
        self.last = (start, end)
        return self.view[start:end], count

    def read(self, start: int, end: int) -> Any:
        """Bytes start..end of the file, in place (`check` after using them)."""
        return self.view[start:end]

    def forget(self, start: int, end: int) -> None:
        """Drop the pages of bytes start..end from this process (in a big file)."""
        import mmap

        if self.drops:
            a = start - start % mmap.PAGESIZE
            b = end - end % mmap.PAGESIZE
            if b > a:
                self.mm.madvise(mmap.MADV_DONTNEED, a, b - a)

    def check(self) -> None:
        """`FileChanged` when a page was read past the file's end (it was truncated)."""
        from tcompare.formats.inputs import FileChanged

        if self.guard.faults(self.slot):
            raise FileChanged(self.path)

    def unchanged(self) -> None:
        """`FileChanged` unless the file is still the one mapped, every byte of it."""
        from tcompare.formats.inputs import check_unchanged

        self.check()
        check_unchanged(self.path, self.state)

    def close(self) -> None:
        self.guard.unwatch(self.slot)
        try:
            self.view.release()
            self.mm.close()
        except BufferError:                  # a block still referenced: closed when freed
            pass


class LocatedFile(LineReader):
    """`LineReader` over a regular file that also gives where each block lies in the file
    (`last`: the byte offsets of what `take` returned), so that any process that inherited
    it can have a block back (`read`).

    Read, not memory-mapped: a file truncated while it is scored reads short, which is
    `FileChanged`, where touching a mapping past the new end kills the process (SIGBUS).
    The file's state (`formats.inputs.file_state`) is taken when it is opened, so a file
    rewritten in place is found out too (`unchanged`).

    A file of up to `WHOLE` bytes is read at once, in one piece that the blocks are views
    of (forked workers share it); a bigger one is scanned through one reused area and each
    block is read back with ``pread`` into another when it is scored, so memory stays a few
    blocks (and the pages are touched once: fresh pages cost more than the copy)."""

    WHOLE = 1 << 22

    def __init__(self, path: str) -> None:
        from tcompare.formats.inputs import file_state

        fh = open(path, "rb")
        super().__init__(fh)
        self.path = path
        self.fd = fh.fileno()
        self.state = file_state(self.fd)
        self.start = False
        self.views = compiled_line_ends() is not None   # (the Python scan needs bytes.find)
        self.area = bytearray()
        self.block_area = bytearray()
        self.whole: Any = None
        size = self.state[2]
        if size <= self.WHOLE:               # (one byte more: a file that grew shows)
            data = os.pread(self.fd, size + 1, 0)
            self.whole = memoryview(data) if self.views else data
            self.eof = True
        # (a UTF-8 byte order mark is skipped, as `LineReader` does)
        head = self.whole[:3] if self.whole is not None else os.pread(self.fd, 3, 0)
        self.base = 3 if bytes(head) == b"\xef\xbb\xbf" else 0
        if self.whole is not None:
            self.buf = self.whole[self.base:]
        self.last = (self.base, self.base)

    def _fill(self) -> bool:
        if self.whole is not None:
            return False
        # the buffer is read again from its first untaken byte into one reused area: one
        # copy from the page cache, no joining of the rest with what follows, no new pages
        rest = len(self.buf) - self.pos
        offset = self.base + self.pos
        # (no bigger than the file: one byte more than it tells its end -- a file that
        # grew meanwhile is found out by `unchanged`)
        size = min(max(READ_SIZE, 2 * rest), max(self.state[2] - offset, rest) + 1)
        if len(self.area) < size:
            self.area = bytearray(size)      # (views of the old one keep it alive)
        area = memoryview(self.area)[:size]
        got = os.preadv(self.fd, [area], offset)
        if got <= rest:
            self.eof = True
            return False
        self.base += self.pos
        self.buf = area[:got] if self.views else bytes(area[:got])   # type: ignore[assignment]
        self.pos = 0
        self.eof = got < size
        return True

    def take(self, n: int) -> tuple[Any, int]:
        """`LineReader.take`, the lines as a view of the buffer (the scan copies no block)."""
        block, count = super().take(n)
        self.last = (self.base + self.pos - len(block), self.base + self.pos)
        return block, count

    def _block(self, start: int, end: int) -> Any:
        return memoryview(self.buf)[start:end]

    def read(self, start: int, end: int) -> Any:
        """Bytes start..end of the file (valid until the next `read`: a view of a reused
        area); `FileChanged` when they are no longer there."""
        from tcompare.formats.inputs import FileChanged

        if self.whole is not None:
            return self.whole[start:end]
        size = end - start
        if len(self.block_area) < size:
            self.block_area = bytearray(size)
        area = memoryview(self.block_area)[:size]
        got = 0
        while got < size:                    # (a regular file reads short only at its end)
            more = os.preadv(self.fd, [area[got:]], start + got)
            if not more:
                raise FileChanged(self.path)
            got += more
        return area if self.views else bytes(area)

    def forget(self, start: int, end: int) -> None:
        """(Nothing to let go of: blocks are read into a reused area.)"""

    def check(self) -> None:
        """(A truncated file reads short: `read` says `FileChanged` itself.)"""

    def unchanged(self) -> None:
        """`FileChanged` unless the file is still the one opened."""
        from tcompare.formats.inputs import check_unchanged

        check_unchanged(self.path, self.state)

    def close(self) -> None:
        self.fh.close()


def reader_of(fh: BinaryIO) -> Any:
    """A regular file opened by name mapped (`MappedFile`, with the SIGBUS guard), else read
    (`LineReader`: a pipe, BytesIO, an empty file, no guard)."""
    guard = compiled.bus_guard()
    name = getattr(fh, "name", None)
    if guard is not None and isinstance(name, str):
        try:
            return MappedFile(name, guard)
        except (ValueError, OSError, RuntimeError):
            pass
    return LineReader(fh)


def paired_blocks(gold_fh: BinaryIO, test_fh: BinaryIO, lines: int
                  ) -> Iterator[tuple[int, int, Any, Any]]:
    """Yield (first line, n, gold lines, test lines) with n lines from each file (bytes, or
    memoryviews into the mapped files), then a final ``(first line, 0, rest of gold, test
    has more)`` tail entry.  A mapped file truncated meanwhile reads zeros past its new end
    (the SIGBUS guard): the caller compares the files' states afterwards
    (`formats.inputs.check_unchanged`)."""
    g, t = reader_of(gold_fh), reader_of(test_fh)
    try:
        yield from paired_readers(g, t, lines)
    finally:
        for r in (g, t):
            if isinstance(r, MappedFile):
                r.close()


def paired_readers(g: Any, t: Any, lines: int) -> Iterator[tuple[int, int, Any, Any]]:
    first = 1
    while True:
        gb, n = g.take(lines)
        if n == 0:
            tb, m = t.take(1)
            del tb
            yield first, 0, None, m > 0
            return
        tb, m = t.take(n)
        if m < n:                     # the test file ends inside this block
            gb = bytes(gb)
            cut = nth_line_end(gb, m)
            if m:
                yield first, m, gb[:cut], tb
            yield first + m, 0, gb[cut:], False
            return
        yield first, n, gb, tb
        first += n


def nth_line_end(block: bytes, n: int) -> int:
    pos = 0
    for _ in range(n):
        pos = block.index(b"\n", pos) + 1
    return pos


def open_source(path: str) -> BinaryIO:
    """The file, or for a pipe / ``-`` the bytes `formats.read_source` kept (read once: the
    notation checks before have already read from it)."""
    import io

    from tcompare.formats import is_stream, read_source

    if is_stream(path):
        return io.BytesIO(read_source(path))
    return open(path, "rb")


def located(path: str) -> Any:
    """The file mapped (`MappedFile`, with the SIGBUS guard) or else read (`LocatedFile`)."""
    guard = compiled.bus_guard()
    if guard is not None:
        try:
            return MappedFile(path, guard)
        except (ValueError, OSError, RuntimeError):   # empty, cannot be mapped or guarded
            pass
    return LocatedFile(path)


def located_spans(gold_path: str, test_path: str, block_lines: int
                   ) -> tuple[Any, Any, list[tuple[int, ...]], Any] | None:
    """Both files cut into `paired_blocks`' blocks, as byte offsets: (gold reader, test
    reader, [(first line, n, gold start, gold end, test start, test end)], the tail entry);
    None for a pipe or ``-`` (read once, as they come)."""
    from tcompare.formats import is_stream

    if is_stream(gold_path) or is_stream(test_path):
        return None
    readers: list[Any] = []
    try:
        for path in (gold_path, test_path):
            readers.append(located(path))
    except OSError:
        for r in readers:
            r.close()
        raise
    g, t = readers
    spans: list[tuple[int, ...]] = []
    try:
        for first, n, gb, _ in paired_readers(g, t, block_lines):
            if n == 0:
                g.check()                  # (a file truncated during the scan)
                t.check()
                return g, t, spans, (first, n, gb, _)    # (the tail's gold rest: bytes)
            g0 = g.last[0]
            spans.append((first, n, g0, g0 + len(gb), t.last[0], t.last[1]))
    except BaseException:
        g.close()
        t.close()
        raise
    raise AssertionError("paired blocks end with a tail entry")




class PairedLines:
    """Two files (or pipes, ``-``) read as paired lines: what EVALB's and the Chinese
    profiles' block scorers take instead of paths.  Opening, mapping and the files' states
    live here; the scorers only ask for blocks.

    `blocks` gives a fresh iterator each call (each forked process opens the files itself)
    and puts the tail entry in the list it is given; `spans` locates every block up front
    (two regular files) or says None (a pipe: read as it comes)."""

    def __init__(self, gold_path: str, test_path: str,
                 data: tuple[bytes, bytes] | None = None) -> None:
        from tcompare.formats import is_stream

        self.gold_path, self.test_path = gold_path, test_path
        self.streamed = is_stream(gold_path) or is_stream(test_path)
        # the files' bytes, when the caller has read them already (the window's loader):
        # blocks are cut from them and the files are not opened again
        self.data = data

    @property
    def paths(self) -> tuple[str, str]:
        return self.gold_path, self.test_path

    def check_open(self) -> None:
        """OSError (``filename`` set) now when a file cannot be opened, before any worker
        starts; a pipe or ``-`` is read once, later, by `open_source`."""
        from tcompare.formats import is_stream

        if self.data is not None:
            return
        for path in self.paths:
            if not is_stream(path):
                open(path, "rb").close()

    def blocks(self, lines: int, tail: list[Any]) -> Iterator[tuple[int, int, Any, Any]]:
        """`paired_blocks` of the two files, the tail entry appended to `tail`."""
        import io

        sources = ((io.BytesIO(self.data[0]), io.BytesIO(self.data[1])) if self.data is not None
                   else (open_source(self.gold_path), open_source(self.test_path)))
        with sources[0] as gold_fh, sources[1] as test_fh:
            for entry in paired_blocks(gold_fh, test_fh, lines):
                if entry[1] == 0:
                    tail.append(entry)
                    return
                yield entry

    def spans(self, lines: int) -> tuple[Any, Any, list[tuple[int, ...]], Any] | None:
        """`located_spans` of the two files (None for a pipe, or bytes already read: their
        blocks are cut as they come)."""
        if self.data is not None:
            return None
        return located_spans(self.gold_path, self.test_path, lines)

    def watch(self) -> Callable[[], None]:
        """The files' states now; the function returned raises `FileChanged` when either
        file is no longer what it was."""
        from tcompare.formats.inputs import check_unchanged, file_state

        if self.data is not None:            # bytes in memory do not change
            return lambda: None
        states = [(path, file_state(path)) for path in self.paths]

        def unchanged() -> None:
            for path, state in states:
                check_unchanged(path, state)
        return unchanged

    def open(self, k: int) -> BinaryIO:
        """File `k` (0: gold, 1: test) opened for reading its bytes (a regular file)."""
        return open(self.paths[k], "rb")

    def has_bom(self, k: int) -> bool:
        """Whether file `k` starts with a UTF-8 byte-order mark."""
        with self.open(k) as fh:
            return fh.read(3) == b"\xef\xbb\xbf"

    def one_tree_per_line(self) -> bool:
        """Whether both files are one-tree-per-line PTB/EVALB files (`one_tree_per_line`)."""
        return one_tree_per_line(self.gold_path) and one_tree_per_line(self.test_path)

    def sizes(self) -> tuple[int, int]:
        """The two files' sizes (OSError when one is gone)."""
        return os.path.getsize(self.gold_path), os.path.getsize(self.test_path)

    def sniffed(self, k: int) -> str | None:
        """The notation the usual reading would sniff for file `k` (0: gold, 1: test),
        None when its head is not UTF-8 (`formats.sniff_file`)."""
        from tcompare.formats import sniff_file

        return sniff_file(self.paths[k])


# -- the head of a file: read, decode, sniff ---------------------------------------------------

class Head(NamedTuple):
    """The first bytes of a file (of the kept bytes for a stream) and whether they are all
    of it."""

    data: bytes
    whole: bool

    def whole_lines(self) -> list[bytes]:
        """The head's complete lines (a line cut by the head's end is left out, unless the
        head is the whole file)."""
        lines = self.data.split(b"\n")
        if not self.whole:
            lines.pop()
        return lines

    def text(self, path: str = "<input>") -> str:
        """The head decoded (its encoding detected) up to its last whole line; a head that
        holds no whole line (one huge tree on one line) is decoded as it is."""
        from tcompare.formats.encoding import decode_bytes

        data = self.data
        if not self.whole:
            data = data[:data.rfind(b"\n") + 1] or data
        return decode_bytes(data, path).text


def read_head(path: str, size: int = HEAD_SIZE) -> Head:
    """The first `size` bytes of `path` (OSError when it cannot be read)."""
    from tcompare import formats

    data = formats.read_head(path, size + 1)
    return Head(data[:size], len(data) <= size)


def sniff_head(path: str, size: int = HEAD_SIZE) -> str:
    """The notation of `path` sniffed from its head (`formats.sniff`).  Raises OSError when
    it cannot be read and `formats.encoding.DecodeError` when the head cannot be decoded."""
    from tcompare import formats

    return formats.sniff(read_head(path, size).text(path), path)


def multiline_ptb(path: str, size: int = 1 << 20) -> bool:
    """True for a .mrg-style file whose trees span lines (most of the head's whole lines do
    not balance their brackets); False when it cannot be read, or its head holds no whole
    line (one huge tree on one line: a one-tree-per-line file)."""
    try:
        head = read_head(path, size)
    except OSError:
        return False
    lines = [line for line in head.whole_lines()[:2000] if line.strip()]
    unbalanced = sum(1 for line in lines if line.count(b"(") != line.count(b")"))
    return bool(lines) and unbalanced * 10 > len(lines)


def one_tree_per_line(path: str) -> bool:
    """True when `path` is a one-tree-per-line PTB/EVALB file, the input C EVALB reads: not
    `multiline_ptb`, and its head sniffs as PTB.  True as well when it cannot be read here
    (the block reader then reports it as EVALB would)."""
    from tcompare import formats

    if multiline_ptb(path):
        return False
    try:
        text = read_head(path).text(path)
    except Exception:  # unreadable or undecodable here: EVALB's own reading says why
        return True
    return formats.sniff(text, path) == "ptb"


class ByteSource:
    """A regular file handed to a scorer that reads it itself -- more than once, in pieces,
    from an offset (CoNLL 2018's streamed scorer and its refusals) -- opened here, on
    demand; `path` names it in messages."""

    def __init__(self, path: str) -> None:
        self.path = path

    def open(self) -> BinaryIO:
        """The file opened for reading its bytes (OSError when it cannot be)."""
        return open(self.path, "rb")

    def read(self) -> bytes:
        """All of its bytes (OSError when it cannot be read)."""
        with self.open() as fh:
            return fh.read()

    def size(self) -> int:
        return os.path.getsize(self.path)

    def regular(self) -> bool:
        """Whether it is a regular file (it can be read twice); False when it is gone."""
        import stat

        try:
            return stat.S_ISREG(os.stat(self.path).st_mode)
        except OSError:
            return False

    def __repr__(self) -> str:
        return f"ByteSource({self.path!r})"
