"""What the window has open: a gold corpus, one or more system corpora, a profile and its
results; and the worker that reads and scores them off the GUI thread.

Loading protocol (`LoadJob`, a `QRunnable` on the global `QThreadPool`)
---------------------------------------------------------------------
1. *Preview*: for big files, the first ~256 KB of gold and systems are decoded and parsed
   on their own and sentence ``goto`` is scored and sent (`preview`), so the first tree is
   drawn long before a 40k-sentence file is read.
2. The whole files are read with `tcompare.formats.read_file` (`files` signal) – a file
   that cannot be read at all ends the job with `failed(ReadError)`.
3. Every position of the longer corpus is scored with `scoring.pairing.score_pair` (the
   same pairing the CLI uses, so unreadable sentences and count mismatches become ERROR
   results with a message, never a skip) and sent in batches (`rows`).
The job checks its cancel flag between sentences.  Signals live on a separate `QObject`
(`JobSignals`) because a `QRunnable` cannot emit.

Memory: the table keeps *slim* results (counts, scores, status, message; no items) plus
each row's length and text; the parsed items of a lazy record are dropped again after
scoring.  A sentence being shown is rescored on demand (`Session.full_result`), which gives
exactly the scorer's verdicts for the drawing.  Totals are kept by one `RunningSummary`
per system: the GUI never adds numbers up itself.  Every row is in the table; a row
present in only one file is counted in the totals unless the profile's reference program
stops at the shorter file (EVALB), so the sidebar always equals `tcompare score`.
"""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal

from tcompare import formats
from tcompare.formats.encoding import DecodeError, decode_bytes
from tcompare.model.corpus import Corpus, ParseError
from tcompare.scoring import profiles
from tcompare.scoring.base import Profile, RunningSummary, SentenceResult, Status
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.pairing import (aligned_hint, kind_problem, row_pairs, score_pair,
                                      score_row_pair)

PREVIEW_BYTES = 256 * 1024       # head of a file parsed on its own for the first tree
PREVIEW_MIN_SIZE = 1024 * 1024   # smaller files are simply read whole first
PREVIEW_WAIT_SECONDS = 3.0       # at most this long the worker waits for the preview drawing
BATCH_SECONDS = 0.1              # how often scored rows are handed to the GUI thread


# --------------------------------------------------------------------------- plain data
@dataclass(slots=True)
class RowInfo:
    """What the table shows about one sentence position besides the scores."""

    length: int = 0
    text: str = ""
    gold_line: int = 0


@dataclass
class LoadRequest:
    """What to open. `profile` None means: the default for the gold notation."""

    gold: str
    systems: list[str] = field(default_factory=list)
    notation: str | None = None
    profile: str | None = None
    options: dict = field(default_factory=dict)
    goto: int = 1
    encoding: str | None = None     # None: detected; also taken from options["encoding"]

    def file_encoding(self) -> str | None:
        return self.encoding or self.options.get("encoding") or None


@dataclass
class Preview:
    """Sentence `row` read from the files' heads, scored: enough to draw the first tree."""

    row: int
    gold: Corpus
    systems: list[Corpus]
    profile: Profile | None
    results: list[SentenceResult | None]


@dataclass
class LoadedFiles:
    gold: Corpus
    systems: list[Corpus]
    profile: Profile | None
    options: dict
    config: Any
    # per system: the pair behind each table row when the files do not line up (sentences
    # paired by their text, as `tcompare score --output json` pairs them), else None
    plans: list[list[SentencePair] | None] = field(default_factory=list)


def item_length(item: Any) -> int:
    try:
        return len(item)
    except TypeError:
        return 0


def item_text(item: Any) -> str:
    """The sentence's words separated by spaces (Tree and DepSentence both offer `text`)."""
    if item is None:
        return ""
    try:
        return item.text()
    except (AttributeError, TypeError):
        return ""


def slim(result: SentenceResult) -> SentenceResult:
    """The result without its per-item verdicts (what the table and the totals need)."""
    return SentenceResult(index=result.index, status=result.status, message=result.message,
                          counts=result.counts, scores=result.scores, flags=result.flags,
                          data=result.data)


