"""Reading and scoring what the user opened, off the GUI thread, as a stream of messages.

`Loader.run(send)` does the work and hands each step's outcome to ``send`` (the GUI's
worker adapter forwards them to its thread, where `Workspace.apply` takes them):

1. `Preview` -- for big files, the first ~256 KB of gold and systems are parsed on their own
   and sentence ``goto`` is scored, so the first tree is drawn long before a 40k-sentence
   file is read (the loader then waits, bounded, until `preview_drawn` is set).
2. `LoadedFiles` -- the rest of each file read from where its head stopped (each file is
   opened once: `sources.SourceFile`; the gold's fingerprint hashed from the same bytes) and
   parsed as `formats.read_file` parses (a file that cannot be read at all ends the run with
   `Failed`), the profile chosen, the rows planned.
3. `RowBatch`es -- every row's slim result per system, from `scoring.batch.slim_results`
   (EVALB's compiled kernel where it applies, the profile sentence by sentence elsewhere),
   so unreadable sentences and count mismatches are ERROR rows with a message, never a skip.
4. `Scored` -- every row has its result: the table and the totals are complete.
5. `RowWords` -- the rows whose words the kernel path did not need are filled in (length
   and text for the table's columns and its word filter).

The loader checks its cancel flag between blocks.  Memory: results are slim (no items);
lazily parsed records are released again after scoring.
"""

from __future__ import annotations

import threading
from itertools import repeat
from operator import attrgetter
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from tcompare import formats
from tcompare.editing.save import Fingerprint
from tcompare.formats.encoding import DecodeError, decode_bytes
from tcompare.formats.lines import PairedLines
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord
from tcompare.scoring.workers import paused_gc
from tcompare.scoring import profiles
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import Profile, SentenceResult, Status
from tcompare.scoring.batch import FileScorer, slim, slim_result, slim_results
from tcompare.scoring import runs
from tcompare.scoring.base import GROUPED
from tcompare.scoring.pairing import (TRACE, kind_problem, score_pair, score_row_pair,
                                      sentence_length)
from tcompare.workspace.sources import SourceFile

PREVIEW_BYTES = 256 * 1024       # head of a file parsed on its own for the first tree
PREVIEW_MIN_SIZE = 1024 * 1024   # smaller files are simply read whole first
# files read already are handed to the block scorer as bytes (not opened again) up to this
# size together; bigger ones are scored by the early job or read again from disk
KEEP_BYTES = 64 << 20
PREVIEW_WAIT_SECONDS = 3.0       # at most this long the loader waits for the preview drawing
BATCH_SECONDS = 0.1              # how often scored rows are handed over
BATCH_WAIT_SECONDS = 1.0        # at most this long the loader waits for a batch to be taken
BLOCK_ROWS = 1024                # rows scored per step (the cancel flag is checked between)


# --------------------------------------------------------------------------- plain data
@dataclass(slots=True)
class RowInfo:
    """What the table shows about one sentence position besides the scores.  ``length`` -1:
    the words are not known yet (`RowWords` brings them; `Workspace.row_info` asks)."""

    length: int = 0
    text: str = ""
    gold_line: int = 0

    @property
    def known(self) -> bool:
        return self.length >= 0


@dataclass
class LoadRequest:
    """What to open. `profile` None means: the default for the gold notation."""

    gold: str
    systems: list[str] = field(default_factory=list)
    notation: str | None = None
    profile: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    goto: int = 1
    encoding: str | None = None     # None: detected; also taken from options["encoding"]
    # `profile` None: the profile (and options) for each notation -- the window's remembered
    # choices -- applied once the gold file's notation is known (options given come first)
    by_notation: dict[str, tuple[str | None, dict[str, Any]]] = field(default_factory=dict)

    def file_encoding(self) -> str | None:
        return self.encoding or self.options.get("encoding") or None

    def choose_for(self, notation: str) -> None:
        """Take the profile and options `by_notation` gives the gold's `notation` (once:
        nothing changes when a profile is already chosen)."""
        if self.profile is not None or not self.by_notation:
            return
        profile, options = self.by_notation.get(notation, (None, {}))
        self.profile = profile
        self.options = {**options, **self.options}
        self.by_notation = {}


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
    options: dict[str, Any]
    config: Any
    # per system: the pair behind each table row when the files do not line up (sentences
    # paired by their text, as `tcompare score --output json` pairs them), else None
    plans: list[list[SentencePair] | None] = field(default_factory=list)
    # per system: why the profile's reference program refuses the files (no total), or None
    refusals: list[str | None] = field(default_factory=list)
    # the gold file as read (size, time, sha256) for saving: hashed on the loader's thread,
    # where it does not hold up the window (None: rescored corpora, or a stream)
    gold_fingerprint: Fingerprint | None = None


