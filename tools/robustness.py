"""The hostile-input matrix: every notation x every hostile kind of file x every command.

Each cell runs one `python -m tcompare ...` child on a generated file and passes when the child
ends by itself (exit 0, or 1/2 with a message) within the time limit (15 s, 30 s for CCG) and
300 MB of peak RSS, and prints no Python traceback.  The files are generated here, into a
temporary folder, so nothing big is committed.

    python tools/robustness.py                       # the whole matrix, a table, the failing cells
    python tools/robustness.py -n ptb -k deep -c errors -j 2 -v

Exit status 1 when a cell fails.  `make robustness` runs it; it is not part of `make test`.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "resources" / "demo"
MEGABYTE = 1 << 20
RSS_LIMIT_MB = 300
TIME_LIMIT = 15.0
TIME_LIMIT_CCG = 30.0

# the good file of each notation (the demo gold)
GOOD = {
    "ptb": DEMO / "ptb" / "gold.mrg",
    "ccgauto": DEMO / "ccg" / "gold.auto",
    "conllx": DEMO / "conll" / "demo.gold.conll",
    "conllu": DEMO / "conll" / "demo.gold.conllu",
    "pku": DEMO / "pku" / "gold.pku",
    "sinica": DEMO / "sinica" / "gold.sinica",
    "tct": DEMO / "tct" / "gold.tct",
    "tct2012": DEMO / "tct2012" / "gold.psg",
}
NOTATIONS = list(GOOD)


# -- one sentence of each notation, written directly (the project's own writers would be
# -- the thing under test) ------------------------------------------------------------------

class Writer:
    """Source text of flat, deep and long-label sentences in one notation."""

    dependency = False

    def flat(self, words: int) -> str:
        raise NotImplementedError

    def deep(self, depth: int, label: str = "NP") -> str:
        raise NotImplementedError

    def big_label(self, size: int) -> str:
        raise NotImplementedError

    def comb(self, depth: int, label: str) -> str:
        """A right-branching tree: a word and a phrase at each of ``depth`` levels."""
        return self.deep(depth, label)


class Ptb(Writer):
    def _leaf(self, i: int, tag: str = "NN") -> str:
        return f"({tag} w{i})"

    def flat(self, words: int) -> str:
        return "(TOP (S " + " ".join(self._leaf(i) for i in range(words)) + "))\n"

    def deep(self, depth: int, label: str = "NP") -> str:
        return "(TOP " + f"({label} " * depth + self._leaf(0) + ")" * depth + ")\n"

    def big_label(self, size: int) -> str:
        return "(TOP (" + "X" * size + " (NN w) (NN v)))\n"

    def comb(self, depth: int, label: str) -> str:
        return "(TOP " + "".join(f"({label} {self._leaf(i)} " for i in range(depth)) + "(NN w)" + ")" * depth + ")\n"


class Tct2012(Ptb):
    def flat(self, words: int) -> str:
        return "(zj " + " ".join(f"(n w{i})" for i in range(words)) + " )\n"

    def deep(self, depth: int, label: str = "np") -> str:
        return "(zj " + f"({label} " * depth + "(n w)" + " )" * depth + " )\n"

    def big_label(self, size: int) -> str:
        return "(zj (" + "x" * size + " (n w) (n v) ) )\n"

    def comb(self, depth: int, label: str) -> str:
        return "(zj " + "".join(f"({label} (n w{i}) " for i in range(depth)) + "(n w)" + " )" * depth + " )\n"


class Ccg(Writer):
    head = "ID=h.1 PARSER=GOLD NUMPARSE=1\n"

    @staticmethod
    def _leaf(i: int, cat: str = "N") -> str:
        return f"(<L {cat} NN NN w{i} {cat}>)"

    def flat(self, words: int) -> str:
        # a balanced binary tree: CCG nodes have at most two children, so a long sentence
        # is this or a comb (the deep case)
        def span(start: int, end: int) -> str:
            if end - start == 1:
                return self._leaf(start)
            middle = (start + end) // 2
            return f"(<T N 0 2> {span(start, middle)} {span(middle, end)} )"

        return self.head + span(0, words) + " \n"

    def deep(self, depth: int, label: str = "N") -> str:
        return self.head + f"(<T {label} 0 1> " * depth + self._leaf(0, label) + " )" * depth + " \n"

    def big_label(self, size: int) -> str:
        cat = "N" + "x" * size
        return self.head + f"(<T {cat} 0 2> {self._leaf(0)} {self._leaf(1)} ) \n"

    def comb(self, depth: int, label: str) -> str:
        return (self.head + "".join(f"(<T {label} 0 2> {self._leaf(i)} " for i in range(depth))
                + self._leaf(depth) + " )" * depth + " \n")


class Pku(Writer):
    def flat(self, words: int) -> str:
        return "( zj ( " + " ".join(f"n ( w{i} )" for i in range(words)) + " ) )\n"

    def deep(self, depth: int, label: str = "np") -> str:
        return "( zj ( " + f"{label} ( " * depth + "n ( w )" + " )" * depth + " ) )\n"

    def big_label(self, size: int) -> str:
        return "( zj ( " + "x" * size + " ( n ( w ) n ( v ) ) ) )\n"

    def comb(self, depth: int, label: str) -> str:
        return "( zj ( " + "".join(f"{label} ( n ( w{i} ) " for i in range(depth)) + "n ( w )" + " )" * depth + " ) )\n"


class Sinica(Writer):
    def flat(self, words: int) -> str:
        return "S(" + "|".join(f"Na:w{i}" for i in range(words)) + ")\n"

    def deep(self, depth: int, label: str = "NP") -> str:
        return "S(" + f"{label}(" * depth + "Na:w" + ")" * depth + ")\n"

    def big_label(self, size: int) -> str:
        return "S(" + "X" * size + "(Na:w|Na:v))\n"

    def comb(self, depth: int, label: str) -> str:
        return "S(" + "".join(f"{label}(Na:w{i}|" for i in range(depth)) + "Na:w" + ")" * depth + ")\n"


class Tct(Writer):
    def flat(self, words: int) -> str:
        return "[zj-0 " + " ".join(f"w{i}/n" for i in range(words)) + " ]\n"

    def deep(self, depth: int, label: str = "np") -> str:
        return "[zj-0 " + f"[{label}-0 " * depth + "w/n" + " ]" * depth + " ]\n"

    def big_label(self, size: int) -> str:
        return "[zj-0 [" + "x" * size + "-0 w/n v/n ] ]\n"

    def comb(self, depth: int, label: str) -> str:
        return "[zj-0 " + "".join(f"[{label}-0 w{i}/n " for i in range(depth)) + "w/n" + " ]" * depth + " ]\n"


class Conll(Writer):
    dependency = True

    coarse_tag = "NN"

    def _row(self, i: int, head: int, rel: str = "dep") -> str:
        return f"{i}\tw{i}\t_\t{self.coarse_tag}\tNN\t_\t{head}\t{rel}\t_\t_\n"

    def flat(self, words: int) -> str:
        rows = [self._row(1, 0, rel="root")]
        rows += [self._row(i, 1) for i in range(2, words + 1)]
        return "".join(rows) + "\n"

    def deep(self, depth: int, label: str = "dep") -> str:
        # a chain: every word the head of the next
        rows = [self._row(1, 0, rel="root")]
        rows += [self._row(i, i - 1, rel=label) for i in range(2, depth + 1)]
        return "".join(rows) + "\n"

    def big_label(self, size: int) -> str:
        return self._row(1, 0, rel="root") + self._row(2, 1, rel="x" * size) + "\n"


class Conllu(Conll):
    coarse_tag = "NOUN"


WRITERS: dict[str, Writer] = {
    "ptb": Ptb(), "ccgauto": Ccg(), "conllx": Conll(), "conllu": Conllu(), "pku": Pku(),
    "sinica": Sinica(), "tct": Tct(), "tct2012": Tct2012(),
}


# -- the hostile kinds: (notation, good bytes, rng) -> (file, partner or None) ----------------

Pair = tuple[bytes, "bytes | None"]


def _lines(good: bytes) -> list[bytes]:
    return good.splitlines(keepends=True)


def _middle_insert(good: bytes, insert: bytes) -> bytes:
    lines = _lines(good)
    middle = len(lines) // 2
    line = lines[middle]
    cut = len(line) // 2
    lines[middle] = line[:cut] + insert + line[cut:]
    return b"".join(lines)


def _nonascii(good: bytes) -> bytes:
    """The good file with one word made non-ASCII (ASCII notations), so that encodings bite."""
    text = good.decode("utf-8")
    if all(ord(c) < 128 for c in text):
        for word in ("cat", "hearing", "John", "She"):
            if word in text:
                return text.replace(word, "caf\u00e9\u6f22", 1).encode("utf-8")
    return good


def truncated(n: str, good: bytes, rng: random.Random) -> Pair:
    return good[: len(good) * 2 // 3], None


def truncated_mid_char(n: str, good: bytes, rng: random.Random) -> Pair:
    data = _nonascii(good)
    last = max(i for i, b in enumerate(data) if b >= 0xC0)
    return data[: last + 1], None


def nuls(n: str, good: bytes, rng: random.Random) -> Pair:
    return _middle_insert(good, b"\x00\x00") + b"\x00", None


def nuls_16mb(n: str, good: bytes, rng: random.Random) -> Pair:
    return good + b"\x00" * (16 * MEGABYTE), None


def bom_in_middle(n: str, good: bytes, rng: random.Random) -> Pair:
    lines = _lines(good)
    lines.insert(len(lines) // 2, b"\xef\xbb\xbf")
    return b"".join(lines), None


def utf16(n: str, good: bytes, rng: random.Random) -> Pair:
    return _nonascii(good).decode("utf-8").encode("utf-16"), None


def utf16be_no_bom(n: str, good: bytes, rng: random.Random) -> Pair:
    return _nonascii(good).decode("utf-8").encode("utf-16-be"), None


def mixed_encodings(n: str, good: bytes, rng: random.Random) -> Pair:
    lines = _nonascii(good).decode("utf-8").splitlines(keepends=True)
    out = [line.encode("gb18030" if i % 2 else "utf-8", "replace") for i, line in enumerate(lines)]
    out.append("caf\u00e9\n".encode("latin-1"))
    return b"".join(out), None


def cr_only(n: str, good: bytes, rng: random.Random) -> Pair:
    return good.replace(b"\r\n", b"\n").replace(b"\n", b"\r"), None


def mixed_line_ends(n: str, good: bytes, rng: random.Random) -> Pair:
    ends = [b"\n", b"\r\n", b"\r"]
    return b"".join(line.rstrip(b"\r\n") + ends[i % 3] for i, line in enumerate(_lines(good))), None


def line_separator(n: str, good: bytes, rng: random.Random) -> Pair:
    return _middle_insert(good, "\u2028".encode()).replace(b"\n", "\u2028\n".encode(), 1), None


def next_line(n: str, good: bytes, rng: random.Random) -> Pair:
    return _middle_insert(good, "\u0085".encode()).replace(b"\n", "\n\u0085".encode(), 1), None


def form_feeds(n: str, good: bytes, rng: random.Random) -> Pair:
    return _middle_insert(good, b"\f").replace(b"\n", b"\n\f\n", 2), None


def surrogates(n: str, good: bytes, rng: random.Random) -> Pair:
    return _middle_insert(good, b"\xed\xa0\x80\xed\xbf\xbf"), None


def whitespace_only(n: str, good: bytes, rng: random.Random) -> Pair:
    return b" \t \n\t\n   \r\n" * 1000, None


def empty(n: str, good: bytes, rng: random.Random) -> Pair:
    return b"", None


def empty_lines(n: str, good: bytes, rng: random.Random) -> Pair:
    """10^6 empty lines: half before the good file (a prolog), half after a tree."""
    return b"\n" * 500_000 + good + b"\n" * 500_000, None


def long_sentence(n: str, good: bytes, rng: random.Random) -> Pair:
    return WRITERS[n].flat(1_000_000).encode(), None


def deep_tree(n: str, good: bytes, rng: random.Random) -> Pair:
    return WRITERS[n].deep(100_000).encode(), None


def big_label(n: str, good: bytes, rng: random.Random) -> Pair:
    return WRITERS[n].big_label(MEGABYTE).encode(), None


def random_bytes(n: str, good: bytes, rng: random.Random) -> Pair:
    return rng.randbytes(1 << 16), None


def deep_vs_one_word(n: str, good: bytes, rng: random.Random) -> Pair:
    """A tree of depth 2,000 against a one-word tree (the repair of every level)."""
    writer = WRITERS[n]
    return writer.deep(2000).encode(), writer.deep(1).encode()


def deep_relabelled(n: str, good: bytes, rng: random.Random) -> Pair:
    """Two right-branching trees of depth 500 whose every label differs (the repair search's
    worst case: every run of children may move into every phrase below its neighbour)."""
    writer = WRITERS[n]
    labels = ("dep", "obj") if writer.dependency else (("np", "vp") if n in ("pku", "tct", "tct2012") else ("NP", "VP"))
    if isinstance(writer, Ccg):
        labels = ("N", "NP")
    return writer.comb(500, labels[0]).encode(), writer.comb(500, labels[1]).encode()


# -- kinds added after the first matrix (the cells nobody had run) ----------------------------

def broken_lines(n: str, good: bytes, rng: random.Random) -> Pair:
    """The good file's first line cut in half, 10^5 times: as many alike unreadable
    sentences (EVALB stops at its 11th error; the rest must cost nothing)."""
    line = _lines(good)[0].rstrip(b"\r\n")
    return (line[: max(1, len(line) // 2)] + b"\n") * 100_000, None


def many_sentences(n: str, good: bytes, rng: random.Random) -> Pair:
    """The good file 5,000 times: some 40,000 sentences, 5,000 alike of each."""
    whole = good if good.endswith(b"\n") else good + b"\n"
    return whole * 5000, None


def open_brackets(n: str, good: bytes, rng: random.Random) -> Pair:
    """10^6 opening brackets, never closed, after a good file."""
    return good + b"(" * 1_000_000 + b"\n", None


def close_brackets(n: str, good: bytes, rng: random.Random) -> Pair:
    """10^6 closing brackets after a good file."""
    return good + b")" * 1_000_000 + b"\n", None


def crlf_empty_lines(n: str, good: bytes, rng: random.Random) -> Pair:
    """10^6 empty CRLF lines, a good file in their middle (its own line ends CRLF)."""
    return b"\r\n" * 500_000 + good.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") + b"\r\n" * 500_000, None


def blank_line_16mb(n: str, good: bytes, rng: random.Random) -> Pair:
    """One line of 16 MB of spaces and tabs between two halves of a good file."""
    lines = _lines(good)
    middle = len(lines) // 2
    return b"".join(lines[:middle]) + b" \t" * (8 * MEGABYTE) + b"\n" + b"".join(lines[middle:]), None


def longer_gold(n: str, good: bytes, rng: random.Random) -> Pair:
    """The good file then 10^6 blank lines, against the good file alone (a tail of the
    longer file EVALB never reads, listed sentence by sentence)."""
    return good + b"\n" * 1_000_000, good


KINDS: dict[str, Callable[[str, bytes, random.Random], Pair]] = {
    "truncated": truncated, "mid-char": truncated_mid_char, "nuls": nuls, "nuls-16mb": nuls_16mb,
    "bom-middle": bom_in_middle, "utf16": utf16, "utf16be": utf16be_no_bom,
    "mixed-enc": mixed_encodings, "cr-only": cr_only, "mixed-eol": mixed_line_ends,
    "u2028": line_separator, "nel": next_line, "formfeed": form_feeds, "surrogates": surrogates,
    "whitespace": whitespace_only, "empty": empty, "empty-lines": empty_lines,
    "long-sentence": long_sentence, "deep": deep_tree, "big-label": big_label,
    "random": random_bytes, "deep-vs-word": deep_vs_one_word, "relabelled": deep_relabelled,
    "broken-lines": broken_lines, "many-sentences": many_sentences, "open-brackets": open_brackets,
    "close-brackets": close_brackets, "crlf-empty-lines": crlf_empty_lines,
    "blank-line-16mb": blank_line_16mb, "longer-gold": longer_gold,
}


# -- the commands ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Files:
    notation: str
    hostile: Path
    partner: Path
    good: Path
    out: Path


def _fmt(f: Files) -> list[str]:
    return ["--format", f.notation]


def _search_pattern(notation: str) -> str:
    return "__" if notation.startswith("conll") else "__ < __"


COMMANDS: dict[str, Callable[[Files], list[str]]] = {
    "score-self": lambda f: ["score", *_fmt(f), str(f.hostile), str(f.hostile)],
    "score-good": lambda f: ["score", *_fmt(f), str(f.good), str(f.hostile)],
    "score-json": lambda f: ["score", *_fmt(f), "--output", "json", str(f.hostile), str(f.partner)],
    "score-sniffed": lambda f: ["score", str(f.hostile), str(f.partner)],
    "convert": lambda f: ["convert", *_fmt(f), str(f.hostile), "-o", str(f.out / "converted")],
    "stats": lambda f: ["stats", *_fmt(f), str(f.hostile)],
    "errors": lambda f: ["errors", *_fmt(f), str(f.hostile), str(f.partner)],
    "search": lambda f: ["search", *_fmt(f), _search_pattern(f.notation), str(f.hostile), str(f.partner)],
    "report": lambda f: ["report", *_fmt(f), "-o", str(f.out / "report.html"), str(f.hostile), str(f.partner)],
    "export": lambda f: ["export", *_fmt(f), "--to", "svg", "-o", str(f.out / "sentence.svg"), str(f.hostile), str(f.partner)],
}


@dataclass
class Cell:
    notation: str
    kind: str
    command: str
    seconds: float = 0.0
    rss_mb: float = 0.0
    returncode: int = 0
    why: str = ""

    @property
    def passed(self) -> bool:
        return not self.why


TIME = shutil.which("time", path="/usr/bin:/bin")


def run_child(argv: list[str], limit: float, cwd: Path) -> tuple[int, float, float, bytes, bool]:
    """Run argv; (returncode, seconds, peak RSS MB, stderr, timed out) for this child alone.

    The child's peak RSS comes from GNU time when there is one: a process forked from this
    one starts with this one's pages in its ru_maxrss (Linux keeps it across exec), so the
    measure is taken on a child of the small `time` process instead."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TCOMPARE_HINTS="0", QT_QPA_PLATFORM="offscreen")
    err_path = cwd / "stderr"
    rss_path = cwd / "rss"
    if TIME:
        argv = [TIME, "-f", "%M", "-o", str(rss_path), *argv]
    with open(err_path, "wb") as err, open(os.devnull, "wb") as out:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd,
                                 env=env, start_new_session=True)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > limit:
                timed_out = True
                os.killpg(child.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.02)
        seconds = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    rss_kb = usage.ru_maxrss
    if TIME:
        try:       # "Command exited with non-zero status N" (or "terminated by signal N"), then the KB
            rss_kb = int(rss_path.read_text().split()[-1])
        except (OSError, ValueError, IndexError):
            rss_kb = 0   # killed on the time limit with `time`: nothing measured
        if not timed_out:
            child.returncode = _exit_of(rss_path, child.returncode)
    return child.returncode, seconds, rss_kb / 1024, err_path.read_bytes(), timed_out


