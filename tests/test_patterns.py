"""Pattern engine (tcompare.query): tgrep2 relations over our model trees,
dependency arc patterns, rule files and their error reports (issue 6)."""

from textwrap import dedent

import pytest

from conftest import anchor
from tcompare import formats
from tcompare.query import (DepPattern, DepView, PatternError, RuleFileError,
                                        TreePattern, TreeView, load_rules, load_rules_text)

# seed 004, sentence (1), as in resources/phenomena/en_gold.ptb
S1 = "(TOP (S (NP-SBJ (NNP John)) (VP (VBZ gives) (NP (DT a) (NN flower)) (PP-DTV (TO to) (NP (NNP Mary))))))\n"


def ptb(text: str):
    return formats.read_text(text, "ptb")[0].item


@pytest.fixture(scope="module")
def s1():
    return TreeView(ptb(S1))


def roots(pattern: str, view: TreeView) -> list[tuple[str, str, int]]:
    return [(m.root.kind, m.root.raw, m.root.ref) for m in TreePattern(pattern).matches(view)]


@pytest.mark.parametrize("pattern, expected", [
    # label tests: bare names match raw label, category and category-function
    ("NP", [("phrase", "NP-SBJ", 2), ("phrase", "NP", 4), ("phrase", "NP", 6)]),
    ("NP-SBJ", [("phrase", "NP-SBJ", 2)]),
    ("/^PP/", [("phrase", "PP-DTV", 5)]),
    ('"PP-DTV"', [("phrase", "PP-DTV", 5)]),
    ("NNP", [("pos", "NNP", 0), ("pos", "NNP", 5)]),
    ("Mary", [("word", "Mary", 5)]),
    ("__{fn=SBJ}", [("phrase", "NP-SBJ", 2)]),
    ("NP{fn=}", [("phrase", "NP", 4), ("phrase", "NP", 6)]),
    ("!/^[NPVT]/ > S", []),
    # dominance
    ("VP < NP", [("phrase", "VP", 3)]),
    ("NP > VP", [("phrase", "NP", 4)]),
    ("S << Mary", [("phrase", "S", 1)]),
    ("NNP >> PP", [("pos", "NNP", 5)]),
    ("VP <, VBZ", [("phrase", "VP", 3)]),
    ("VP <- PP", [("phrase", "VP", 3)]),
    ("VP <' PP", [("phrase", "VP", 3)]),
    ("VP <2 NP", [("phrase", "VP", 3)]),
    ("VP <-1 PP", [("phrase", "VP", 3)]),
    ("NP >2 VP", [("phrase", "NP", 4)]),
    ("NP <: NNP", [("phrase", "NP-SBJ", 2), ("phrase", "NP", 6)]),
    ("NP <<: John", [("phrase", "NP-SBJ", 2)]),
    ("S <<, John", [("phrase", "S", 1)]),
    ("S <<' Mary", [("phrase", "S", 1)]),
    # precedence and sisters
    ("VBZ . (NP < DT)", [("pos", "VBZ", 1)]),
    ("NP .. PP", [("phrase", "NP-SBJ", 2), ("phrase", "NP", 4)]),
    ("PP , NP", [("phrase", "PP-DTV", 5)]),
    ("DT ,, VBZ", [("pos", "DT", 2)]),
    ("NP $ VP", [("phrase", "NP-SBJ", 2)]),
    ("VBZ $. NP", [("pos", "VBZ", 1)]),
    ("PP $, NP", [("phrase", "PP-DTV", 5)]),
    ("VBZ $.. PP", [("pos", "VBZ", 1)]),
    ("PP $,, VBZ", [("phrase", "PP-DTV", 5)]),
    # negation, disjunction, grouping, named nodes
    ("NP !< DT !> PP", [("phrase", "NP-SBJ", 2)]),
    ("NP [< DT | > PP]", [("phrase", "NP", 4), ("phrase", "NP", 6)]),
    ("NP ![< DT | > PP]", [("phrase", "NP-SBJ", 2)]),
    ("VP < (/^VB/ $. (NP $. PP-DTV))", [("phrase", "VP", 3)]),
    ("S < NP=subj < (VP << =subj)", []),
    ("S < (NP=x < NNP) & < (VP < (PP < =x))", []),
    ("VP < (NP=o . PP=p) < =p", [("phrase", "VP", 3)]),
    ("TOP !> __", [("phrase", "TOP", 0)]),
])
def test_relations(s1, pattern, expected):
    assert roots(pattern, s1) == expected