def counts_unpaired(profile: Profile) -> bool:
    """Whether sentences present in only one file count (as errors) in the aggregate."""
    return profile.count_unpaired


def choose_profile(name: str | None, notation: str) -> tuple[Profile | None, list[str]]:
    """The requested profile, else the notation's default, else any that reads the notation.

    Returns the profile (None when no profile module is importable: trees are still shown)
    and notes to show the user about fallbacks.
    """
    notes: list[str] = []
    candidates = [name] if name else []
    candidates.append(profiles.default_for(notation))
    for candidate in candidates:
        try:
            profile = profiles.get(candidate)
        except (KeyError, ModuleNotFoundError, AttributeError, ImportError) as exc:
            notes.append(f"profile {candidate!r} is not available ({exc})")
            continue
        if profile.notations and notation and notation not in profile.notations:
            notes.append(f"profile {candidate} reads {', '.join(profile.notations)}, "
                         f"not {notation}")
            continue
        return profile, notes
    for profile in profiles.for_notation(notation):
        return profile, notes
    notes.append("no scoring profile is available: trees are shown without verdicts")
    return None, notes


def unreadable_by(profile: Profile | None, corpora: list[Corpus]) -> str | None:
    """Why `profile` cannot score one of `corpora` (a file of another notation or kind), or
    None.  The same refusal as `tcompare score`: scoring anyway gave rows of zeros or of
    "scorer failed" instead of one clear message naming the file."""
    if profile is None:
        return None
    for corpus in corpora:
        problem = kind_problem(profile, corpus)
        if problem:
            return problem
        if profile.notations and corpus.notation not in profile.notations:
            return (f"profile {profile.name} reads {', '.join(profile.notations)}; "
                    f"{corpus.path} looks like {corpus.notation} (use --format)")
    return None


def prepare_config(profile: Profile | None, options: dict) -> Any:
    if profile is None:
        return None
    known = {o.name for o in profile.options}
    return profile.prepare({k: v for k, v in options.items() if k in known})


def score_row(gold: Corpus, system: Corpus, i: int, profile: Profile | None, config: Any,
              plan: list[SentencePair] | None = None) -> SentenceResult | None:
    """Row `i`'s result: `score_pair` by position, or with a `plan` (see `row_pairs`) the
    result of the row's pair; never raising: a scorer crash becomes an ERROR result."""
    if profile is None:
        return None
    try:
        if plan is None:
            return score_pair(gold, system, i, profile, config)
        if i >= len(plan):
            return SentenceResult(index=i + 1, status=Status.SKIP,
                                  message=f"{system.path}: no sentence on this row")
        return score_row_pair(gold, system, plan[i], i, profile, config)
    except Exception as exc:  # a profile bug must not take the window down
        return profile.score_error(i + 1, f"scorer failed: {type(exc).__name__}: {exc}")


def system_index(plan: list[SentencePair] | None, row: int) -> int | None:
    """The system sentence drawn on `row` (0-based), None when the row has none."""
    if plan is None:
        return row
    if row >= len(plan) or not plan[row].system:
        return None
    return plan[row].system[0]


def plan_rows(gold: Corpus, systems: list[Corpus], profile: Profile | None
              ) -> list[list[SentencePair] | None]:
    """Per system, the row plan when its sentence count differs from gold's (sentences then
    paired by text); None where the counts agree: a pair whose texts differ is then an error
    row naming both texts, never a silent shift."""
    if profile is None or profile.kind not in ("constituency", "dependency"):
        return [None for _ in systems]
    return [row_pairs(gold, s, profile) if len(s) != len(gold) else None for s in systems]


