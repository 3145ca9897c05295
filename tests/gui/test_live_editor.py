"""View › Live trees (issue 18): typed trees drawn and scored as you type, errors marked."""

from __future__ import annotations

import pytest

from gui_helpers import window  # noqa: F401  (fixture)
from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.pairing import score_pair

pytestmark = pytest.mark.issue(18)

GOLD = "(S (NP (DT The) (NN boy)) (VP (VBD ate) (NP (DT the) (NN cake))) (. .))"
SYSTEM = "(S (NP (DT The)) (VP (NN boy) (VBD ate) (NP (DT the) (NN cake))) (. .))"


def test_typed_trees_are_scored_as_the_scorer_scores_them(qtbot, window):  # noqa: F811
    live = window.live.show()
    qtbot.addWidget(live)
    live.gold.setPlainText(GOLD)
    live.system.setPlainText(SYSTEM)
    assert live.update_now()
    g, s = formats.read_text(GOLD + "\n", "ptb"), formats.read_text(SYSTEM + "\n", "ptb")
    profile = profiles.get("evalb")
    expected = score_pair(g, s, 0, profile, profile.prepare({}))
    assert live.result.scores == expected.scores and live.result.scores["fmeasure"] < 100
    assert f"{expected.scores['fmeasure']:.2f}" in live.figures.text()
    drawn = {v.data(2) for v in live.view.node_items("system").values()}
    assert drawn                                       # the system tree is drawn


def test_a_typing_error_is_named_and_marked_where_it_is(qtbot, window):  # noqa: F811
    live = window.live.show()
    qtbot.addWidget(live)
    live.gold.setPlainText(GOLD)
    live.system.setPlainText("(S (NP (DT The) (NN boy)) (VP (VBD ate))")   # one ")" short
    assert not live.update_now()
    assert live.problem.startswith("system: line 1")
    assert live.marked(live.system) is not None and live.marked(live.gold) is None
    live.system.setPlainText(SYSTEM)                   # fixed: drawn and scored again
    qtbot.waitUntil(lambda: live.problem == "" and live.result is not None, timeout=3000)
    assert live.marked(live.system) is None


def test_conllu_is_drawn_as_arcs(qtbot, window):  # noqa: F811
    live = window.live.show()
    qtbot.addWidget(live)
    live.gold.clear()
    live.system.clear()
    live.notation.setCurrentText("conllu")
    assert live.update_now()
    assert live.profile.currentText() and live.result.scores
    assert type(live.view).__name__ == "DependencyComparisonView"
