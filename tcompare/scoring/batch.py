"""Batch scoring: whole files scored in streamed blocks by forked workers, rows in file order.

Two entry points (the CLI formats their rows; the Workspace fills its table from them):

* `score_files(gold_path, system_path, profile_name, config, *, jobs=None, encoding=None)`
* `score_corpora(gold, system, profile, config, jobs=None)`

both yielding `SlimRow` = (index, status, message, counts, scores, length, text) in file
order, one per sentence, without building per-item verdicts.

EVALB has a lower level as well, `evalb_blocks`: the gold and test files are cut into blocks
of lines (a regular file is scanned once for where its blocks lie, and each block is read
back with ``pread`` by the process that scores it -- read, not mapped, so a file truncated
meanwhile is an error, `FileChanged`, not a SIGBUS; pipes are read once), each block is scored by the compiled kernel
(`tcompare.scoring._evalb_kernel`, when built) or by the pure-Python scorer
(`evalb_core.read_line` + `compare`), and comes back as an `EvalbBlock` carrying the rsl rows
already formatted, the messages and the block's totals -- no Python object per sentence.
Peak memory is a few blocks, whatever the corpus size.

Workers are forked (``jobs`` processes in all, this one included).  `map_blocks` gives
process k the items k, k + jobs, ... of an iterable read as it goes; `map_claimed` (located
EVALB files, whose blocks are known up front) lets each process claim the next item when it
is free, so a process that gets less CPU on a busy machine does less instead of holding the
others up.  Either way results come out in order and memory stays flat.  The cycle
collector is off while scoring: the scorer makes only acyclic objects, which the collector
would walk over and over (and, in forked workers, copy every page it touches).
"""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

if TYPE_CHECKING:
    from typing import BinaryIO, Callable, Iterable, Iterator

    from tcompare.model.corpus import Corpus
    from tcompare.scoring.base import Profile, SentenceResult

BLOCK_LINES = 2048          # sentences per block handed to a worker
READ_SIZE = 1 << 22


class SlimRow(NamedTuple):
    """One sentence's outcome without verdicts: what a results table shows."""

    index: int  # type: ignore[assignment]  # 1-based sentence number (shadows tuple.index)
    status: str                 # "valid" | "error" | "skip"
    message: str                # what went wrong ("" when valid); EVALB's messages joined
    counts: dict[str, int]      # the profile's additive counts
    scores: dict[str, float | None]   # the sentence's own figures (None for 0/0)
    length: int                 # the profile's sentence length (EVALB: gold length)
    text: str                   # the gold words joined by spaces ("" when not kept)


@runtime_checkable
class BlockScorer(Protocol):
    """What `Profile.block_scorer` returns: slim results equal to `score`'s for many
    sentence records at once (None where it leaves a sentence to `score`)."""

    def accepts(self, record: Any) -> bool: ...

    def score(self, gold: list[Any], system: list[Any], positions: list[int]) -> list[Any]: ...


@runtime_checkable
class FileScorer(BlockScorer, Protocol):
    """A block scorer that also scores whole files from their bytes (EVALB's `EvalbLines`):
    `start_job` early in another process, `score_files` into `rows.ResultRows`, `totals`
    of such rows without building them."""

    def start_job(self, gold_path: str, system_paths: list[str]) -> Any: ...

    def score_files(self, gold: Any, system: Any, rescore: Callable[[int], Any],
                    jobs: int | None = None, early: Any = None) -> Any: ...

    def totals(self, rows: Any) -> Any: ...


# -- the compiled kernel ----------------------------------------------------------------------

_NOTICE = "tcompare: compiled kernel not available, using the pure-Python scorer\n"
_kernel_module: Any = None
_noticed = False