def read_head(path: str, notation: str | None, encoding: str | None = None) -> Corpus | None:
    """The first PREVIEW_BYTES of a big file as a corpus (whole sentences only), or None."""
    try:
        size = Path(path).stat().st_size
        if size < PREVIEW_MIN_SIZE:
            return None
        with open(path, "rb") as fh:
            data = fh.read(PREVIEW_BYTES)
        data = data[: data.rfind(b"\n") + 1]
        if not data:
            return None
        decoded = decode_bytes(data, path, encoding)
        corpus = formats.read_text(decoded.text, notation, path)
        # the last sentence may be cut in the middle
        if len(corpus.records) > 1:
            corpus.records.pop()
        return corpus
    except (OSError, DecodeError, formats.ReadError, KeyError, ModuleNotFoundError):
        return None


# --------------------------------------------------------------------------- the worker
class JobSignals(QObject):
    preview = Signal(object)         # Preview
    files = Signal(object)           # LoadedFiles
    rows = Signal(int, object, object)   # first row, [per-system slim results...], [RowInfo]
    progress = Signal(int, int)      # done, total
    failed = Signal(object)          # ReadError (or ParseError) naming file, line, column
    notes = Signal(object)           # list[str] of non-fatal remarks
    finished = Signal(bool)          # True when it ran to the end, False when cancelled/failed


