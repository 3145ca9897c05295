"""Kummerfeld error classes (`tcompare.analysis.errors`, `tcompare errors`), issue 16.

Hand-made trees, one per class, with the steps the published analyser takes on them (checked
against it: `test_hand_made_equal_the_analyser` reruns it when TCOMPARE_REFS has it), and the
counts on real parser output equal to the analyser's `.error_counts` from the same run.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis.errors import analyse_corpora, from_text, repair
from tcompare.cli import errors as cli_errors
from tests import refcache
from tests.conftest import ROOT, anchor

REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
ANALYSER = REFS / "kummerfeld" / "berkeley_parse_analyser"

pytestmark = pytest.mark.issue(16)

# (gold, system, [(step type, class, brackets fixed), ...])
ENGLISH = [
    ("(TOP (S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN telescope))))) (. .)))",
     "(TOP (S (NP (PRP I)) (VP (VBD saw) (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN telescope)))) (. .)))",
     [("add", "PP Attachment", 1)]),
    ("(TOP (S (NP (PRP He)) (VP (VBD said) (SBAR (IN that) (S (NP (PRP she)) (VP (VBD left) (NP (NN town)))))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBD said) (SBAR (IN that) (S (NP (PRP she)) (VP (VBD left))))) (NP (NN town)) (. .)))",
     [("move", "NP Attachment", 8)]),
    ("(TOP (S (NP (PRP He)) (VP (VBD ran) (ADVP (RB quickly)) (PP (IN to) (NP (NN school)))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBD ran)) (ADVP (RB quickly)) (PP (IN to) (NP (NN school))) (. .)))",
     [("move", "PP Attachment", 2)]),
    ("(TOP (S (NP (PRP We)) (VP (VBD gave) (NP (DT the) (NN dog)) (NP (DT a) (NN bone))) (. .)))",
     "(TOP (S (NP (PRP We)) (VP (VBD gave) (NP (NP (DT the) (NN dog)) (NP (DT a) (NN bone)))) (. .)))",
     [("remove", "NP Internal Structure", 1)]),
    ("(TOP (S (NP (PRP They)) (VP (MD will) (VP (VB try) (S (VP (TO to) (VP (VB win) (NP (DT the) (NN game))))))) (. .)))",
     "(TOP (S (NP (PRP They)) (VP (MD will) (VP (VB try) (VP (TO to) (VP (VB win) (NP (DT the) (NN game)))))) (. .)))",
     [("add", "Unary", 1)]),
    ("(TOP (S (NP (NP (NNS cats)) (CC and) (NP (NNS dogs))) (VP (VBD slept)) (. .)))",
     "(TOP (S (NP (NNS cats) (CC and) (NNS dogs)) (VP (VBD slept)) (. .)))",
     [("add", "Single Word Phrase", 1), ("add", "Single Word Phrase", 1)]),
    ("(TOP (S (NP (NNS Prices)) (VP (VBD rose) (NP (CD 5) (NN %))) (. .)))",
     "(TOP (S (NP (NNS Prices)) (VP (VBD rose) (NP (NP (CD 5) (NN %)))) (. .)))",
     [("remove", "Unary", 1)]),
    ("(TOP (S (NP (DT the) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .)))",
     "(TOP (S (NP (DT the) (NN company)) (VP (VBD sold) (DT the) (NN unit)) (. .)))",
     [("add", "UNSET add", 1)]),
    ("(TOP (S (NP (DT The) (NN stock)) (VP (VBD fell) (ADJP (JJ sharply) (JJ low))) (. .)))",
     "(TOP (S (NP (DT The) (NN stock)) (VP (VBD fell) (ADVP (JJ sharply) (JJ low))) (. .)))",
     [("relabel", "Different label", 2)]),
    ("(TOP (S (NP (DT the) (NN car) (NN maker)) (VP (VBD said) (NP (NN nothing))) (. .)))",
     "(TOP (S (NP (DT the) (NP (NN car) (NN maker))) (VP (VBD said) (NP (NN nothing))) (. .)))",
     [("remove", "NP Internal Structure", 1)]),
    ("(TOP (S (NP (PRP He)) (VP (VBD said) (SBAR (IN that) (S (NP (PRP she)) (VP (VBD left))))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBD said)) (SBAR (IN that) (S (NP (PRP she)) (VP (VBD left)))) (. .)))",
     [("move", "Clause Attachment", 2)]),
    ("(TOP (S (NP (PRP He)) (VP (VBD ran) (ADVP (RB quickly))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBD ran)) (ADVP (RB quickly)) (. .)))",
     [("move", "Modifier Attachment", 2)]),
    ("(TOP (S (NP (PRP He)) (VP (MD will) (VP (VB go) (NP (NN home)))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (MD will)) (VP (VB go) (NP (NN home))) (. .)))",
     [("move", "VP Attachment", 2)]),
    ("(TOP (S (NP (NP (NNS cats)) (CC and) (NP (NNS dogs))) (VP (VBD slept)) (. .)))",
     "(TOP (S (NP (NP (NNS cats)) (CC and)) (NP (NNS dogs)) (VP (VBD slept)) (. .)))",
     [("move", "Co-ordination", 2)]),
    ("(TOP (S (NP (NNS Prices)) (VP (VBD rose) (NP (NP (CD 5) (NN %)))) (. .)))",
     "(TOP (S (NP (NNS Prices)) (VP (VBD rose) (NP (CD 5) (NN %))) (. .)))",
     [("add", "XoverX Unary", 1)]),
]

CHINESE = [
    ("(ROOT (IP (NP (PN 他)) (VP (VV 跑) (PP (P 到) (NP (NN 学校)))) (PU 。)))",
     "(ROOT (IP (NP (PN 他)) (VP (VV 跑)) (PP (P 到) (NP (NN 学校))) (PU 。)))",
     [("move", "PP Attachment", 2)]),
    ("(ROOT (IP (NP (NP (NN 猫)) (CC 和) (NP (NN 狗))) (VP (VV 睡))))",
     "(ROOT (IP (NP (NP (NN 猫)) (CC 和)) (NP (NN 狗)) (VP (VV 睡))))",
     [("move", "Co-ordination - Incorrectly missing", 2)]),
    ("(ROOT (IP (NP (PN 他)) (VP (VV 跑) (ADVP (AD 快)))))",
     "(ROOT (IP (NP (PN 他)) (VP (VV 跑)) (ADVP (AD 快))))",
     [("move", "Modifier Attachment", 2)]),
    ("(ROOT (IP (NP (PN 他)) (VP (VV 说) (IP (VP (VV 走) (NP (NN 路)))))))",
     "(ROOT (IP (NP (PN 他)) (VP (VV 说) (VP (VV 走) (NP (NN 路))))))",
     [("add", "Unary - IP over VP", 1)]),
    ("(ROOT (IP (NP (NN 经济)) (VP (ADVP (AD 很)) (VP (VA 好)))))",
     "(ROOT (IP (NP (NN 经济)) (ADJP (ADVP (AD 很)) (VP (VA 好)))))",
     [("relabel", "Different label", 2)]),
    ("(ROOT (IP (NP (NP (NR 中国)) (NP (NN 经济))) (VP (VV 发展))))",
     "(ROOT (IP (NP (NR 中国) (NN 经济)) (VP (VV 发展))))",
     [("add", "NP Internal - Single Word Phrase - add", 1),
      ("add", "NP Internal - Single Word Phrase - add - for guidelines", 1)]),
    ("(ROOT (IP (NP (PN 他)) (VP (VV 想) (VP (VV 去) (NP (NR 北京))))))",
     "(ROOT (IP (NP (PN 他)) (VP (VV 想)) (VP (VV 去) (NP (NR 北京)))))",
     [("move", "Verb taking wrong arguments", 2)]),
    ("(ROOT (IP (NP (NP (NN 猫)) (PU 、) (NP (NN 狗))) (VP (VV 睡))))",
     "(ROOT (IP (NP (NP (NN 猫)) (PU 、)) (NP (NN 狗)) (VP (VV 睡))))",
     [("move", "Co-ordination - Incorrectly missing", 2)]),
    ("(ROOT (IP (NP (PN 他)) (VP (VV 看) (NP (NP (NN 人)) (PP (P 用) (NP (NN 望远镜)))))))",
     "(ROOT (IP (NP (PN 他)) (VP (VV 看) (NP (NN 人)) (PP (P 用) (NP (NN 望远镜))))))",
     [("add", "PP Attachment", 1)]),
]


def _steps(cases, language):
    gold = formats.read_text("\n".join(g for g, _, _ in cases) + "\n", "ptb")
    system = formats.read_text("\n".join(s for _, s, _ in cases) + "\n", "ptb")
    report = analyse_corpora(gold, system, language)
    return report, [[(st.kind, st.category, st.fixed) for st in s.steps] for s in report.sentences]


@pytest.mark.parametrize("language,cases", [("english", ENGLISH), ("chinese", CHINESE)])
def test_hand_made_steps(language, cases):
    _, got = _steps(cases, language)
    assert got == [expected for _, _, expected in cases]


def test_every_english_class_is_exercised():
    from tcompare.analysis.errors.classes import ENGLISH_CLASSES

    seen = {cat for _, _, steps in ENGLISH for _, cat, _ in steps}
    assert set(ENGLISH_CLASSES) <= seen


def test_move_step_details():
    """PP moved from S into the VP: moved span, old and new parent, the tree after it."""
    gold, system, _ = ENGLISH[2]
    result = repair(from_text(gold), from_text(system), trees=True)
    (step,) = result.steps
    data = step.to_json()
    assert result.initial_errors == 2
    assert data["moved"] == [{"label": "ADVP", "span": [2, 3]}, {"label": "PP", "span": [3, 5]}]
    assert (data["old_parent"], data["new_parent"], data["fixed"]) == ("S", "VP", 2)
    # punctuation is cleaned away as in EVALB COLLINS.prm
    assert data["tree"] == ("(TOP (S (NP (PRP He)) (VP (VBD ran) (ADVP (RB quickly)) "
                            "(PP (IN to) (NP (NN school))))))")


def test_move_with_collapse_and_added_bracket():
    """A move leaving NP-over-NP collapses it; the step is counted with what it fixed."""
    gold = "(TOP (NP (NP (NNP A) (POS 's)) (JJ big) (NNS cars) (CC and) (NX (NN x) (NNS ys))))"
    system = "(TOP (NP (NP (NP (NNP A) (POS 's)) (JJ big) (NNS cars)) (CC and) (NX (NN x) (NNS ys))))"
    result = repair(from_text(gold), from_text(system))
    assert sum(s.fixed for s in result.steps) == result.initial_errors


def test_skipped_sentences_keep_their_reason():
    gold = formats.read_text("(TOP (S (NP (DT a)) (VP (VB b))))\n(TOP (S (NP (DT a)) (VP (VB b))))\n", "ptb")
    system = formats.read_text("(TOP ())\n(TOP (S (NP (DT a)) (VP (VB b) (NN c))))\n", "ptb")
    report = analyse_corpora(gold, system)
    assert [s.status for s in report.sentences] == ["not-parsed", "length-mismatch"]
    assert report.counts() == []


def test_a_repair_the_search_cannot_apply_leaves_the_sentence_out(tmp_path):
    # WSJ 23 sentence 1805 against the Berkeley parser's output (empty root label): the
    # search asks to remove the root; that sentence is left out with its reason, the next
    # one is still analysed, and the command line prints no traceback
    gold_lines = ["(TOP (FRAG (NP (RB Just) (DT a) (NN coincidence)) (. ?)))",
                  "(TOP (S (NP (DT a)) (VP (VB b))))"]
    system_lines = ["( (FRAG (RB Just) (NP (DT a) (NN coincidence)) (. ?)) )",
                    "(TOP (S (NP (DT a)) (VP (VB b))))"]
    report = analyse_corpora(formats.read_text("\n".join(gold_lines) + "\n", "ptb"),
                             formats.read_text("\n".join(system_lines) + "\n", "ptb"))
    assert [s.status for s in report.sentences] == ["search-failed", "ok"]
    assert "remove the root" in report.sentences[0].message
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text("\n".join(gold_lines) + "\n")
    system.write_text("\n".join(system_lines) + "\n")
    out = io.StringIO()
    assert cli_errors.main([str(gold), str(system)], out=out) == 0
    assert "(left out: repair search failed 1)" in out.getvalue()


def test_cli_text_json_csv(tmp_path):
    gold = tmp_path / "g.mrg"
    system = tmp_path / "s.mrg"
    gold.write_text("\n".join(g for g, _, _ in ENGLISH) + "\n")
    system.write_text("\n".join(s for _, s, _ in ENGLISH) + "\n")
    out = io.StringIO()
    assert cli_errors.main([str(gold), str(system)], out=out) == 0
    lines = out.getvalue().splitlines()
    counts = lines[:lines.index("")]
    assert counts[:2] == ["2 3 PP Attachment", "2 2 Unary"]
    assert counts[-1] == "1 1 UNSET add"
    assert "# sentences: 15, analysed 15" in out.getvalue()
    out = io.StringIO()
    assert cli_errors.main([str(gold), str(system), "--output", "json", "-n", "3"], out=out) == 0
    data = json.loads(out.getvalue())
    (sentence,) = data["sentences"]
    assert sentence["steps"][0]["category"] == "PP Attachment"
    assert sentence["steps"][0]["old_parent"] == "S"
    out = io.StringIO()
    assert cli_errors.main([str(gold), str(system), "--output", "csv", "--steps"], out=out) == 0
    rows = out.getvalue().splitlines()
    assert rows[0].startswith("sentence,step,type,category,brackets")
    assert len(rows) == 1 + sum(len(steps) for _, _, steps in ENGLISH)


def test_cli_rejects_dependency_input(tmp_path):
    path = tmp_path / "a.conllu"
    path.write_text("1\ta\ta\tX\tX\t_\t0\troot\t_\t_\n\n")
    err = io.StringIO()
    assert cli_errors.main([str(path), str(path)], out=io.StringIO(), err=err) == 2
    assert "dependency" in err.getvalue()


# -- against the published analyser -----------------------------------------------------------

def _run_analyser(gold: Path, system: Path, prefix: Path, language: str = "english") -> list[str]:
    if not (ANALYSER / "classify_english.py").exists():
        pytest.skip(f"Kummerfeld analyser not in {ANALYSER} (TCOMPARE_REFS)")
    code = ("import sys; from transform_search import main; "
            f"from classify_{language} import classify; main(sys.argv, classify)")
    counts = Path(str(prefix) + ".error_counts")
    done = refcache.run([sys.executable, "-c", code, str(gold), str(system), str(prefix)],
                        program=ANALYSER, inputs=[gold, system], options=[language],
                        cwd=ANALYSER, refs=REFS, outputs=[counts])
    assert done["returncode"] == 0, done["stderr"][-2000:]
    text = done["files"][counts.name]
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def _ours(gold: Path, system: Path, language: str = "english") -> list[str]:
    report = analyse_corpora(formats.read_file(gold), formats.read_file(system), language)
    return [f"{n} {b} {c}" for n, b, c in report.counts()]


@pytest.mark.parametrize("language,cases", [("english", ENGLISH), ("chinese", CHINESE)])
def test_hand_made_equal_the_analyser(tmp_path, language, cases):
    gold, system = tmp_path / "gold", tmp_path / "system"
    gold.write_text("\n".join(g for g, _, _ in cases) + "\n", encoding="utf-8")
    system.write_text("\n".join(s for _, s, _ in cases) + "\n", encoding="utf-8")
    assert _ours(gold, system, language) == _run_analyser(gold, system, tmp_path / "k", language)


@pytest.mark.anchors
def test_wsj01_thirteen_parsers_equal_the_analyser(tmp_path):
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    gold = folder / "wsj01.mrg"
    for system in sorted(folder.glob("*.mrg")):
        if system.name == "wsj01.mrg":
            continue
        expected = _run_analyser(gold, system, tmp_path / system.stem)
        assert _ours(gold, system) == expected, system.name


@pytest.mark.anchors
def test_wsj01_berkeley_counts():
    """Reference-free: the analyser's counts on the sample it ships (same on every run)."""
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    assert _ours(folder / "wsj01.mrg", folder / "berkeley.mrg") == [
        "5 10 Different label", "3 7 PP Attachment", "3 4 Single Word Phrase",
        "2 3 Modifier Attachment", "2 2 Unary", "1 12 Clause Attachment", "1 3 Co-ordination",
        "1 2 NP Attachment", "1 1 NP Internal Structure"]