def test_match_reports_every_node_for_highlighting(s1):
    (match,) = TreePattern("VP < (/^VB/ $. (NP $. PP-DTV))").matches(s1)
    assert [(h.kind, h.ref) for h in match.hits] == [("phrase", 3), ("pos", 1), ("phrase", 4),
                                                     ("phrase", 5)]


def test_label_parts_of_other_notations():
    sinica = formats.read_text(
        "#1:1.[0] S(agent:NP(Head:Nhaa:我們)|theme:PP(Head:P07:把|DUMMY:NP(Head:Nac:文字))|Head:VC33:寫)#。(PERIODCATEGORY)\n",
        "sinica")[0].item
    view = TreeView(sinica)
    assert roots("__{role=theme} < (P07 < 把)", view) == [("phrase", "PP", 2)]
    assert roots("S < __{role=Head, pos=/^VC/}", view) == [("phrase", "S", 0)]
    assert roots("NP{role=agent} $.. PP{role=theme}", view) == [("phrase", "NP", 1)]
    tct = formats.read_text("[zj-XX [dj-ZW [np-LH 我/rN 和/c 他/rN ] [vp-1 去/v 北京/nS ] ] 。/wE ]\n",
                            "tct")[0].item
    view = TreeView(tct)
    assert roots("__{fn=LH}", view) == [("phrase", "np-LH", 2)]
    assert roots("dj-ZW < np", view) == [("phrase", "dj-ZW", 1)]
    # head positions (vp-1: the second child is the head) are exposed as head=yes
    assert roots("vp < __{head=yes}", view) == [("phrase", "vp-1", 3)]
    assert [m.root.raw for m in TreePattern("__{head=yes}").matches(view)] == ["nS"]


@pytest.mark.parametrize("pattern, column, message", [
    ("VP <> NP", 4, "unknown relation '<>'"),
    ("VP < (NP < DT", 6, "unbalanced '(' (missing ')')"),
    ("VP < NP)", 8, "unbalanced ')'"),
    ("VP [< NP | < PP", 4, "unbalanced '[' (missing ']')"),
    ("VP < /(/", 6, "bad regular expression"),
    ("VP < /NP", 6, "unterminated regular expression"),
    ("NP{colour=red}", 4, "unknown label part 'colour'"),
    ("VP <", 5, "expected a node"),
    ("=x < NP", 1, "node name '=x' is used but never defined"),
    ("", 1, "empty pattern"),
])
def test_pattern_errors_carry_the_column(pattern, column, message):
    with pytest.raises(PatternError) as info:
        TreePattern(pattern)
    assert info.value.column == column
    assert message in info.value.message


CONLLU = dedent("""\
    # text = 我把书放在桌子上
    1\t我\t我\tPRON\tPN\t_\t4\tnsubj\t_\t_
    2\t把\t把\tADP\tBB\t_\t3\tcase\t_\t_
    3\t书\t书\tNOUN\tNN\t_\t4\tobl:patient\t_\t_
    4\t放\t放\tVERB\tVV\t_\t0\troot\t_\t_
    5\t在\t在\tVERB\tVV\t_\t4\tmark\t_\t_
    6\t桌子\t桌子\tNOUN\tNN\t_\t4\tobl\t_\t_

""")


@pytest.fixture(scope="module")
def dep():
    return DepView(formats.read_text(CONLLU, "conllu")[0].item)


