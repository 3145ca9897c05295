"""The official UD validator (``validate.py`` of UniversalDependencies/tools, or the
``udvalidate`` command of its ``udtools`` package) run as an external program.

It is GPL and tcompare is not: it is never imported or copied, only found and run in a
process of its own.  `find_validator` looks for it (an explicit path, ``$TCOMPARE_UD_VALIDATOR``,
``udvalidate`` or ``validate.py`` on PATH, ``$TCOMPARE_REFS/ud-tools/validate.py``) and
says why when it is absent.  A ``.py`` path is always run with an interpreter (its own venv's
when there is one beside it), never executed as a file: called that way it fails without
its shebang's Python having its packages (Orange-OpenSource/conllueditor#31).
`run_validator` parses its report into `Problem`s at file:line.

The window runs it too (`ValidatorRun`: text piped to it, cancellable from another thread,
every incident printed: ``--max-err 0``); `tcompare.analysis.ud_validation` maps its
problems to sentences and words.  A ``udtools`` package installed in an interpreter (this
one, or the one given) is found as ``PYTHON -m udtools.cli`` (the package has no
``__main__``: ``-m udtools`` alone does not run).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

ENV = "TCOMPARE_UD_VALIDATOR"
INSTALL_HINT = ("install the udtools package (pip install udtools: the udvalidate command) "
                "or clone github.com/UniversalDependencies/tools and give its validate.py "
                f"with --validator PATH or ${ENV}")

_INCIDENT = re.compile(r"^\[(?:File (?P<file>.+?) )?Line (?P<line>\d+) Sent (?P<sent>.*?)\]: "
                       r"\[L(?P<level>\d+) (?P<cls>\S+) (?P<id>\S+)\] (?P<msg>.*)$")


@dataclass(frozen=True)
class Validator:
    """How to run it: the command before its arguments, and where it was found."""

    command: tuple[str, ...]
    origin: str


class ValidatorMissing(Exception):
    """No validator found (the message says where it was looked for)."""


class ValidatorFailed(ValidatorMissing):
    """The validator was found but died without a verdict (a missing package, a bad option,
    a crash): the message carries its last words."""


@dataclass
class Problem:
    """One incident of the validator's report."""

    file: str
    line: int
    sentence: str
    level: int
    kind: str          # the validator's test class: ``SYNTAX``, ``WARNING``, ``FORMAT``...
    test: str          # its test id: ``unknown-head``...
    message: str

    @property
    def is_warning(self) -> bool:
        return self.kind == "WARNING"

    def located(self) -> str:
        return f"{self.file}:{self.line}: L{self.level} {self.kind} {self.test}: {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "sentence": self.sentence,
                "level": self.level, "class": self.kind, "test": self.test,
                "message": self.message}


@dataclass
class Report:
    """The validator's verdict on one file: its exit status (0 passed), the problems, and
    the summary lines it printed last."""

    file: str
    status: int
    problems: list[Problem] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.status == 0


def _interpreter_for(script: Path) -> str:
    """A venv beside the script (its packages: udapi, regex), else this Python."""
    for folder in (script.parent, script.parent.parent):
        for name in ("venv", ".venv"):
            python = folder / name / "bin" / "python"
            if python.exists():
                return str(python)
    return sys.executable


def _validator_at(path: str, python: str | None, origin: str) -> Validator:
    p = Path(path)
    if not p.exists():
        raise ValidatorMissing(f"{path} ({origin}) does not exist")
    if p.suffix == ".py":
        return Validator((python or _interpreter_for(p), str(p.resolve())), origin)
    return Validator((str(p),), origin)


def find_validator(explicit: str | None = None, python: str | None = None,
                   origin: str = "--validator") -> Validator:
    """The validator to run, or `ValidatorMissing` saying where it was looked for
    (`origin`: where `explicit` was given, named in the messages)."""
    if explicit:
        return _validator_at(explicit, python, origin)
    if os.environ.get(ENV):
        return _validator_at(os.environ[ENV], python, f"${ENV}")
    for name in ("udvalidate", "validate.py"):
        found = shutil.which(name)
        if found:
            return _validator_at(found, python, f"{name} on PATH")
    if _has_udtools(python):
        return Validator((python or sys.executable, "-m", "udtools.cli"),
                         f"the udtools package of {python or sys.executable}")
    refs = Path(os.environ.get("TCOMPARE_REFS", "")) / "ud-tools" / "validate.py"
    if os.environ.get("TCOMPARE_REFS") and refs.exists():
        return _validator_at(str(refs), python, "$TCOMPARE_REFS/ud-tools")
    raise ValidatorMissing(f"the UD validator was not found (--validator, ${ENV}, udvalidate "
                           f"or validate.py on PATH, the udtools package); {INSTALL_HINT}")


