"""The ``conll18`` profile against the official CoNLL 2018 scorer ``conll18_ud_eval.py``.

Three kinds of tests:

* byte identity with the official script (stdout, the last line(s) of its stderr, exit
  status) on its own test files, on the zh_gsd anchors and on generated UD pairs (merged and
  split words, multiword tokens, joined and split sentences, subtype, lemma, feature, head
  errors) and on every refusal.  The script is found through ``TCOMPARE_REFS`` (default
  ``../refs``: ``conll18/evaluation_script/conll18_ud_eval.py``); these tests skip cleanly
  without it.  The generated pairs go through one driver process that imports the script
  and calls its own ``evaluate``/``build_evaluation_table`` (what its ``main`` prints);
  the refusals and the anchors run the script itself.
* exact numbers worked out by hand on tiny inputs (no reference needed);
* the JSON/CSV shape: per-pair counts add up to the file's, alignment, 0/0 flags.
"""

from __future__ import annotations

import functools
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare.entry import main as cli_main
from tcompare.scoring.conll18 import profile as conll18

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SCRIPT_DIR = REFS / "conll18" / "evaluation_script"
SCRIPT = SCRIPT_DIR / "conll18_ud_eval.py"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
ZH_GSD = ANCHORS / "conllu" / "zh_gsd-ud-test.conllu"

needs_ref = pytest.mark.skipif(not SCRIPT.exists(), reason=f"reference scorer absent: {SCRIPT}")
FLAGS = ([], ["-v"], ["-c"])


# ------------------------------------------------------------------ running both scorers

def run_ours(gold: Path, system: Path, flags: list[str]) -> tuple[str, str, int]:
    out, err = io.StringIO(), io.StringIO()
    from tcompare.cli import score_conll18

    code = score_conll18.main([*flags, str(gold), str(system)], "conll18", out, err)
    return out.getvalue(), err.getvalue(), code


def run_official(gold: Path, system: Path, flags: list[str]) -> tuple[str, str, int]:
    proc = subprocess.run([sys.executable, str(SCRIPT), *flags, str(gold), str(system)],
                          capture_output=True, text=True, encoding="utf-8",
                          errors="backslashreplace")
    return proc.stdout, proc.stderr, proc.returncode


def assert_same(gold: Path, system: Path, flags: list[str]) -> tuple[str, str, int]:
    ours = run_ours(gold, system, flags)
    ref = run_official(gold, system, flags)
    assert ours[0] == ref[0], f"stdout differs for {flags} {gold.name} {system.name}"
    assert ours[2] == ref[2]
    if ref[1]:
        n = ours[1].count("\n")
        assert n >= 1, f"official stderr: {ref[1]!r}, ours empty"
        assert ours[1] == "".join(ref[1].splitlines(keepends=True)[-n:])
    else:
        assert ours[1] == ""
    return ours


DRIVER = r'''
import io, json, sys
sys.path.insert(0, sys.argv[1])
import conll18_ud_eval as ud
out = []
for gold, system in json.load(sys.stdin):
    try:
        ev = ud.evaluate(ud.load_conllu(io.StringIO(gold, newline=None)),
                         ud.load_conllu(io.StringIO(system, newline=None)))
        out.append([[ud.build_evaluation_table(ev, v, c) + "\n", ""]
                    for v, c in ((False, False), (True, False), (False, True))])
    except Exception as exc:
        out.append([["", "%s: %s" % (type(exc).__name__, exc)]] * 3)
json.dump(out, sys.stdout)
'''
FLAG_POSITION = {(): 0, ("-v",): 1, ("-c",): 2}


def official_batch(cases: list[tuple[str, str, list[str]]]) -> list[tuple[str, str]]:
    """The official evaluate + build_evaluation_table (what its main prints) on each case;
    a failure gives the last traceback line.  Each distinct pair is evaluated once."""
    pairs = list(dict.fromkeys((g, s) for g, s, _ in cases))
    proc = subprocess.run([sys.executable, "-c", DRIVER, str(SCRIPT_DIR)], input=json.dumps(pairs),
                          capture_output=True, text=True, check=True)
    tables = dict(zip(pairs, json.loads(proc.stdout)))
    return [tuple(tables[(g, s)][FLAG_POSITION[tuple(f)]]) for g, s, f in cases]


def ours_text(gold: str, system: str, flags: list[str]) -> tuple[str, str]:
    try:
        ev = conll18.evaluate(conll18.load_conllu_text(conll18.universal_newlines(gold)),
                              conll18.load_conllu_text(conll18.universal_newlines(system)))
    except conll18.Conll18Error as exc:
        return "", exc.official_line()
    return conll18.format_table(ev.metrics, "-v" in flags, "-c" in flags) + "\n", ""


# ------------------------------------------------------------------ a small UD model for generating pairs

def parse_blocks(text: str) -> list[dict]:
    """CoNLL-U -> sentences {"comments", "words": [[10 columns], head as int], "mwt":
    [(first, last, form)]} (word indices 0-based, head -1 = root)."""
    sentences = []
    for block in text.strip("\n").split("\n\n"):
        sent = {"comments": [], "words": [], "mwt": []}
        for line in block.split("\n"):
            if line.startswith("#"):
                sent["comments"].append(line)
                continue
            cols = line.split("\t")
            if "-" in cols[0]:
                a, b = map(int, cols[0].split("-"))
                sent["mwt"].append((a - 1, b - 1, cols[1]))
            elif "." not in cols[0]:
                cols[6] = int(cols[6]) - 1
                sent["words"].append(cols)
        sentences.append(sent)
    return sentences