def kernel() -> Any:
    """The compiled kernel module, or None (TCOMPARE_PURE_PYTHON=1, or not built).

    When it is not built (no compiler at install time), a one-line notice goes to stderr,
    once per process -- only when stderr is a terminal or TCOMPARE_VERBOSE is set, so that
    a redirected stderr stays byte-identical to the reference program's (`tcompare
    --version` always says which scorer runs: `kernel_name`).
    """
    global _kernel_module, _noticed
    if os.environ.get("TCOMPARE_PURE_PYTHON", "") not in ("", "0"):
        return None
    if _kernel_module is None:
        try:
            from tcompare.scoring import _evalb_kernel  # type: ignore[attr-defined]
        except ImportError:
            _kernel_module = False
        else:
            _kernel_module = _evalb_kernel
    if _kernel_module is False:
        if not _noticed:
            _noticed = True
            if os.environ.get("TCOMPARE_VERBOSE", "") not in ("", "0") or _stderr_is_tty():
                sys.stderr.write(_NOTICE)
                sys.stderr.flush()
        return None
    return _kernel_module


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def kernel_name() -> str:
    """"compiled" or "python": which scorer `evalb_blocks` uses in this process."""
    return "compiled" if kernel() is not None else "python"


# -- ordered map over forked workers ----------------------------------------------------------

def map_blocks(func: Callable[[Any], Any], items: Iterable[Any] | Callable[[], Iterable[Any]],
               jobs: int | None = None) -> Iterator[Any]:
    """``map(func, items)`` in order, spread over ``jobs`` processes (this one included).

    ``items`` is an iterable, or a function returning a fresh iterator of the same items
    (needed when iterating reads a file: each process then opens its own).  Workers are
    forked (``os.fork``, no multiprocessing pool to import or start): process k of N scores
    items k, k+N, ... and pickles its results into a pipe; this process scores items 0, N,
    ... and reads the others' results in order, so results come out in item order.  A pipe
    holds at most a few results, so no process runs far ahead and memory stays flat.  Falls
    back to one process when fork is unavailable, ``jobs`` is 1, or there is one item.
    """
    import itertools

    jobs = jobs or (os.cpu_count() or 1)
    factory = items if callable(items) else (lambda: items)
    it = iter(factory())
    first = list(itertools.islice(it, 2))
    enabled = gc.isenabled()
    gc.disable()
    try:
        if jobs <= 1 or len(first) < 2 or not hasattr(os, "fork"):
            for item in itertools.chain(first, it):
                yield func(item)
            return
        mine = itertools.chain(first, it)
        # a function gives each worker its own fresh iterator; a plain iterable is copied
        # into the worker by the fork, in the very state this process is in
        yield from _forked(func, factory if callable(items) else (lambda: mine), mine, jobs)
    finally:
        if enabled:
            gc.enable()


def map_claimed(func: Callable[[int], Any], count: int, jobs: int | None = None,
                ahead: int = 8) -> Iterator[Any]:
    """``func(i)`` for i in ``range(count)``, in order, over ``jobs`` forked processes (this
    one included) that each claim the next index when free -- tokens read from one pipe
    -- instead of taking every jobs-th item as `map_blocks` does: on a busy machine a
    process that gets less CPU scores fewer items, and nobody waits for it before the end.
    This process keeps at most `ahead` results of its own waiting for a worker's (memory
    stays flat); a worker whose results are not read yet stops claiming.  Items must be
    known up front (`count`), as the workers read them from what they inherit."""
    import pickle
    import select

    jobs = min(jobs or (os.cpu_count() or 1), count)
    tokens_r = tokens_w = -1
    if jobs > 1 and hasattr(os, "fork"):
        tokens_r, tokens_w = os.pipe()
        if count * 4 > 65536:                    # all tokens must fit the pipe
            try:
                import fcntl

                fcntl.fcntl(tokens_w, fcntl.F_SETPIPE_SZ, count * 4)
            except (ImportError, AttributeError, OSError):
                os.close(tokens_r)
                os.close(tokens_w)
                tokens_r = -1
    enabled = gc.isenabled()
    gc.disable()
    if tokens_r < 0:
        try:
            for i in range(count):
                yield func(i)
        finally:
            if enabled:
                gc.enable()
        return
    os.write(tokens_w, b"".join(i.to_bytes(4, "little") for i in range(count)))
    os.close(tokens_w)                           # all there: a read past them is EOF

    def claim() -> int | None:
        raw = os.read(tokens_r, 4)               # (4-byte writes and reads: never split)
        return int.from_bytes(raw, "little") if raw else None

    readers: dict[int, BinaryIO] = {}            # fd -> worker results
    pids: list[int] = []
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        for _ in range(1, jobs):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:                         # a worker: claim, score, send (i, result)
                code = 0
                try:
                    os.close(r)
                    for other in readers.values():
                        other.close()
                    out = os.fdopen(w, "wb")
                    try:
                        while (token := claim()) is not None:
                            pickle.dump((token, True, func(token)), out, pickle.HIGHEST_PROTOCOL)
                            out.flush()
                    except BrokenPipeError:      # the reader stopped early
                        code = 1
                    except BaseException as exc:     # report it to the reader, then leave
                        code = 1
                        pickle.dump((-1, False, _failure(exc)), out)
                        out.flush()
                except BaseException:
                    code = 1
                finally:
                    os._exit(code)
            os.close(w)
            readers[r] = os.fdopen(r, "rb")
            pids.append(pid)
        mine: dict[int, Any] = {}
        theirs: dict[int, Any] = {}
        done = False                             # no token left to claim
        for want in range(count):
            while want not in mine and want not in theirs:
                if not done and len(mine) < ahead:
                    token = claim()
                    if token is None:
                        done = True
                    else:
                        mine[token] = func(token)
                    continue
                if not readers:
                    raise RuntimeError("batch workers ended early")
                ready, _, _ = select.select(list(readers), [], [])
                for fd in ready:
                    try:
                        index, ok, value = pickle.load(readers[fd])
                    except EOFError:             # that worker is through
                        readers.pop(fd).close()
                        continue
                    if not ok:
                        _raise_failure(value, "batch worker")
                    theirs[index] = value
            yield mine.pop(want) if want in mine else theirs.pop(want)
    finally:
        os.close(tokens_r)
        for reader in readers.values():
            reader.close()
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        if enabled:
            gc.enable()