def _exit_of(rss_path: Path, code: int) -> int:
    """The command's own exit status as GNU time reports it (time exits with it too, or
    says "Command terminated by signal N")."""
    try:
        text = rss_path.read_text()
    except OSError:
        return code
    if "terminated by signal" in text:
        return -int(text.split("signal")[1].split()[0])
    return code


def run_cell(cell: Cell, files: Files, python: str) -> Cell:
    limit = TIME_LIMIT_CCG if cell.notation == "ccgauto" else TIME_LIMIT
    argv = [python, "-m", "tcompare", *COMMANDS[cell.command](files)]
    rc, seconds, rss, stderr, timed_out = run_child(argv, limit, files.out)
    cell.seconds, cell.rss_mb, cell.returncode = seconds, rss, rc
    if timed_out:
        cell.why = f"over {limit:.0f} s"
    elif b"Traceback (most recent call last)" in stderr:
        tail = stderr.decode("utf-8", "replace").strip().splitlines()[-1][:160]
        cell.why = f"traceback: {tail}"
    elif rc < 0 or rc > 2:
        cell.why = f"exit {rc}"
    elif rc != 0 and not stderr.strip():
        cell.why = f"exit {rc} without a message"
    elif rss > RSS_LIMIT_MB:
        cell.why = f"{rss:.0f} MB"
    return cell


