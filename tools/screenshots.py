"""Write the documentation's pictures of the main window: ``make screenshots``.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py docs/screenshots

Each picture opens a bundled demo pair (resources/demo/*) in the real window, picks the
sentence that shows the point of the picture (found from the scorer's results, not by a
fixed number), and saves the window as PNG:

* ``ptb-crossing.png``: English PTB, the first sentence with a crossing bracket (side by side);
* ``ptb-mirrored.png``: the same sentence in the mirrored layout;
* ``sinica-segmentation.png``: a Sinica sentence whose system segments words differently;
* ``dep_swedish.png`` / ``dep_chinese.png``: the dependency view (mirrored) on the CoNLL-X
  anchors in ../shared/anchors/conllx (Swedish Talbanken, Chinese GSD; or $TCOMPARE_ANCHORS),
  the first short sentence in which the scorer gives all five arc verdicts (skipped when the
  anchors are absent: they are never copied into the repository);
* ``ccg.png``: a CCG sentence, stacked (resources/demo/ccg; while that does not exist, a
  two-file pair of our own written below, ``CCG_GOLD`` / ``CCG_SYSTEM``);
* ``two-systems-1920x1080.png``: two systems drawn against the gold at 1920x1080 (the demo's
  system.mrg as A, a copy of the gold with one label of sentence 2 changed as B),
  with View › Charts open on the difference plot.

A picture whose demo files or reader are missing is skipped with a message; the exit
code is 1 only if no picture could be written.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402

from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402
from tcompare.scoring.base import Verdict  # noqa: E402

DEMO = ROOT / "resources" / "demo"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
ARC_VERDICTS = {Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH, Verdict.IGNORED}
SIZE = (1600, 1000)


def first_row(window, test: Callable[[object, object, object], float]) -> int:
    """The sentence position whose (gold item, system item, full result) score highest under
    `test` (a predicate counts as 0/1), the first one on ties."""
    s = window.session
    best, best_score = 0, 0.0
    for position in range(s.row_count):
        gold, system = s.pair(0, position)
        result = s.full_result(0, position)
        if gold is None or system is None:
            continue
        score = float(test(gold, system, result))
        if score > best_score:
            best, best_score = position, score
    return best


def has_crossing(gold, system, result) -> bool:
    return result is not None and any(
        i.verdict is Verdict.CROSSING or i.crossing for i in result.system_items)


def segmented_differently(gold, system, result) -> bool:
    words = getattr(gold, "words", None)
    return words is not None and words != getattr(system, "words", None)


def every_arc_verdict(gold, system, result) -> bool:
    """A dependency sentence short enough to read whole, with all five arc verdicts."""
    return (result is not None and result.valid and len(gold) <= 14
            and {i.verdict for i in result.system_items} >= ARC_VERDICTS)


def most_verdict_kinds(gold, system, result) -> float:
    """How many different verdicts the sentence shows (the most telling picture); the
    longer sentence wins a tie."""
    if result is None or not result.valid:
        return 0
    return len({i.verdict for i in result.gold_items + result.system_items}) + len(gold) / 1000


# Our own CCG pair (CCGbank AUTO), used while resources/demo/ccg does not exist: the
# classic PP-attachment ambiguity, gold attaching "with a telescope" to the noun phrase,
# the system to the verb phrase (so the picture shows missing, extra and crossing nodes).
CCG_GOLD = r"""ID=1
(<T S[dcl] 0 2> (<T S[dcl] 1 2> (<T NP 0 1> (<L N NNP NNP John N>) ) (<T S[dcl]\NP 0 2> (<L (S[dcl]\NP)/NP VBD VBD saw (S[dcl]\NP)/NP>) (<T NP 0 2> (<T NP 0 2> (<L NP[nb]/N DT DT the NP[nb]/N>) (<L N NN NN man N>) ) (<T NP\NP 0 2> (<L (NP\NP)/NP IN IN with (NP\NP)/NP>) (<T NP 0 2> (<L NP[nb]/N DT DT a NP[nb]/N>) (<L N NN NN telescope N>) ) ) ) ) ) (<L . . . . .>) )
"""
CCG_SYSTEM = r"""ID=1
(<T S[dcl] 0 2> (<T S[dcl] 1 2> (<T NP 0 1> (<L N NNP NNP John N>) ) (<T S[dcl]\NP 0 2> (<T S[dcl]\NP 0 2> (<L (S[dcl]\NP)/NP VBD VBD saw (S[dcl]\NP)/NP>) (<T NP 0 2> (<L NP[nb]/N DT DT the NP[nb]/N>) (<L N NN NN man N>) ) ) (<T (S\NP)\(S\NP) 0 2> (<L ((S\NP)\(S\NP))/NP IN IN with ((S\NP)\(S\NP))/NP>) (<T NP 0 2> (<L NP[nb]/N DT DT a NP[nb]/N>) (<L N NN NN telescope N>) ) ) ) ) (<L . . . . .>) )
"""


def find_ccg_pair(scratch: Path) -> tuple[Path, Path]:
    """The demo CCG pair, else our own two-line pair written to `scratch`."""
    ccg = DEMO / "ccg"
    golds = sorted(ccg.glob("gold*")) if ccg.is_dir() else []
    systems = sorted(ccg.glob("system*")) if ccg.is_dir() else []
    if golds and systems:
        return golds[0], systems[0]
    gold, system = scratch / "gold.auto", scratch / "system.auto"
    gold.write_text(CCG_GOLD, encoding="utf-8")
    system.write_text(CCG_SYSTEM, encoding="utf-8")
    return gold, system


def shoot(out: Path, gold: Path, system: Path, pick, layout: str = "side",
          notation: str | None = None) -> bool:
    from tcompare.gui.shell.window import MainWindow

    if not (gold.exists() and system.exists()):
        print(f"skip {out.name}: {gold} or {system} missing")
        return False
    scratch = tempfile.mkdtemp(prefix="tcompare-shots-")
    window = MainWindow(QSettings(str(Path(scratch) / "s.ini"), QSettings.Format.IniFormat))
    window.interactive = False
    window.resize(*SIZE)
    window.set_layout_mode(layout)
    window.show()
    window.open_files(str(gold), [str(system)], notation)
    wait_until_loaded(window)
    if window.last_error or window.session.gold is None:
        print(f"skip {out.name}: {window.last_error or 'nothing loaded'}")
        window.close()
        return False
    position = first_row(window, pick)
    window.show_sentence(position)
    return grab(window, out, f"sentence {position + 1} of {gold.name}, {layout}")


def grab(window, out: Path, what: str) -> bool:
    """Fit the drawing, save the window as `out`, say so, close the window."""
    app = application()
    app.processEvents()
    fit_for_picture(window)
    app.processEvents()
    ok = window.grab().save(str(out))
    print(f"{'wrote' if ok else 'FAILED'} {out} ({what})")
    window.close()
    return ok


# system B of the two-system picture: demo sentence 2 right but for one label (ADVP for the PP),
# where the demo system (A) attaches the PP to the verb: the gold boxes then show the two
# systems' different verdicts (NP: A missing, B matched; PP: A matched, B wrong label)
TWO_GOLD_PP = "(NP (NP (DT the) (NN cake)) (PP (IN on)"
TWO_B_PP = "(NP (NP (DT the) (NN cake)) (ADVP (IN on)"


def shoot_two_systems(out: Path, size: tuple[int, int] = (1920, 1080)) -> bool:
    """Gold, the demo system (A) and our B, sentence 2 drawn with both, charts docked."""
    from tcompare.gui.shell.window import MainWindow

    ptb = DEMO / "ptb"
    gold = ptb / "gold.mrg"
    if not gold.exists() or not (ptb / "system.mrg").exists():
        print(f"skip {out.name}: the demo PTB pair is missing")
        return False
    scratch = Path(tempfile.mkdtemp(prefix="tcompare-two-"))
    other = scratch / "label-pp.mrg"
    other.write_text(gold.read_text(encoding="utf-8").replace(TWO_GOLD_PP, TWO_B_PP),
                     encoding="utf-8")
    window = MainWindow(QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat))
    window.interactive = False
    window.resize(*size)
    window.show()
    window.open_files(str(gold), [str(ptb / "system.mrg"), str(other)], goto=2)
    wait_until_loaded(window)
    if window.last_error:
        print(f"skip {out.name}: {window.last_error}")
        window.close()
        return False
    window.two.set_second(1)
    window.charts.show()
    return grab(window, out, "sentence 2, two systems, charts")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0] if argv else "docs/screenshots")
    out_dir.mkdir(parents=True, exist_ok=True)
    application()
    written = 0
    ptb = DEMO / "ptb"
    written += shoot(out_dir / "ptb-crossing.png", ptb / "gold.mrg", ptb / "system.mrg", has_crossing)
    written += shoot(out_dir / "ptb-mirrored.png", ptb / "gold.mrg", ptb / "system.mrg",
                     has_crossing, layout="mirrored")
    sinica = DEMO / "sinica"
    written += shoot(out_dir / "sinica-segmentation.png", sinica / "gold.sinica",
                     sinica / "system.sinica", segmented_differently, layout="stacked")
    # CCG categories are wide: stacked keeps both trees legible at one scale
    ccg_gold, ccg_system = find_ccg_pair(Path(tempfile.mkdtemp(prefix="tcompare-ccg-")))
    written += shoot(out_dir / "ccg.png", ccg_gold, ccg_system, most_verdict_kinds,
                     layout="stacked")
    written += shoot_two_systems(out_dir / "two-systems-1920x1080.png")
    conllx = ANCHORS / "conllx"
    for name, folder in (("dep_swedish.png", conllx), ("dep_chinese.png", conllx / "zh_gsd_malt")):
        written += shoot(out_dir / name, folder / "gold.conll", folder / "system.conll",
                         every_arc_verdict, layout="mirrored")
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