@dataclass
class RowBatch:
    """Rows ``first ..``: per system their slim results, and each row's `RowInfo` (the
    Workspace's `RunningTotal` sums what its totals count, once, where they are read)."""

    first: int
    results: list[Any]              # per system: a list, or `ResultRows` (kernel rows)
    info: list[RowInfo]


@dataclass
class RowWords:
    """Rows ``first ..`` now with their words (length and text)."""

    first: int
    info: list[tuple[int, str]]


@dataclass
class Progress:
    done: int
    total: int


@dataclass
class Notes:
    notes: list[str]


@dataclass
class Scored:
    """Every row has its result (the words may still be coming)."""


@dataclass
class Failed:
    error: Any          # ReadError / ParseError naming file, line, column


# --------------------------------------------------------------------------- helpers
def item_text(item: Any) -> str:
    """The sentence's words separated by spaces (Tree and DepSentence both offer `text`)."""
    if item is None:
        return ""
    try:
        return str(item.text())
    except (AttributeError, TypeError):
        return ""


def record_words(record: SentenceRecord, notation: str) -> tuple[int, str]:
    """(length, text) of a record: from its source where the notation can say without
    parsing (PTB lines), else from its parsed item (released again if lazily parsed)."""
    if notation == "ptb" and not record.edited:
        from tcompare.formats.ptb import source_words

        words = source_words(record.source)
        if words is not None:
            return len(words) - record.source.count(f"({TRACE} "), " ".join(words)
    item = record.item
    result = sentence_length(item), item_text(item)
    record.release()
    return result


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


def prepare_config(profile: Profile | None, options: dict[str, Any]) -> Any:
    if profile is None:
        return None
    known = {o.name for o in profile.options}
    return profile.prepare({k: v for k, v in options.items() if k in known})


def score_row(gold: Corpus, system: Corpus, i: int, profile: Profile | None, config: Any,
              plan: list[SentencePair] | None = None) -> SentenceResult | None:
    """Row `i`'s full result: `score_pair` by position, or with a `plan` (see `plan_system`)
    the result of the row's pair; never raising: a scorer crash becomes an ERROR result."""
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


ALL_ROWS = 1 << 62


def counted_limit(profile: Profile | None, gold: Corpus, system: Corpus,
                  plan: list[SentencePair] | None, rows: Any = None, config: Any = None) -> int:
    """How many rows the totals count: all of them (a planned system's rows that are not
    counted say so themselves), or -- for profiles whose reference program reads the files
    line by line (EVALB) -- those before the end of the shorter file and before EVALB's stop
    for too many errors (found in `rows`, the results so far).  The table shows every row
    either way (the others as errors)."""
    if profile is None:
        return 0
    if profile.count_unpaired or plan is not None:
        return ALL_ROWS
    limit = min(len(gold), len(system))
    if rows is None:
        return limit
    return evalb_stop_row(rows, limit, runs.max_error_of(profile, config))


def evalb_stop_row(rows: Any, limit: int, max_error: int | None = None) -> int:
    """The row EVALB stops at for too many errors among `rows` (its count of rows when it
    does not stop)."""
    from tcompare.scoring.rows import STATS, ResultRows

    if max_error is None:
        return limit
    if isinstance(rows, ResultRows):
        counts = (runs.messages_of(item) if item is not None else
                  int(numbers is not None and numbers[STATS - 1] == 1)
                  for item, numbers in rows.numbered())
    else:
        counts = (runs.messages_of(r) if r is not None else 0 for r in rows)
    stop = runs.evalb_stop(counts, max_error)
    return limit if stop is None else min(limit, stop)