def write_blocks(sentences: list[dict]) -> str:
    lines = []
    for sent in sentences:
        lines.extend(sent["comments"])
        starts = {a: (b, form) for a, b, form in sent["mwt"]}
        for i, cols in enumerate(sent["words"]):
            if i in starts:
                b, form = starts[i]
                lines.append(f"{i + 1}-{b + 1}\t{form}\t_\t_\t_\t_\t_\t_\t_\t_")
            row = list(cols)
            row[0], row[6] = str(i + 1), str(cols[6] + 1)
            lines.append("\t".join(row))
        lines.append("")
    return "\n".join(lines) + "\n"


def _copy(sentences):
    return [{"comments": list(s["comments"]), "words": [list(w) for w in s["words"]],
             "mwt": list(s["mwt"])} for s in sentences]


def _in_mwt(sent, i):
    return any(a <= i <= b for a, b, _ in sent["mwt"])


def _remove_word(sent, j, new_parent):
    """Delete word j; its children attach to new_parent (index before deletion)."""
    words = sent["words"]
    for w in words:
        if w[6] == j:
            w[6] = new_parent
    del words[j]
    for w in words:
        if w[6] > j:
            w[6] -= 1
    sent["mwt"] = [(a - (a > j), b - (b >= j), f) for a, b, f in sent["mwt"]]


def merge_words(sent, rng):
    """Words i, i+1 become one word (the system tokenised less)."""
    cands = [i for i in range(len(sent["words"]) - 1)
             if not _in_mwt(sent, i) and not _in_mwt(sent, i + 1)]
    if not cands:
        return False
    i = rng.choice(cands)
    words = sent["words"]
    first, second = words[i], words[i + 1]
    first[1] += second[1]
    first[2] = first[2] + second[2] if first[2] != "_" else "_"
    # the merged word hangs where the higher of the two hung (no cycle, one root)
    h = first[6]
    while h >= 0 and h != i + 1:
        h = words[h][6]
    if h == i + 1:
        first[6], first[7] = second[6], second[7]
    _remove_word(sent, i + 1, i)
    return True


def split_word(sent, rng):
    """A word of 2+ characters becomes two (the second attached to the first by flat)."""
    cands = [i for i, w in enumerate(sent["words"]) if len(w[1]) > 1 and not _in_mwt(sent, i)]
    if not cands:
        return False
    i = rng.choice(cands)
    words = sent["words"]
    w = words[i]
    cut = rng.randrange(1, len(w[1]))
    new = list(w)
    new[1], w[1] = w[1][cut:], w[1][:cut]
    new[2] = "_"
    new[7] = "flat"
    for x in words:
        if x[6] > i:
            x[6] += 1
    new[6] = i
    words.insert(i + 1, new)
    sent["mwt"] = [(a + (a > i), b + (b >= i), f) for a, b, f in sent["mwt"]]
    return True


def make_mwt(sent, rng, change_form=False):
    """Words i..i+k-1 become the words of one multiword token (forms concatenated)."""
    n = len(sent["words"])
    k = rng.choice((2, 2, 3))
    cands = [i for i in range(n - k + 1) if not any(_in_mwt(sent, j) for j in range(i, i + k))]
    if not cands:
        return False
    i = rng.choice(cands)
    form = "".join(sent["words"][j][1] for j in range(i, i + k))
    sent["mwt"].append((i, i + k - 1, form))
    sent["mwt"].sort()
    if change_form:
        w = sent["words"][rng.randrange(i, i + k)]
        w[1] = rng.choice((w[1].upper() + "x", w[1][:1], "了"))
    return True


def relabel(sent, rng):
    w = rng.choice(sent["words"])
    w[7] = rng.choice(("acl:relcl", "acl", "nsubj:pass", "nsubj", "case", "det", "obl:tmod",
                       "punct", "cc", "aux"))
    return True


def rehead(sent, rng):
    words = sent["words"]
    root = next(i for i, w in enumerate(words) if w[6] == -1)
    cands = [i for i in range(len(words)) if i != root]
    if not cands:
        return False
    words[rng.choice(cands)][6] = root
    return True


def relemma(sent, rng):
    w = rng.choice(sent["words"])
    w[2] = rng.choice(("_", w[2] + "x", w[1]))
    return True


def refeat(sent, rng):
    w = rng.choice(sent["words"])
    w[5] = rng.choice(("_", "Number=Plur", "Foo=Bar", "Number=Sing|Case=Nom", "Case=Nom|Number=Sing",
                       "Aspect=Perf|Foo=1", "NumType=Card"))
    return True


def retag(sent, rng):
    w = rng.choice(sent["words"])
    if rng.random() < 0.5:
        w[3] = rng.choice(("NOUN", "VERB", "PART", "PUNCT"))
    else:
        w[4] = rng.choice(("NN", "VV", "DEC"))
    return True


def join_sentences(sentences, rng):
    """Sentences i and i+1 become one (the second's root attached to the first's)."""
    if len(sentences) < 2:
        return False
    i = rng.randrange(len(sentences) - 1)
    a, b = sentences[i], sentences[i + 1]
    off = len(a["words"])
    root_a = next(j for j, w in enumerate(a["words"]) if w[6] == -1)
    for w in b["words"]:
        w[6] = root_a if w[6] == -1 else w[6] + off
        if w[6] == root_a and w[7] == "root":
            w[7] = "parataxis"
    a["words"].extend(b["words"])
    a["mwt"].extend((x + off, y + off, f) for x, y, f in b["mwt"])
    del sentences[i + 1]
    return True


