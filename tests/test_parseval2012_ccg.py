"""CCGbank AUTO derivations scored directly with the ParsEval-2012 metrics (issue 20.4):
lexical categories as SC, derivation constituents (<T> nodes) as LC / ULC.

The expected figures are computed here from the raw AUTO text by an independent reading
(a regex over the node headers, character offsets from the words), not through tcompare's
reader or scorer.
"""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest

from tests.conftest import anchor

_NODE = re.compile(r"\(<(T|L) ([^>]*)>|\)")


def derivations(path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.startswith("(")]


def items(tree: str):
    """(leaves [(start, end, category)], constituents [(category, start, end)]) over char offsets."""
    leaves, constituents, stack = [], [], []
    offset = 0
    for m in _NODE.finditer(tree):
        if m.group(0) == ")":
            if stack:
                kind, cat, start = stack.pop()
                if kind == "T":
                    constituents.append((cat, start, offset))
            continue
        fields = m.group(2).split()
        if m.group(1) == "L":
            word = fields[3]
            leaves.append((offset, offset + len(word), fields[0]))
            offset += len(word)
            stack.append(("L", fields[0], offset - len(word)))
        else:
            stack.append(("T", fields[0], offset))
    return leaves, constituents


def words(tree: str) -> str:
    """The sentence's characters: the leaves' words, concatenated."""
    return "".join(m.group(2).split()[3] for m in _NODE.finditer(tree)
                   if m.group(0) != ")" and m.group(1) == "L")


def expected(gold_path, system_path) -> dict[str, float]:
    c = Counter()
    for g, s in zip(derivations(gold_path), derivations(system_path)):
        gl, gc = items(g)
        sl, sc = items(s)
        if words(g) != words(s) and words(s) != "FAILED":
            # other characters: counted as no parse, the gold items missing (metrics.md §11)
            c["sc_g"] += len(gl)
            c["g"] += len(gc)
            continue
        c["sc_ok"] += sum((Counter(gl) & Counter(sl)).values())
        c["sc_g"] += len(gl)
        c["sc_s"] += len(sl)
        c["lc_ok"] += sum((Counter(gc) & Counter(sc)).values())
        c["ulc_ok"] += sum((Counter(x[1:] for x in gc) & Counter(x[1:] for x in sc)).values())
        c["g"] += len(gc)
        c["s"] += len(sc)

    def f1(ok, g, s):
        p, r = 100.0 * ok / s, 100.0 * ok / g
        return 2 * p * r / (p + r)

    return {"SC_F1": f1(c["sc_ok"], c["sc_g"], c["sc_s"]), "LC_F1": f1(c["lc_ok"], c["g"], c["s"]),
            "ULC_F1": f1(c["ulc_ok"], c["g"], c["s"]), "LC_P": 100.0 * c["lc_ok"] / c["s"],
            "LC_R": 100.0 * c["lc_ok"] / c["g"]}


def run(args: list[str]) -> tuple[int, str, str]:
    from tcompare.cli import generic

    out, err = io.StringIO(), io.StringIO()
    rc = generic.main([str(a) for a in args], "parseval2012", out, err)
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.issue(20)
@pytest.mark.parametrize("gold,system", [
    ("switchboard/test100.auto", "switchboard/test100.depccg.auto"),
    ("geometry/geo-dev.auto", "geometry/geo-dev.depccg_default.auto"),
])
@pytest.mark.parametrize("fmt", [None, "ccgauto"])
def test_ccgauto_scored_with_2012_metrics(gold, system, fmt):
    import json

    g, s = anchor("ccg", gold), anchor("ccg", system)
    args = [g, s, "--output", "json", "--summary-only"] + (["--format", fmt] if fmt else [])
    rc, out, err = run(args)
    assert rc == 0, err
    summary = json.loads(out)["summary"]
    for key, value in expected(g, s).items():
        assert summary[key] == pytest.approx(value, abs=1e-9), key
    assert summary["SC_F1"] > 50      # lexical categories are compared (converting to PTB gave 0)


@pytest.mark.issue(20)
def test_ccgauto_switchboard_figures():
    """The figures the report prints for depccg on the Switchboard sample (100 derivations)."""
    rc, out, _ = run([anchor("ccg", "switchboard/test100.auto"),
                      anchor("ccg", "switchboard/test100.depccg.auto"), "--summary-only"])
    assert rc == 0
    assert "CIPS-SIGHAN-ParsEval-2012 CCG parsing evaluation" in out
    assert "System  87.06%  84.89%  82.17%  83.51%     86.75%  78.68%  76.15%  77.39%" in out


@pytest.mark.issue(20)
def test_ccgbank_gold_against_itself_is_perfect():
    path = anchor("ccg", "ccgbank_gold_sample/wsj_0003.auto")
    rc, out, _ = run([path, path, "--format", "ccgauto", "--summary-only"])
    assert rc == 0 and "System  100.00%  100.00%  100.00%" in out


def test_wrong_notation_message_lists_ccgauto(tmp_path):
    (tmp_path / "a.conllu").write_text("1\ta\ta\tX\tX\t_\t0\troot\t_\t_\n\n")
    rc, _, err = run([tmp_path / "a.conllu", tmp_path / "a.conllu"])
    assert rc == 1 and "ccgauto" in err and "--format" in err


@pytest.mark.issue(20)
def test_evalb_counts_no_bracket_for_a_failed_ccg_derivation(tmp_path):
    """The one-leaf FAILED derivation's stand-in root is the reader's, not the parser's."""
    from tcompare import formats
    from tcompare.scoring import profiles

    failed = tmp_path / "failed.auto"
    failed.write_text("(<L NP XX XX FAILED NP>)\n", encoding="utf-8")
    tree = formats.read_file(str(failed), "ccgauto")[0].item
    profile = profiles.get("evalb")
    result = profile.score(tree, tree, profile.prepare({}), 1)
    assert result.counts["gold_brackets"] == 0 and result.counts["test_brackets"] == 0
