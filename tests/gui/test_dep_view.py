"""The dependency comparison view (pytest-qt, offscreen), on real data.

Data: ../shared/anchors/conllx/ (Swedish Talbanken gold vs MaltParser output) and
conllx/zh_gsd_malt/ (Chinese GSD gold vs MaltParser output), scored by the real conllx
profile.  The view must show exactly the scorer's verdicts: every arc item carries the
verdict of the scorer's item for the same word, on both sides, in every layout mode.
Neither anchor has a cyclic system tree, so one is made by editing a system sentence.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from conftest import anchor
from tcompare import formats
from tcompare.gui.drawing.dep_view import SIDE_ROLE, VERDICT_ROLE, DependencyComparisonView, HoverInfo
from tcompare.layout.arcs import ROOT
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.pairing import score_pair

pytestmark = [pytest.mark.issue(8), pytest.mark.anchors]

ARC_VERDICTS = {Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH, Verdict.IGNORED}
SWEDISH = ("conllx",)
CHINESE = ("conllx", "zh_gsd_malt")
_CACHE: dict = {}


def pair(folder: tuple[str, ...]):
    """(gold corpus, system corpus, profile, config) of an anchor folder, read once."""
    if folder not in _CACHE:
        gold = formats.read_file(anchor(*folder, "gold.conll"))
        system = formats.read_file(anchor(*folder, "system.conll"))
        profile = profiles.get("conllx")
        _CACHE[folder] = (gold, system, profile, profile.prepare({}))
    return _CACHE[folder]


def sentence(folder, number: int):
    """Gold item, system item and the scorer's result of sentence `number` (1-based)."""
    gold, system, profile, config = pair(folder)
    i = number - 1
    return gold[i].item, system[i].item, score_pair(gold, system, i, profile, config)


@pytest.fixture
def view(qtbot):
    widget = DependencyComparisonView()
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    return widget


def assert_verdicts_equal_scorer(view, result) -> None:
    for side in ("gold", "system"):
        expected = {item.ref: item.verdict for item in result.items_for(side) if item.kind == "arc"}
        items = view.arc_items(side)
        drawn = {word: Verdict(item.data(VERDICT_ROLE)) for word, item in items.items()}
        assert drawn == expected, side
        assert all(item.data(SIDE_ROLE) == side for item in items.values())


@pytest.mark.parametrize("folder, number", [(SWEDISH, 3), (SWEDISH, 10), (CHINESE, 2), (CHINESE, 4)])
def test_every_verdict_kind_is_drawn_as_the_scorer_says(view, folder, number):
    gold, system, result = sentence(folder, number)
    assert {i.verdict for i in result.system_items} == ARC_VERDICTS   # the sentence has them all
    for mode in ("mirrored", "stacked", "tree"):
        view.set_layout_mode(mode)
        view.show_pair(gold, system, result, "conllx")
        assert view.layout_mode() == mode
        assert len(view.arc_items("gold")) == len(view.arc_items("system")) == len(gold.words)
        assert_verdicts_equal_scorer(view, result)


def test_verdict_styles_differ_in_colour_and_line_style(view):
    gold, system, result = sentence(SWEDISH, 3)
    view.show_pair(gold, system, result)
    pens = {}
    for item in view.arc_items("system").values():
        pens[item.data(VERDICT_ROLE)] = (item.pen().color().name(), item.pen().style())
    assert len(pens) == 5
    assert len({colour for colour, _ in pens.values()}) == 5
    assert pens["match"][1] == Qt.PenStyle.SolidLine
    assert pens["wrong_head"][1] != Qt.PenStyle.SolidLine and pens["ignored"][1] != Qt.PenStyle.SolidLine


