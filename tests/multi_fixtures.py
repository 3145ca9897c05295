"""Gold and two system files for the several-systems tests, made from the demo PTB corpus
by moving brackets by hand (so every figure below can be counted on paper).

EVALB (COLLINS.prm: TOP and punctuation deleted) on these three sentences:

* sentence 1 "The cat sat on the mat ." -- gold brackets S, NP, VP, PP, NP(the mat) = 5.
  A drops NP(the mat): 4 brackets, all matched: R 80, P 100, F1 88.89.  B = gold: F1 100.
* sentence 2 "The boy ate the cake on the table ." -- gold S, NP, VP, NP(the cake on the
  table), NP(the cake), PP, NP(the table) = 7.  A = gold: 100.  B attaches the PP to the
  verb (no NP over "the cake on the table"): 6 brackets, all matched: R 6/7, P 100,
  F1 12/13 = 92.31.
* sentence 3 "She looked very happy ." -- S, NP, VP, ADJP = 4; A = B = gold.
"""

from __future__ import annotations

from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo" / "ptb"

GOLD_1 = "(PP (IN on) (NP (DT the) (NN mat)))"
A_1 = "(PP (IN on) (DT the) (NN mat))"
GOLD_2 = "(VP (VBD ate) (NP (NP (DT the) (NN cake)) (PP (IN on) (NP (DT the) (NN table)))))"
B_2 = "(VP (VBD ate) (NP (DT the) (NN cake)) (PP (IN on) (NP (DT the) (NN table))))"


def write_three(folder: Path, sentences: int = 3) -> tuple[Path, Path, Path]:
    """gold.mrg, a.mrg, b.mrg (the first `sentences` demo sentences) in `folder`."""
    lines = (DEMO / "gold.mrg").read_text(encoding="utf-8").splitlines()[:sentences]
    assert GOLD_1 in lines[0] and GOLD_2 in lines[1]
    a = [lines[0].replace(GOLD_1, A_1), *lines[1:]]
    b = [lines[0], lines[1].replace(GOLD_2, B_2), *lines[2:]]
    paths = folder / "gold.mrg", folder / "a.mrg", folder / "b.mrg"
    for path, text in zip(paths, (lines, a, b)):
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return paths