def split_sentence(sentences, rng):
    """Sentence i is cut in two; words whose head falls on the other side attach to their
    part's new root."""
    cands = [i for i, s in enumerate(sentences) if len(s["words"]) > 3]
    if not cands:
        return False
    i = rng.choice(cands)
    s = sentences[i]
    n = len(s["words"])
    mwt_inside = {j for a, b, _ in s["mwt"] for j in range(a + 1, b + 1)}
    cuts = [c for c in range(1, n) if c not in mwt_inside]
    if not cuts:
        return False
    cut = rng.choice(cuts)
    parts = []
    for lo, hi in ((0, cut), (cut, n)):
        words = [list(w) for w in s["words"][lo:hi]]
        new_root = None
        for j, w in enumerate(words):
            h = w[6]
            if h == -1 or not lo <= h < hi:
                if new_root is None:
                    new_root = j
                    w[6], w[7] = -1, "root"
                else:
                    w[6] = new_root
            else:
                w[6] = h - lo
        mwt = [(a - lo, b - lo, f) for a, b, f in s["mwt"] if lo <= a < hi]
        parts.append({"comments": [], "words": words, "mwt": mwt})
    parts[0]["comments"] = s["comments"]
    sentences[i:i + 1] = parts
    return True


WORD_EDITS = {"merge": merge_words, "split": split_word, "mwt": make_mwt,
              "mwt_form": lambda s, r: make_mwt(s, r, change_form=True), "relabel": relabel,
              "rehead": rehead, "lemma": relemma, "feats": refeat, "tags": retag}
SENTENCE_EDITS = {"join": join_sentences, "split_sentence": split_sentence}


def perturb(sentences, rng, edits: dict[str, int]) -> list[dict]:
    out = _copy(sentences)
    for name, count in edits.items():
        for _ in range(count):
            if name in SENTENCE_EDITS:
                SENTENCE_EDITS[name](out, rng)
            else:
                WORD_EDITS[name](rng.choice(out), rng)
    return out


@functools.lru_cache(maxsize=1)
def _zh_blocks() -> tuple:
    return tuple(parse_blocks(ZH_GSD.read_text(encoding="utf-8")))


def zh_sentences(n: int) -> list[dict]:
    if not ZH_GSD.exists():
        pytest.skip(f"anchor not available: {ZH_GSD}")
    return _copy(_zh_blocks()[:n])


GENERATED = {
    # name: (edits on the gold copy, edits on the system copy)
    "merged_words": ({}, {"merge": 12}),
    "split_words": ({}, {"split": 12}),
    "merged_and_split": ({"split": 5}, {"merge": 8, "split": 8}),
    "mwt_system": ({}, {"mwt": 10}),
    "mwt_gold": ({"mwt": 10}, {}),
    "mwt_both": ({"mwt": 8}, {"mwt": 8, "merge": 4}),
    "mwt_forms": ({"mwt_form": 8}, {"mwt": 6, "mwt_form": 6, "split": 4}),
    "joined_sentences": ({}, {"join": 6}),
    "split_sentences": ({}, {"split_sentence": 6}),
    "joined_and_split": ({"join": 2}, {"split_sentence": 4, "join": 4}),
    "subtypes": ({}, {"relabel": 25}),
    "lemmas": ({"lemma": 10}, {"lemma": 20}),
    "features": ({"feats": 10}, {"feats": 20}),
    "heads_and_tags": ({}, {"rehead": 15, "tags": 15, "relabel": 10}),
    "everything": ({"mwt": 5, "lemma": 5}, {"merge": 6, "split": 6, "mwt_form": 5, "join": 3,
                                            "split_sentence": 3, "relabel": 10, "rehead": 10,
                                            "lemma": 10, "feats": 10, "tags": 10}),
}


@functools.lru_cache(maxsize=None)
def generated_pair(name: str, seed: int = 0, n: int = 120) -> tuple[str, str]:
    rng = random.Random(f"{name}-{seed}")
    base = zh_sentences(n)
    gold_edits, system_edits = GENERATED[name]
    return (write_blocks(perturb(base, rng, gold_edits)),
            write_blocks(perturb(base, rng, system_edits)))


# ------------------------------------------------------------------ byte identity with the official script

OFFICIAL_TESTS = [("gold", "sys1"), ("gold", "sys2"), ("gold", "sys-space"), ("case-gold", "case-sys"),
                  ("func-gold", "func-sys")]


@needs_ref
@pytest.mark.parametrize("flags", FLAGS, ids=["default", "v", "c"])
@pytest.mark.parametrize("gold,system", OFFICIAL_TESTS, ids=[s for _, s in OFFICIAL_TESTS])
def test_official_test_files(gold, system, flags):
    tests = SCRIPT_DIR / "tests"
    out, _, code = assert_same(tests / f"{gold}.conllu", tests / f"{system}.conllu", flags)
    assert code == 0


@needs_ref
def test_official_expected_results_files():
    """The script's own expected outputs (tests/*-expected.results are -v tables)."""
    tests = SCRIPT_DIR / "tests"
    for name, gold in (("sys1", "gold"), ("sys2", "gold"), ("sys-space", "gold"), ("case", "case-gold")):
        expected = (tests / f"{name}-expected.results").read_text(encoding="utf-8")
        sysname = "case-sys" if name == "case" else name
        out, _, _ = run_ours(tests / f"{gold}.conllu", tests / f"{sysname}.conllu", ["-v"])
        assert out.strip("\n") == expected.strip("\n")
    expected = (tests / "func-expected.counts").read_text(encoding="utf-8")
    out, _, _ = run_ours(tests / "func-gold.conllu", tests / "func-sys.conllu", ["-c"])
    assert out.strip("\n") == expected.strip("\n")