@pytest.mark.anchors
@pytest.mark.slow
def test_wsj23_berkeley_equal_the_analyser(tmp_path):
    folder = anchor("evalb", "real", "wsj23_berkeley")
    gold, system = folder / "23.gold", folder / "23.sys_berkeley_top"
    ours = _ours(gold, system)
    assert ours[:3] == ["810 1968 PP Attachment", "549 644 Single Word Phrase", "438 438 Unary"]
    assert ours == _run_analyser(gold, system, tmp_path / "wsj23")


# the analyser's .error_counts on NLTK's WSJ sample (top.gld vs the synthetic perturbed.tst),
# run with python3 on 2026-11-23 (5 minutes; tcompare takes seconds)
NLTK_ANALYSER = """1297 1493 Single Word Phrase
1071 2142 Different label
698 1436 UNSET move
629 811 NP Internal Structure
605 605 Unary
592 592 UNSET add
408 581 PP Attachment
352 562 Clause Attachment
340 573 Modifier Attachment
237 237 UNSET remove
225 461 NP Attachment
127 254 VP Attachment
38 75 Co-ordination
4 4 XoverX Unary""".splitlines()


@pytest.mark.slow
@pytest.mark.anchors
def test_nltk_sample_equals_the_analysers_counts():
    folder = anchor("evalb", "real", "nltk_ptb")
    assert _ours(folder / "wsj_0001-0199.top.gld",
                 folder / "wsj_0001-0199.perturbed.tst") == NLTK_ANALYSER