def build_files(notation: str, kind: str, folder: Path) -> tuple[Path, Path]:
    good = GOOD[notation].read_bytes()
    rng = random.Random(f"{notation}/{kind}")
    data, partner = KINDS[kind](notation, good, rng)
    hostile = folder / f"hostile.{notation}"
    hostile.write_bytes(data)
    if partner is None:
        return hostile, hostile
    other = folder / f"partner.{notation}"
    other.write_bytes(partner)
    return hostile, other


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--notation", action="append", choices=NOTATIONS)
    parser.add_argument("-k", "--kind", action="append", choices=list(KINDS))
    parser.add_argument("-c", "--command", action="append", choices=list(COMMANDS))
    parser.add_argument("-j", "--jobs", type=int, default=1, help="cells run at once (default 1: timings alone)")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per cell as it ends")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--generate", nargs=3, metavar=("FOLDER", "NOTATION", "KIND"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate:
        build_files(args.generate[1], args.generate[2], Path(args.generate[0]))
        return 0
    notations = args.notation or NOTATIONS
    kinds = args.kind or list(KINDS)
    commands = args.command or list(COMMANDS)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    from concurrent.futures import ThreadPoolExecutor

    cells: list[Cell] = []
    with tempfile.TemporaryDirectory(prefix="tcompare-robust-") as tmp:
        work = []
        for notation in notations:
            for kind in kinds:
                folder = Path(tmp) / notation / kind
                folder.mkdir(parents=True)
                # in a child: a parent grown by a 10^6-word file would lend its RSS to every
                # child it forks (Linux counts the forked copy's pages in ru_maxrss)
                subprocess.run([sys.executable, __file__, "--generate", str(folder), notation, kind],
                               check=True)
                hostile = folder / f"hostile.{notation}"
                partner = folder / f"partner.{notation}"
                partner = partner if partner.exists() else hostile
                for command in commands:
                    out = folder / command
                    out.mkdir()
                    files = Files(notation, hostile, partner, GOOD[notation], out)
                    work.append((Cell(notation, kind, command), files))

        def one(item: tuple[Cell, Files]) -> Cell:
            cell = run_cell(item[0], item[1], args.python)
            shutil.rmtree(item[1].out, ignore_errors=True)
            if args.verbose:
                mark = "ok  " if cell.passed else "FAIL"
                print(f"{mark} {cell.notation:8} {cell.kind:14} {cell.command:13} {cell.seconds:6.2f} s rc "
                      f"{cell.returncode:3} {_mb(cell.rss_mb):>6} MB  {cell.why}", flush=True)
            return cell

        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            cells = list(pool.map(one, work))

    print_table(cells, notations, kinds, commands)
    return 0 if all(c.passed for c in cells) else 1


def print_table(cells: list[Cell], notations: list[str], kinds: list[str], commands: list[str]) -> None:
    by_key = {(c.notation, c.kind, c.command): c for c in cells}
    print()
    for notation in notations:
        print(f"{notation}: " + " ".join(f"{c[:6]:>6}" for c in commands))
        for kind in kinds:
            marks = []
            for command in commands:
                cell = by_key.get((notation, kind, command))
                marks.append(f"{'-' if cell is None else ('.' if cell.passed else 'X'):>6}")
            print(f"  {kind:14}" + "".join(marks))
    failing = [c for c in cells if not c.passed]
    print()
    for cell in failing:
        print(f"FAIL {cell.notation} {cell.kind} {cell.command}: {cell.why} "
              f"({cell.seconds:.1f} s, {_mb(cell.rss_mb)} MB)")
    slowest = max(cells, key=lambda c: c.seconds, default=None)
    biggest = max(cells, key=lambda c: c.rss_mb, default=None)
    print(f"\n{len(cells)} cells, {len(cells) - len(failing)} pass, {len(failing)} fail")
    if slowest and biggest:
        print(f"slowest: {slowest.notation} {slowest.kind} {slowest.command} {slowest.seconds:.2f} s; "
              f"biggest: {biggest.notation} {biggest.kind} {biggest.command} {biggest.rss_mb:.0f} MB")


def _mb(rss: float) -> str:
    return f"{rss:.0f}" if rss else "?"     # "?": killed on the time limit, not measured


if __name__ == "__main__":
    sys.exit(main())
