"""`make fuzz`: fuzz every reader and `score` on pairs for FUZZ_SECONDS (issue 15).

    python tools/fuzz.py [SECONDS] [TARGET ...]      (default: $FUZZ_SECONDS or 600)

Targets: ``read-NOTATION`` (the reader must never raise: every sentence is an item or a
ParseError, every message is bounded) and ``score-NOTATION`` (the input is cut in two
halves, gold and system, read in NOTATION and scored with its default profile, JSON
included; CoNLL also through the eval.pl report).  The time is shared between targets.

With atheris installed (``pip install atheris``) each target runs under libFuzzer
(coverage-guided), seeded from resources/demo and tests/crashers; without it a plain
mutation loop (byte flips, splices, repeated chunks, huge numbers) runs instead.  A
crash, a timeout (> FUZZ_TIMEOUT s, default 10) or an oversized message is saved as
``tests/crashers/fuzz-TARGET-<sha1>`` -- `tests/test_crashers.py` then runs every
file there through every target, so a find becomes a failing regression test at once.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CRASHERS = ROOT / "tests" / "crashers"
SEEDS = [ROOT / "resources" / "demo", CRASHERS]
MAX_MESSAGE = 600
MAX_INPUT = 1 << 16


class Finding(AssertionError):
    """Not an exception of the code under test, but a property it broke."""


def _decode(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def read_target(notation: str, data: bytes) -> None:
    from tcompare import formats

    corpus = formats.read_text(_decode(data), notation, "<fuzz>")
    for record in corpus.records:
        record.item  # noqa: B018 - parse every sentence
    for error in corpus.errors():
        text = str(error) + error.excerpt
        if len(text) > MAX_MESSAGE:
            raise Finding(f"error message of {len(text)} characters: {text[:200]!r}")
    formats.format_corpus(corpus)


def score_target(notation: str, data: bytes) -> None:
    from tcompare import formats
    from tcompare.cli.stream_out import summary_json
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import iter_scores

    text = _decode(data)
    cut = text.find("\n", len(text) // 2)
    gold_text, system_text = (text, text) if cut < 0 else (text[:cut + 1], text[cut + 1:])
    gold = formats.read_text(gold_text, notation, "<gold>")
    system = formats.read_text(system_text, notation, "<system>")
    profile = profiles.get(profiles.default_for(notation))
    config = profile.prepare({})
    results = list(iter_scores(gold, system, profile, config))
    for result in results:
        result.to_json()
    summary_json(profile.aggregate(results, config))
    if notation in ("conllx", "conllu"):
        from tcompare.scoring.conllx import report as conllx_report

        for quiet in (True, False):
            conllx_report.run(conllx_report.eval_text(gold_text, notation),
                              conllx_report.eval_text(system_text, notation), "g", "s",
                              quiet=quiet, evalb=quiet)


def kernel_target(profile_name: str, data: bytes) -> None:
    """The compiled line kernels on raw bytes, as files (they read untrusted input in C):
    EVALB's JSON / CSV writer (`scoring.evalb.stream`) and the Chinese profiles' scanner
    (`scoring.zh.stream`), one process (no forked workers inside the fuzzer)."""
    import io
    import tempfile

    cut = data.find(b"\n", len(data) // 2)
    gold, system = (data, data) if cut < 0 else (data[:cut + 1], data[cut + 1:])
    with tempfile.TemporaryDirectory() as folder:
        gold_path, system_path = Path(folder) / "gold", Path(folder) / "system"
        gold_path.write_bytes(gold)
        system_path.write_bytes(system)
        if profile_name == "evalb":
            from tcompare.cli import score_evalb

            for output in ("json", "csv"):
                score_evalb.main([str(gold_path), str(system_path), "--output", output,
                                  "--jobs", "1"], "evalb", out=io.BytesIO(), err=io.BytesIO())
            return
        from tcompare.formats.lines import PairedLines
        from tcompare.scoring import profiles
        from tcompare.scoring.zh import stream as zh_stream

        profile = profiles.get(profile_name)
        for _ in zh_stream.scored_blocks(profile, profile.prepare({}),
                                         PairedLines(str(gold_path), str(system_path)), jobs=1):
            pass


def targets() -> dict[str, object]:
    from tcompare import formats

    found = {}
    for notation in formats.available():
        found[f"read-{notation}"] = (read_target, notation)
    for notation in formats.available():
        found[f"score-{notation}"] = (score_target, notation)
    for profile_name in ("evalb", "parseval2010", "parseval2012", "sighan2012"):
        found[f"kernel-{profile_name}"] = (kernel_target, profile_name)
    return found


def run_one(name: str, data: bytes) -> None:
    function, notation = targets()[name]
    function(notation, data)


def seeds() -> list[bytes]:
    found = []
    for folder in SEEDS:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix != ".md" and path.stat().st_size <= MAX_INPUT:
                found.append(path.read_bytes())
    return found


def save(name: str, data: bytes, why: str) -> Path:
    path = CRASHERS / f"fuzz-{name}-{hashlib.sha1(data).hexdigest()[:12]}"
    if not path.exists():
        path.write_bytes(data)
        print(f"  NEW {path.relative_to(ROOT)}: {why[:200]}", flush=True)
    return path


# -- the plain mutation loop (no atheris) --------------------------------------------------------

_SPICE = [b"(", b")", b"[", b"]", b"\t", b"\n", b"\n\n", b"\x00", b"|", b":", b"/", b"-",
          b"9" * 5000, b"x" * 70000, b"(" * 3000, b")" * 3000, b"\r\n", b"\xff", b"#", b"_"]


def mutate(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(6)
        pos = rng.randint(0, len(buf))
        if op == 0 and buf:
            buf[rng.randrange(len(buf))] = rng.randrange(256)
        elif op == 1:
            buf[pos:pos] = rng.choice(_SPICE)
        elif op == 2 and buf:
            end = min(len(buf), pos + rng.randint(1, 64))
            del buf[pos:end]
        elif op == 3 and buf:
            start = rng.randrange(len(buf))
            chunk = buf[start:start + rng.randint(1, 200)]
            buf[pos:pos] = chunk * rng.randint(1, 50)
        elif op == 4:
            other = rng.choice(pool)
            start = rng.randint(0, len(other))
            buf[pos:] = other[start:start + rng.randint(1, 4000)]
        else:
            buf[pos:pos] = str(rng.randint(-10, 10 ** rng.randint(1, 30))).encode()
    return bytes(buf[:MAX_INPUT * 4])


class _Timeout(Exception):
    pass


def _alarm(*_args):
    raise _Timeout()


def mutation_loop(name: str, seconds: float, timeout: int, seed: int = 0) -> tuple[int, int]:
    rng = random.Random(seed)
    pool = seeds() or [b"(S (X x))\n"]
    end = time.monotonic() + seconds
    runs = finds = 0
    signal.signal(signal.SIGALRM, _alarm)
    while time.monotonic() < end:
        data = mutate(rng, rng.choice(pool), pool)
        signal.alarm(timeout)
        try:
            run_one(name, data)
        except _Timeout:
            finds += 1
            save(name, data, f"slower than {timeout} s")
        except RecursionError as exc:
            finds += 1
            save(name, data, f"RecursionError: {exc}")
        except Exception as exc:  # noqa: BLE001 - every exception is a finding
            finds += 1
            save(name, data, f"{type(exc).__name__}: {exc}")
        finally:
            signal.alarm(0)
        runs += 1
        if runs % 50 == 0 and rng.random() < 0.2:
            pool.append(data[:MAX_INPUT])
    return runs, finds


# -- atheris --------------------------------------------------------------------------------------

ATHERIS_CHILD = """
import sys, atheris
sys.path.insert(0, {root!r})
with atheris.instrument_imports():
    import tcompare.formats, tcompare.scoring, tcompare.cli.stream_out