def system_index(plan: list[SentencePair] | None, row: int) -> int | None:
    """The system sentence drawn on `row` (0-based), None when the row has none."""
    if plan is None:
        return row
    if row >= len(plan) or not plan[row].system:
        return None
    return plan[row].system[0]


@dataclass
class SystemPlan:
    """How one system's rows are paired and scored: by position (`pairs` None: row N is
    sentence N of both files, the reference programs' way, scored row by row), or from
    the profile's own run (`runs.run`, the run `score --output json` makes): the pair
    behind each row and each row's result."""

    pairs: list[SentencePair] | None = None
    results: list[SentenceResult | None] = field(default_factory=list)
    refusal: str | None = None


def plan_system(gold: Corpus, system: Corpus, profile: Profile | None, config: Any) -> SystemPlan:
    """`system`'s rows (see `SystemPlan`).  A group of sentences scored as one pair stands on
    its first gold row; the group's other gold rows say where it was counted; the system
    sentences no gold sentence pairs with follow the gold rows, one row each."""
    if profile is None or profile.kind not in ("constituency", "dependency"):
        return SystemPlan()
    if runs.rule_of(profile) == "position":         # scored row by row (EVALB's kernel)
        refusal = runs.evalpl_refusal(profile, gold, system, config, formats.format_corpus)
        if refusal is None:
            return SystemPlan()
        run = runs.PairedRun([], [], None, refusal)
    else:
        run = runs.run(profile, gold, system, config, text_of=formats.format_corpus)
    if run.refusal is not None:     # no verdicts and no total: the rows say why
        return SystemPlan(None, [SentenceResult(index=i + 1, status=Status.ERROR,
                                                message=run.refusal) for i in range(len(gold))],
                          run.refusal)
    by_gold: list[SentencePair | None] = [None] * len(gold)
    row_result: list[SentenceResult | None] = [None] * len(gold)
    extras: list[SentencePair] = []
    extra_results: list[SentenceResult | None] = []
    for pair, result in zip(run.pairs, run.results):
        if not pair.gold:
            extras.append(pair)
            extra_results.append(slim(result))
            continue
        for i in pair.gold:
            by_gold[i] = pair
        row_result[pair.gold[0]] = slim(result)
        for i in pair.gold[1:]:
            row_result[i] = SentenceResult(
                index=i + 1, status=Status.SKIP,
                message=f"{pair.kind}: scored with gold sentence {pair.gold[0] + 1}",
                data={GROUPED: pair.gold[0] + 1, "pair": pair.to_json()})
    rows = [p if p is not None else SentencePair((i,), (), "missing") for i, p in enumerate(by_gold)]
    return SystemPlan(rows + extras, row_result + extra_results)


def rows_needed(gold: Corpus, systems: list[Corpus], plans: list[list[SentencePair] | None]
                ) -> int:
    """Table rows: every position of the longer file, or every planned row."""
    sizes = [len(p) if p is not None else len(s) for s, p in zip(systems, plans)]
    return max([len(gold), *sizes])


def read_head(source: SourceFile, notation: str | None, encoding: str | None = None
              ) -> Corpus | None:
    """The first PREVIEW_BYTES of a big file as a corpus (whole sentences only), or None."""
    try:
        if source.size < PREVIEW_MIN_SIZE:
            return None
        data = source.head(PREVIEW_BYTES)
        data = data[: data.rfind(b"\n") + 1]
        if not data:
            return None
        decoded = decode_bytes(data, source.path, encoding)
        corpus = formats.read_text(decoded.text, notation, source.path)
        # the last sentence may be cut in the middle
        if len(corpus.records) > 1:
            corpus.records.pop()
        return corpus
    except (OSError, DecodeError, formats.ReadError, KeyError, ModuleNotFoundError):
        return None