@pytest.mark.parametrize("folder, number, side", [(SWEDISH, 18, "system"), (CHINESE, 55, "gold")])
def test_non_projective_sentence_draws_crossing_arcs(view, folder, number, side):
    gold, system, result = sentence(folder, number)
    flag = "non_projective" if side == "system" else "gold_non_projective"
    assert flag in result.flags
    view.show_pair(gold, system, result, "conllx")
    assert_verdicts_equal_scorer(view, result)
    crossing = [a for a in view.diagram.arcs if a.side == side and a.crossing]
    assert len(crossing) >= 2
    # a crossing arc is drawn over the plain ones, and its path really meets another arc's path
    items = view.arc_items(side)
    a = items[crossing[0].dependent]
    assert a.zValue() > min(i.zValue() for i in items.values())
    others = [items[c.dependent] for c in crossing[1:]]
    assert any(a.path().intersects(o.path()) for o in others)
    assert flag.replace("_", " ") in view.header.text()


@pytest.mark.parametrize("ext, profile_name", [("conll", "conllx"), ("conllu", "conllu")])
def test_demo_pairs_cycle_and_several_roots(view, ext, profile_name):
    """The bundled demo pairs (resources/demo/conll): every sentence, every mode."""
    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "conll"
    gold = formats.read_file(demo / f"demo.gold.{ext}")
    system = formats.read_file(demo / f"demo.system.{ext}")
    profile = profiles.get(profile_name)
    config = profile.prepare({})
    flags = set()
    for i in range(len(gold)):
        result = score_pair(gold, system, i, profile, config)
        flags.update(result.flags)
        for mode in ("mirrored", "stacked", "tree"):
            view.set_layout_mode(mode)
            view.show_pair(gold[i].item, system[i].item, result, ext)
            assert_verdicts_equal_scorer(view, result)
    assert "several_roots" in flags
    assert ext != "conll" or "cycle" in flags


def test_hundred_word_sentence_scrolls_horizontally(view):
    from tcompare.model.deps import DepSentence, DepToken

    words = [DepToken(str(i + 1), f"ord{i + 1}", head=str(i + 2 if i < 99 else 0), deprel="dep")
             for i in range(100)]
    long = DepSentence(words)
    view.show_pair(long, long.copy(), None)
    view.zoom_fit()
    bar = view.view.horizontalScrollBar()
    assert view.scale >= view.MIN_FIT_SCALE and bar.maximum() > 0
    assert view.view.verticalScrollBar().maximum() == 0     # one row of words: no vertical scroll
    assert len(view.arc_items("gold")) == 100


def test_cyclic_system_tree_is_drawn_with_the_scorers_verdicts(view):
    gold, system, _ = sentence(SWEDISH, 1)
    _, _, profile, config = pair(SWEDISH)
    cyclic = system.copy()
    # Innebär (1) <- graviditeten (2) <- omedelbara (3) <- Innebär: a 3-cycle
    cyclic.words[0].head, cyclic.words[1].head, cyclic.words[2].head = "2", "3", "1"
    result = profile.score(gold, cyclic, config, 1)
    assert "cycle" in result.flags
    for mode in ("mirrored", "stacked", "tree"):
        view.set_layout_mode(mode)
        view.show_pair(gold, cyclic, result, "conllx")
        assert_verdicts_equal_scorer(view, result)
    depths = {t.word: t.box.y for t in view.diagram.tokens if t.side == "system" and t.kind == "word"}
    assert depths[0] == depths[1] == depths[2] == max(depths.values())   # the unattached row
    assert "cycle" in view.header.text()


def test_several_roots_all_reach_the_root_marker(view):
    gold, system, result = sentence(CHINESE, 3)
    assert "several_roots" in result.flags
    view.show_pair(gold, system, result, "conllx")
    roots = [a for a in view.diagram.arcs if a.side == "system" and a.head == ROOT]
    assert len(roots) == sum(w.head == "0" for w in system.words) > 1
    marker = view.diagram.columns[0]
    assert all(marker.x <= a.points[0][0] <= marker.x + marker.width for a in roots)