def _failure(exc: BaseException) -> Any:
    """What a worker sends back for an exception: a file that changed under it as itself
    (the reader says which file), anything else as text."""
    from tcompare.formats.inputs import FileChanged

    if isinstance(exc, FileChanged):
        return ("FileChanged", exc.path)
    return f"{type(exc).__name__}: {exc}"


def _raise_failure(value: Any, who: str) -> None:
    from tcompare.formats.inputs import FileChanged

    if isinstance(value, tuple) and value[0] == "FileChanged":
        raise FileChanged(value[1])
    raise RuntimeError(f"{who} failed: {value}")


def _forked(func: Callable[[Any], Any], factory: Callable[[], Iterable[Any]],
            mine: Iterator[Any], jobs: int) -> Iterator[Any]:
    import pickle

    readers: list[BinaryIO] = []
    pids: list[int] = []
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        for k in range(1, jobs):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:                       # worker k
                code = 0
                try:
                    os.close(r)
                    for other in readers:
                        other.close()
                    with os.fdopen(w, "wb") as out:
                        for index, item in enumerate(factory()):
                            if index % jobs == k:
                                pickle.dump((True, func(item)), out, pickle.HIGHEST_PROTOCOL)
                                out.flush()
                except BrokenPipeError:        # the reader stopped early (MAX_ERROR, ...)
                    code = 1
                except BaseException as exc:   # report it to the reader, then leave
                    code = 1
                    try:
                        with os.fdopen(w, "wb", closefd=False) as out:
                            pickle.dump((False, _failure(exc)), out)
                    except BaseException:
                        pass
                finally:
                    os._exit(code)             # never run the parent's cleanup twice
            os.close(w)
            readers.append(os.fdopen(r, "rb"))
            pids.append(pid)
        for index, item in enumerate(mine):
            k = index % jobs
            if k == 0:
                yield func(item)
                continue
            try:
                ok, value = pickle.load(readers[k - 1])
            except EOFError:
                raise RuntimeError(f"batch worker {k} ended early") from None
            if not ok:
                _raise_failure(value, f"batch worker {k}")
            yield value
    finally:
        for reader in readers:
            reader.close()
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


# -- reading two files in paired blocks of lines --------------------------------------------

class _Lines:
    """A binary file read block by block; `take(n)` returns up to n whole lines as one bytes
    object (their newlines kept, the last line possibly without one) and their count."""

    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.buf = b""
        self.pos = 0                 # what is before it was taken
        self.eof = False
        self.start = True
        k = kernel()
        self.ends: Callable[[bytes, int, int], tuple[int, int]] = (
            k.line_ends if k is not None else _line_ends)

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