@pytest.mark.parametrize("pattern, roots_, arcs", [
    ("VERB", [3, 4], [[], []]),
    ("NN", [2, 5], [[], []]),
    ("*{form=把}", [1], [[]]),
    ("VERB -obl-> NOUN", [3], [[(3, 2)]]),            # obl matches obl:patient
    ("VERB -obl:patient-> *", [3], [[(3, 2)]]),
    ("VERB -obl->R NOUN", [3], [[(3, 5)]]),            # dependent right of its head
    ("VERB -obl->L NOUN", [3], [[(3, 2)]]),
    ("NOUN <-obl- VERB", [2, 5], [[(3, 2)], [(3, 5)]]),
    ("VERB -obl-> * -case-> *{form=/^(把|將)$/}", [3], [[(3, 2), (2, 1)]]),
    ("* <-nsubj- VERB -obl-> NOUN", [0], [[(3, 0), (3, 2)]]),
    ("VERB !-nsubj-> *", [4], [[]]),
    ("VERB -obj|/^obl/-> NOUN", [3], [[(3, 2)]]),
    ("!NOUN|VERB", [0, 1], [[], []]),
])
def test_dependency_patterns(dep, pattern, roots_, arcs):
    found = list(DepPattern(pattern, ud=True).matches(dep))
    assert [m.root.index for m in found] == roots_
    assert [m.arcs for m in found] == arcs


@pytest.mark.parametrize("pattern, column, message", [
    ("VERB -objj-> NOUN", 7, "unknown relation 'objj'"),
    ("VERB -obj> NOUN", 10, "expected '->'"),
    ("VERB -obj->", 12, "expected a token after the arc"),
    ("VERB !-obj-> * -nsubj-> *", 16, "a negated arc must be the last arc"),
    ("A -obj-> B -obj-> C -obj-> D", 21, "at most two arcs"),
    ("-obj-> NOUN", 1, "expected a token"),
])
def test_dependency_pattern_errors(pattern, column, message):
    with pytest.raises(PatternError) as info:
        DepPattern(pattern, ud=True)
    assert info.value.column == column
    assert message in info.value.message


def test_non_ud_relations_are_fine_outside_conllu():
    assert DepPattern("* -OO-> *", ud=False).text == "* -OO-> *"


GOOD = dedent("""\
    version = "0.1"
    description = "test rules"

    [phenomena."proper noun"]
    description = "NNP"
    ptb = ['NNP']
    conllu = ['PROPN']

    [phenomena."ditransitive"]
    "ptb,tct2012" = [
      'VP < (/^VB/ $. (NP $. NP))',
      'VP < /^VB/ < NP < /^PP-DTV/',
    ]
""")


def test_rule_file_loads_and_recognises():
    rules = load_rules_text(GOOD, "good.toml")
    assert rules.version == "0.1" and rules.description == "test rules"
    assert rules.names == ["proper noun", "ditransitive"]
    assert rules.covered_notations() == ["ptb", "tct2012", "conllu"]
    assert len(rules.rules[1].patterns["tct2012"]) == 2
    tree = ptb(S1)
    assert rules.recognise(tree, "ptb") == ["proper noun", "ditransitive"]
    (first, second) = rules.explain(tree, "ptb")
    assert (first.name, first.pattern_index, [m.tokens for m in first.matches]) == \
        ("proper noun", 0, [[0], [5]])
    assert (second.name, second.pattern_index, second.matches[0].nodes) == ("ditransitive", 1, [3, 4, 5])
    assert rules.recognise(None, "ptb") == []


BAD = dedent("""\
    version = "0.1"
    description = "broken rules"

    [phenomena."proper noun"]
    ptb = ['NNP <> NP']

    [phenomena."passive"]
    ptb = [
      'VP < (VBN',
    ]
    klingon = ['VP']

    [phenomena."ba"]
    conllu = ['VERB -objj-> NOUN']
""")


def test_rule_file_errors_name_file_line_and_column():
    with pytest.raises(RuleFileError) as info:
        load_rules_text(BAD, "bad.toml")
    problems = [(p.path, p.line, p.column) for p in info.value.problems]
    assert problems == [("bad.toml", 5, 13), ("bad.toml", 9, 9), ("bad.toml", 11, 0),
                        ("bad.toml", 14, 18)]
    text = str(info.value)
    assert "bad.toml:5:13: phenomenon 'proper noun', ptb pattern: unknown relation '<>'" in text
    assert "bad.toml:9:9: phenomenon 'passive', ptb pattern: unbalanced '(' (missing ')')" in text
    assert "bad.toml:11: phenomenon 'passive': unknown notation 'klingon'" in text
    assert "unknown relation 'objj' (not a UD relation)" in text