import tools.fuzz as F
name = {name!r}
def one(data):
    F.run_one(name, data)
atheris.Setup(sys.argv, one)
atheris.Fuzz()
"""


def atheris_run(name: str, seconds: float, timeout: int) -> tuple[int, int]:
    corpus = ROOT / "bench-data" / "fuzz-corpus" / name
    corpus.mkdir(parents=True, exist_ok=True)
    for data in seeds():
        (corpus / hashlib.sha1(data).hexdigest()).write_bytes(data)
    before = set(CRASHERS.iterdir())
    cmd = [sys.executable, "-c", ATHERIS_CHILD.format(root=str(ROOT), name=name),
           f"-max_total_time={max(1, int(seconds))}", f"-timeout={timeout}",
           "-rss_limit_mb=2048", f"-max_len={MAX_INPUT}", "-print_final_stats=1",
           f"-artifact_prefix={CRASHERS}/fuzz-{name}-", str(corpus)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    runs = 0
    for line in proc.stderr.splitlines():
        if line.startswith("stat::number_of_executed_units:"):
            runs = int(line.split(":")[-1])
    new = set(CRASHERS.iterdir()) - before
    for path in sorted(new):
        print(f"  NEW {path.relative_to(ROOT)}", flush=True)
    if proc.returncode not in (0, 1, 70, 77) and not new:
        print(proc.stderr[-2000:])
    return runs, len(new)


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else float(os.environ.get("FUZZ_SECONDS", 600))
    wanted = argv[1:] or list(targets())
    timeout = int(os.environ.get("FUZZ_TIMEOUT", 10))
    try:
        import atheris  # noqa: F401
        engine = "atheris"
    except ImportError:
        engine = "mutation loop"
    share = seconds / len(wanted)
    print(f"fuzzing {len(wanted)} targets for {seconds:.0f} s ({share:.0f} s each) with {engine}; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    total_runs = total_finds = 0
    for name in wanted:
        started = time.monotonic()
        if engine == "atheris":
            runs, finds = atheris_run(name, share, timeout)
        else:
            runs, finds = mutation_loop(name, share, timeout)
        total_runs += runs
        total_finds += finds
        print(f"{name:16} {runs:8d} runs {time.monotonic() - started:6.0f} s {finds} new", flush=True)
    print(f"total: {total_runs} runs, {total_finds} new crashers; load average "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    return 1 if total_finds else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