def test_hover_highlights_gold_and_system_heads_and_dependents(view, qtbot):
    gold, system, result = sentence(SWEDISH, 1)
    view.show_pair(gold, system, result, "conllx")
    eller = 4   # word 5 'eller': gold head 7 'problem' (AT), system head 3 'omedelbara' (ET)
    with qtbot.waitSignal(view.hovered) as blocker:
        view.hover_token(eller)
    info = blocker.args[0]
    assert isinstance(info, HoverInfo) and info.word == eller and info.text == "eller"
    assert info.verdict is Verdict.WRONG_BOTH
    lit = view.highlighted()
    assert lit["gold_heads"] == {6} and lit["system_heads"] == {2}
    assert lit["gold_dependents"] == {3, 5} and lit["system_dependents"] == {3, 6}
    for side, _head in (("gold", 6), ("system", 2)):
        arcs = view.arc_items(side)
        assert arcs[eller].pen().widthF() > arcs[8].pen().widthF()       # its own arc is thick
        assert arcs[8].opacity() < 1.0                                   # unrelated arcs fade
    assert "problem" in view.status.text() and "omedelbara" in view.status.text()
    with qtbot.waitSignal(view.hovered) as blocker:
        view.hover_token(-1)
    assert blocker.args[0] is None and view.highlighted() == {}
    assert all(item.opacity() == 1.0 for item in view.arc_items("gold").values())


def test_labels_name_the_relation_and_sit_above_every_arc(view):
    gold, system, result = sentence(SWEDISH, 1)
    view.show_pair(gold, system, result)
    top_arc = max(item.zValue() for side in ("gold", "system") for item in view.arc_items(side).values())
    for side in ("gold", "system"):
        words = (gold if side == "gold" else system).words
        for word, box in view.label_items(side).items():
            assert box.zValue() > top_arc
            text = box.childItems()[0].text()
            assert text.split()[0] == words[word].deprel
    # a wrong arc's label carries the palette's icon, a right one does not
    labels = view.label_items("system")
    assert labels[4].childItems()[0].text() == "ET ✗"        # eller: wrong head and label
    assert labels[1].childItems()[0].text() == "SS"          # graviditeten: correct


def test_hover_by_mouse_event(view, qtbot):
    gold, system, result = sentence(SWEDISH, 2)
    view.show_pair(gold, system, result)
    token = next(t for t in view.token_items() if t.token.kind == "word" and t.token.word == 2)
    seen = []
    view.hovered.connect(seen.append)
    centre = view.view.mapFromScene(token.sceneBoundingRect().center())
    qtbot.mouseMove(view.view.viewport(), centre)
    qtbot.waitUntil(lambda: any(isinstance(i, HoverInfo) and i.word == 2 for i in seen), timeout=3000)