def bus_guard() -> Any:
    """The compiled SIGBUS guard (`tcompare.scoring._bus_guard`), or None when it is not built:
    then EVALB's files are read (`_Located`), not memory-mapped (`_Mapped`)."""
    try:
        from tcompare.scoring import _bus_guard  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _bus_guard


class _Mapped:
    """A regular file mapped read-only, cut as `_Lines` cuts it: `take` returns memoryviews
    into the mapping, so no byte is copied (the kernel scores them in place); in a big file
    the pages behind are dropped from this process (the file keeps them), so its RSS stays
    a few blocks.

    Only with the SIGBUS guard (`bus_guard`): a page read past the end of a file truncated
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
        # (a UTF-8 byte order mark is skipped, as `_Lines` does)
        self.pos = 3 if self.mm[:3] == b"\xef\xbb\xbf" else 0
        self.last = (self.pos, self.pos)     # offsets of what `take` returned last
        self.dropped = 0
        self.drops = self.size > self.BIG and hasattr(self.mm, "madvise")
        k = kernel()
        self.ends: Callable[[Any, int, int], tuple[int, int]] = (
            k.line_ends if k is not None else _line_ends)

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


class _Located(_Lines):
    """`_Lines` over a regular file that also gives where each block lies in the file
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
        self.views = kernel() is not None    # (the Python scan needs bytes.find)
        self.area = bytearray()
        self.block_area = bytearray()
        self.whole: Any = None
        size = self.state[2]
        if size <= self.WHOLE:               # (one byte more: a file that grew shows)
            data = os.pread(self.fd, size + 1, 0)
            self.whole = memoryview(data) if self.views else data
            self.eof = True
        # (a UTF-8 byte order mark is skipped, as `_Lines` does)
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
        """`_Lines.take`, the lines as a view of the buffer (the scan copies no block)."""
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


def _line_ends(buf: Any, start: int, n: int) -> tuple[int, int]:
    """`_evalb_kernel.line_ends` in Python."""
    pos, count, find = start, 0, buf.find   # (bytes.find, mmap.find)
    while count < n:
        nl = find(b"\n", pos)
        if nl < 0:
            break
        pos = nl + 1
        count += 1
    return pos, count


def _reader(fh: BinaryIO) -> Any:
    """A regular file opened by name mapped (`_Mapped`, with the SIGBUS guard), else read
    (`_Lines`: a pipe, BytesIO, an empty file, no guard)."""
    guard = bus_guard()
    name = getattr(fh, "name", None)
    if guard is not None and isinstance(name, str):
        try:
            return _Mapped(name, guard)
        except (ValueError, OSError, RuntimeError):
            pass
    return _Lines(fh)


def paired_blocks(gold_fh: BinaryIO, test_fh: BinaryIO, lines: int = BLOCK_LINES
                  ) -> Iterator[tuple[int, int, Any, Any]]:
    """Yield (first line, n, gold lines, test lines) with n lines from each file (bytes, or
    memoryviews into the mapped files), then a final ``(first line, 0, rest of gold, test
    has more)`` tail entry.  A mapped file truncated meanwhile reads zeros past its new end
    (the SIGBUS guard): the caller compares the files' states afterwards
    (`formats.inputs.check_unchanged`)."""
    g, t = _reader(gold_fh), _reader(test_fh)
    try:
        yield from _paired(g, t, lines)
    finally:
        for r in (g, t):
            if isinstance(r, _Mapped):
                r.close()


def _paired(g: Any, t: Any, lines: int) -> Iterator[tuple[int, int, Any, Any]]:
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
            cut = _nth_line_end(gb, m)
            if m:
                yield first, m, gb[:cut], tb
            yield first + m, 0, gb[cut:], False
            return
        yield first, n, gb, tb
        first += n


def _nth_line_end(block: bytes, n: int) -> int:
    pos = 0
    for _ in range(n):
        pos = block.index(b"\n", pos) + 1
    return pos


# -- EVALB ------------------------------------------------------------------------------------

class EvalbBlock(NamedTuple):
    """One block of sentences scored: rows text, messages, block totals."""

    first: int                        # line number of its first sentence
    n: int                            # sentences in it
    rows: str                         # the rsl rows ("" when not asked for)
    errors: list[tuple[int, str]]     # [(line, message)] in order
    totals: tuple[Any, Any]           # (all block, short block), each evalb_rsl.Block.fields()
    stats: bytes                      # int32 x 8 per sentence: length, words, gold, test,
                                      # matched, crossing, tags, status ("" when not asked for)