def release_all(corpora: list[Corpus]) -> None:
    """Give every unedited, lazily parsed record back its parser (see `SentenceRecord.release`)."""
    for corpus in corpora:
        for record in corpus.records:
            record.release()


# --------------------------------------------------------------------------- the loader
class Loader:
    """Read (unless `corpora` are given) and score; see the module docstring.

    Parameters
    ----------
    request : files, notation, profile, options, goto.
    corpora : already-read (gold, systems) to rescore with another profile or options.
    lock : held while a block is scored; the GUI holds it to parse a record it shows (lazy
        records parse on first access, which must not happen in two threads at once).
    """

    def __init__(self, request: LoadRequest, corpora: tuple[Corpus, list[Corpus]] | None = None,
                 lock: threading.Lock | None = None):
        self.lock = lock or threading.Lock()
        self.preview_drawn = threading.Event()  # set by the GUI thread once it has drawn
        # set by the owner once it has taken a RowBatch: the loader waits for it, so the
        # owner's thread inserts the rows without fighting this thread for the GIL (40k
        # Python calls from Qt's C++ each waited for this thread to let go: 2 s of 3.5)
        self.batch_taken = threading.Event()
        self.request = request
        self.corpora = corpora
        self._cancelled = False
        self._words_later = False
        self._job: Any = None             # the block scorer's early job (`start_job`)
        self._raw: dict[str, bytes] | None = None   # the files' bytes, for `_file_rows`
        self._head_notation: str | None = None
        self._planned: list[list[SentenceResult | None]] = []   # per system: its run's rows

    def cancel(self) -> None:
        self._cancelled = True
        self.preview_drawn.set()
        self.batch_taken.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def run(self, send: Callable[[Any], None]) -> bool:
        """Do the work, handing each message to `send`; True when it ran to the end."""
        try:
            return self._run(send)
        except Exception:  # never let a worker die silently
            send(Failed(ParseError("internal error while loading:\n" + traceback.format_exc())))
            return False
        finally:
            if self._job is not None:
                self._job.close()
                self._job = None

    # -- steps -----------------------------------------------------------------------------
    def _run(self, send: Callable[[Any], None]) -> bool:
        req = self.request
        hashing = None
        if self.corpora is None:
            read = self._read_files(send)
            if read is None:
                return False
            gold, systems, hashing = read
        else:
            gold, systems = self.corpora
        if not formats.is_stream(req.gold):     # (a stream is not sniffed ahead: as before)
            req.choose_for(gold.notation)
        profile, notes = choose_profile(req.profile, gold.notation)
        problem = unreadable_by(profile, [gold, *systems])
        if problem:
            send(Failed(ParseError(problem, req.gold)))
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
        with self.lock:
            # the profile's own run for each system (conll18's character groups, jp-evalb's
            # sentence walk, pairing by text): the run `score --output json` makes
            system_plans = [plan_system(gold, s, profile, config) for s in systems]
            if profile is not None:
                for system, sp in zip(systems, system_plans):
                    problem = sp.refusal or (profile.files_problem(gold, system)
                                             if runs.rule_of(profile) == "position" else None)
                    if problem:
                        notes.append(f"{system.path}: {problem}")
                # pairing (or the check above) parsed every sentence: release them
                release_all([gold, *systems])
        self._planned = [sp.results for sp in system_plans]
        plans = [sp.pairs for sp in system_plans]
        refusals = [sp.refusal for sp in system_plans]
        for system, sp in zip(systems, system_plans):
            if profile is not None and runs.rule_of(profile) == "text" and sp.pairs is not None \
                    and any(p.kind != "same" for p in sp.pairs):
                differ = sum(1 for p in sp.pairs if p.kind != "same")
                notes.append(f"{system.path}: {differ} of its pairs are not the same sentence "
                             f"({len(system)} sentences, the gold file {len(gold)}); sentences "
                             "are paired by their text and what cannot be scored counts as "
                             "missing, as `score` counts it; the Profile box's "
                             f"{'conll18' if profile.kind == 'dependency' else 'jp-evalb'} "
                             "aligns sentences and words on their characters")
        if profile is not None and runs.rule_of(profile) == "position":
            for system in systems:
                if len(system) != len(gold):
                    notes.append(f"{system.path} has {len(system)} sentences, the gold file "
                                 f"{len(gold)}: {profile.name} pairs them by position and stops "
                                 "at the end of the shorter file; the Profile box's jp-evalb "
                                 "(constituency) or conll18 (dependency) aligns them")
        if notes:
            send(Notes(notes))
        scorers = [profile.block_scorer(config, (gold.notation, s.notation))
                   if profile is not None and plan is None and not planned else None
                   for s, plan, planned in zip(systems, plans, self._planned)]
        total = rows_needed(gold, systems, plans)
        # every row from the files' bytes, where that can be done, before the window takes
        # the files: it then takes both at once instead of drawing the empty table while
        # this thread wants the GIL for the same rows
        with paused_gc():
            file_rows = self._file_rows(gold, systems, scorers, profile, config, plans, total)
        self._raw = None                  # (the corpora keep what they need)
        if self._cancelled:
            return False
        fingerprint = hashing.result() if hashing is not None else None
        send(LoadedFiles(gold, systems, profile, dict(req.options), config, plans, refusals,
                         fingerprint))
        return self._score_all(send, gold, systems, profile, config, plans, scorers, total,
                               file_rows)

    def _read_files(self, send: Callable[[Any], None]
                    ) -> tuple[Corpus, list[Corpus], _Background | None] | None:
        """(gold, systems, the gold's fingerprint being hashed), each file opened once: its
        head for the preview, then the rest, then parsed from those bytes (which are let go
        of on return: the corpora keep what they need).  None: cancelled, or `Failed` sent."""
        req = self.request
        sources = [SourceFile(p) for p in [req.gold, *req.systems]]
        try:
            if self._send_preview(send, sources):
                self._start_job(sources)    # in another process: it scores while we wait
                # Reading 14 MB holds the GIL in long C calls, which would starve the GUI
                # thread drawing the preview: let it finish first (bounded wait).
                self.preview_drawn.wait(PREVIEW_WAIT_SECONDS)
            if self._cancelled:
                return None
            with paused_gc():
                gold_source, encoding = sources[0], req.file_encoding()
                gold_source.data()
                # hashing the bytes lets go of the GIL: beside the corpora's parsing it
                # costs next to nothing, after it 20-40 ms of the table's fill
                hashing = None if gold_source.stream else _Background(gold_source.fingerprint)
                gold = gold_source.corpus(req.notation, encoding)
                systems = [s.corpus(req.notation, encoding) for s in sources[1:]]
                if self._job is None and not any(s.stream for s in sources) \
                        and sum(s.size for s in sources) <= KEEP_BYTES:
                    self._raw = {s.path: s.data() for s in sources}
            return gold, systems, hashing
        except formats.ReadError as exc:
            send(Failed(exc))
        except (KeyError, ModuleNotFoundError) as exc:
            send(Failed(ParseError(f"cannot read: {exc}", req.gold)))
        finally:
            for source in sources:
                source.close()
        return None

    def _send_preview(self, send: Callable[[Any], None], sources: list[SourceFile]) -> bool:
        """Score sentence `goto` from the files' heads and send it. False if not possible."""
        req = self.request
        gold = read_head(sources[0], req.notation, req.file_encoding())
        if gold is None or not req.systems:
            return False
        self._head_notation = gold.notation
        req.choose_for(gold.notation)       # (a big file: a stream has no head read)
        systems = [read_head(s, req.notation, req.file_encoding()) for s in sources[1:]]
        if any(s is None for s in systems):
            return False
        row = max(req.goto, 1) - 1
        if row >= len(gold) or any(row >= len(s) for s in systems):  # type: ignore[arg-type]
            return False
        profile, _ = choose_profile(req.profile, gold.notation)
        if unreadable_by(profile, [gold, *systems]):  # type: ignore[list-item]
            return False   # the full read says why
        try:
            config = prepare_config(profile, req.options)
        except Exception:
            return False
        results = [score_row(gold, s, row, profile, config) for s in systems]  # type: ignore[arg-type]
        send(Preview(row, gold, systems, profile, results))  # type: ignore[arg-type]
        return True

    def _block(self, gold: Corpus, systems: list[Corpus], profile: Profile | None, config: Any,
               plans: list[list[SentencePair] | None], start: int, stop: int
               ) -> tuple[list[list[SentenceResult | None]], list[RowInfo]]:
        """Rows ``start .. stop-1``: per system slim results, and each row's RowInfo (the
        words only where a sentence was parsed for scoring anyway)."""
        results: list[list[SentenceResult | None]] = []
        for k, system in enumerate(systems):
            plan = plans[k]
            if profile is None:
                results.append([None] * (stop - start))
            elif plan is None and not self._planned[k]:
                results.append(slim_results(gold, system, profile, config, start, stop))
            else:       # the profile's run scored them (a refused system: none)
                planned = self._planned[k]
                results.append([planned[i] if i < len(planned) else None
                                for i in range(start, stop)])
        info: list[RowInfo] = []
        words_now = not self._words_later
        for i in range(start, stop):
            length, text = row_words(gold, systems, plans, i) if words_now else (-1, "")
            info.append(RowInfo(length, text, gold[i].line if i < len(gold) else 0))
        release_all_rows(gold, systems, plans, start, stop)
        return results, info

    def _score_all(self, send: Callable[[Any], None], gold: Corpus, systems: list[Corpus],
                   profile: Profile | None, config: Any, plans: list[list[SentencePair] | None],
                   scorers: list[Any], total: int, file_rows: RowBatch | None) -> bool:
        # where a block scorer scores without parsing (EVALB's kernel), the words are read
        # after every row is scored; elsewhere scoring parses anyway and they come along
        self._words_later = any(b is not None for b in scorers)
        send(Progress(0, total))
        if file_rows is not None:
            self.batch_taken.clear()
            send(Progress(total, total))
            send(file_rows)
            self.batch_taken.wait(BATCH_WAIT_SECONDS)
            self._send_scored(send)
            return self._fill_words(send, gold, systems, plans, total)
        if self._job is not None:          # its numbers are of no use: stop it now
            self._job.close()
            self._job = None
        pending: RowBatch | None = None
        last_send = time.perf_counter()
        start = 0
        while start < total:
            if self._cancelled:
                return False
            # the first row goes out at once: the window draws it while the rest is scored
            stop = 1 if start == 0 else min(start + BLOCK_ROWS, total)
            with self.lock:
                results, info = self._block(gold, systems, profile, config, plans, start, stop)
            if pending is None:
                pending = RowBatch(start, [[] for _ in systems], [])
            for k, rows in enumerate(results):
                pending.results[k].extend(rows)
            pending.info.extend(info)
            start = stop
            now = time.perf_counter()
            if stop == 1 or now - last_send >= BATCH_SECONDS or start >= total:
                self.batch_taken.clear()
                send(Progress(start, total))
                send(pending)
                self.batch_taken.wait(BATCH_WAIT_SECONDS)
                pending, last_send = None, time.perf_counter()
        self._send_scored(send)
        if not self._words_later:
            return True
        return self._fill_words(send, gold, systems, plans, total)

    def _send_scored(self, send: Callable[[Any], None]) -> None:
        """`Scored`, then wait (bounded) until the owner has taken it: the words pass that
        follows runs Python for 40k rows, and the owner's thread drawing the new rows before
        it gets to `Scored` would wait for the GIL at every Qt call (75 ms on WSJ 23 x 17)."""
        self.batch_taken.clear()
        send(Scored())
        self.batch_taken.wait(BATCH_WAIT_SECONDS)

    def _start_job(self, sources: list[SourceFile]) -> None:
        """For big files (the preview read their heads): let the profile's block scorer
        score the files' bytes in another process while this one parses the corpora.  The
        bytes are read here, once: the forked process inherits them and opens no file."""
        req = self.request
        notation = self._head_notation
        if notation is None or not req.systems or req.file_encoding():
            return
        profile, _ = choose_profile(req.profile, notation)
        if profile is None:
            return
        try:
            config = prepare_config(profile, req.options)
        except Exception:
            return
        scorer = profile.block_scorer(config, (notation, notation))
        if isinstance(scorer, FileScorer):
            data = None if any(s.stream for s in sources) else [s.data() for s in sources]
            self._job = scorer.start_job([
                PairedLines(req.gold, path, None if data is None else (data[0], data[k + 1]))
                for k, path in enumerate(req.systems)])

    def _file_rows(self, gold: Corpus, systems: list[Corpus], scorers: list[Any],
                   profile: Profile | None, config: Any,
                   plans: list[list[SentencePair] | None], total: int) -> RowBatch | None:
        """Every row of every system at once from the files' bytes, where the profile's block
        scorer can (EVALB on one-tree-per-line files that line up: as `tcompare score`
        scores them; the rows stay the kernel's numbers until shown).  None: score block by
        block instead."""
        if profile is None or not systems or not all(isinstance(b, FileScorer) for b in scorers):
            return None
        per_system: list[Any] = []
        for scorer, system in zip(scorers, systems):
            if self._cancelled:
                return None

            def rescore(i: int, system: Corpus = system) -> SentenceResult | None:
                with self.lock:
                    result: SentenceResult = slim_result(gold, system, profile, config, i)
                return result
            early = self._job.numbers() if self._job is not None else None
            raw = self._raw or {}
            data = (raw[gold.path], raw[system.path]) \
                if gold.path in raw and system.path in raw else None
            rows = scorer.score_files(gold, system, PairedLines(gold.path, system.path, data),
                                      rescore, early=early)
            if rows is None:
                return None
            per_system.append(rows)
        info = list(map(RowInfo, repeat(-1), repeat(""), map(attrgetter("line"), gold.records)))
        info.extend(RowInfo(-1, "", 0) for _ in range(total - len(info)))
        return RowBatch(0, per_system, info)

    def _fill_words(self, send: Callable[[Any], None], gold: Corpus, systems: list[Corpus],
                    plans: list[list[SentencePair] | None], total: int) -> bool:
        """Each row's length and text: the gold sentence's, else the first system's."""
        for start in range(0, total, BLOCK_ROWS):
            if self._cancelled:
                return False
            stop = min(start + BLOCK_ROWS, total)
            with self.lock:
                words = [row_words(gold, systems, plans, i) for i in range(start, stop)]
            self.batch_taken.clear()
            send(RowWords(start, words))
            self.batch_taken.wait(BATCH_WAIT_SECONDS)   # background work: the owner goes first
        return True