class LoadJob(QRunnable):
    """Read (unless `corpora` are given) and score; see the module docstring.

    Parameters
    ----------
    request : files, notation, profile, options, goto.
    corpora : already-read (gold, systems) to rescore with another profile or options.
    lock : held while one position is scored; the GUI holds it to parse a record it shows
        (lazy records parse on first access, which must not happen in two threads at once).
    """

    def __init__(self, request: LoadRequest, corpora: tuple[Corpus, list[Corpus]] | None = None,
                 lock: threading.Lock | None = None):
        super().__init__()
        self.lock = lock or threading.Lock()
        self.preview_drawn = threading.Event()  # set by the GUI thread once it has drawn
        self.setAutoDelete(False)
        self.request = request
        self.corpora = corpora
        self.signals = JobSignals()
        self._cancelled = False

    def cancel(self) -> None:
        self._cancelled = True
        self.preview_drawn.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def run(self) -> None:  # noqa: D401 - Qt entry point
        ok = False
        try:
            ok = self._run()
        except Exception:  # never let a worker die silently
            self.signals.failed.emit(ParseError("internal error while loading:\n"
                                                + traceback.format_exc()))
        finally:
            self.signals.finished.emit(ok)

    # -- steps -----------------------------------------------------------------------------
    def _run(self) -> bool:
        req = self.request
        if self.corpora is None:
            if self._send_preview():
                # Reading 14 MB holds the GIL in long C calls, which would starve the GUI
                # thread drawing the preview: let it finish first (bounded wait).
                self.preview_drawn.wait(PREVIEW_WAIT_SECONDS)
            if self._cancelled:
                return False
            try:
                gold = formats.read_file(req.gold, req.notation, req.file_encoding())
                systems = [formats.read_file(p, req.notation, req.file_encoding())
                           for p in req.systems]
            except formats.ReadError as exc:
                self.signals.failed.emit(exc)
                return False
            except (KeyError, ModuleNotFoundError) as exc:
                self.signals.failed.emit(ParseError(f"cannot read: {exc}", req.gold))
                return False
        else:
            gold, systems = self.corpora
        profile, notes = choose_profile(req.profile, gold.notation)
        problem = unreadable_by(profile, [gold, *systems])
        if problem:
            self.signals.failed.emit(ParseError(problem, req.gold))
            return False
        config = None
        if profile is not None:
            try:
                config = prepare_config(profile, req.options)
            except Exception as exc:
                notes.append(f"options rejected by {profile.name}: {exc}; using its defaults")
                config = prepare_config(profile, {})
        for corpus in [gold, *systems]:
            notes.extend(str(e) for e in corpus.file_errors)
        lazy = {id(c): _lazy_parsers(c) for c in [gold, *systems]}
        plans = plan_rows(gold, systems, profile)
        for system in systems if profile is not None else ():
            problem = profile.files_problem(gold, system)
            if problem:
                notes.append(f"{system.path}: {problem}")
        if profile is not None:  # pairing by text (or the check above) parsed every sentence:
            for corpus in [gold, *systems]:    # give lazy records their parsers back
                for record in corpus.records:
                    _drop(record, lazy[id(corpus)])
        for system, plan in zip(systems, plans):
            if plan is not None and profile is not None:
                notes.append(f"{system.path} has {len(system)} sentences, the gold file "
                             f"{len(gold)}: sentences are paired by their text (missing and "
                             f"extra rows count as 0); profile {aligned_hint(profile)} aligns "
                             "sentences and words on their characters")
        if notes:
            self.signals.notes.emit(notes)
        self.signals.files.emit(LoadedFiles(gold, systems, profile, dict(req.options), config,
                                            plans))
        return self._score_all(gold, systems, profile, config, plans, lazy)

    def _send_preview(self) -> bool:
        """Score sentence `goto` from the files' heads and send it. False if not possible."""
        req = self.request
        gold = read_head(req.gold, req.notation, req.file_encoding())
        if gold is None or not req.systems:
            return False
        systems = [read_head(p, req.notation, req.file_encoding()) for p in req.systems]
        if any(s is None for s in systems):
            return False
        row = max(req.goto, 1) - 1
        if row >= len(gold) or any(row >= len(s) for s in systems):
            return False
        profile, _ = choose_profile(req.profile, gold.notation)
        if unreadable_by(profile, [gold, *systems]):
            return False   # the full read says why
        try:
            config = prepare_config(profile, req.options)
        except Exception:
            return False
        results = [score_row(gold, s, row, profile, config) for s in systems]
        self.signals.preview.emit(Preview(row, gold, systems, profile, results))
        return True

    def _score_row(self, i: int, gold: Corpus, systems: list[Corpus], profile: Profile | None,
                   config: Any, lazy: dict, batch_results: list[list],
                   plans: list[list[SentencePair] | None]) -> RowInfo:
        """Score position `i` against every system; append slim results; return its RowInfo."""
        info = RowInfo()
        if i < len(gold):
            record = gold[i]
            info.gold_line = record.line
            item = record.item
            info.length, info.text = item_length(item), item_text(item)
        for k, system in enumerate(systems):
            result = score_row(gold, system, i, profile, config, plans[k])
            batch_results[k].append(slim(result) if result is not None else None)
            j = system_index(plans[k], i)
            if j is None or j >= len(system):
                continue
            if not info.text and system[j].item is not None:
                info.text = item_text(system[j].item)
                info.length = item_length(system[j].item)
            _drop(system[j], lazy[id(system)])
        if i < len(gold):
            _drop(gold[i], lazy[id(gold)])
        return info

    def _score_all(self, gold: Corpus, systems: list[Corpus], profile: Profile | None,
                   config: Any, plans: list[list[SentencePair] | None], lazy: dict) -> bool:
        total = rows_needed(gold, systems, plans)
        batch_results: list[list[SentenceResult | None]] = [[] for _ in systems]
        batch_info: list[RowInfo] = []
        first, last_send = 0, time.perf_counter()
        self.signals.progress.emit(0, total)
        for i in range(total):
            if self._cancelled:
                return False
            with self.lock:  # the GUI thread may be parsing a record to draw it
                info = self._score_row(i, gold, systems, profile, config, lazy, batch_results,
                                       plans)
            batch_info.append(info)
            now = time.perf_counter()
            # the first row goes out at once: the window draws it while the rest is scored
            if i == 0 or now - last_send >= BATCH_SECONDS:
                self.signals.rows.emit(first, batch_results, batch_info)
                self.signals.progress.emit(i + 1, total)
                first = i + 1
                batch_results, batch_info = [[] for _ in systems], []
                last_send = now
        if batch_info:
            self.signals.rows.emit(first, batch_results, batch_info)
        self.signals.progress.emit(total, total)
        return True


def rows_needed(gold: Corpus, systems: list[Corpus], plans: list[list[SentencePair] | None]
                ) -> int:
    """Table rows: every position of the longer file, or every planned row."""
    sizes = [len(p) if p is not None else len(s) for s, p in zip(systems, plans)]
    return max([len(gold), *sizes])