class EvalbTail(NamedTuple):
    """After the last pair: the line number and messages for unmatched line counts."""

    line: int
    errors: list[tuple[int, str]]     # [(line, message)]


def evalb_scorer(params: Any, rows: bool = True, stats: bool = False,
                 pure_python: bool | None = None
                 ) -> Callable[[tuple[int, int, Any, Any]], EvalbBlock]:
    """A function scoring one ``(first, n, gold bytes, test bytes)`` block."""
    from tcompare.scoring.evalb_core import PreparedParams

    cc = PreparedParams(params, as_bytes=True)
    k = None if pure_python else kernel()
    if k is not None:
        scorer = k.EvalbKernel(cc, _py_pair)

        def score(block: tuple[int, int, Any, Any]) -> EvalbBlock:
            first, n, gb, tb = block
            r, errors, tot_all, tot_short, st = scorer.score_block(gb, tb, n, first, rows, stats)
            return EvalbBlock(first, n, r, errors, (tot_all, tot_short), st)
        return score

    def score_py(block: tuple[int, int, Any, Any]) -> EvalbBlock:
        return _score_block_py(block, cc, rows, stats)
    return score_py


def _split(block: Any, n: int) -> list[bytes]:
    lines = bytes(block).split(b"\n")
    return lines[:n]


def _py_pair(gline: bytes, tline: bytes, cc: Any) -> tuple[Any, ...]:
    """(gold read errors, test read errors, length, compare errors, row) for one pair."""
    from tcompare.scoring.evalb_core import compare, read_line

    gv = read_line(gline, cc)
    tv = read_line(tline, cc)
    out = compare(gv, tv, cc)
    return gv.errors, tv.errors, gv.length, out.errors, out.row()


def _score_block_py(block: tuple[int, int, Any, Any], cc: Any, want_rows: bool,
                    want_stats: bool) -> EvalbBlock:
    """The pure-Python scorer: the oracle the compiled kernel is tested against."""
    from array import array

    from tcompare.scoring import evalb_rsl

    first, n, gb, tb = block
    totals = evalb_rsl.Totals(cc.params.cutoff_len)
    rows: list[str] = []
    errors: list[tuple[int, str]] = []
    st = array("i")
    row_text = evalb_rsl.row
    for line, (gline, tline) in enumerate(zip(_split(gb, n), _split(tb, n)), first):
        g_err, t_err, length, c_err, row = _py_pair(gline, tline, cc)
        if g_err or t_err or c_err:
            for message in g_err + t_err + c_err:
                errors.append((line, message))
        words, gold, test, matched, crossing, tags, status = row
        totals.add(length, status, words, gold, test, matched, crossing, tags)
        if want_rows:
            rows.append(row_text(line, length, status, words, gold, test, matched, crossing, tags))
        if want_stats:
            st.extend((length, words, gold, test, matched, crossing, tags, status))
    return EvalbBlock(first, n, "".join(rows), errors,
                      (totals.all.fields(), totals.short.fields()), st.tobytes())


def _open_source(path: str) -> BinaryIO:
    """The file, or for a pipe / ``-`` the bytes `formats.read_source` kept (read once: the
    notation checks before have already read from it)."""
    import io

    from tcompare.formats import is_stream, read_source

    if is_stream(path):
        return io.BytesIO(read_source(path))
    return open(path, "rb")