def test_long_chinese_sentence_scrolls_horizontally_and_cjk_renders(view):
    gold, system, _ = pair(CHINESE)[:2] + (None,)
    number = max(range(1, len(gold) + 1), key=lambda n: len(gold[n - 1].item.words))
    g, s, result = sentence(CHINESE, number)
    assert len(g.words) >= 90
    view.show_pair(g, s, result, "conllx")
    view.zoom_fit()
    assert view.MIN_FIT_SCALE <= view.scale <= 1.0        # readable, not squeezed to fit
    assert view.view.horizontalScrollBar().maximum() > 0
    assert_verdicts_equal_scorer(view, result)
    # glyphs: the token font really covers the Chinese characters, and they paint pixels
    metrics = QFontMetricsF(view.token_font)
    form = g.words[0].form
    assert all(metrics.inFontUcs4(ord(ch)) for ch in form), view.token_font.families()
    token = next(t for t in view.token_items() if t.token.kind == "word" and t.token.word == 0)
    box = token.token.text_box
    image = QImage(int(box.width) + 4, int(box.height) + 4, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    view.scene.render(painter, QRectF(image.rect()), QRectF(box.x - 2, box.y - 2, box.width + 4, box.height + 4))
    painter.end()
    dark = sum(1 for x in range(image.width()) for y in range(image.height())
               if QColor(image.pixel(x, y)).lightness() < 128)
    assert dark > 20


def test_zoom_fit_fits_a_short_sentence_whole(view, qtbot):
    gold, system, result = sentence(SWEDISH, 2)
    view.show_pair(gold, system, result)
    view.zoom_fit()
    assert view.scale > 1.0
    assert view.view.horizontalScrollBar().maximum() == 0


def test_zoom_and_modes(view):
    gold, system, result = sentence(SWEDISH, 3)
    view.show_pair(gold, system, result)
    view.reset_zoom()
    view.zoom_in()
    assert view.scale == pytest.approx(1.25)
    view.zoom_out()
    view.zoom_out()
    assert view.scale == pytest.approx(0.8)
    view.set_layout_mode("stacked")
    view.set_layout_mode("side")            # the main window's name: both arc sets on one row
    assert view.layout_mode() == "mirrored"
    with pytest.raises(ValueError):
        view.set_layout_mode("radial")
    view.set_titles("GOLD  gold.conll", "SYSTEM  system.conll")
    texts = [i.text() for i in view.scene.items() if hasattr(i, "text") and "conll" in i.text()]
    assert sorted(texts) == ["GOLD  gold.conll", "SYSTEM  system.conll"]


def test_empty_and_one_sided_pairs(view):
    view.show_pair(None, None, None)
    assert view.arc_items("gold") == {} and "No dependency sentence" in view.header.text()
    gold, _, _ = sentence(SWEDISH, 2)
    view.show_pair(gold, None, None)
    items = view.arc_items("gold")
    assert len(items) == len(gold.words) and view.arc_items("system") == {}
    assert {item.data(VERDICT_ROLE) for item in items.values()} == {None}   # nothing scored, nothing claimed


CONLLU = (
    "# sent_id = es-1\n"
    "# text = Vámonos al mar.\n"
    "1-2\tVámonos\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "1\tVamos\tir\tVERB\t_\t_\t0\troot\t_\t_\n"
    "2\tnos\tnosotros\tPRON\t_\t_\t1\tobj\t_\t_\n"
    "3-4\tal\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "3\ta\ta\tADP\t_\t_\t5\tcase\t_\t_\n"
    "4\tel\tel\tDET\t_\t_\t5\tdet\t_\t_\n"
    "4.1\tir\tir\tVERB\t_\t_\t_\t_\t1:conj\t_\n"
    "5\tmar\tmar\tNOUN\t_\t_\t1\tobl\t_\tSpaceAfter=No\n"
    "6\t.\t.\tPUNCT\t_\t_\t1\tpunct\t_\t_\n"
    "\n")


def test_conllu_text_comment_multiword_ranges_and_empty_nodes(view):
    gold = formats.read_text(CONLLU, "conllu")[0].item
    system = formats.read_text(CONLLU.replace("5\tdet", "1\tdet"), "conllu")[0].item
    profile = profiles.get("conllu")
    result = profile.score(gold, system, profile.prepare({}), 1)
    view.show_pair(gold, system, result, "conllu")
    assert "Vámonos al mar." in view.header.text()          # the # text = comment
    assert_verdicts_equal_scorer(view, result)
    assert Verdict(view.arc_items("system")[3].data(VERDICT_ROLE)) is Verdict.WRONG_HEAD
    ranges = {r.row_id: r for r in view.diagram.ranges}
    assert set(ranges) == {"1-2", "3-4"}
    drawn = [i for i in view.scene.items() if hasattr(i, "text") and i.text() in ("Vámonos", "al")]
    assert len(drawn) == 2
    empty = [t for t in view.token_items() if t.token.kind == "empty"]
    assert len(empty) == 1 and empty[0].token.note == "4.1"
    assert empty[0].pen().style() == Qt.PenStyle.DashLine
    assert 5 not in view.arc_items("gold") or view.arc_items("gold")[5].data(VERDICT_ROLE) is not None
    assert len(view.arc_items("gold")) == 6                  # words only: the empty node is unscored


# --------------------------------------------------------------------------- in the main window
LOAD_TIMEOUT = 120000


@pytest.fixture
def window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from tcompare.gui.shell.window import MainWindow

    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win.interactive = False
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


def open_pair(qtbot, win, folder, goto=1):
    with qtbot.waitSignal(win.session.finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(anchor(*folder, "gold.conll")), [str(anchor(*folder, "system.conll"))], goto=goto)
    qtbot.waitUntil(lambda: win.current_position is not None or win.last_error, timeout=5000)
    assert not win.last_error


@pytest.mark.parametrize("folder", [SWEDISH, CHINESE])
def test_main_window_shows_the_dependency_view_with_eval_pl_totals(qtbot, window, folder):
    open_pair(qtbot, window, folder, goto=3)
    view = window.view
    assert isinstance(view, DependencyComparisonView)
    assert window.current_position == 2
    assert_verdicts_equal_scorer(view, window.current_result)
    # the sidebar's running totals are eval.pl's numbers (evalpl_q.txt: correct / total = score)
    lines = anchor(*folder, "evalpl_q.txt").read_text(encoding="utf-8").splitlines()
    shown = dict(line.split()[:2] for line in window.summary_text().splitlines() if len(line.split()) == 2)
    for key, line in zip(("LAS", "UAS", "LA"), lines):
        correct, total, score = re.search(r"(\d+) / (\d+) \* 100 = ([\d.]+) %", line).groups()
        assert shown[key] == score, key
        assert shown["tokens"] == total
    # LAS / UAS / LA columns in the sentence table, from the scorer's per-sentence scores
    model = window.table_model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert {"LAS", "UAS", "LA"} <= set(headers)
    las = headers.index("LAS")
    first = window.session.result(0, 0)
    assert model.data(model.index(0, las)) == f"{first.scores['LAS']:.2f}"


def test_dependency_filters_keep_exactly_the_sentences_the_scorer_counts(qtbot, window):
    open_pair(qtbot, window, CHINESE)
    combo, proxy, session = window.dep_filter, window.filter_model, window.session
    assert combo.isVisibleTo(window)
    total = proxy.rowCount()
    expected = {
        "has wrong head": lambda r: r.counts["head_correct"] < r.counts["tokens"],
        "has wrong label": lambda r: r.counts["label_correct"] < r.counts["tokens"],
        "has cycle / several roots": lambda r: {"cycle", "self_loop", "several_roots"} & set(r.flags),
    }
    for name, test in expected.items():
        combo.setCurrentText(name)
        shown = {proxy.position(row) for row in range(proxy.rowCount())}
        wanted = {p for p in range(total) if test(session.result(0, p))}
        assert shown == wanted and 0 < len(shown) < total, name
    combo.setCurrentText("all sentences")
    assert proxy.rowCount() == total


def test_dependency_filter_is_hidden_for_constituency_files(qtbot, window):
    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "ptb"
    with qtbot.waitSignal(window.session.finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(demo / "gold.mrg"), [str(demo / "system.mrg")])
    assert not window.dep_filter.isVisibleTo(window)
    assert not isinstance(window.view, DependencyComparisonView)


def test_different_forms_on_the_shared_row_are_underlined(view):
    gold, system, result = sentence(SWEDISH, 2)
    other = system.copy()
    other.words[1].form = "so"
    view.show_pair(gold, other, None)
    marks = {t.token.word for t in view.token_items()
             for child in t.childItems() if child.data(SIDE_ROLE) == "form_mismatch"}
    assert marks == {1}
    token = next(t for t in view.token_items() if t.token.kind == "word" and t.token.word == 1)
    assert "gold: 2 som" in token.toolTip() and "system: 2 so" in token.toolTip()


def test_bad_heads_and_wrong_item_types_are_named_not_fatal(view):
    gold, system, _ = sentence(SWEDISH, 2)
    broken = system.copy()
    broken.words[0].head = "_"
    view.show_pair(gold, broken, None)
    assert set(view.arc_items("system")) == {1, 2, 3}
    assert "word 1 (Ni): HEAD '_'" in view.status.text()
    view.show_pair(gold, "(S (NP x))", None)
    assert "system is a str, not a dependency sentence" in view.status.text()
    assert len(view.arc_items("gold")) == len(gold.words) and view.arc_items("system") == {}


def test_pos_toggle_and_exports(view, tmp_path):
    gold, system, result = sentence(SWEDISH, 2)   # Ni som äter p-piller
    view.show_pair(gold, system, result)
    assert not view.show_pos()
    notes = {t.token.word: t.token.note for t in view.token_items() if t.token.kind == "word"}
    assert notes[0] == "1"
    view.set_show_pos(True)
    notes = {t.token.word: t.token.note for t in view.token_items() if t.token.kind == "word"}
    assert notes[0] == "1 PN" and notes[2] == "3 VB"
    assert_verdicts_equal_scorer(view, result)
    image = view.render_image(2.0)
    rect = view.scene.sceneRect()
    assert (image.width(), image.height()) == (round(rect.width() * 2), round(rect.height() * 2))
    svg = tmp_path / "pair.svg"
    view.export_svg(str(svg))
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and "p-piller" in text


def test_errors_only_hides_correct_and_unscored_arcs(view):
    gold, system, result = sentence(SWEDISH, 3)
    view.show_pair(gold, system, result)
    view.set_errors_only(True)
    assert view.errors_button.isChecked()
    for side in ("gold", "system"):
        wrong = {i.ref for i in result.items_for(side)
                 if i.verdict not in (Verdict.MATCH, Verdict.IGNORED)}
        shown = {w for w, item in view.arc_items(side).items() if item.isVisible()}
        assert shown == wrong and 0 < len(shown) < len(gold.words)
        assert {w for w, box in view.label_items(side).items() if box.isVisible()} == wrong
    view.set_layout_mode("stacked")                  # survives a rebuild
    assert sum(item.isVisible() for item in view.arc_items("system").values()) == len(wrong)
    view.errors_button.click()
    assert not view.errors_only()
    assert all(item.isVisible() for item in view.arc_items("system").values())


MERGED_GOLD = """1\tI\tI\tPRON\t_\t_\t2\tnsubj\t_\t_
2\tlive\tlive\tVERB\t_\t_\t0\troot\t_\t_
3\tin\tin\tADP\t_\t_\t5\tcase\t_\t_
4\tNew\tNew\tPROPN\t_\t_\t5\tcompound\t_\t_
5\tYork\tYork\tPROPN\t_\t_\t2\tobl\t_\t_

"""
MERGED_SYSTEM = """1\tI\tI\tPRON\t_\t_\t2\tnsubj\t_\t_
2\tlive\tlive\tVERB\t_\t_\t0\troot\t_\t_
3\tin\tin\tADP\t_\t_\t4\tcase\t_\t_
4\tNewYork\tNewYork\tPROPN\t_\t_\t2\tobl\t_\t_

"""


@pytest.mark.issue(12)
def test_merged_word_has_a_row_per_side_and_hover_stays_on_its_side(view):
    """conll18 on a pair whose system merges "New York": each side's words in a row of its
    own (NewYork under New and York), the scorer's verdicts on both sides' arcs, and hovering
    system word 4 (NewYork) lights up the system side only (gold word 4 is York)."""
    gold = formats.read_text(MERGED_GOLD, "conllu")
    system = formats.read_text(MERGED_SYSTEM, "conllu")
    profile = profiles.get("conll18")
    result = score_pair(gold, system, 0, profile, profile.prepare({}))
    view.show_pair(gold[0].item, system[0].item, result, "conllu")
    cells = {(i.data(SIDE_ROLE), i.token.text): i for i in view.token_items()
             if i.token.kind == "word"}
    assert ("system", "NewYork") in cells and ("gold", "New") in cells
    merged = cells["system", "NewYork"].rect()
    assert merged.left() == pytest.approx(cells["gold", "New"].rect().left())
    assert merged.right() == pytest.approx(cells["gold", "York"].rect().right())
    assert_verdicts_equal_scorer(view, result)
    view.hover_token(3, "system")
    lit = view.highlighted()
    assert set(lit) == {"system_heads", "system_dependents"}
    assert lit["system_heads"] == {1} and lit["system_dependents"] == {2}