def test_rule_file_toml_syntax_and_missing_keys(tmp_path):
    with pytest.raises(RuleFileError) as info:
        load_rules_text('version = "1"\ndescription = "x"\n[phenomena."a"\nptb = ["NP"]\n', "x.toml")
    (problem,) = info.value.problems
    assert problem.line == 3 and "not valid TOML" in problem.message
    with pytest.raises(RuleFileError) as info:
        load_rules_text('[phenomena."a"]\nptb = ["NP"]\n', "y.toml")
    assert [p.message for p in info.value.problems] == ["missing top-level key 'version'",
                                                        "missing top-level key 'description'"]
    with pytest.raises(RuleFileError) as info:
        load_rules(tmp_path / "absent.toml")
    assert "cannot read rule file" in str(info.value)


@pytest.mark.anchors
def test_wsj_trees_do_not_crash_and_match_like_a_scan():
    """Every NP in real WSJ trees is found, and only NPs (checked against the labels)."""
    corpus = formats.read_file(anchor("evalb", "sample.gld"))
    pattern = TreePattern("NP")
    for record in corpus:
        if record.item is None or record.item.root is None:
            continue
        view = TreeView(record.item)
        expected = [n.id for n in record.item.nodes() if n.label.category == "NP"]
        assert [m.root.ref for m in pattern.matches(view) if m.root.kind == "phrase"] == expected


# -- robustness: any text either compiles or raises PatternError, never anything else ------
from hypothesis import given, settings, strategies as st  # noqa: E402

PIECES = st.sampled_from(["NP", "VP", "__", "/^V/", '"PRP$"', "(", ")", "[", "]", "|", "!", "&",
                          "<", ">", "<<", ">>", "<,", "<-", "<2", ">-1", ".", "..", ",", "$",
                          "$.", "$,,", "<<:", "=x", "{fn=SBJ}", "{", "}", "/(/", " ", "<>", "-"])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=12))
def test_tgrep_never_crashes(pieces):
    text = " ".join(pieces)
    try:
        pattern = TreePattern(text)
    except PatternError as exc:
        assert 0 <= exc.column <= len(text) + 1
        return
    list(pattern.matches(TreeView(ptb(S1))))


DEP_PIECES = st.sampled_from(["VERB", "NOUN", "*", "!", "-obj->", "<-nsubj-", "-obl->R", "-x->",
                              "{form=把}", "/re/", "|", "-", "->", "<-", "{", "aux:pass"])


@settings(max_examples=300, deadline=None)
@given(st.lists(DEP_PIECES, max_size=8))
def test_dependency_patterns_never_crash(pieces):
    text = " ".join(pieces)
    try:
        pattern = DepPattern(text, ud=True)
    except PatternError as exc:
        assert 0 <= exc.column <= len(text) + 1
        return
    list(pattern.matches(DepView(formats.read_text(CONLLU, "conllu")[0].item)))


def test_search_corpus_for_the_gui():
    from conftest import RESOURCES
    from tcompare.query.search import search_corpus

    corpus = formats.read_file(RESOURCES / "phenomena" / "en_gold.ptb")
    hits = list(search_corpus(corpus, "PP < TO"))
    assert [(h.index, [m.root for m in h.matches]) for h in hits] == [(1, [5]), (6, [4])]
    assert hits[0].matches[0].tokens == [4]
    with pytest.raises(PatternError):
        list(search_corpus(corpus, "PP <> TO"))
    deps = formats.read_text(CONLLU, "conllu")
    (hit,) = search_corpus(deps, "VERB -obl:patient-> NOUN")
    assert (hit.index, hit.matches[0].arcs) == (1, [(3, 2)])