def evalb_blocks(gold_path: str, test_path: str, params: Any, *, jobs: int | None = None,
                 rows: bool = True, stats: bool = False, pure_python: bool | None = None,
                 block_lines: int = BLOCK_LINES) -> Iterator[EvalbBlock | EvalbTail]:
    """EVALB over two line-paired files: `EvalbBlock`s in order, then one `EvalbTail`.

    Raises OSError (with ``filename`` set) when a file cannot be opened, and
    `formats.inputs.FileChanged` when a file is truncated or rewritten while it is read.
    """
    from tcompare.scoring.evalb_core import PreparedParams, read_line

    score = evalb_scorer(params, rows, stats, pure_python)
    from tcompare.formats import is_stream

    for path in (gold_path, test_path):
        if not is_stream(path):            # a pipe or "-" is read once, by _open_source
            open(path, "rb").close()       # OSError here, before any worker starts
    tail: list[tuple[int, int, Any, Any]] = []

    def blocks() -> Iterator[tuple[int, int, Any, Any]]:                          # each process opens the files itself
        with _open_source(gold_path) as gold_fh, _open_source(test_path) as test_fh:
            for entry in paired_blocks(gold_fh, test_fh, block_lines):
                if entry[1] == 0:
                    tail.append(entry)
                    return
                yield entry

    located = _located_spans(gold_path, test_path, block_lines)
    if located is None:                    # a pipe: blocks read as they come
        yield from map_blocks(score, blocks, jobs)
    else:                                  # two files: every block known up front
        g, t, spans, end = located
        tail.append(end)

        def one(i: int) -> EvalbBlock:
            first, n, g0, g1, t0, t1 = spans[i]
            block = score((first, n, g.read(g0, g1), t.read(t0, t1)))
            g.forget(g0, g1)
            t.forget(t0, t1)
            g.check()                      # (a truncated file: this block read zeros)
            t.check()
            return block
        try:
            yield from map_claimed(one, len(spans), jobs)
            g.unchanged()                  # (before the totals: a rewrite in place)
            t.unchanged()
        finally:
            g.close()
            t.close()
    line, _, gold_rest, test_more = tail[0]
    errors = []
    if gold_rest:
        cc = PreparedParams(params, as_bytes=True)
        for message in read_line(bytes(gold_rest).split(b"\n", 1)[0], cc).errors:
            errors.append((line, message))
        errors.append((line, "Number of lines unmatch (too many lines in gold file)\n"))
    elif test_more:
        errors.append((line, "Number of lines unmatch (too many lines in test file)\n"))
    yield EvalbTail(line, errors)


def _located(path: str) -> Any:
    """The file mapped (`_Mapped`, with the SIGBUS guard) or else read (`_Located`)."""
    guard = bus_guard()
    if guard is not None:
        try:
            return _Mapped(path, guard)
        except (ValueError, OSError, RuntimeError):   # empty, cannot be mapped or guarded
            pass
    return _Located(path)