class _Background:
    """``func(*args)`` in a daemon thread; `result` waits for it (its exception raised)."""

    def __init__(self, func: Callable[..., Any], *args: Any):
        self._value: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, args=(func, args), daemon=True)
        self._thread.start()

    def _work(self, func: Callable[..., Any], args: tuple[Any, ...]) -> None:
        try:
            self._value = func(*args)
        except BaseException as exc:  # handed to the caller of `result`
            self._error = exc

    def result(self) -> Any:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value


def row_words(gold: Corpus, systems: list[Corpus], plans: list[list[SentencePair] | None],
              row: int) -> tuple[int, str]:
    """(length, text) of `row`: its gold sentence's words, else the first system sentence
    on the row that has words (a row present in a system file only)."""
    if row < len(gold):
        words = record_words(gold[row], gold.notation)
        if words[1]:
            return words
    for k, system in enumerate(systems):
        j = system_index(plans[k], row)
        if j is not None and j < len(system):
            words = record_words(system[j], system.notation)
            if words[1]:
                return words
    return 0, ""


def release_all_rows(gold: Corpus, systems: list[Corpus],
                     plans: list[list[SentencePair] | None], start: int, stop: int) -> None:
    """Release the records of rows ``start .. stop-1`` scoring parsed (lazy ones only)."""
    for i in range(start, min(stop, len(gold))):
        gold[i].release()
    for k, system in enumerate(systems):
        for i in range(start, stop):
            j = system_index(plans[k], i)
            if j is not None and j < len(system):
                system[j].release()
