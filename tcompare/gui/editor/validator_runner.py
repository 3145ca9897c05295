"""The UD validator run off the GUI thread, and what the window remembers about it.

`ValidatorOptions` are Edit › Preferences' choices (QSettings ``validator/*``): the program
and its interpreter (empty: found as `ud_validator.find_validator` says: PATH, the udtools
package, ``$TCOMPARE_REFS``), the language (empty: from the file's name, ``en_ewt-…`` ->
``en``, else ``ud``), the level, whether each edited sentence is checked, whether warnings
are shown, whether saving a file with errors asks first.

`ValidatorRunner.start(job)` runs one `Job` in a thread of its own: finding the program
(remembered per program + interpreter until the options change), the run
(`ud_validator.ValidatorRun`), placing the problems (`ud_validation.locate`); `finished`
brings the `Outcome` back to the GUI thread.  A job of the same kind still running is
cancelled (its process killed) first: typing never waits for the validator.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QSettings, Signal

from tcompare.analysis import ud_validation, ud_validator
from tcompare.analysis.ud_validation import Block, Finding

PREFIX = "validator/"
DEFAULT_LEVEL = 5                    # the validator's own default: what a UD release must pass
PREFERENCES = "Edit › Preferences"  # where a program given there came from (its messages)
LIVE_TIMEOUT = 60.0                  # s: a run on edited sentences that takes longer is stopped


def _flag(settings: QSettings, key: str, default: bool) -> bool:
    return str(settings.value(PREFIX + key, "true" if default else "false")).lower() == "true"


@dataclass(frozen=True)
class ValidatorOptions:
    program: str = ""
    python: str = ""
    language: str = ""
    level: int = DEFAULT_LEVEL
    live: bool = True
    warnings: bool = True
    warn_on_save: bool = False

    @classmethod
    def load(cls, settings: QSettings) -> "ValidatorOptions":
        try:
            level = min(5, max(1, int(str(settings.value(PREFIX + "level", DEFAULT_LEVEL)))))
        except (TypeError, ValueError):
            level = DEFAULT_LEVEL
        return cls(str(settings.value(PREFIX + "program", "") or ""),
                   str(settings.value(PREFIX + "python", "") or ""),
                   str(settings.value(PREFIX + "language", "") or "").strip(), level,
                   _flag(settings, "live", True), _flag(settings, "warnings", True),
                   _flag(settings, "warn_on_save", False))

    def store(self, settings: QSettings) -> None:
        for key in ("program", "python", "language", "level"):
            settings.setValue(PREFIX + key, getattr(self, key))
        for key in ("live", "warnings", "warn_on_save"):
            settings.setValue(PREFIX + key, "true" if getattr(self, key) else "false")

    def language_for(self, path: str) -> str:
        return self.language or ud_validation.guess_language(path)

    def extra(self) -> tuple[str, ...]:
        return () if self.warnings else ("--no-warnings",)


@dataclass
class Job:
    """One run: ``sentences`` (edited ones, alone) or ``file`` (the whole gold file)."""

    kind: str
    text: str
    blocks: list[Block]
    language: str
    options: ValidatorOptions
    rows_total: int = 0
    versions: dict[int, int] = field(default_factory=dict)   # row -> edit count when taken
    shape: int = 0                   # sentences split or joined before it was taken
    run: ud_validator.ValidatorRun | None = None
    cancelled: bool = False

    @property
    def rows(self) -> list[int]:
        return [b.row for b in self.blocks]

    def cancel(self) -> None:
        self.cancelled = True
        if self.run is not None:
            self.run.cancel()


@dataclass
class Outcome:
    """What a job came to: ``done`` (findings), ``absent``, ``failed`` or ``cancelled``."""

    job: Job
    state: str
    findings: list[Finding] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    message: str = ""
    command: str = ""


class ValidatorRunner(QObject):
    """Runs jobs in threads (see the module docstring)."""

    finished = Signal(object)        # Outcome, in the GUI thread
    started = Signal(object)         # Job

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.running: dict[str, Job] = {}
        self._found: dict[tuple[str, str], ud_validator.Validator | Exception] = {}
        self._lock = threading.Lock()
        self.finished.connect(self._forget)

    def forget_validator(self) -> None:
        """Look for the program again at the next run (the options changed)."""
        with self._lock:
            self._found.clear()

    def busy(self, kind: str | None = None) -> bool:
        return any(kind in (None, k) for k in self.running)

    def cancel(self, kind: str | None = None) -> None:
        for k, job in list(self.running.items()):
            if kind in (None, k):
                job.cancel()

    def start(self, job: Job) -> None:
        self.cancel(job.kind)
        self.running[job.kind] = job
        self.started.emit(job)
        threading.Thread(target=self._work, args=(job,), daemon=True,
                         name=f"tcompare-validator-{job.kind}").start()

    def validator(self, options: ValidatorOptions) -> ud_validator.Validator:
        """The program the options name (or one found); `ValidatorMissing` if none."""
        key = (options.program, options.python)
        with self._lock:
            found = self._found.get(key)
        if found is None:
            try:
                found = ud_validator.find_validator(options.program or None,
                                                    options.python or None, PREFERENCES)
            except ud_validator.ValidatorMissing as exc:
                found = exc
            with self._lock:
                self._found[key] = found
        if isinstance(found, Exception):
            raise found
        return found

    def _work(self, job: Job) -> None:
        try:
            validator = self.validator(job.options)
            job.run = ud_validator.ValidatorRun(validator, job.text, job.language,
                                                job.options.level, job.options.extra())
            if job.cancelled:
                job.run.cancel()
            report = job.run.run(LIVE_TIMEOUT if job.kind == "sentences" else None)
            if report is None:
                outcome = Outcome(job, "cancelled")
            else:
                outcome = Outcome(job, "done", ud_validation.locate(report.problems, job.blocks),
                                  report.summary, command=" ".join(validator.command))
        except ud_validator.ValidatorFailed as exc:
            outcome = Outcome(job, "failed", message=str(exc))
        except ud_validator.ValidatorMissing as exc:
            outcome = Outcome(job, "absent", message=str(exc))
        except Exception as exc:       # never a dead thread that leaves "checking…" forever
            outcome = Outcome(job, "failed", message=f"{type(exc).__name__}: {exc}")
        try:
            self.finished.emit(outcome)
        except RuntimeError:           # the window went while it ran
            pass

    def _forget(self, outcome: Outcome) -> None:
        job = outcome.job
        if self.running.get(job.kind) is job:
            del self.running[job.kind]