def _located_spans(gold_path: str, test_path: str, block_lines: int
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
            readers.append(_located(path))
    except OSError:
        for r in readers:
            r.close()
        raise
    g, t = readers
    spans: list[tuple[int, ...]] = []
    try:
        for first, n, gb, _ in _paired(g, t, block_lines):
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


class EvalbJob:
    """EVALB of one gold file against each system file, in a process forked now and read
    later: the Workspace reads the corpora meanwhile, which takes about as long, so the
    table is complete when the reading is (WSJ 23 x 17: 0.25 s each).

    `numbers()` gives, system by system, the kernel's numbers (`rows.STATS` ints per line
    pair, as `evalb_blocks` with ``stats=True`` makes them) and whether the line counts
    differed; None if the process failed.  `close` ends it early (it is killed).
    """

    def __init__(self, gold_path: str, system_paths: list[str], params: Any):
        import pickle

        self._reader: BinaryIO | None = None
        self._pid = 0
        r, w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:                               # the worker: bytes in, numbers out
            code = 0
            try:
                os.close(r)
                gc.disable()
                with os.fdopen(w, "wb") as out:
                    for path in system_paths:
                        from array import array

                        numbers, uneven = array("i"), False
                        for block in evalb_blocks(gold_path, path, params, jobs=1, rows=False,
                                                  stats=True):
                            if isinstance(block, EvalbTail):
                                uneven = bool(block.errors)
                            else:
                                numbers.frombytes(block.stats)
                        pickle.dump((numbers.tobytes(), uneven), out, pickle.HIGHEST_PROTOCOL)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(w)
        self._reader, self._pid = os.fdopen(r, "rb"), pid

    def numbers(self) -> tuple[Any, bool] | None:
        import pickle
        from array import array

        if self._reader is None:
            return None
        try:
            raw, uneven = pickle.load(self._reader)
        except Exception:                           # EOF: the worker failed
            self.close()
            return None
        numbers = array("i")
        numbers.frombytes(raw)
        return numbers, uneven

    def close(self) -> None:
        import signal

        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if self._pid:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                os.waitpid(self._pid, 0)
            except ChildProcessError:
                pass
            self._pid = 0


_STATUS = ("valid", "error", "skip")
_EVALB_KEYS = ("words", "gold_brackets", "test_brackets", "matched_brackets", "crossing",
               "correct_tags")


def _evalb_rows(gold_path: str, system_path: str, config: Any, jobs: int | None
                ) -> Iterator[SlimRow]:
    from array import array

    from tcompare.scoring.base import prf

    params = getattr(config, "params", config)      # an EvalbConfig or EvalbParams
    for block in evalb_blocks(gold_path, system_path, params, jobs=jobs, rows=False, stats=True):
        if isinstance(block, EvalbTail):
            for line, message in block.errors:
                yield SlimRow(line, "error", message.rstrip("\n"), {}, {}, 0, "")
            return
        st = array("i")
        st.frombytes(block.stats)
        messages: dict[int, list[str]] = {}
        for line, message in block.errors:
            messages.setdefault(line, []).append(message.rstrip("\n"))
        for k in range(block.n):
            length, *row, status = st[8 * k: 8 * k + 8]
            counts = dict(zip(_EVALB_KEYS, row))
            p, r, f = prf(row[3], row[1], row[2])
            line = block.first + k
            yield SlimRow(line, _STATUS[status], "; ".join(messages.get(line, ())), counts,
                          {"precision": p, "recall": r, "fmeasure": f}, length, "")


# -- any profile ------------------------------------------------------------------------------

def score_files(gold_path: str, system_path: str, profile_name: str, config: Any = None, *,
                jobs: int | None = None, encoding: str | None = None) -> Iterator[SlimRow]:
    """Score two files with a profile, streamed: `SlimRow`s in file order.

    EVALB on one-tree-per-line bracket files goes through `evalb_blocks` (``config`` an
    `EvalbConfig` or `EvalbParams`; None = COLLINS.prm); everything else is read through the
    format registry and scored by `score_corpora`.
    """
    from tcompare.scoring import profiles

    profile = profiles.get(profile_name)
    if profile_name == "evalb" and encoding is None:
        if config is None:
            from tcompare.scoring.evalb_prm import read_prm_file

            config, _ = read_prm_file(None)
        yield from _evalb_rows(gold_path, system_path, config, jobs)
        return
    from tcompare import formats

    kwargs = {"encoding": encoding} if encoding else {}
    gold = formats.read_file(gold_path, **kwargs)
    system = formats.read_file(system_path, **kwargs)
    if config is None:
        config = profile.prepare(None)
    yield from score_corpora(gold, system, profile, config, jobs)


def _slim_row(result: SentenceResult) -> SlimRow:
    return SlimRow(result.index, result.status.value, result.message, dict(result.counts),
                   dict(result.scores), int(result.data.get("length", 0) or 0), "")


def score_corpora(gold: Corpus, system: Corpus, profile: Profile, config: Any,
                  jobs: int | None = None,
                  block: int = 512) -> Iterator[SlimRow]:
    """Score corpus pairs position by position in forked workers: `SlimRow`s in order.

    The corpora (lazy records) are inherited by the workers at fork time; only index ranges
    go out and slim rows come back.
    """
    from tcompare.scoring.pairing import score_pair

    n = max(len(gold), len(system))

    def score_range(bounds: tuple[int, int]) -> list[SlimRow]:
        return [_slim_row(score_pair(gold, system, i, profile, config))
                for i in range(bounds[0], bounds[1])]

    def ranges() -> Iterator[tuple[int, int]]:
        return ((k, min(k + block, n)) for k in range(0, n, block))

    for rows in map_blocks(score_range, ranges, jobs):
        yield from rows


# -- the Workspace's table: slim results from corpora in memory --------------------------------

def slim(result: Any) -> Any:
    """`result` without its per-item verdicts (what a table row and the totals need)."""
    from tcompare.scoring.base import SentenceResult

    return SentenceResult(index=result.index, status=result.status, message=result.message,
                          counts=result.counts, scores=result.scores, flags=result.flags,
                          data=result.data)


def slim_result(gold: Any, system: Any, profile: Any, config: Any, i: int) -> Any:
    """``slim(score_pair(...))`` of position `i`; a scorer crash becomes an ERROR result."""
    from tcompare.scoring.pairing import score_pair

    try:
        return slim(score_pair(gold, system, i, profile, config))
    except Exception as exc:  # a profile bug must not take the caller down
        return profile.score_error(i + 1, f"scorer failed: {type(exc).__name__}: {exc}")


def slim_results(gold: Any, system: Any, profile: Any, config: Any, start: int, stop: int
                 ) -> list[Any]:
    """Slim results of positions ``start .. stop-1``, each equal to ``slim(score_pair(...))``
    -- through the profile's `block_scorer` where it has one and the sentences allow (EVALB:
    unedited one-line trees, scored by the compiled kernel as `tcompare score` scores them),
    sentence by sentence otherwise.  Never raises: a scorer crash becomes an ERROR result."""
    def one(i: int) -> Any:
        return slim_result(gold, system, profile, config, i)

    block = profile.block_scorer(config, (gold.notation, system.notation))
    paired = min(stop, len(gold), len(system))
    if block is None or paired <= start:
        return [one(i) for i in range(start, stop)]
    fast = [i for i in range(start, paired) if block.accepts(gold[i]) and block.accepts(system[i])]
    scored = dict(zip(fast, block.score([gold[i] for i in fast], [system[i] for i in fast], fast)))
    return [scored.get(i) or one(i) for i in range(start, stop)]


# -- pairing by text and scoring, both in forked workers ---------------------------------------

def aligned_slim_results(gold: Any, system: Any, profile: Any, config: Any,
                         jobs: int | None = None, block: int = 256) -> tuple[list[Any], list[Any]]:
    """``(pair_corpora(...), [slim(r) for r in score_pairs(...)])`` with each sentence parsed
    once, in forked workers.

    A worker takes a range of positions, reads each position's gold and system text (what
    pairing compares) and scores the two sentences there as a pair -- a guess that holds for
    every pair the alignment keeps in place (``same`` / ``changed`` at equal positions,
    which `score_pairs` scores exactly so) -- then forgets the trees.  The pairs found
    otherwise (shifted, joined, split, missing, extra) are scored here afterwards.
    """
    from tcompare.scoring.alignment import SentencePair, align_sentences
    from tcompare.scoring.pairing import record_text, score_one, sent_id

    ids = getattr(gold, "kind", "") == "dependency" or profile.kind == "dependency"
    n_gold, n_system = len(gold), len(system)
    n = max(n_gold, n_system)

    def side(corpus: Any, i: int) -> tuple[str | None, str | None]:
        record = corpus[i]
        return record_text(record), (sent_id(record) if ids else None)

    def work(bounds: tuple[int, int]) -> list[tuple[Any, Any, list[Any]]]:
        out = []
        for i in range(*bounds):
            g = side(gold, i) if i < n_gold else None
            s = side(system, i) if i < n_system else None
            guess: list[Any] = []
            if g is not None and s is not None:
                guess = [slim(score_one(gold, system, SentencePair((i,), (i,), "same"),
                                        profile, config))]
            for corpus in (gold, system):
                if i < len(corpus):
                    corpus[i].release()
            out.append((g, s, guess))
        return out

    def ranges() -> Iterator[tuple[int, int]]:
        return ((k, min(k + block, n)) for k in range(0, n, block))

    g_texts: list[str | None] = []
    s_texts: list[str | None] = []
    g_ids: list[str | None] = []
    s_ids: list[str | None] = []
    guesses: list[list[Any]] = []
    for rows in map_blocks(work, ranges, jobs):
        for g, s, guess in rows:
            if g is not None:
                g_texts.append(g[0])
                g_ids.append(g[1])
            if s is not None:
                s_texts.append(s[0])
                s_ids.append(s[1])
            guesses.append(guess)
    pairs = align_sentences(g_texts, s_texts, g_ids if ids else None, s_ids if ids else None)
    results: list[Any] = []
    for pair in pairs:
        kept = (pair.kind in ("same", "changed") and pair.gold == pair.system
                and len(pair.gold) == 1)
        scored = guesses[pair.gold[0]] if kept else [
            slim(score_one(gold, system, pair, profile, config))]
        for result in scored:
            result.data["pair"] = pair.to_json()
            results.append(result)
    return pairs, results
