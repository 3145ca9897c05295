"""The discodop profile on model Trees (the window, table, report): per-constituent
verdicts -- a constituent is a label and a set of word positions -- and corpus figures
equal to ``discodop eval``'s summary on the same generated pairs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict

sys.path.insert(0, str(Path(__file__).parent))
import discodop_pairs as dp  # noqa: E402


def _records(text: str) -> list:
    corpus = formats.read_text(text, "discbracket")
    return [r.item for r in corpus]


def _score(gold: str, system: str, **options: object) -> tuple[list, object]:
    profile = profiles.get("discodop")
    config = profile.prepare(dict(options))
    results = [profile.score(g, s, config, i)
               for i, (g, s) in enumerate(zip(_records(gold), _records(system)))]
    return results, profile.aggregate(results, config)


def test_a_discontinuous_constituent_is_matched_by_its_positions() -> None:
    gold = "(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n"
    same_set = "(S (NP 1=John) (VP (VB 0=is) (JJ 2=rich)) (? 3=?))\n"
    a_span = "(S (VP (VB 0=is) (NP 1=John) (JJ 2=rich)) (? 3=?))\n"
    results, summary = _score(gold, same_set)
    vp = next(i for i in results[0].gold_items if i.label == "VP")
    assert vp.verdict is Verdict.MATCH and vp.group == "disc" and (vp.start, vp.end) == (0, 3)
    results, _ = _score(gold, a_span)
    vp = next(i for i in results[0].gold_items if i.label == "VP")
    assert vp.verdict is Verdict.MISSING          # {0, 2} is not {0, 1, 2}
    s_vp = next(i for i in results[0].system_items if i.label == "VP")
    assert s_vp.verdict is Verdict.EXTRA and s_vp.group == ""
    root = next(i for i in results[0].gold_items if i.label == "S")
    assert root.verdict is Verdict.MATCH
    relabelled = "(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n".replace("(VP", "(AP")
    results, summary = _score(gold, relabelled)
    assert next(i for i in results[0].gold_items if i.label == "VP").verdict \
        is Verdict.LABEL_ONLY
    assert summary.counts["matched"] == 1 and summary.counts["gold"] == 2


@pytest.mark.skipif(not dp.available(), reason="disco-dop not built")
def test_corpus_figures_equal_discodop_eval(tmp_path: Path) -> None:
    gold, system = dp.make_trees(5, 30)
    g = "\n".join(map(dp.discbracket, gold)) + "\n"
    s = "\n".join(map(dp.discbracket, system)) + "\n"
    (tmp_path / "g.dbr").write_text(g, encoding="utf-8")
    (tmp_path / "s.dbr").write_text(s, encoding="utf-8")
    files = {"g": tmp_path / "g.dbr", "s": tmp_path / "s.dbr", "proper": dp.SRC / "proper.prm"}
    for extra, options in (([], {}), (["--disconly"], {"disconly": True})):
        ref = dp.reference_many([(["g", "s", "proper", "--fmt=discbracket", *extra], files)])[0]
        _, summary = _score(g, s, **options)
        text = ref["stdout"]

        def figure(name: str) -> str:
            m = re.search(name + r":\s+\S+\s+(\S+)", text)
            assert m, name
            return m.group(1)
        assert f"{summary.metrics['recall']:.2f}" == figure("labeled recall")
        assert f"{summary.metrics['precision']:.2f}" == figure("labeled precision")
        assert f"{summary.metrics['fmeasure']:.2f}" == figure("labeled f-measure")
        assert f"{summary.metrics['exact_match']:.2f}" == figure("exact match")
        assert f"{summary.metrics['pos']:.2f}" == figure("pos accuracy")
