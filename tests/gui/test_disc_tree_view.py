"""A discontinuous TIGER sentence, gold against system, in the tree view (pytest-qt,
offscreen; issue 33 item 3).

The pair is tests/data/discdraw/{gold,system}.export: two sentences of dkpro-core's TIGER
sample, the system with one word attached to the wrong phrase and one phrase mislabelled.
Verdicts come from the `discodop` profile (a constituent = label + set of word positions);
every drawn box must carry the scorer's verdict and be painted in its colour; the branches
are routed and where a branch crosses a bar the bar is cut.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor  # noqa: E402
from PySide6.QtWidgets import QGraphicsPathItem  # noqa: E402

from tcompare import formats  # noqa: E402
from tcompare.gui import themes  # noqa: E402
from tcompare.gui.drawing import palette  # noqa: E402
from tcompare.gui.drawing.tree_view import VERDICT_ROLE, TreeComparisonView  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.base import Verdict  # noqa: E402
from tcompare.scoring.pairing import score_pair  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data" / "discdraw"


@pytest.fixture(scope="module")
def pair():
    try:
        profile = profiles.get("discodop")
    except (KeyError, ModuleNotFoundError):
        pytest.skip("the discodop profile is not available")
    gold = formats.read_file(str(DATA / "gold.export"))
    system = formats.read_file(str(DATA / "system.export"))
    result = score_pair(gold, system, 0, profile, profile.prepare({}))
    return gold[0].item, system[0].item, result


@pytest.fixture
def view(qtbot):
    widget = TreeComparisonView()
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    return widget


@pytest.mark.parametrize("mode", ["side", "stacked", "mirrored"])
def test_a_tiger_sentence_with_crossing_branches_in_the_scorers_colours(view, pair, mode):
    gold, system, result = pair
    assert gold.is_discontinuous() and system.is_discontinuous()
    view.set_layout_mode(mode)
    view.show_pair(gold, system, result, "export")
    layout = view.pair_layout()
    assert layout.alignment == "positions" and layout.crossings
    seen = set()
    for side in ("gold", "system"):
        items = {i.ref: i for i in result.items_for(side) if i.kind == "bracket"}
        drawn = view.node_items(side)
        assert set(drawn) == {n.id for n in (gold if side == "gold" else system).nodes()}
        for ref, box_item in drawn.items():
            item = items.get(ref)
            assert box_item.data(VERDICT_ROLE) == (item.verdict.value if item else "")
            if item:
                seen.add(item.verdict)
        # words in sentence order
        words = view.word_items("gold" if layout.shared_words else side)
        assert [words[i].box.text for i in sorted(words)] == gold.words
        xs = [words[i].box.cx for i in sorted(words)]
        assert xs == sorted(xs)
    # the attachment error: the subject NP and the VP missing / extra, the PP mislabelled
    assert {Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA} <= seen
    image = view.render_image()
    for side in ("gold", "system"):
        for box_item in view.node_items(side).values():
            verdict = box_item.data(VERDICT_ROLE) or None
            if verdict is None or verdict == Verdict.IGNORED:
                continue
            box = box_item.box
            pixel = image.pixelColor(int(box.x + 3), int(box.y + box.h - 4))
            expected = QColor(palette.style_for(verdict).fill)
            assert abs(pixel.red() - expected.red()) <= 12 and abs(pixel.green() - expected.green()) <= 12
    # routed branches, and a cut in the bar (canvas colour) at every crossing
    paths = [i for i in view.scene.items() if isinstance(i, QGraphicsPathItem)]
    cuts = [p for p in paths if p.pen().color() == QColor(themes.current().canvas)]
    assert len(cuts) == 1
    assert cuts[0].path().elementCount() == 2 * len(layout.crossings)
    canvas = QColor(themes.current().canvas).lightness()
    for _side, x, y in layout.crossings:
        def light(dx: float) -> int:
            return min(image.pixelColor(int(x + dx), int(y) + dy).lightness() for dy in (-1, 0, 1))
        assert light(-3) >= canvas - 8                       # the bar is cut ...
        assert min(light(-1), light(0)) < canvas - 20       # ... the branch runs on through
        assert light(-12) < canvas - 20 or light(12) < canvas - 20   # the bar is there


def test_hovering_a_gapped_node_lights_only_its_words_and_says_them(view, pair):
    gold, system, result = pair
    view.set_layout_mode("stacked")
    view.show_pair(gold, system, result, "export")
    vp = next(n for n in gold.nodes() if n.is_discontinuous and n.label.category == "VP")
    view.hover("gold", "node", vp.id)
    lit = [i for i in view.scene.items() if i.zValue() == -1]
    runs = 1 + sum(b != a + 1 for a, b in zip(vp.positions, vp.positions[1:]))
    assert runs >= 2 and len(lit) == 2 * runs       # each run of words, on both sides
    tip = view.tooltip_for("gold", "node", vp.id)
    assert ", ".join(map(str, vp.positions)) in tip and "…" in tip


def test_exports_draw_the_routed_branches(view, pair, tmp_path):
    from tcompare.export.latex import constituency_pair
    from tcompare.export.svg import constituency_svg

    gold, system, result = pair
    svg = constituency_svg(gold, system, result)
    assert svg.count("<polyline") >= 10 and 'class="crossing"' in svg
    assert 'class="v-missing"' in svg and 'class="v-extra"' in svg and 'class="v-label_only"' in svg
    tex = constituency_pair(gold, system, result, layout="forest")   # discontinuous: aligned
    assert "\\begin{forest}" not in tex and "\\begin{tikzpicture}" in tex
    assert any(line.count(" -- ") == 3 for line in tex.splitlines())  # a bent branch
    view.show_pair(gold, system, result, "export")
    out = tmp_path / "pair.svg"
    view.export_svg(str(out))
    assert out.stat().st_size > 1000


def test_two_systems_against_a_discontinuous_gold(view, pair):
    from tcompare.layout.trio_layout import TwoVerdictBox

    gold, system, result = pair
    profile = profiles.get("discodop")
    golds = formats.read_file(str(DATA / "gold.export"))
    perfect = score_pair(golds, golds, 0, profile, profile.prepare({}))   # B: the gold itself
    view.show_two(gold, system, result, gold, perfect, "export")
    layout = view.pair_layout()
    assert layout.alignment == "positions" and layout.crossings
    a_items = {i.ref: i.verdict for i in result.gold_items if i.kind == "bracket"}
    b_items = {i.ref: i.verdict for i in perfect.gold_items if i.kind == "bracket"}
    for ref, drawn in view.node_items("gold").items():
        assert isinstance(drawn.box, TwoVerdictBox)
        assert drawn.box.verdict == a_items.get(ref) and drawn.box.other_verdict == b_items.get(ref)
    assert Verdict.MISSING in {b.verdict for b in layout.boxes_of("gold", "node")}
    for side in ("system", "gold", "other"):
        words = [layout.box(side, "word", i) for i in range(len(gold.words))]
        assert [w.text for w in words] == gold.words
        assert [w.cx for w in words] == [b.cx for b in layout.boxes_of("gold", "word")]


@pytest.mark.parametrize("fmt", ["svg", "pdf", "latex"])
def test_tcompare_export_writes_the_discontinuous_pair(tmp_path, pair, fmt):
    import io
    import xml.etree.ElementTree as ET

    from tcompare.cli import export as cli_export
    from tcompare.entry import render_picture

    gold, _, _ = pair
    out = tmp_path / f"pair.{fmt}"
    err = io.StringIO()
    assert cli_export.main([str(DATA / "gold.export"), str(DATA / "system.export"), "--profile",
                            "discodop", "--sentence", "1", "--to", fmt, "-o", str(out)],
                           io.StringIO(), err, render_picture=render_picture) == 0, err.getvalue()
    data = out.read_bytes()
    if fmt == "pdf":
        assert data.startswith(b"%PDF") and len(data) > 5000
    elif fmt == "svg":
        root = ET.fromstring(data)
        text = "".join(root.itertext())
        for word in gold.words:
            assert word in text
    else:
        tex = data.decode("utf-8")
        assert "\\begin{tikzpicture}" in tex and "\\begin{forest}" not in tex
        assert sum(line.count(" -- ") == 3 for line in tex.splitlines()) >= 8   # bent branches
        assert tex.count("\\draw[white") >= 4                                   # cut bars
        for word in ("Daß", "überzeugt", "Kritiker"):
            assert "{\\itshape " + word + "}" in tex


@pytest.mark.skipif(__import__("shutil").which("xelatex") is None, reason="xelatex not installed")
def test_the_latex_of_a_discontinuous_pair_compiles(tmp_path, pair):  # pragma: no cover - TeX
    import subprocess

    from tcompare.export.latex import export_pair

    gold, system, result = pair
    (tmp_path / "d.tex").write_text(export_pair(gold, system, result), encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "d.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    assert (tmp_path / "d.pdf").stat().st_size > 0
    assert "Missing character" not in (tmp_path / "d.log").read_text(errors="replace")