@needs_ref
@pytest.mark.parametrize("flags", FLAGS, ids=["default", "v", "c"])
def test_zh_gsd_anchor_against_itself(flags):
    path = ZH_GSD if ZH_GSD.exists() else pytest.skip("zh_gsd anchor absent")
    assert_same(path, path, flags)


@needs_ref
def test_zh_gsd_traditional_vs_simplified_refused():
    gsd, simp = ZH_GSD, ZH_GSD.with_name("zh_gsdsimp-ud-test.conllu")
    if not simp.exists():
        pytest.skip("zh_gsdsimp anchor absent")
    _, err, code = assert_same(gsd, simp, [])
    assert code == 1 and err.startswith("UDError: The concatenation of tokens")
    assert "First 20 differing characters in gold file: '這樣的處理" in err


@pytest.fixture(scope="module")
def generated_official():
    """Every generated pair with every flag set, scored by the official code in one process."""
    if not SCRIPT.exists():
        pytest.skip(f"reference scorer absent: {SCRIPT}")
    cases = [(name, *generated_pair(name), flags) for name in GENERATED for flags in FLAGS]
    results = official_batch([(g, s, f) for _, g, s, f in cases])
    return {(name, tuple(f)): (g, s, r) for (name, g, s, f), r in zip(cases, results)}


@needs_ref
@pytest.mark.parametrize("flags", FLAGS, ids=["default", "v", "c"])
@pytest.mark.parametrize("name", list(GENERATED))
def test_generated_pairs(generated_official, name, flags):
    gold, system, expected = generated_official[(name, tuple(flags))]
    assert ours_text(gold, system, flags) == expected


@needs_ref
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_pairs_more_seeds(seed):
    cases = [(*generated_pair(name, seed), flags) for name in GENERATED for flags in FLAGS]
    for (g, s, f), expected in zip(cases, official_batch(cases)):
        assert ours_text(g, s, f) == expected


@needs_ref
@pytest.mark.parametrize("name", ["merged_words", "mwt_forms", "joined_and_split", "everything"])
def test_generated_pairs_through_the_script(tmp_path, name):
    """The same generated files through the script itself (its main, exit status, stderr)."""
    gold, system = generated_pair(name)
    (tmp_path / "g.conllu").write_text(gold, encoding="utf-8")
    (tmp_path / "s.conllu").write_text(system, encoding="utf-8")
    for flags in FLAGS:
        assert_same(tmp_path / "g.conllu", tmp_path / "s.conllu", flags)


def rows(*words: str) -> str:
    """Lines from space-separated rows ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL``
    (DEPS and MISC added as ``_``), then the blank line."""
    out = []
    for w in words:
        cols = w.split(" ")
        out.append("\t".join(cols + ["_"] * (10 - len(cols))))
    return "\n".join(out) + "\n\n"


GOOD = rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ Number=Sing 3 nsubj",
            "3 bellt bellen VERB _ _ 0 root")