# -- Chinese at volume: Sinica trees with a seeded perturbation as the "system" --------------
SINICA_LABELS = ['NP', 'VP', 'PP', 'S', 'GP', 'DM', 'V‧的', 'N‧的']


def _sinica_pair(count: int) -> tuple[str, str]:
    """The first ``count`` Sinica sample trees as PTB brackets, and a perturbed copy.

    Perturbations (seeded): move a first / last child up, relabel, remove or add a node --
    the data the analyser's counts in tests/data/kummerfeld_sinica_perturbed.counts came from
    (classify_chinese.py, python3; it crashes at tree 1658, where a POS tag equals an extra
    bracket's label).
    """
    import random

    from tcompare.model.tree import Node

    rng = random.Random(16)

    def to_list(node):
        out = [node.label.category or node.label.raw or 'X']
        for ch in node.children:
            out.append(to_list(ch) if isinstance(ch, Node) else (ch.pos, ch.form))
        return out

    def fmt(t):
        if isinstance(t, tuple):
            return f"({t[0]} {t[1]})"
        return "(" + t[0] + " " + " ".join(fmt(x) for x in t[1:]) + ")"

    def phrases(t, acc, parent=None):
        if isinstance(t, list):
            acc.append((t, parent))
            for x in t[1:]:
                phrases(x, acc, t)
        return acc

    def perturb(t):
        for _ in range(rng.randint(0, 3)):
            t2, parent = rng.choice(phrases(t, []))
            op = rng.random()
            if op < 0.25 and parent is not None:
                if len(t2) > 2:
                    kid = t2.pop()
                    parent.insert(parent.index(t2) + 1, kid)
            elif op < 0.45 and parent is not None:
                if len(t2) > 2:
                    kid = t2.pop(1)
                    parent.insert(parent.index(t2), kid)
            elif op < 0.65:
                t2[0] = rng.choice(SINICA_LABELS)
            elif op < 0.8 and parent is not None:
                i = parent.index(t2)
                parent[i:i + 1] = t2[1:]
            elif len(t2) > 3:
                i = rng.randint(1, len(t2) - 2)
                t2[i:i + 2] = [[rng.choice(SINICA_LABELS), t2[i], t2[i + 1]]]
        return t

    corpus = formats.read_file(anchor("sinica", "parsed"))
    golds, systems = [], []
    for record in corpus:
        if record.error is not None or record.item.root is None:
            continue
        golds.append("(ROOT " + fmt(to_list(record.item.root)) + ")")
        systems.append("(ROOT " + fmt(perturb(to_list(record.item.root))) + ")")
        if len(golds) == count:
            break
    return "\n".join(golds) + "\n", "\n".join(systems) + "\n"


@pytest.mark.anchors
def test_chinese_classes_on_perturbed_sinica_equal_the_analyser():
    gold, system = _sinica_pair(1657)
    report = analyse_corpora(formats.read_text(gold, "ptb"), formats.read_text(system, "ptb"),
                             "chinese")
    expected = (ROOT / "tests" / "data" / "kummerfeld_sinica_perturbed.counts").read_text(
        encoding="utf-8").splitlines()
    assert [f"{n} {b} {c}" for n, b, c in report.counts()] == expected
    assert len(expected) == 55