def _lazy_parsers(corpus: Corpus) -> dict[int, Any]:
    """Parse callables of records not parsed yet, by record index (empty if eager)."""
    return {i: r._parse for i, r in enumerate(corpus.records) if r._parse is not None}


def _drop(record, parsers: dict[int, Any]) -> None:
    """Give a lazily parsed record back its parse callable: its item is re-parsed if the
    sentence is shown, and 40k parsed trees are not all held at once."""
    parse = parsers.get(record.index - 1) if parsers else None
    if parse is not None:
        record._item, record._error, record._parse = None, None, parse


# --------------------------------------------------------------------------- the session
class Session(QObject):
    """The open files, the profile and every row's slim results, fed by a `LoadJob`.

    Signals
    -------
    opened : files were read (the window updates titles, status bar, view kind).
    rows_added(first, count) : new scored rows (table model appends them).
    summary_changed : totals changed (throttled by the window).
    finished(bool) : the job ended (True: complete).
    failed(object) : a file could not be read (ReadError / ParseError).
    """

    preview_ready = Signal(object)
    opened = Signal()
    rows_added = Signal(int, int)
    progress = Signal(int, int)
    finished = Signal(bool)
    failed = Signal(object)
    notes = Signal(object)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None):
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self.request: LoadRequest | None = None
        self.gold: Corpus | None = None
        self.systems: list[Corpus] = []
        self.profile: Profile | None = None
        self.options: dict = {}
        self.config: Any = None
        self.running: list[RunningSummary] = []   # per system: rows the aggregate counts
        self.results: list[list[SentenceResult | None]] = []  # per system: every row
        self.info: list[RowInfo] = []
        self.plans: list[list[SentencePair] | None] = []   # per system, see `plan`
        self.job: LoadJob | None = None
        self.busy = False
        self.complete = False
        self.messages: list[str] = []
        self.lock = threading.Lock()

    # -- starting work -----------------------------------------------------------------------
    def open(self, request: LoadRequest) -> LoadJob:
        """Read and score `request`'s files in the thread pool (cancels any running job)."""
        self.cancel()
        self._reset()
        self.request = request
        return self._start(LoadJob(request, lock=self.lock))

    def rescore(self, profile: str | None = None, options: dict | None = None) -> LoadJob | None:
        """Score the open files again with another profile and/or options (no re-reading)."""
        if self.request is None or self.gold is None:
            return None
        self.cancel()
        if profile is not None and profile != self.request.profile:
            self.request.profile = profile
            if options is None:
                options = {}
        if options is not None:
            self.request.options = dict(options)
        corpora = (self.gold, list(self.systems))
        self._reset()
        return self._start(LoadJob(self.request, corpora, self.lock))

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the pool is idle (tests, --screenshot)."""
        return self.pool.waitForDone(msecs)

    def _reset(self) -> None:
        self.gold, self.systems, self.profile, self.config = None, [], None, None
        self.running, self.results, self.info = [], [], []
        self.complete, self.messages = False, []

    def _start(self, job: LoadJob) -> LoadJob:
        self.job, self.busy = job, True
        s, queued = job.signals, Qt.ConnectionType.QueuedConnection
        # queued: the lambdas run in the GUI thread, where `job.signals` lives
        s.preview.connect(lambda p, j=job: self._on_preview(j, p), queued)
        s.files.connect(lambda f, j=job: self._on_files(j, f), queued)
        s.rows.connect(lambda first, res, info, j=job: self._on_rows(j, first, res, info), queued)
        s.progress.connect(lambda d, t, j=job: j is self.job and self.progress.emit(d, t), queued)
        s.failed.connect(lambda e, j=job: j is self.job and self.failed.emit(e), queued)
        s.notes.connect(lambda n, j=job: self._on_notes(j, n), queued)
        s.finished.connect(lambda ok, j=job: self._on_finished(j, ok), queued)
        self.pool.start(job)
        return job

    # -- job events (GUI thread) ------------------------------------------------------------
    def _on_preview(self, job: LoadJob, preview: Preview) -> None:
        try:
            if job is self.job and self.gold is None:
                self.preview_ready.emit(preview)  # direct: the window draws it in this call
        finally:
            job.preview_drawn.set()

    def _on_files(self, job: LoadJob, files: LoadedFiles) -> None:
        if job is not self.job:
            return
        self.gold, self.systems = files.gold, files.systems
        self.profile, self.options, self.config = files.profile, files.options, files.config
        self.plans = files.plans or [None for _ in files.systems]
        self.running = [RunningSummary(files.profile, files.config) for _ in files.systems] \
            if files.profile is not None else []
        self.results = [[] for _ in self.running]
        self.opened.emit()

    def _on_rows(self, job: LoadJob, first: int, results: list, info: list[RowInfo]) -> None:
        if job is not self.job or not info:
            return
        for k, running in enumerate(self.running):
            limit = self._counted_rows(k)
            for offset, result in enumerate(results[k]):
                self.results[k].append(result)
                if first + offset < limit:
                    running.append(result)
        self.info.extend(info)
        self.rows_added.emit(first, len(info))

    def _counted_rows(self, system: int) -> int:
        """How many rows the aggregate counts: all of them, or – for profiles whose reference
        program stops at the end of the shorter file – only the paired ones.  The table shows
        every row either way (unpaired ones as errors)."""
        if self.profile is None or self.gold is None:
            return 0
        if counts_unpaired(self.profile) or self.plan(system) is not None:
            return 1 << 62
        return min(len(self.gold), len(self.systems[system]))

    def _on_notes(self, job: LoadJob, notes: list[str]) -> None:
        if job is self.job:
            self.messages.extend(notes)
            self.notes.emit(notes)

    def _on_finished(self, job: LoadJob, ok: bool) -> None:
        if job is not self.job:
            return
        self.busy = False
        self.complete = ok
        self.finished.emit(ok)

    # -- queries ------------------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self.info)

    @property
    def total_rows(self) -> int:
        if self.gold is None:
            return 0
        return rows_needed(self.gold, self.systems, [self.plan(k) for k in range(len(self.systems))])

    def plan(self, system: int) -> list[SentencePair] | None:
        """The row plan of `system` (None: rows pair sentences by position)."""
        return self.plans[system] if system < len(self.plans) else None

    @property
    def notation(self) -> str:
        return self.gold.notation if self.gold is not None else ""

    def result(self, system: int, row: int) -> SentenceResult | None:
        """Slim result of `row` for `system` (None before it is scored / without profile)."""
        if system < len(self.results) and row < len(self.results[system]):
            return self.results[system][row]
        return None

    def full_result(self, system: int, row: int) -> SentenceResult | None:
        """The scorer's full result (with every item's verdict) for drawing `row`."""
        if self.gold is None or system >= len(self.systems) or self.profile is None:
            return None
        with self.lock:
            return score_row(self.gold, self.systems[system], row, self.profile, self.config,
                             self.plan(system))

    def summary(self, system: int):
        """The profile's aggregate over every scored row of `system` (None without profile)."""
        if system < len(self.running):
            return self.running[system].summary()
        return None

    def pair(self, system: int, row: int) -> tuple[Any, Any]:
        """Parsed (gold item, system item) at `row`; None where missing or unreadable."""
        with self.lock:
            return self._pair(system, row)

    def _pair(self, system: int, row: int) -> tuple[Any, Any]:
        gold = self.gold[row].item if self.gold is not None and row < len(self.gold) else None
        sys_item = None
        j = system_index(self.plan(system), row) if system < len(self.systems) else None
        if j is not None and j < len(self.systems[system]):
            sys_item = self.systems[system][j].item
        return gold, sys_item

    def records(self, system: int, row: int) -> tuple[Any, Any]:
        """(gold record, system record) at `row`, None where a file has no such sentence."""
        gold = self.gold[row] if self.gold is not None and row < len(self.gold) else None
        sys_rec = None
        j = system_index(self.plan(system), row) if system < len(self.systems) else None
        if j is not None and j < len(self.systems[system]):
            sys_rec = self.systems[system][j]
        return gold, sys_rec
