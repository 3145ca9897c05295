"""LaTeX export (tcompare.export.latex) and `tcompare export --to latex`.

No TeX is installed on the test machine, so structure is checked: balanced braces and
brackets, one forest node per tree node with the scorer's verdict style, one arc per word
on each side, escaping, the CJK preamble, the standalone/body-only switch.  When xelatex
is available the document is also compiled.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest

from conftest import RESOURCES
from tcompare import formats
from tcompare.cli import export as cli_export
from tcompare.export import latex
from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.scoring import profiles
from tcompare.scoring.pairing import score_pair

DEMO = RESOURCES / "demo"


def _pair(name, gold, system, i, options=None):
    profile = profiles.get(name)
    config = profile.prepare(options or {})
    g, s = formats.read_file(DEMO / gold), formats.read_file(DEMO / system)
    return g[i].item, s[i].item, score_pair(g, s, i, profile, config)


def _unescaped(text: str, ch: str) -> int:
    return len(re.findall(r"(?<!\\)" + re.escape(ch), text))


def assert_balanced(text: str) -> None:
    depth = 0
    for m in re.finditer(r"\\.|[{}]", text):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            assert depth >= 0, "closing brace without an opening one"
    assert depth == 0


def _forest_bodies(text: str) -> list[str]:
    return re.findall(r"\\begin\{forest\}(.*?)\\end\{forest\}", text, re.S)


def _bracket_balance(body: str) -> int:
    # brackets inside {...} are content; forest structure is the unbraced ones
    depth = braces = 0
    for m in re.finditer(r"\\.|[{}\[\]]", body):
        tok = m.group()
        if tok == "{":
            braces += 1
        elif tok == "}":
            braces -= 1
        elif braces == 0 and tok == "[":
            depth += 1
        elif braces == 0 and tok == "]":
            depth -= 1
            assert depth >= 0
    return depth


@pytest.mark.parametrize("i", range(8))
def test_ptb_pairs_colour_every_node_by_its_verdict(i):
    gold, system, result = _pair("evalb", "ptb/gold.mrg", "ptb/system.mrg", i)
    doc = latex.export_pair(gold, system, result, title=f"Sentence {i + 1}", layout="forest")
    assert doc.startswith("% Made by tcompare") and "\\documentclass" in doc
    assert doc.rstrip().endswith("\\end{document}")
    assert_balanced(doc)
    gold_body, system_body = _forest_bodies(doc)
    for body, tree, items in ((gold_body, gold, result.gold_items), (system_body, system, result.system_items)):
        assert _bracket_balance(body) == 0
        # one forest node per phrase node, per POS and per word
        assert _unescaped(body, "[") == len(tree.nodes()) + 2 * len(tree.tokens)
        styles = re.findall(r"\[\{[^\n]*?\}, (tc [a-z ]+?)(?= \[|\]|\n|$)", body)
        first = {}
        for item in items:
            first.setdefault((item.kind, item.ref), item.verdict)
        expected = [first.get(("bracket", n.id)) for n in tree.nodes()]
        node_styles = re.findall(r"^\s*\[\{[^\n]*?\}, (tc [a-z ]+)$", body, re.M)
        assert node_styles == [latex.style_name(v) for v in expected]
        assert styles  # the regex saw the nodes at all
    # the legend lists each constituency verdict once
    for v in latex.CONSTITUENCY_LEGEND:
        assert doc.count(f"\\node[{latex.style_name(v)}, inner sep") == 1


def test_sentence_two_has_missing_and_crossing_styles():
    gold, system, result = _pair("evalb", "ptb/gold.mrg", "ptb/system.mrg", 1)
    body = latex.constituency_pair(gold, system, result, standalone=False, with_legend=False,
                                   layout="forest")
    gold_body, system_body = _forest_bodies(body)
    assert "[{NP}, tc missing" in gold_body
    assert "[{VP}, tc crossing" in system_body
    assert "[{TOP}, tc ignored" in gold_body and "[{.}, tc ignored [{.}, tc word]]" in gold_body
    assert "\\documentclass" not in body and "\\begin{tabular}" not in body


def test_escaping_keeps_labels_and_words_literal():
    tokens = [Token("$", "$"), Token("100%", "CD"), Token("a_b", "NN"), Token("{x}", "-LRB-"),
              Token("[", "("), Token("R&D", "NNP"), Token("#1", "CD"), Token("~", "SYM"),
              Token("back\\slash", "NN"), Token("''", "''")]
    tree = Tree.build(Node(Label("NP-SBJ=2", "NP"), tokens))
    body = latex.forest_tree(tree, [])
    assert_balanced(body)
    assert _bracket_balance(body) == 0
    for piece in (r"{\$}", r"{100\%}", r"{a\_b}", r"{\{x\}}", r"{[}", r"{R\&D}", r"{\#1}",
                  r"{\textasciitilde{}}", r"{back\textbackslash{}slash}",
                  r"{\textquotesingle{}\textquotesingle{}}"):
        assert piece in body
    assert latex.escape("^") == r"\textasciicircum{}"


def test_deep_tree_does_not_recurse():
    node = Node(Label("X", "X"), [Token("w", "N")])
    for _ in range(3000):
        node = Node(Label("X", "X"), [node])
    body = latex.forest_tree(Tree.build(node), [])
    assert _bracket_balance(body) == 0 and body.count("[{X}") == 3001


def test_chinese_document_uses_xecjk():
    gold, system, result = _pair("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", 0)
    doc = latex.export_pair(gold, system, result, cjk_font="Noto Serif CJK TC", layout="forest")
    assert "\\usepackage{xeCJK}" in doc and "\\setCJKmainfont{Noto Serif CJK TC}" in doc
    assert "Compile with xelatex" in doc and "{報紙}" in doc
    assert "[{GP}, tc label only" in doc and "[{Ng}, tc wrong pos [{上}, tc word]]" in doc
    assert_balanced(doc)
    plain = latex.export_pair(*_pair("evalb", "ptb/gold.mrg", "ptb/system.mrg", 0))
    assert "xeCJK" not in plain and "fontenc" in plain


def test_dependency_pair_has_every_arc_on_both_sides():
    gold, system, result = _pair("conllx", "conll/demo.gold.conll", "conll/demo.system.conll", 0)
    doc = latex.export_pair(gold, system, result)
    assert_balanced(doc)
    n = len(gold.words)
    arcs = re.findall(r"\\dep(?:edge|root)\[([^\n]*)\]\{(\d+)\}(?:\{(\d+)\})?\{([^}\n]*)\}", doc)
    above = [a for a in arcs if not a[0].startswith("edge below")]
    below = [a for a in arcs if a[0].startswith("edge below")]
    assert len(above) == n and len(below) == n
    # verdict colours: word 2 (SBJ vs OBJ) wrong both, word 8 (TMP vs ADV) wrong label
    by_word = {}
    for options, a, b, label in above:
        by_word[int(b or a)] = (options, label)
    assert by_word[2][0].startswith("edge style={tcvermillion, dashed")
    assert by_word[8][0].startswith("edge style={tcorange, solid")
    assert by_word[9][0].startswith("edge style={tcgrey, dash dot dot")  # punctuation, unscored
    assert "\\deproot[" in doc and doc.count("\\&") == 2 * (n - 1)


def test_dependency_ampersand_form_is_not_a_column():
    from tcompare.model.deps import DepSentence, DepToken

    sent = DepSentence([DepToken("1", "R&D", head="0", deprel="ROOT"), DepToken("2", "x", head="1", deprel="A")])
    doc = latex.dependency_pair(sent, sent, None, standalone=False, with_legend=False)
    assert "R{\\char38}D \\& x" in doc


def test_cli_latex_to_stdout_and_file(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    assert cli_export.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"), "-n", "2"],
                           out, err) == 0
    assert "\\begin{tikzpicture}" in out.getvalue() and "Sentence 2 (evalb)" in out.getvalue()
    target = tmp_path / "s.tex"
    assert cli_export.main([str(DEMO / "conll/demo.gold.conllu"), str(DEMO / "conll/demo.system.conllu"),
                            "-n", "1", "--to", "latex", "-o", str(target), "--body-only"], out, err) == 0
    body = target.read_text(encoding="utf-8")
    assert "\\begin{dependency}" in body and "\\documentclass" not in body
    err = io.StringIO()
    assert cli_export.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"), "-n", "0"],
                           io.StringIO(), err) == 1
    assert "no sentence 0" in err.getvalue()


@pytest.mark.issue(18)
@pytest.mark.parametrize("i", [1, 3])
def test_aligned_export_puts_each_word_in_one_column_headings_above_legend_below(i):
    """The default LaTeX export draws both trees in one picture from the window's geometry:
    a word has the same x in the gold and the system tree, "Gold" and "System" head their
    trees, the legend comes after the picture, and every node wears its verdict."""
    gold, system, result = _pair("evalb", "ptb/gold.mrg", "ptb/system.mrg", i)
    doc = latex.export_pair(gold, system, result, title=f"Sentence {i + 1}")
    assert_balanced(doc)
    picture, after = doc.split("\\end{tikzpicture}", 1)
    words = re.findall(r"\\node\[text height=[^\]]*\] at \(([\d.]+),([\d.]+)\) \{\\itshape ([^}]*)\}", picture)
    gold_y = min(float(y) for _, y, _ in words)
    gold_x = [x for x, y, _ in words if float(y) == gold_y]
    system_x = [x for x, y, _ in words if float(y) != gold_y]
    assert gold_x == system_x and len(gold_x) == len(gold.tokens)      # one column per word
    headings = re.findall(r"\\bfseries\\small\] at \(([\d.]+),([\d.]+)\) \{(Gold|System)\}", picture)
    assert [h[2] for h in headings] == ["Gold", "System"]
    assert float(headings[0][1]) < gold_y < float(headings[1][1])       # each heading above its tree
    assert "\\begin{tabular}" in after                                  # the legend under them
    styles = re.findall(r"\\node\[(tc [a-z ]+), minimum width", picture)
    first = {}
    for item in (*result.gold_items, *result.system_items):
        first.setdefault((item.side, item.kind, item.ref), item.verdict)
    expected = sorted(latex.style_name(first.get((side, "bracket", n.id)))
                      for side, tree in (("gold", gold), ("system", system)) for n in tree.nodes())
    tags = sorted(latex.style_name(first.get((side, "tag", t.index)))
                  for side, tree in (("gold", gold), ("system", system)) for t in tree.tokens)
    assert sorted(styles) == sorted(expected + tags)


@pytest.mark.skipif(shutil.which("xelatex") is None, reason="xelatex not installed")
def test_document_compiles(tmp_path):  # pragma: no cover - needs TeX
    gold, system, result = _pair("evalb", "ptb/gold.mrg", "ptb/system.mrg", 1)
    (tmp_path / "t.tex").write_text(latex.export_pair(gold, system, result), encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "t.tex"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:]
    assert (tmp_path / "t.pdf").stat().st_size > 0


def _cjk_font() -> str | None:
    if shutil.which("fc-list") is None:
        return None
    out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
    names = [line.split(",")[0].strip() for line in out.splitlines() if line.strip()]
    return sorted(names)[0] if names else None


@pytest.mark.issue(18)
@pytest.mark.skipif(shutil.which("xelatex") is None or _cjk_font() is None,
                    reason="xelatex or a CJK font not installed")
def test_chinese_aligned_document_compiles(tmp_path):  # pragma: no cover - needs TeX
    gold, system, result = _pair("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", 1)
    doc = latex.export_pair(gold, system, result, cjk_font=_cjk_font())
    (tmp_path / "zh.tex").write_text(doc, encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "zh.tex"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "Missing character" not in (tmp_path / "zh.log").read_text(errors="replace")
