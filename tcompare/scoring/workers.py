"""The one fork pool: ``map(func, items)`` in order over forked processes, memory flat.

Workers are forked (``jobs`` processes in all, this one included; no multiprocessing pool to
import or start).  `map_blocks` gives process k the items k, k + jobs, ... of an iterable
read as it goes; `map_claimed` (items known up front, such as the blocks of two located
files) lets each process claim the next item when it is free, so a process that gets less
CPU on a busy machine does less instead of holding the others up.  Either way results come
out in order and memory stays flat.

The cycle collector is off while they run (`paused_gc`): scorers make only acyclic objects,
which the collector would walk over and over (and, in forked workers, copy every page it
touches).  The workers' pipes are file descriptors of this module's own making
(``os.pipe``): this is the one module under ``scoring/`` that wraps descriptors in file
objects (``os.fdopen``), and it opens no path.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import BinaryIO, Callable, Iterable, Iterator


class _GcPause:
    """`paused_gc`: the cyclic collector off inside -- millions of small acyclic objects would
    only be rescanned.  Nested and concurrent pauses (the window's loader thread beside the
    GUI thread) count; the last one out restores what was there before the first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._was_enabled = True

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if self._depth == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0 and self._was_enabled:
                    gc.enable()


paused_gc = _GcPause()


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
    with paused_gc():
        if jobs <= 1 or len(first) < 2 or not hasattr(os, "fork"):
            for item in itertools.chain(first, it):
                yield func(item)
            return
        mine = itertools.chain(first, it)
        # a function gives each worker its own fresh iterator; a plain iterable is copied
        # into the worker by the fork, in the very state this process is in
        yield from _forked(func, factory if callable(items) else (lambda: mine), mine, jobs)


def map_claimed(func: Callable[[int], Any], count: int, jobs: int | None = None,
                ahead: int = 8) -> Iterator[Any]:
    """``func(i)`` for i in ``range(count)``, in order, over ``jobs`` forked processes (this
    one included) that each claim the next index when free -- tokens read from one pipe
    -- instead of taking every jobs-th item as `map_blocks` does: on a busy machine a
    process that gets less CPU scores fewer items, and nobody waits for it before the end.
    This process keeps at most `ahead` results of its own waiting for a worker's (memory
    stays flat); a worker whose results are not read yet stops claiming.  Items must be
    known up front (`count`), as the workers read them from what they inherit."""
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
    if tokens_r < 0:
        with paused_gc():
            for i in range(count):
                yield func(i)
        return
    with paused_gc():
        yield from _claimed(func, count, jobs, ahead, tokens_r, tokens_w)


def _claimed(func: Callable[[int], Any], count: int, jobs: int, ahead: int, tokens_r: int,
             tokens_w: int) -> Iterator[Any]:
    import pickle
    import select

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




class Background:
    """``results()`` run in a process forked now, its items read later, one by one, in
    order (`next`; None once it ended or failed); `close` ends it early (it is killed)."""

    def __init__(self, results: Callable[[], Iterable[Any]]) -> None:
        import pickle

        self._reader: BinaryIO | None = None
        self._pid = 0
        r, w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:                               # the worker
            code = 0
            try:
                os.close(r)
                with paused_gc(), os.fdopen(w, "wb") as out:
                    for item in results():
                        pickle.dump(item, out, pickle.HIGHEST_PROTOCOL)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(w)
        self._reader, self._pid = os.fdopen(r, "rb"), pid

    def next(self) -> Any:
        import pickle

        if self._reader is None:
            return None
        try:
            return pickle.load(self._reader)
        except Exception:                           # EOF: the worker failed
            self.close()
            return None

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
