"""Graphviz export: verdict colours come from the scorer's items; Graphviz renders the DOT."""

import pytest

from tcompare import formats
from tcompare.export.dot import constituency_dot, dependency_dot, pair_dot, render
from tcompare.layout.verdict_style import look_for
from tcompare.paths import resource
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.pairing import score_pair


def _pair(notation_dir, gold, system, profile):
    g = formats.read_file(resource("demo", notation_dir, gold))
    s = formats.read_file(resource("demo", notation_dir, system))
    prof = profiles.get(profile)
    return g, s, prof, prof.prepare({})


def test_constituency_dot_colours_every_bracket_by_its_verdict():
    g, s, prof, config = _pair("ptb", "gold.mrg", "system.mrg", "evalb")
    result = score_pair(g, s, 1, prof, config)  # the PP attachment sentence
    dot = constituency_dot(g[1].item, s[1].item, result)
    for item in result.gold_items + result.system_items:
        if item.kind != "bracket":
            continue
        node = f"{item.side[0]}n{item.ref} "
        line = next(l for l in dot.splitlines() if l.strip().startswith(node))
        assert f'fillcolor="{look_for(item.verdict).fill}"' in line
    verdicts = {i.verdict for i in result.system_items}
    assert Verdict.CROSSING in verdicts
    assert dot.count("[arrowhead=none];") == len(g[1].item.tokens) + len(s[1].item.tokens)  # POS over word


def test_dependency_dot_has_one_arc_per_word_and_side():
    g, s, prof, config = _pair("conll", "demo.gold.conll", "demo.system.conll", "conllx")
    result = score_pair(g, s, 0, prof, config)
    dot = dependency_dot(g[0].item, s[0].item, result)
    n = len(g[0].item.words)
    assert dot.count("style=\"solid\"") == n
    assert dot.count("style=\"dashed\"") == len(s[0].item.words)


def test_graphviz_renders_svg_with_chinese_words():
    pytest.importorskip("pygraphviz")
    g, s, prof, config = _pair("sinica", "gold.sinica", "system.sinica", "sighan2012")
    result = score_pair(g, s, 1, prof, config)
    svg = render(pair_dot(g[1].item, s[1].item, result), "svg").decode("utf-8")
    assert svg.lstrip().startswith("<?xml")
    assert "溪邊" in svg and "母親" in svg
    assert render(pair_dot(g[1].item, s[1].item, result), "pdf").startswith(b"%PDF")


def test_cli_export_dot_and_graphviz_png(tmp_path, capsys):
    from tcompare.entry import main

    gold, system = str(resource("demo", "ptb", "gold.mrg")), str(resource("demo", "ptb", "system.mrg"))
    assert main(["export", gold, system, "--sentence", "2", "--to", "dot"]) == 0
    assert capsys.readouterr().out.startswith("digraph comparison {")
    out = tmp_path / "s2.png"
    assert main(["export", gold, system, "--sentence", "2", "--to", "gv-png", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
