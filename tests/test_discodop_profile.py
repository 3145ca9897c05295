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
    s_vp = next(i for i in results[0].system_items if i.label == "VP")
    assert vp.partner == s_vp.ref and s_vp.partner == vp.ref
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
    proper = str(files["proper"])
    for extra, options in (([], {"prm": proper}), (["--disconly"], {"prm": proper, "disconly": True})):
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


@pytest.mark.skipif(not dp.available(), reason="disco-dop not built")
@pytest.mark.parametrize("fmt", ["export", "tiger"])
def test_model_trees_of_the_other_readers_score_as_discodop_eval(tmp_path: Path, fmt: str) -> None:
    """Export and TIGER XML read by tcompare's readers (formats/), scored by the profile:
    the corpus figures of ``discodop eval --fmt=FMT`` on the same files."""
    gold, system = dp.make_trees(5, 30)
    writer = dp.export if fmt == "export" else dp.tiger
    g, s = writer(gold), writer(system)
    (tmp_path / "g").write_text(g, encoding="utf-8")
    (tmp_path / "s").write_text(s, encoding="utf-8")
    files = {"g": tmp_path / "g", "s": tmp_path / "s", "proper": dp.SRC / "proper.prm"}
    text = dp.reference_many([(["g", "s", "proper", f"--fmt={fmt}"], files)])[0]["stdout"]
    profile = profiles.get("discodop")
    config = profile.prepare({"prm": str(files["proper"])})
    pairs = zip(formats.read_text(g, fmt), formats.read_text(s, fmt))
    results = [profile.score(a.item, b.item, config, i) for i, (a, b) in enumerate(pairs)]
    assert all(r.valid for r in results)
    summary = profile.aggregate(results, config)
    for key, name in (("recall", "labeled recall"), ("precision", "labeled precision"),
                      ("fmeasure", "labeled f-measure"), ("exact_match", "exact match"),
                      ("pos", "pos accuracy")):
        m = re.search(name + r":\s+\S+\s+(\S+)", text)
        assert m and f"{summary.metrics[key]:.2f}" == m.group(1), key


def test_json_output_has_every_constituent_with_its_verdict(tmp_path: Path) -> None:
    import io
    import json

    from tcompare.cli import score_discodop

    gold = "(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n(S (NP 0=a) (VP 1=b))\n"
    system = "(S (VP (VB 0=is) (NP 1=John) (JJ 2=rich)) (? 3=?))\n(S (NP 0=a) (VP 1=b))\n"
    (tmp_path / "g.dbr").write_text(gold, encoding="utf-8")
    (tmp_path / "s.dbr").write_text(system, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = score_discodop.main([str(tmp_path / "g.dbr"), str(tmp_path / "s.dbr"),
                                "--fmt=discbracket", "--output", "json"], out=out, err=err)
    assert code == 0, err.getvalue()
    doc = json.loads(out.getvalue())
    first = doc["sentences"][0]
    assert {"label": "VP", "positions": [0, 2], "verdict": "missing",
            "discontinuous": True} in first["gold"]
    assert {"label": "VP", "positions": [0, 1, 2], "verdict": "extra"} in first["system"]
    # (no parameter file: the root S counts, matched on both sides)
    assert {"label": "S", "positions": [0, 1, 2, 3], "verdict": "match"} in first["gold"]
    assert doc["summary"]["matched"] == 2 and doc["summary"]["gold_brackets"] == 3
    assert doc["summary"]["f1"] == pytest.approx(100 * 2 / 3)


def test_a_sentence_on_one_side_only_counts_in_recall_or_precision() -> None:
    profile = profiles.get("discodop")
    config = profile.prepare({})
    tree = _records("(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n")[0]
    gold_only = profile.score_unpaired(tree, "gold", config, 0)
    assert gold_only.valid and gold_only.counts["gold"] == 2 and gold_only.counts["system"] == 0
    assert {i.verdict for i in gold_only.gold_items} == {Verdict.MISSING}
    system_only = profile.score_unpaired(tree, "system", config, 0)
    assert system_only.counts["system"] == 2 and system_only.counts["matched"] == 0
    assert {i.verdict for i in system_only.system_items} == {Verdict.EXTRA}


@pytest.mark.skipif(not dp.available(), reason="disco-dop not built")
def test_alpino_folders_read_by_tcompare_score_as_discodop_eval(tmp_path: Path) -> None:
    from tcompare.formats import many_files

    gold, system = dp.make_trees(7, 12)
    files: dict[str, Path] = {"proper": dp.SRC / "proper.prm"}
    for side, trees in (("g", gold), ("s", system)):
        folder = tmp_path / side / "alpino"
        folder.mkdir(parents=True)
        for k, tree in enumerate(trees, 1):
            (folder / f"{k}.xml").write_text(dp.alpino(tree), encoding="utf-8")
        files[side] = folder / "*.xml"
    text = dp.reference_many([(["g", "s", "proper", "--fmt=alpino"], files)])[0]["stdout"]
    profile = profiles.get("discodop")
    config = profile.prepare({"prm": str(files["proper"])})
    pairs = zip(many_files.read_pattern(str(files["g"])), many_files.read_pattern(str(files["s"])))
    results = [profile.score(a.item, b.item, config, i) for i, (a, b) in enumerate(pairs)]
    summary = profile.aggregate(results, config)
    m = re.search(r"labeled f-measure:\s+\S+\s+(\S+)", text)
    assert m and f"{summary.metrics['fmeasure']:.2f}" == m.group(1)


def test_a_pair_the_reference_refuses_is_said_in_the_window_total(tmp_path: Path) -> None:
    """Different words in sentence 2: ``discodop eval`` dies on the pair (a KeyError); the
    window scores sentence 1 and says what it left out (never a bare 100.00)."""
    from tcompare.workspace import LoadRequest, totals

    gold, system = tmp_path / "g.dbr", tmp_path / "s.dbr"
    gold.write_text("(S (NP (DT 0=the) (NN 1=dog)) (VP (VB 2=runs)))\n"
                    "(S (NP (NN 0=cats)) (VP (VB 1=sleep)))\n", encoding="utf-8")
    system.write_text("(S (NP (DT 0=the) (NN 1=dog)) (VP (VB 2=runs)))\n"
                      "(S (NP (NN 0=cats)) (VP (VB 1=sleep) (RB 2=now)))\n", encoding="utf-8")
    workspace = totals.load(LoadRequest(str(gold), [str(system)], profile="discodop"))
    data = totals.totals_json(workspace)["summary"]
    assert data["fmeasure"] == 100.0                      # sentence 1, the one scored
    assert data["unscored_sentences"] == [2] and data["unscored_gold_items"] == 3
    assert data["recall_with_unscored"] == 50.0           # 3 matched of 3 + 3 gold brackets
