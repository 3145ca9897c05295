"""EVALB over two line-paired files, block by block: the compiled kernel's fast path.

The files come as a `formats.lines.PairedLines` (opened, mapped or read by the caller's
side: scoring opens no file), cut into blocks of lines; each block is scored by the compiled
kernel (`compiled.evalb_kernel`, when built) or by the pure-Python scorer
(`evalb.core.read_line` + `compare`, its oracle), and comes back as an `EvalbBlock` carrying
the rsl rows already formatted, the messages and the block's totals -- no Python object per
sentence.  Blocks are spread over forked workers (`workers.map_claimed` for two located
files, `workers.map_blocks` for a pipe); peak memory is a few blocks, whatever the corpus
size.  `EvalbJob` runs the same in one forked process started early (the window's table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tcompare import compiled
from tcompare.scoring.workers import Background, map_blocks, map_claimed

if TYPE_CHECKING:
    from typing import Callable, Iterator

    from tcompare.formats.lines import PairedLines

BLOCK_LINES = 2048          # sentences per block handed to a worker


def kernel_name() -> str:
    """"compiled" or "python": which scorer `evalb_blocks` uses in this process."""
    return compiled.engine_name(compiled.evalb_kernel())


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
    from tcompare.scoring.evalb.core import PreparedParams

    cc = PreparedParams(params, as_bytes=True)
    k = None if pure_python else compiled.evalb_kernel()
    if k is not None:
        scorer = k.EvalbKernel(cc, _blank_pairs_once(_py_pair))

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


def _blank_pairs_once(pair: Callable[[bytes, bytes, Any], tuple[Any, ...]]
                      ) -> Callable[[bytes, bytes, Any], tuple[Any, ...]]:
    """`pair`, a pair of blank (whitespace-only) lines read once and its outcome reused:
    the kernel hands every such pair to Python (no test words: a skip), 10^6 of them in a
    file of blank lines.  The outcome is only read."""
    seen: dict[tuple[bytes, bytes], tuple[Any, ...]] = {}

    def once(gline: bytes, tline: bytes, cc: Any) -> tuple[Any, ...]:
        if not (gline.isspace() or not gline) or not (tline.isspace() or not tline) \
                or len(seen) > 64:
            return pair(gline, tline, cc)
        out = seen.get((gline, tline))
        if out is None:
            out = seen[(gline, tline)] = pair(gline, tline, cc)
        return out
    return once


def _py_pair(gline: bytes, tline: bytes, cc: Any) -> tuple[Any, ...]:
    """(gold read errors, test read errors, length, compare errors, row) for one pair."""
    from tcompare.scoring.evalb.core import compare, read_line

    gv = read_line(gline, cc)
    tv = read_line(tline, cc)
    out = compare(gv, tv, cc)
    return gv.errors, tv.errors, gv.length, out.errors, out.row()


def _score_block_py(block: tuple[int, int, Any, Any], cc: Any, want_rows: bool,
                    want_stats: bool) -> EvalbBlock:
    """The pure-Python scorer: the oracle the compiled kernel is tested against."""
    from array import array

    from tcompare.scoring.evalb import report as evalb_rsl

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


def evalb_blocks(files: PairedLines, params: Any, *, jobs: int | None = None,
                 rows: bool = True, stats: bool = False, pure_python: bool | None = None,
                 block_lines: int = BLOCK_LINES) -> Iterator[EvalbBlock | EvalbTail]:
    """EVALB over two line-paired files: `EvalbBlock`s in order, then one `EvalbTail`.

    Raises OSError (with ``filename`` set) when a file cannot be opened, and
    `formats.inputs.FileChanged` when a file is truncated or rewritten while it is read.
    """
    from tcompare.scoring.evalb.core import PreparedParams, read_line

    score = evalb_scorer(params, rows, stats, pure_python)
    files.check_open()                     # OSError here, before any worker starts
    tail: list[tuple[int, int, Any, Any]] = []

    def blocks() -> Iterator[tuple[int, int, Any, Any]]:   # each process opens the files itself
        return files.blocks(block_lines, tail)

    located = files.spans(block_lines)
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


class EvalbJob:
    """EVALB of one gold file against each system file, in a process forked now and read
    later (`workers.Background`): the Workspace reads the corpora meanwhile, which takes
    about as long, so the table is complete when the reading is.

    `numbers()` gives, system by system, the kernel's numbers (`rows.STATS` ints per line
    pair, as `evalb_blocks` with ``stats=True`` makes them) and whether the line counts
    differed; None if the process failed.  `close` ends it early (it is killed).
    """

    def __init__(self, pairs: list[PairedLines], params: Any):
        def results() -> Iterator[tuple[bytes, bool]]:
            from array import array

            for files in pairs:
                numbers, uneven = array("i"), False
                for block in evalb_blocks(files, params, jobs=1, rows=False, stats=True):
                    if isinstance(block, EvalbTail):
                        uneven = bool(block.errors)
                    else:
                        numbers.frombytes(block.stats)
                yield numbers.tobytes(), uneven
        self._job = Background(results)

    def numbers(self) -> tuple[Any, bool] | None:
        from array import array

        got = self._job.next()
        if got is None:
            return None
        raw, uneven = got
        numbers = array("i")
        numbers.frombytes(raw)
        return numbers, uneven

    def close(self) -> None:
        self._job.close()
