"""Breakdown-by-label figures on the WSJ23 x 17 pair (41,072 sentences; bench_gui's files).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_breakdown.py

Reports:
* `label_breakdown` alone over already-scored full results (the fold, no scoring);
* the dock: from showing it (scoring finished) to its table filled, i.e. rescoring every
  row with `Session.full_result` in time slices, and the longest slice (the event loop is
  blocked at most that long; target: well under 100 ms);
* re-tallying after one edited row (`row_changed` + `wait_idle`).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main() -> int:
    from bench_gui import build_big_files

    gold, system = build_big_files()
    from tcompare import formats
    from tcompare.analysis.labels import label_breakdown
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import pair_records

    p = profiles.get("evalb")
    config = p.prepare()
    t = time.perf_counter()
    results = pair_records(formats.read_file(gold), formats.read_file(system), p, config)
    print(f"score_full_results: {time.perf_counter() - t:.2f} s ({len(results)} sentences)")
    t = time.perf_counter()
    rows = label_breakdown(results)
    print(f"label_breakdown_fold: {1000 * (time.perf_counter() - t):.0f} ms ({len(rows)} labels)")
    del results

    from PySide6.QtCore import QEventLoop, QSettings
    from PySide6.QtWidgets import QApplication

    import tempfile

    app = QApplication.instance() or QApplication(sys.argv)
    from tcompare.gui.shell.window import MainWindow

    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        win.interactive = False
        win.resize(1400, 900)
        win.show()
        loop = QEventLoop()
        win.session.finished.connect(lambda _ok: loop.quit())
        win.open_files(str(gold), [str(system)])
        loop.exec()
        panel = win.breakdown
        slices: list[float] = []
        original = panel._work

        def timed_work() -> None:
            start = time.perf_counter()
            original()
            slices.append(time.perf_counter() - start)

        panel._work = timed_work
        panel.timer.timeout.disconnect()
        panel.timer.timeout.connect(timed_work)
        done = QEventLoop()
        t = time.perf_counter()
        panel.action.trigger()
        while panel.pending or panel.dirty or not panel.rows:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        print(f"dock_fill: {time.perf_counter() - t:.2f} s ({len(slices)} slices)")
        print(f"dock_longest_slice: {1000 * max(slices):.0f} ms")
        top = sorted(range(len(slices)), key=lambda i: -slices[i])[:5]
        print("dock_slowest_slices: " + ", ".join(f"#{i} {1000 * slices[i]:.0f} ms" for i in top))
        assert panel.rows == rows, "dock figures differ from label_breakdown"
        t = time.perf_counter()
        panel.row_changed(100)
        panel.wait_idle()
        print(f"dock_one_row_retally: {1000 * (time.perf_counter() - t):.0f} ms")
        del done
        win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