def _has_udtools(python: str | None) -> bool:
    """Whether `python` (this interpreter when None) can import udtools' command line."""
    if not python or os.path.realpath(python) == os.path.realpath(sys.executable):
        try:
            return importlib.util.find_spec("udtools") is not None
        except (ImportError, ValueError):
            return False
    try:
        return subprocess.run([python, "-c", "import udtools.cli"], capture_output=True,
                              timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def parse_report(text: str, file: str) -> tuple[list[Problem], list[str]]:
    """The incidents of the validator's stderr (an explanation, printed with the first
    incident of its kind, joins that incident's message) and its summary lines."""
    problems: list[Problem] = []
    summary: list[str] = []
    for line in text.splitlines():
        m = _INCIDENT.match(line)
        if m:
            problems.append(Problem(m["file"] or file, int(m["line"]), m["sent"],
                                    int(m["level"]), m["cls"], m["id"], m["msg"]))
        # ("Warnings: 688" stands alone: it was taken for the last message's explanation)
        elif re.match(r"^(\*\*\* (PASSED|FAILED) \*\*\*|(\w+ )?(errors|warnings): \d+)", line,
                      re.IGNORECASE):
            summary.append(line.strip())
        elif line.strip() and problems and not summary:
            problems[-1].message += "\n" + line.rstrip()
    return problems, summary


def run_validator(validator: Validator, file: str, lang: str, level: int = 5,
                  extra: tuple[str, ...] = (), timeout: float | None = None) -> Report:
    """Validate one file; `ValidatorMissing` when the program cannot be started."""
    cmd = [*validator.command, "--lang", lang, "--level", str(level), *extra, file]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8",
                              errors="replace", timeout=timeout)
    except OSError as exc:
        raise ValidatorMissing(f"{' '.join(validator.command)} ({validator.origin}) could not "
                               f"be run: {exc.strerror}; {INSTALL_HINT}") from None
    return _report(validator, file, proc.returncode, proc.stderr, quiet=_quiet(extra))


def _quiet(extra: tuple[str, ...]) -> bool:
    return "-q" in extra or "--quiet" in extra


def _report(validator: Validator, file: str, status: int, stderr: str,
            quiet: bool = False) -> Report:
    problems, summary = parse_report(stderr, file)
    # exit 1 with neither an incident nor a summary is a Python traceback, not a verdict
    if (status not in (0, 1) or (status == 1 and not summary and not quiet)) and not problems:
        # the program itself failed (a missing package, a bad option): its own last words
        last = (stderr.strip().splitlines() or ["(no message)"])[-1]
        raise ValidatorFailed(f"{' '.join(validator.command)} ({validator.origin}) failed "
                              f"(exit {status}): {last}")
    return Report(file, status, problems, summary)


def validate_text(validator: Validator, text: str, lang: str, level: int = 5,
                  name: str = "sentence", first_line: int = 1,
                  extra: tuple[str, ...] = ()) -> Report:
    """Validate CoNLL-U text (one edited sentence, say) that starts at line ``first_line``
    of the file ``name``: the problems are named at that file's lines."""
    report = ValidatorRun(validator, text, lang, level, extra, name).run()
    assert report is not None            # (never cancelled)
    for p in report.problems:
        p.line += first_line - 1
    return report


class ValidatorRun:
    """One run of the validator on CoNLL-U `text` piped to it, every incident printed
    (``--max-err 0``).  `run` waits for it (in a worker thread: the window's never waits);
    `cancel`, from any thread, kills it and makes `run` return None."""

    def __init__(self, validator: Validator, text: str, lang: str, level: int = 5,
                 extra: tuple[str, ...] = (), name: str = "-"):
        self.validator, self.text, self.name = validator, text, name
        self.command = [*validator.command, "--lang", lang, "--level", str(level),
                        "--max-err", "0", *extra, "-"]
        self.extra = extra
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self.cancelled = False

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            if self._process is not None and self._process.poll() is None:
                self._process.kill()

    def run(self, timeout: float | None = None) -> Report | None:
        """The report; None when cancelled.  `ValidatorMissing` when it cannot start,
        `ValidatorFailed` when it died without a verdict or outlived `timeout` seconds."""
        with self._lock:
            if self.cancelled:
                return None
            try:
                self._process = subprocess.Popen(
                    self.command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
            except OSError as exc:
                raise ValidatorMissing(f"{' '.join(self.validator.command)} "
                                       f"({self.validator.origin}) could not be run: "
                                       f"{exc.strerror}; {INSTALL_HINT}") from None
            process = self._process
        try:
            _, stderr = process.communicate(self.text, timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise ValidatorFailed(f"{' '.join(self.validator.command)} "
                                  f"({self.validator.origin}) gave no verdict in {timeout:g} s "
                                  "and was stopped") from None
        except (BrokenPipeError, OSError):       # killed (cancelled) while reading its input
            process.wait()
            stderr = ""
        if self.cancelled:
            return None
        return _report(self.validator, self.name, process.returncode, stderr or "",
                       quiet=_quiet(self.extra))