REFUSALS = {
    # name: (gold text, system text)
    "cycle": (GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 1 nsubj",
                         "3 bellt bellen VERB _ _ 0 root")),
    "self_loop": (GOOD, rows("1 Der der DET _ _ 1 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                             "3 bellt bellen VERB _ _ 0 root")),
    "two_roots": (GOOD, rows("1 Der der DET _ _ 0 root", "2 Hund Hund NOUN _ _ 3 nsubj",
                             "3 bellt bellen VERB _ _ 0 root")),
    "no_root_cycle_first": (GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                                       "3 bellt bellen VERB _ _ 2 root")),
    "head_outside": (GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 7 nsubj",
                                "3 bellt bellen VERB _ _ 0 root")),
    "head_outside_after_cycle_path": (GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 1 nsubj",
                                                 "3 bellt bellen VERB _ _ 9 root")),
    "head_not_a_number": (GOOD, rows("1 Der der DET _ _ _ det", "2 Hund Hund NOUN _ _ 3 nsubj",
                                     "3 bellt bellen VERB _ _ 0 root")),
    "head_negative": (GOOD, rows("1 Der der DET _ _ -1 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                                 "3 bellt bellen VERB _ _ 0 root")),
    "word_id_not_a_number": (GOOD, rows("1 Der der DET _ _ 2 det", "x Hund Hund NOUN _ _ 3 nsubj",
                                        "3 bellt bellen VERB _ _ 0 root")),
    "word_id_wrong": (GOOD, rows("1 Der der DET _ _ 2 det", "3 Hund Hund NOUN _ _ 3 nsubj",
                                 "3 bellt bellen VERB _ _ 0 root")),
    "nine_columns": (GOOD, "1\tDer\tder\tDET\t_\t_\t2\tdet\t_\n" + GOOD[GOOD.index("\n") + 1:]),
    "empty_form": (GOOD, rows("1 Der der DET _ _ 2 det") .replace("\n\n", "\n")
                   + "2\t \tHund\tNOUN\t_\t_\t3\tnsubj\t_\t_\n" + rows("3 bellt bellen VERB _ _ 0 root")),
    "mwt_bad_id": (GOOD, rows("1-x Derhund _ _ _ _ _ _", "1 Der der DET _ _ 2 det",
                              "2 Hund Hund NOUN _ _ 3 nsubj", "3 bellt bellen VERB _ _ 0 root")),
    "mwt_at_end_of_file": (GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                                      "3 bellt bellen VERB _ _ 0 root").rstrip("\n") + "\n"
                           + "4-5\tab\t_\t_\t_\t_\t_\t_\t_\t_\n4\ta\t_\t_\t_\t_\t3\tdep\t_\t_\n"),
    "mwt_word_head_not_a_number": (
        rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 3 nsubj", "3 bellt bellen VERB _ _ 0 root"),
        rows("1-2 DerHund _ _ _ _ _ _", "1 Der der DET _ _ _ det", "2 Hund Hund NOUN _ _ 3 nsubj",
             "3 bellt bellen VERB _ _ 0 root")),
    "mwt_word_head_outside": (
        GOOD, rows("1-2 DerHund _ _ _ _ _ _", "1 Der der DET _ _ 8 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                   "3 bellt bellen VERB _ _ 0 root")),
    "no_final_blank_line": (GOOD, GOOD.rstrip("\n") + "\n"),
    "no_final_newline": (GOOD, GOOD.rstrip("\n")),
    "double_blank_line": (GOOD, GOOD + "\n"),
    "blank_line_first": (GOOD, "\n" + GOOD),
    "comment_inside_sentence": (GOOD, GOOD.replace("2\tHund", "# note\n2\tHund")),
    "different_text": (GOOD, GOOD.replace("Hund", "Hunde")),
    "gold_broken_first": (GOOD.replace("\t2\tdet", "\t_\tdet"), GOOD.replace("\t3\tnsubj", "\t_\tnsubj")),
    "system_empty": (GOOD, ""),
    "gold_empty": ("", GOOD),
    "bom": (GOOD, "\ufeff" + GOOD),
    "bom_before_comment": (GOOD, "\ufeff# sent_id = 1\n" + GOOD),
    "whitespace_line": (GOOD, GOOD + " \n"),
    "mwt_empty_range_adds_characters": (
        GOOD, GOOD.replace("3\tbellt", "3-2\tzz\t_\t_\t_\t_\t_\t_\t_\t_\n3\tbellt")),
}
ACCEPTED = {
    "both_empty": ("", ""),
    "only_comments": ("# a\n# b\n", ""),
    "crlf": (GOOD, GOOD.replace("\n", "\r\n")),
    "lone_cr": (GOOD, GOOD.replace("\n", "\r")),
    "leading_zero_ids_and_heads": (GOOD, GOOD.replace("2\tHund", "02\tHund").replace("\t3\tnsubj", "\t+3\tnsubj")),
    "empty_nodes": (GOOD, GOOD.replace("3\tbellt", "2.1\tx\t_\t_\t_\t_\t_\t_\t_\t_\n3\tbellt")),
    "spaces_in_forms": (GOOD.replace("Hund", "Hu nd"), GOOD.replace("Hund", "Hu\u3000n\u00a0d")),
    "mwt_empty_range": (GOOD.replace("Hund", "Hundzz"),
                        GOOD.replace("3\tbellt", "3-2\tzz\t_\t_\t_\t_\t_\t_\t_\t_\n3\tbellt")),
    "comments_between": ("# x\n" + GOOD + "# y\n" + GOOD, GOOD + "#z\n#w\n" + GOOD),
    "multiword_joining_sentences": (
        GOOD + GOOD, rows("1 Der der DET _ _ 2 det", "2 Hund Hund NOUN _ _ 3 nsubj",
                          "3-4 belltDer _ _ _ _ _ _", "3 bellt bellen VERB _ _ 0 root",
                          "4 Der der DET _ _ 5 det", "5 Hund Hund NOUN _ _ 3 nsubj",
                          "6 bellt bellen VERB _ _ 3 conj")),
}


def _write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


@needs_ref
@pytest.mark.parametrize("name", list(REFUSALS))
def test_refusals_match_the_script(tmp_path, name):
    gold, system = REFUSALS[name]
    _, err, code = assert_same(_write(tmp_path / "gold.conllu", gold),
                               _write(tmp_path / "system.conllu", system), [])
    assert code == 1 and err


@needs_ref
@pytest.mark.parametrize("flags", FLAGS, ids=["default", "v", "c"])
@pytest.mark.parametrize("name", list(ACCEPTED))
def test_odd_but_accepted_inputs_match_the_script(tmp_path, name, flags):
    gold, system = ACCEPTED[name]
    _, err, code = assert_same(_write(tmp_path / "gold.conllu", gold),
                               _write(tmp_path / "system.conllu", system), flags)
    assert code == 0 and not err


BAD_BYTES = {
    "first_chunk": GOOD.encode() + b"# \xff\n" + GOOD.encode(),
    "invalid_continuation": GOOD.encode().replace(b"Hund", b"H\xc3(nd"),
    "truncated_at_end": GOOD.encode() + b"# \xe4\xb8",
    "later_chunk": GOOD.encode() * 400 + b"# \xff\n" + GOOD.encode(),
    "error_before_bad_chunk": GOOD.encode() * 10 + b"1\tx\n\n" + GOOD.encode() * 400 + b"\xff\n",
    "error_in_bad_chunk": GOOD.encode() * 400 + b"1\tx\n\n\xff\n",
    "multibyte_across_chunks": "ä".encode() * 4096 + b"\xe4\xb8" + b"\xff",
}


@needs_ref
@pytest.mark.parametrize("name", list(BAD_BYTES))
def test_bad_utf8_matches_the_script(tmp_path, name):
    gold = _write(tmp_path / "gold.conllu", GOOD)
    system = tmp_path / "system.conllu"
    system.write_bytes(BAD_BYTES[name])
    _, err, code = assert_same(gold, system, [])
    assert code == 1 and err


@needs_ref
def test_missing_file_matches_the_script(tmp_path):
    gold = _write(tmp_path / "gold.conllu", GOOD)
    _, err, code = assert_same(gold, tmp_path / "nope.conllu", [])
    assert code == 1 and err.startswith("FileNotFoundError: [Errno 2]")


# ------------------------------------------------------------------ numbers worked out by hand (no reference needed)

def evaluate_texts(gold: str, system: str) -> conll18.Evaluation:
    return conll18.evaluate(conll18.load_conllu_text(gold, "gold"),
                            conll18.load_conllu_text(system, "system"))


def words(*tokens: str) -> str:
    """Alignment fixtures: ``"abc a b c"`` is a multiword token ``abc`` of words a, b, c;
    ``"x"`` a plain word; every word hangs on the first (the first is the root)."""
    lines, n = [], 0
    for token in tokens:
        parts = token.split(" ")
        if len(parts) == 1:
            n += 1
            lines.append(f"{n}\t{parts[0]}\t_\t_\t_\t_\t{int(n > 1)}\tdep\t_\t_")
        else:
            lines.append(f"{n + 1}-{n + len(parts) - 1}\t{parts[0]}\t_\t_\t_\t_\t_\t_\t_\t_")
            for part in parts[1:]:
                n += 1
                lines.append(f"{n}\t{part}\t_\t_\t_\t_\t{int(n > 1)}\tdep\t_\t_")
    return "\n".join(lines) + "\n\n"


@pytest.mark.parametrize("gold,system,aligned", [
    (["a"], ["a"], 1),
    (["abc a b c"], ["a", "b", "c"], 3),          # a multiword token against its words
    (["abcd a b c d"], ["ab a b", "cd c d"], 4),  # two multiword tokens inside one
    (["abc a b c", "de d e"], ["a", "bcd b c d", "e"], 5),
    (["abcd"], ["a", "b", "c", "d"], 0),          # one word split in four: none aligned
    (["abc", "d"], ["a", "b", "c", "d"], 1),
    (["a", "bc b c", "d"], ["a", "b", "cd"], 2),  # LCS inside the multiword span: a, b
    (["abc a BX c", "def d EX f"], ["ab a b", "cd c d", "ef e f"], 4),  # forms: a, c, d, f
    (["a", "bc b c", "d"], ["ab AX BX", "cd CX a"], 1),  # "a" vs "AX": case-insensitive? no: a == a
])
def test_word_alignment_by_hand(gold, system, aligned):
    ev = evaluate_texts(words(*gold), words(*system))
    n_gold = sum(max(1, len(t.split(" ")) - 1) for t in gold)
    n_system = sum(max(1, len(t.split(" ")) - 1) for t in system)
    assert ev.metrics["Words"] == conll18.MetricCounts(aligned, n_gold, n_system)


DOG_GOLD = rows("1 The the DET _ _ 2 det", "2 dog dog NOUN _ Number=Sing 3 nsubj",
                "3 barks bark VERB _ _ 0 root")


def test_subtypes_ignored_lemmas_and_features_by_hand():
    """Worked by hand: nsubj:pass = nsubj, non-universal feature Foo dropped, lemma of "The"
    missing in the system (gold 'the') and 'dogs' for 'dog' are wrong; CLAS/MLAS/BLEX over
    dog and barks (det is functional)."""
    system = rows("1 The _ DET _ _ 2 det", "2 dog dogs NOUN _ Foo=1|Number=Sing 3 nsubj:pass",
                  "3 barks bark VERB _ _ 0 root")
    m = evaluate_texts(DOG_GOLD, system).metrics
    assert m["LAS"] == conll18.MetricCounts(3, 3, 3, 3)
    assert m["UFeats"].correct == 3
    assert m["Lemmas"] == conll18.MetricCounts(1, 3, 3, 3)
    assert m["CLAS"] == conll18.MetricCounts(2, 2, 2, 2)
    assert m["MLAS"] == conll18.MetricCounts(2, 2, 2, 2)
    assert m["BLEX"] == conll18.MetricCounts(1, 2, 2, 2)
    assert conll18.format_table(m) == "LAS F1 Score: 100.00\nMLAS Score: 100.00\nBLEX Score: 50.00"


def test_gold_lemma_underscore_accepts_any_system_lemma():
    gold = DOG_GOLD.replace("\tdog\tNOUN", "\t_\tNOUN")
    system = DOG_GOLD.replace("\tdog\tNOUN", "\tanything\tNOUN")
    m = evaluate_texts(gold, system).metrics
    assert m["Lemmas"].correct == 3 and m["BLEX"].correct == 2


def test_functional_child_changes_mlas_by_hand():
    """'The' becomes nmod (content) in the system: dog loses its det child, so MLAS fails on
    dog; CLAS: system has 3 content words, gold 2; LAS 2/3."""
    system = DOG_GOLD.replace("\tdet", "\tnmod")
    m = evaluate_texts(DOG_GOLD, system).metrics
    assert m["LAS"] == conll18.MetricCounts(2, 3, 3, 3)
    assert m["CLAS"] == conll18.MetricCounts(2, 2, 3, 2)
    assert m["MLAS"] == conll18.MetricCounts(1, 2, 3, 2)
    assert m["CLAS"].f1 == 0.8 and m["MLAS"].f1 == 0.4
    table = conll18.format_table(m, verbose=True).splitlines()
    assert table[12] == "CLAS       |     66.67 |    100.00 |     80.00 |    100.00"
    assert table[13] == "MLAS       |     33.33 |     50.00 |     40.00 |     50.00"


def test_counts_table_blanks_by_hand():
    """-c: Tokens/Sentences have no aligned column, Words shows its correct count, a word
    metric with 0 aligned words shows blanks (the official `aligned or ''`)."""
    gold = rows("1 ab _ X _ _ 0 root")
    system = rows("1 a _ X _ _ 0 root", "2 b _ X _ _ 1 dep")
    lines = conll18.format_table(evaluate_texts(gold, system).metrics, counts=True).splitlines()
    assert lines[2] == "Tokens     |         0 |         1 |         2 |          "
    assert lines[4] == "Words      |         0 |         1 |         2 |         0"
    assert lines[5] == "UPOS       |         0 |         1 |         2 |          "
    verbose = conll18.format_table(evaluate_texts(gold, system).metrics, verbose=True).splitlines()
    assert verbose[5] == "UPOS       |      0.00 |      0.00 |      0.00 |      0.00"
    assert verbose[4] == "Words      |      0.00 |      0.00 |      0.00 |"


@pytest.mark.parametrize("text,message", [
    (rows("1 a _ X _ _ 2 dep", "2 b _ X _ _ 1 dep", "3 c _ X _ _ 0 root"),
     "There is a cycle in a sentence at line 4"),
    (rows("1 a _ X _ _ 0 root", "2 b _ X _ _ 0 root"), "There are 2 roots in a sentence at line 3"),
    (rows("1 a _ X _ _ 4 dep", "2 b _ X _ _ 0 root"),
     "HEAD '4' points outside of the sentence at line 3"),
    (rows("1 a _ X _ _ 0 root") + "\n", "There are 0 roots in a sentence at line 3"),
    (rows("1 a _ X _ _ 0 root").rstrip("\n") + "\n", "The CoNLL-U file does not end with empty line"),
    (rows("2 a _ X _ _ 0 root"), "Incorrect word ID '2' for word 'a', expected '1' at line 1"),
    (rows("1 a _ X _ _ x root"), "Cannot parse HEAD 'x' at line 1"),
    (rows("1-2 ab", "1 a _ X _ _ _ dep", "2 b _ X _ _ 0 root"),
     "invalid literal for int() with base 10: '_'"),
])
def test_refusal_messages_by_hand(text, message):
    with pytest.raises(conll18.Conll18Error) as e:
        conll18.load_conllu_text(text, "sys.conllu")
    assert e.value.message == message
    assert e.value.path == "sys.conllu"


def test_different_characters_by_hand():
    with pytest.raises(conll18.Conll18Error) as e:
        evaluate_texts(rows("1 abc _ X _ _ 0 root"), rows("1 abd _ X _ _ 0 root"))
    assert e.value.official_line() == (
        "UDError: The concatenation of tokens in gold file and in system file differ!\n"
        "First 20 differing characters in gold file: 'c' and system file: 'd'")


def test_fast_and_exact_readers_agree():
    """The whole-list reader gives the line-by-line reader's result (or gives up)."""
    from dataclasses import fields

    from tcompare.scoring.conll18 import read as conll18_read

    texts = [GOOD, DOG_GOLD, words("abc a b c", "de d e"), *[t for pair in ACCEPTED.values() for t in pair]]
    if ZH_GSD.exists():
        texts += list(generated_pair("everything"))
    for text in texts:
        text = conll18.universal_newlines(text)
        exact = conll18_read._load_exact(text, "p")
        try:
            fast = conll18_read._load_fast(text, "p")
        except (conll18_read._Fallback, conll18.Conll18Error, ValueError):
            continue
        for f in fields(exact):
            assert getattr(fast, f.name) == getattr(exact, f.name), f.name


# ------------------------------------------------------------------ JSON / CSV / per-pair results

def run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = cli_main(["score", "--profile", "conll18", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_per_pair_counts_add_up_and_alignment(tmp_path, capsys):
    """Gold: two sentences; system: joins them and merges two words (dog+barks)."""
    gold = _write(tmp_path / "g.conllu", DOG_GOLD + DOG_GOLD)
    system = _write(tmp_path / "s.conllu", rows(
        "1 The the DET _ _ 2 det", "2 dog dog NOUN _ Number=Sing 3 nsubj", "3 barks bark VERB _ _ 0 root",
        "4 The the DET _ _ 5 det", "5 dogbarks dog NOUN _ _ 3 parataxis"))
    code, out, _ = run_cli(["--output", "json", str(gold), str(system)], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["profile"] == "conll18"
    assert data["groups"]["Words"]["correct"] == 4 and data["groups"]["Words"]["gold"] == 6
    assert data["groups"]["Sentences"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0,
                                           "aligned_accuracy": 0.0, "correct": 0, "gold": 2,
                                           "system": 1}
    assert "Sentences.aligned_accuracy:0/0" in data["flags"]      # 0/0 is 0 and flagged
    # the second "The" hangs on the unaligned dogbarks: LAS 3 of 6 gold, 5 system words
    assert data["summary"]["LAS"] == pytest.approx(100 * 2 * 3 / 11)
    assert len(data["sentences"]) == 1
    pair = data["alignment"][0]
    assert pair["gold"] == [1, 2] and pair["system"] == [1] and pair["kind"] == "joined"
    assert pair["words"] == [[[0, 0], [0, 0]], [[0, 1], [0, 1]], [[0, 2], [0, 2]], [[1, 0], [0, 3]],
                             [[1, 1], None], [[1, 2], None], [None, [0, 4]]]
    sentence = data["sentences"][0]
    for name in conll18.METRICS:
        for part in ("correct", "gold", "system"):
            assert sentence["counts"][f"{name}_{part}"] == data["groups"][name][part]
    verdicts = [i["verdict"] for i in sentence["gold_items"]]
    assert verdicts == ["match", "match", "match", "wrong_head", "missing", "missing"]
    assert [i["verdict"] for i in sentence["system_items"]][-1] == "extra"
    assert sentence["gold_items"][0]["partner"] == 0 and sentence["gold_items"][0]["start"] == 1


def test_json_zero_over_zero_is_flagged(tmp_path, capsys):
    gold = _write(tmp_path / "g.conllu", rows("1 ab _ X _ _ 0 punct"))
    system = _write(tmp_path / "s.conllu", rows("1 a _ X _ _ 0 punct", "2 b _ X _ _ 1 punct"))
    code, out, _ = run_cli(["--output", "json", str(gold), str(system)], capsys)
    data = json.loads(out)
    assert data["summary"]["CLAS"] == 0
    assert "CLAS:0/0" in data["flags"] and "UPOS.aligned_accuracy:0/0" in data["flags"]
    assert "CLAS:0/0" in data["sentences"][0]["flags"]


def test_csv_has_every_metric(tmp_path, capsys):
    gold = _write(tmp_path / "g.conllu", DOG_GOLD)
    system = _write(tmp_path / "s.conllu", DOG_GOLD.replace("\tdet", "\tnmod"))
    code, out, _ = run_cli(["--output", "csv", str(gold), str(system)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("index,status,gold_sentences,system_sentences,kind,Tokens,")
    summary = lines[lines.index("") + 1:]
    assert summary[0] == "metric,correct,gold,system,aligned,precision,recall,f1,aligned_accuracy"
    assert [row.split(",")[0] for row in summary[1:]] == list(conll18.METRICS)
    assert summary[11].startswith("CLAS,2,2,3,2,")


def test_refusal_through_the_cli(tmp_path, capsys):
    gold = _write(tmp_path / "g.conllu", GOOD)
    system = _write(tmp_path / "s.conllu", REFUSALS["two_roots"][1])
    for output in ("text", "json"):
        code, out, err = run_cli(["--output", output, str(gold), str(system)], capsys)
        assert (code, out, err) == (1, "", "UDError: There are 2 roots in a sentence at line 4\n")


def test_profile_scores_one_sentence_pair():
    """The Profile API (GUI / workspace): one DepSentence pair, or CoNLL-U text."""
    from tcompare.scoring import profiles

    profile = profiles.get("conll18")
    result = profile.score(DOG_GOLD, DOG_GOLD.replace("\tdet", "\tnmod"), profile.prepare(), index=3)
    assert result.index == 3 and result.valid
    assert result.scores["LAS"] == pytest.approx(100 * 2 / 3)
    bad = profile.score(DOG_GOLD, REFUSALS["cycle"][1], profile.prepare(), index=4)
    assert not bad.valid and "cycle" in bad.message
    summary = profile.aggregate([result, bad], profile.prepare())
    assert summary.groups["MLAS"]["correct"] == 1 and summary.metrics["MLAS"] == pytest.approx(40.0)


def test_profile_registered_and_conllu_default_kept():
    from tcompare.scoring import profiles

    assert "conll18" in profiles.PROFILE_MODULES
    assert profiles.default_for("conllu") == "conllu"
    description = profiles.get("conllu").description
    assert "eval.pl" in description and "conventions" not in description and "conll18" in description


def chain(n: int, up: bool = True, cycle: bool = False) -> str:
    """n words, each the head of the previous one (up) or of the next one (not up)."""
    out = []
    for i in range(1, n + 1):
        if up:
            head = i + 1 if i < n else (1 if cycle else 0)
        else:
            head = i - 1
        out.append(f"{i}\tw{i}\t_\tX\t_\t_\t{head}\t{'root' if head == 0 else 'dep'}\t_\t_")
    return "\n".join(out) + "\n\n"


LONG_CHAINS = {"up_994": chain(994), "up_995": chain(995), "down_1200": chain(1200, up=False),
               "cycle_1000": chain(1000, cycle=True), "cycle_900": chain(900, cycle=True)}


@needs_ref
@pytest.mark.parametrize("name", list(LONG_CHAINS))
def test_long_head_chains_match_the_script(tmp_path, name):
    """The official loader follows heads recursively: a walk through 995 words overflows
    Python's stack (RecursionError, exit 1); we say the same."""
    path = _write(tmp_path / "chain.conllu", LONG_CHAINS[name])
    assert_same(path, path, [])


def test_long_head_chain_refused_without_reference():
    with pytest.raises(conll18.Conll18Error) as e:
        conll18.load_conllu_text(chain(995))
    assert e.value.official_line() == "RecursionError: maximum recursion depth exceeded in comparison"
    assert conll18.load_conllu_text(chain(994)).n_words == 994
