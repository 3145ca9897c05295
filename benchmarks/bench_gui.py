"""Main-window figures on the WSJ23 x 17 pair (41,072 sentences, ~14 MB per side).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_gui.py

Reports (targets from issues 7 and 13):
* time to first tree drawn, from `open_files` to the first `sentence_shown` (<= 1.5 s);
* time until every sentence is read and scored (the table complete; no target);
* time to switch to a 100-word sentence: `show_sentence` = rescore + draw + sidebar + the
  paint that follows (<= 50 ms; median of 20 switches between two sentences; WSJ23's
  longest has 67 words, so a file of two 100+-word trees made by joining consecutive WSJ23
  trees is opened too);
* peak memory (ru_maxrss of this process, <= 600 MB).

Big files are built under bench-data/ from ../shared/anchors/evalb/real/wsj23_berkeley as
that folder's README says (`cat` 17 times).
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
SOURCE = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
DATA = ROOT / "bench-data"
COPIES = 17


def build_big_files() -> tuple[Path, Path]:
    DATA.mkdir(exist_ok=True)
    gold, test = DATA / "big.gld", DATA / "big.tst"
    for out, name in ((gold, "23.gold"), (test, "23.sys_berkeley_top")):
        if not out.exists():
            data = (SOURCE / name).read_bytes()
            out.write_bytes(data * COPIES)
    return gold, test


def build_long_pair(min_words: int = 100, count: int = 2) -> tuple[Path, Path]:
    """`count` gold/system tree pairs of 100+ words each: consecutive WSJ23 trees joined
    under one TOP (WSJ23's longest sentence has 67 words)."""
    from tcompare import formats

    gold_c = formats.read_file(SOURCE / "23.gold")
    sys_c = formats.read_file(SOURCE / "23.sys_berkeley_top")
    gold_lines, sys_lines = [], []
    gold_parts, sys_parts, words = [], [], 0
    for g, s in zip(gold_c, sys_c):
        if g.error or s.error or g.item is None or s.item is None or len(g.item) != len(s.item):
            continue
        gold_parts.append(_inner(g.source))
        sys_parts.append(_inner(s.source))
        words += len(g.item)
        if words >= min_words:
            gold_lines.append(f"(TOP (S {' '.join(gold_parts)}))\n")
            sys_lines.append(f"(TOP (S {' '.join(sys_parts)}))\n")
            gold_parts, sys_parts, words = [], [], 0
            if len(gold_lines) == count:
                break
    gold, test = DATA / "long.gld", DATA / "long.tst"
    gold.write_text("".join(gold_lines), encoding="utf-8")
    test.write_text("".join(sys_lines), encoding="utf-8")
    return gold, test


def _inner(source: str) -> str:
    """`(TOP (S ...))` -> `(S ...)`: the tree under the root bracket."""
    text = source.strip()
    start = text.index("(", 1)
    return text[start:text.rindex(")")].strip()


def main() -> int:
    if not SOURCE.exists():
        print(f"bench_gui: {SOURCE} not available, nothing measured")
        return 0
    gold, test = build_big_files()  # plain bytes: nothing of Qt or tcompare imported yet
    launch = time.perf_counter()    # as if the application were started now

    from PySide6.QtCore import QElapsedTimer, QSettings

    from tcompare.gui.shell.app import application, wait_until_loaded
    from tcompare.gui.shell.window import MainWindow

    app = application()
    scratch = tempfile.mkdtemp(prefix="tcompare-bench-")
    window = MainWindow(QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat))
    window.interactive = False
    window.resize(1600, 1000)
    window.show()
    app.processEvents()

    clock = QElapsedTimer()
    first: dict = {}
    window.sentence_shown.connect(lambda pos: first.setdefault("t", clock.elapsed()))
    window.session.scored.connect(lambda: first.setdefault("scored", clock.elapsed()))
    startup = time.perf_counter() - launch
    clock.start()
    window.open_files(str(gold), [str(test)])
    while "t" not in first and clock.elapsed() < 120000:
        app.processEvents()
    t_first = first.get("t")
    window.session.finished.connect(lambda ok: first.setdefault("finished", clock.elapsed()))
    wait_until_loaded(window, 30 * 60 * 1000)
    while "finished" not in first and clock.elapsed() < 30 * 60 * 1000:
        app.processEvents()          # the rows' words, read after every row is scored
    t_all = first.get("finished", clock.elapsed())
    t_scored = first.get("scored", t_all)
    rows = window.session.row_count

    # switching between the two longest sentences of the big file
    info = window.session.info
    longest = sorted(range(len(info)), key=lambda i: info[i].length, reverse=True)[:2]
    switch = _switch_times(app, window, longest)
    max_len = info[longest[0]].length

    # and to a 100+-word sentence
    long_gold, long_test = build_long_pair()
    with_long = MainWindow(QSettings(str(Path(scratch) / "s2.ini"), QSettings.Format.IniFormat))
    with_long.interactive = False
    with_long.resize(1600, 1000)
    with_long.show()
    with_long.open_files(str(long_gold), [str(long_test)])
    wait_until_loaded(with_long)
    long_words = min(i.length for i in with_long.session.info)
    long_switch = _switch_times(app, with_long, [0, 1])
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    profile = window.session.profile.name if window.session.profile else "-"
    print(f"input: WSJ23 x {COPIES}, {rows:,} sentences, profile {profile}")
    print(f"time_to_first_tree: {t_first / 1000:.2f} s (target <= 1 s)" if t_first is not None
          else "time_to_first_tree: never")
    if t_first is not None:
        print(f"time_to_first_tree_from_launch: {startup + t_first / 1000:.2f} s "
              f"(imports and window creation {startup:.2f} s + the above)")
    t_score = _tcompare_score(gold, test, "-e", "1000000")
    t_default = _tcompare_score(gold, test)
    print(f"time_all_rows_scored: {t_scored / 1000:.2f} s (every row's figures and the totals; "
          f"{t_scored / 1000 / t_score:.2f}x `tcompare score -e 1000000`, target <= 2x)")
    print(f"time_table_complete: {t_all / 1000:.2f} s (with every row's words; "
          f"{t_all / 1000 / t_score:.1f}x)")
    print(f"tcompare_score_same_files: {t_score:.2f} s with -e 1000000, every line (same run); "
          f"{t_default:.2f} s without, stopping at EVALB's 11th error")
    goto = _goto_screenshot(gold, test, scratch)
    print(f"goto_40000_screenshot_end_to_end: {goto:.2f} s (`tcompare BIG BIG --goto 40000 "
          "--screenshot`, a fresh process; target <= 5 s)")
    print(f"switch_to_longest_wsj23_sentence: {switch:.1f} ms ({max_len} words, median of 20)")
    print(f"switch_to_100_word_sentence: {long_switch:.1f} ms (>= {long_words} words, median of 20; "
          "target <= 50 ms)")
    print(f"peak_memory: {peak_mb:.0f} MB (ru_maxrss; target <= 400 MB)")
    window.close()
    with_long.close()
    return 0


def _tcompare_score(gold: Path, test: Path, *extra: str) -> float:
    """Wall time of `tcompare score` on the same files (best of 3, a fresh process each).

    ``-e 1000000``: every sentence scored, as the window scores them -- with EVALB's default
    MAX_ERROR (10) the run stops at "Too many errors" after 28,538 of the 41,072 lines."""
    import subprocess

    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tcompare", "score", *extra, str(gold), str(test)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def _goto_screenshot(gold: Path, test: Path, scratch: str) -> float:
    import subprocess

    shot = Path(scratch) / "goto.png"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tcompare", str(gold), str(test), "--goto", "40000",
                    "--screenshot", str(shot)], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    elapsed = time.perf_counter() - start
    return elapsed if shot.exists() else float("nan")


def _switch_times(app, window, positions: list[int], n: int = 20) -> float:
    times = []
    for k in range(n):
        start = time.perf_counter()
        window.show_sentence(positions[k % len(positions)])
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    sys.exit(main())
