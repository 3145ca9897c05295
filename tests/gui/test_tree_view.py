"""TreeComparisonView driven through its own methods (pytest-qt, offscreen).

The "every verdict kind" tests use the real scorer (evalb profile) on the Kummerfeld WSJ
sentences (anchors) and on the demo corpus; colours in the scene must equal the scorer's
item verdicts one for one.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFontMetricsF, QWheelEvent  # noqa: E402

from conftest import RESOURCES, anchor  # noqa: E402
from tcompare import formats  # noqa: E402
from tcompare.gui.drawing import palette  # noqa: E402
from tcompare.gui.fonts import CJK_FAMILIES, has_cjk_font, tree_font  # noqa: E402
from tcompare.gui.drawing.legend import VerdictLegend  # noqa: E402
from tcompare.gui.drawing.tree_view import (KIND_ROLE, REF_ROLE, SIDE_ROLE, VERDICT_ROLE,  # noqa: E402
                                    FIT_MAX_ZOOM, HoverInfo, TreeComparisonView)
from tcompare.model.tree import Label, Node, Token, Tree  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.base import Item, SentenceResult, Status, Verdict  # noqa: E402
from tcompare.scoring.pairing import score_pair  # noqa: E402

ALL_KINDS = {Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA,
             Verdict.CROSSING, Verdict.WRONG_POS}


@pytest.fixture
def view(qtbot):
    widget = TreeComparisonView()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    return widget


def scored(gold_path, system_path, sentence: int, profile: str = "evalb"):
    try:
        prof = profiles.get(profile)
    except (KeyError, ModuleNotFoundError):
        pytest.skip(f"profile {profile} not available")
    gold = formats.read_file(str(gold_path))
    system = formats.read_file(str(system_path))
    result = score_pair(gold, system, sentence - 1, prof, prof.prepare({}))
    return gold[sentence - 1].item, system[sentence - 1].item, result, gold.notation


def assert_scene_equals_verdicts(view: TreeComparisonView, result: SentenceResult) -> set:
    """Every drawn node / POS item's verdict is the scorer's; returns the verdicts seen."""
    seen = set()
    for side in ("gold", "system"):
        first = {}
        for item in result.items_for(side):
            first.setdefault((item.kind, item.ref), item)
        nodes, tags = view.node_items(side), view.pos_items(side)
        for ref, drawn in nodes.items():
            item = first.get(("bracket", ref))
            assert drawn.data(VERDICT_ROLE) == (item.verdict.value if item else ""), (side, ref)
            assert drawn.data(SIDE_ROLE) == side and drawn.data(KIND_ROLE) == "node"
            assert drawn.data(REF_ROLE) == ref
        for ref, drawn in tags.items():
            item = first.get(("tag", ref))
            assert drawn.data(VERDICT_ROLE) == (item.verdict.value if item else "")
        for (kind, ref), item in first.items():
            if kind == "bracket":
                assert ref in nodes
            if kind == "tag":
                assert ref in tags
            seen.add(item.verdict)
    return seen


@pytest.mark.anchors
@pytest.mark.parametrize("system, sentence", [("berkeley", 7), ("collins.1", 5)])
@pytest.mark.parametrize("mode", ["side", "stacked", "mirrored"])
def test_kummerfeld_sentence_with_every_verdict_kind(view, system, sentence, mode):
    gold_path = anchor("evalb", "real", "kummerfeld_wsj01", "wsj01.mrg")
    sys_path = anchor("evalb", "real", "kummerfeld_wsj01", f"{system}.mrg")
    gold, sys_tree, result, notation = scored(gold_path, sys_path, sentence)
    view.set_layout_mode(mode)
    view.show_pair(gold, sys_tree, result, notation)
    assert assert_scene_equals_verdicts(view, result) >= ALL_KINDS
    # the painted fill is the palette's colour for the verdict (colour only from the scorer)
    image = view.render_image()
    for side in ("gold", "system"):
        for ref, drawn in view.node_items(side).items():
            verdict = drawn.data(VERDICT_ROLE) or None
            if verdict in (Verdict.CROSSING,) or drawn.box.crossing:
                continue  # hatched: the fill is striped
            box = drawn.box
            pixel = image.pixelColor(int(box.x + 3), int(box.y + box.h - 4))
            expected = QColor(palette.style_for(verdict).fill)
            assert abs(pixel.red() - expected.red()) <= 12, (side, ref, verdict)
            assert abs(pixel.green() - expected.green()) <= 12, (side, ref, verdict)


def test_demo_corpus_every_sentence_matches_the_scorer(view):
    gold_path = RESOURCES / "demo" / "ptb" / "gold.mrg"
    sys_path = RESOURCES / "demo" / "ptb" / "system.mrg"
    seen = set()
    for n in range(1, 9):
        gold, system, result, notation = scored(gold_path, sys_path, n)
        view.show_pair(gold, system, result, notation)
        seen |= assert_scene_equals_verdicts(view, result)
    assert seen >= ALL_KINDS


# -- hand-made pair: hover, toggles, zoom -------------------------------------------------
def tree(spec) -> Tree:
    def build(x):
        if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], str):
            return Token(x[1], x[0])
        label, *kids = x
        cat, _, func = label.partition("-")
        return Node(Label(label, cat, func), [build(k) for k in kids])
    return Tree.build(build(spec))


GOLD = tree(("S", ("NP-SBJ", ("DT", "The"), ("NN", "dog")),
             ("VP", ("VBD", "saw"), ("NP", ("DT", "a"), ("JJ", "big"), ("NN", "cat"))), (".", ".")))
SYSTEM = tree(("S", ("NP", ("DT", "The"), ("NN", "dog"), ("VBD", "saw")),
               ("ADJP", ("DT", "a"), ("JJ", "big")), ("NN", "cat"), (".", ".")))


def hand_result() -> SentenceResult:
    r = SentenceResult(1)
    r.gold_items = [Item("gold", "bracket", 0, "S", 0, 6, Verdict.MATCH, partner=0),
                    Item("gold", "bracket", 1, "NP", 0, 2, Verdict.MISSING, crossing=True),
                    Item("gold", "bracket", 2, "VP", 2, 5, Verdict.MISSING, crossing=True),
                    Item("gold", "bracket", 3, "NP", 3, 5, Verdict.LABEL_ONLY, partner=2)]
    r.system_items = [Item("system", "bracket", 0, "S", 0, 6, Verdict.MATCH, partner=0),
                      Item("system", "bracket", 1, "NP", 0, 3, Verdict.CROSSING, crossing=True),
                      Item("system", "bracket", 2, "ADJP", 3, 5, Verdict.LABEL_ONLY, partner=3)]
    return r


def test_hover_outlines_the_scorers_partner_and_lights_the_span(view, qtbot):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    with qtbot.waitSignal(view.hovered) as blocker:
        view.hover("gold", "node", 3)
    info = blocker.args[0]
    assert isinstance(info, HoverInfo)
    assert (info.side, info.ref, info.verdict, info.span) == ("gold", 3, Verdict.LABEL_ONLY, (3, 6))
    assert info.counterpart.side == "system" and info.counterpart.ref == 2 and info.counterpart.exact
    assert view.node_items("system")[2].outline == "exact"
    assert all(it.outline == "" for r, it in view.node_items("system").items() if r != 2)
    # the span lights up under the words of both trees
    highlights = [i for i in view.scene.items() if i.zValue() == -1]
    assert len(highlights) == 2
    with qtbot.waitSignal(view.hovered) as blocker:
        view.clear_hover()
    assert blocker.args[0] is None
    assert view.node_items("system")[2].outline == ""
    assert [i for i in view.scene.items() if i.zValue() == -1] == []


def test_hover_without_partner_outlines_the_nearest_node(view):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    info = view.hover("gold", "node", 1)   # NP-SBJ "The dog": missing, no partner
    assert not info.counterpart.exact
    assert info.counterpart.ref == 1       # system NP "The dog saw": largest overlap
    assert view.node_items("system")[1].outline == "nearest"


def test_real_mouse_hover_emits_and_sets_the_tooltip(view, qtbot):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    view.show()
    qtbot.waitExposed(view)
    item = view.node_items("gold")[3]
    point = view.canvas.mapFromScene(item.sceneBoundingRect().center())
    with qtbot.waitSignal(view.hovered, timeout=2000,
                          check_params_cb=lambda info: info is not None) as blocker:
        qtbot.mouseMove(view.canvas.viewport(), point)
    assert blocker.args[0].ref == 3
    tip = item.toolTip()
    assert "category: NP" in tip and "span: 3–6" in tip and "right span, wrong label" in tip


def test_tooltip_has_category_function_role_span_verdict(view):
    gold = Tree.build(Node(Label("S", "S"), [
        Node(Label("NP-SBJ", "NP", "SBJ", role="agent"), [Token("他", "Nh")]),
        Token("刊登", "VC", role="Head")]))
    view.show_pair(gold, None, None, "sinica")
    tip = view.tooltip_for("gold", "node", 1)
    for part in ("category: NP", "function: SBJ", "role: agent", "span: 0–1", "not scored"):
        assert part in tip
    assert "role: Head" in view.tooltip_for("gold", "pos", 1)


def test_toggles_change_the_labels(view):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    assert view.node_items("gold")[1].box.text == "NP-SBJ"
    view.set_show_function_tags(False)
    assert view.node_items("gold")[1].box.text == "NP" and not view.show_function_tags()
    assert len(view.pos_items("gold")) == 7
    view.set_show_pos(False)
    assert view.pos_items("gold") == {} and len(view.word_items("gold")) == 7
    view.set_show_roles(False)
    assert not view.show_roles()


def test_layout_modes(view, qtbot):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    assert view.layout_mode() == "side"
    with qtbot.waitSignal(view.layout_changed) as blocker:
        view.set_layout_mode("mirrored")
    assert blocker.args == ["mirrored"] and view.layout_mode() == "mirrored"
    assert view.word_items("system") == {}          # one shared word row
    gold_root = view.node_items("gold")[0].box
    sys_root = view.node_items("system")[0].box
    assert gold_root.y < view.word_items("gold")[0].box.y < sys_root.y
    with pytest.raises(ValueError):
        view.set_layout_mode("circular")


def test_zoom_in_out_fit_reset_and_ctrl_wheel(view):
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    view.reset_zoom()             # the sentence arrived fitted (enlarged); from 100 %
    assert view.zoom() == 1.0
    view.zoom_in()
    assert view.zoom() == pytest.approx(1.25)
    assert view.canvas.transform().m11() == pytest.approx(1.25)
    view.zoom_out()
    view.zoom_out()
    assert view.zoom() == pytest.approx(0.8)
    view.reset_zoom()
    assert view.zoom() == 1.0
    view.zoom_fit()
    rect = view.scene.sceneRect()
    port = view.canvas.viewport().size()
    assert rect.width() * view.zoom() <= port.width() + 1
    assert rect.height() * view.zoom() <= port.height() + 1
    view.reset_zoom()
    wheel = QWheelEvent(QPointF(50, 50), QPointF(50, 50), QPoint(0, 0), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    view.canvas.wheelEvent(wheel)
    assert view.zoom() == pytest.approx(1.25)
    # zoom is kept when the sentence changes
    view.show_pair(SYSTEM, GOLD, None, "ptb")
    assert view.zoom() == pytest.approx(1.25)


def test_error_sentence_shows_the_message_without_trees(view):
    result = SentenceResult(4, status=Status.ERROR,
                            message="system.mrg:4:17: unbalanced parenthesis")
    view.show_pair(GOLD, None, result, "ptb")
    texts = [i.text() if hasattr(i, "text") else i.toPlainText() for i in view.scene.items()
             if hasattr(i, "text") and callable(i.text) or hasattr(i, "toPlainText")]
    assert any("unbalanced parenthesis" in t for t in texts)
    assert any("(no tree)" in t for t in texts)
    view.show_pair(None, None, None)
    assert view.node_items("gold") == {}


def test_cjk_text_renders_with_a_named_cjk_font(view):
    if not has_cjk_font():
        pytest.skip("no CJK font installed (apt-get install fonts-wqy-microhei)")
    font = tree_font()
    assert font.families()[0] in CJK_FAMILIES
    metrics = QFontMetricsF(font)
    assert metrics.inFontUcs4(ord("刊")) and metrics.inFontUcs4(ord("邊"))
    gold = Tree.build(Node(Label("S", "S"), [Token("溪", "Na"), Token("邊", "Ncd")]))
    system = Tree.build(Node(Label("S", "S"), [Token("溪邊", "Na")]))
    view.set_layout_mode("stacked")
    view.show_pair(gold, system, None, "sinica")
    words = view.word_items("system")
    assert words[0].box.seg_diff and view.word_items("gold")[0].box.seg_diff
    # the system word spans both gold columns
    g0, g1, s0 = view.word_items("gold")[0].box, view.word_items("gold")[1].box, words[0].box
    assert g0.cx < s0.cx < g1.cx
    image = view.render_image()
    box = s0
    dark = 0
    for x in range(int(box.x), int(box.right)):
        for y in range(int(box.y), int(box.bottom)):
            if image.pixelColor(x, y).lightness() < 100:
                dark += 1
    assert dark > 30  # glyphs were drawn (a missing glyph box would be a thin outline)


def test_long_sentence_and_exports(view, tmp_path):
    words = [Token(f"w{i}", "NN") for i in range(150)]
    nodes = [Node(Label("NP", "NP"), words[i:i + 3]) for i in range(0, 150, 3)]
    gold = Tree.build(Node(Label("S", "S"), nodes))
    system = gold.copy()
    view.show_pair(gold, system, None, "ptb")
    assert len(view.node_items("gold")) == 51 and len(view.pos_items("system")) == 150
    image = view.render_image(0.5)
    assert image.width() == int(view.scene.sceneRect().width() * 0.5 + 0.5)
    svg = tmp_path / "pair.svg"
    view.export_svg(str(svg))
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_legend_lists_every_constituency_verdict(qtbot):
    legend = VerdictLegend()
    qtbot.addWidget(legend)
    for verdict in palette.CONSTITUENCY_VERDICTS:
        assert legend.labels[verdict].text() == palette.style_for(verdict).legend
    assert "segmented" in legend.labels["seg_diff"].text()


def test_palette_gives_every_verdict_a_second_cue():
    for verdict in palette.CONSTITUENCY_VERDICTS:
        style = palette.style_for(verdict)
        if verdict is Verdict.MATCH:
            continue
        # besides colour: a non-solid border, an icon or a hatch
        assert style.pen_style != Qt.PenStyle.SolidLine or style.icon or style.hatch, verdict
    fills = [palette.style_for(v).fill for v in palette.CONSTITUENCY_VERDICTS]
    assert len(set(fills)) == len(fills)
    assert palette.style_for("missing") is palette.style_for(Verdict.MISSING)
    assert palette.style_for("nonsense") is palette.style_for(None)


def test_svg_keeps_chinese_as_text(view, tmp_path):
    gold = Tree.build(Node(Label("S", "S"), [Token("溪", "Na"), Token("邊", "Ncd")]))
    system = Tree.build(Node(Label("S", "S"), [Token("溪邊", "Na")]))
    view.show_pair(gold, system, None, "sinica")
    svg = tmp_path / "pair.svg"
    view.export_svg(str(svg))
    text = svg.read_text(encoding="utf-8")
    assert "溪邊" in text and "<text" in text


def test_keyboard_zoom_on_the_view_alone(view, qtbot):
    view.show_pair(GOLD, SYSTEM, None, "ptb")
    view.show()
    qtbot.waitExposed(view)
    view.canvas.setFocus()
    view.reset_zoom()
    qtbot.keyClick(view.canvas, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() == pytest.approx(1.25)
    qtbot.keyClick(view.canvas, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() == pytest.approx(1.0)
    qtbot.keyClick(view.canvas, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() != pytest.approx(1.0)
    qtbot.keyClick(view.canvas, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() == pytest.approx(1.0)


def test_hovering_a_word_lights_its_columns_on_both_sides(view):
    gold = Tree.build(Node(Label("S", "S"), [Token("溪", "Na"), Token("邊", "Ncd")]))
    system = Tree.build(Node(Label("S", "S"), [Token("溪邊", "Na")]))
    view.set_layout_mode("stacked")
    view.show_pair(gold, system, None, "sinica")
    info = view.hover("system", "word", 0)
    assert info.kind == "word" and info.counterpart is None
    rects = sorted((i.sceneBoundingRect() for i in view.scene.items() if i.zValue() == -1),
                   key=lambda r: r.top())
    assert len(rects) == 2
    # the gold highlight covers both gold words 溪 and 邊
    g0, g1 = view.word_items("gold")[0].box, view.word_items("gold")[1].box
    assert rects[0].left() <= g0.x and rects[0].right() >= g1.right


def test_legend_explains_the_hover_outlines(qtbot):
    legend = VerdictLegend()
    qtbot.addWidget(legend)
    assert "partner" in legend.labels["exact"].text()
    assert "nearest" in legend.labels["nearest"].text()
    legend.show()
    qtbot.waitExposed(legend)
    assert not legend.grab().isNull()


def test_items_are_reused_without_stale_state(view):
    """Switching sentences reuses box items: no outline, tooltip or extra item survives."""
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    view.hover("gold", "node", 3)
    first = view.node_items("gold")[3]
    first.setToolTip("stale")
    small = tree(("S", ("NN", "Hi")))
    view.show_pair(small, small, None, "ptb")
    drawn = [i for i in view.scene.items() if isinstance(i, type(first)) and i.isVisible()]
    assert len(drawn) == len(view.pair_layout().boxes) == 6  # per side: 1 node, 1 POS, 1 word
    assert all(i.outline == "" for i in drawn)
    assert [i for i in view.scene.items() if i.zValue() == -1] == []
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    assert_scene_equals_verdicts(view, hand_result())
    assert all(it.box.side == "system" for it in view.node_items("system").values())
    image = view.render_image()
    assert not image.isNull()


@pytest.mark.issue(18)
def test_a_sentence_that_does_not_fit_is_shrunk_on_arrival_until_the_user_zooms(qtbot):
    view = TreeComparisonView()
    qtbot.addWidget(view)
    view.resize(420, 300)
    view.show()
    qtbot.waitExposed(view)
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    rect, port = view.scene.sceneRect(), view.canvas.viewport().size()
    assert view.zoom() < 1.0
    fits = rect.width() * view.zoom() <= port.width() + 1 and \
        rect.height() * view.zoom() <= port.height() + 1
    assert fits or view.zoom() == pytest.approx(0.6)      # never below the readable minimum
    view.zoom_in()                                           # the user's zoom is kept
    chosen = view.zoom()
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    assert view.zoom() == pytest.approx(chosen)
    view.zoom_fit()                                          # fitting again, from now on
    view.resize(2000, 1400)
    qtbot.wait(10)
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    assert view.zoom() == pytest.approx(FIT_MAX_ZOOM)        # a small tree fills the view (issue 34)
