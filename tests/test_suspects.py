"""`tcompare suspects` / `analysis.suspects.rank_suspects` (issue 29 item 5).

Real data (skipped when absent): the 13 WSJ01 parsers against WSJ gold and NLTK's WSJ sample
(../shared/anchors/evalb/real), each checked against a plain script written here.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis.suspects import describe, find_suspects, rank_suspects
from tcompare.cli import main as cli_main
from tcompare.scoring.suspicion import default_min_agree

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
WSJ01 = ANCHORS / "evalb" / "real" / "kummerfeld_wsj01"
NLTK = ANCHORS / "evalb" / "real" / "nltk_ptb" / "wsj_0001-0199.raw.mrg"
PARSERS = sorted(p for p in WSJ01.glob("*.mrg") if p.name != "wsj01.mrg") if WSJ01.exists() else []


# -- a plain reader of bracketed trees ------------------------------------------------------

def plain_tree(text: str) -> tuple[list[str], list[str], Counter]:
    """Words, tags and (category, start, end) brackets, -NONE- leaves and the nodes over
    nothing else left out, function tags cut, the unlabelled / TOP / ROOT root left out."""
    tokens = re.findall(r"\(|\)|[^\s()]+", text)
    words: list[str] = []
    tags: list[str] = []
    brackets: Counter = Counter()
    stack: list[tuple[str, int]] = []
    k = 0
    while k < len(tokens):
        t = tokens[k]
        if t == "(":
            label = tokens[k + 1] if tokens[k + 1] != "(" else ""
            if label and tokens[k + 2] not in "()" and tokens[k + 3] == ")":
                if label != "-NONE-":
                    tags.append(label)
                    words.append(tokens[k + 2])
                k += 4
                continue
            stack.append((label, len(words)))
            k += 2 if label else 1
        elif t == ")":
            label, start = stack.pop()
            category = re.split(r"[-=]", label)[0] if not label.startswith("-") else label
            if len(words) > start and not (not stack and category in ("", "TOP", "ROOT")):
                brackets[(category, start, len(words))] += 1
            k += 1
        else:
            raise AssertionError(t)
    return words, tags, brackets


def plain_trees(path: Path) -> list[tuple[list[str], list[str], Counter]]:
    text = path.read_text(encoding="utf-8")
    trees, depth, start = [], 0, None
    for m in re.finditer(r"[()]", text):
        if m.group() == "(":
            if depth == 0:
                start = m.start()
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                trees.append(plain_tree(text[start:m.end()]))
    return trees


# -- systems against gold -------------------------------------------------------------------

@pytest.mark.skipif(not PARSERS, reason="WSJ01 anchors not available")
def test_thirteen_parsers_against_wsj01_gold_equal_a_plain_count():
    gold = formats.read_file(WSJ01 / "wsj01.mrg")
    systems = [formats.read_file(p) for p in PARSERS]
    assert len(systems) == 13 and default_min_agree(13) == 7
    suspects = rank_suspects(gold, systems, kinds=["systems"])
    ours = {(s.sentence, r.field, r.start, r.end, r.gold, r.proposed, r.support)
            for s in suspects for r in s.reasons}
    g = plain_trees(WSJ01 / "wsj01.mrg")
    outs = [plain_trees(p) for p in PARSERS]
    plain = set()
    for k, (words, tags, brackets) in enumerate(g):
        voters = [o[k] for o in outs if o[k][0] == words]
        n = len(voters)
        for b, count in brackets.items():
            lacking = sum(1 for v in voters if v[2][b] < count)
            if lacking >= 7:
                plain.add((k, "bracket", b[1], b[2], b[0], "", f"{lacking} of {n} systems"))
        having: Counter = Counter()
        for v in voters:
            having.update(b for b, c in v[2].items() if c > brackets[b])
        plain.update((k, "bracket", b[1], b[2], "", b[0], f"{c} of {n} systems")
                     for b, c in having.items() if c >= 7)
        for i, tag in enumerate(tags):
            other = Counter(v[1][i] for v in voters if v[1][i] != tag)
            if other:
                best = min(other.items(), key=lambda kv: (-kv[1], kv[0]))
                if best[1] >= 7:
                    plain.add((k, "POS", i, i + 1, tag, best[0], f"{best[1]} of {n} systems"))
    assert ours == plain
    assert len(ours) > 20
    # the most suspicious sentence: 13 of 13 parsers attach "while talking tough" elsewhere
    top = suspects[0]
    assert top.sentence == 4 and top.reasons[0].weight == 1.0
    assert describe(top.reasons[0]) == "13 of 13 systems lack gold's S over words 8-15"


def _dep(rows: list[str], sid: str = "s1") -> str:
    out = [f"# sent_id = {sid}"]
    for row in rows:
        i, form, upos, head, rel = row.split()
        out.append("\t".join([i, form, form.lower(), upos, "_", "_", head, rel, "_", "_"]))
    return "\n".join(out) + "\n\n"


GOLD = ["1 Mary PROPN 2 nsubj", "2 sat VERB 0 root", "3 on ADP 5 case", "4 the DET 5 det",
        "5 mat NOUN 2 nmod"]


def _system(rel5: str, head3: str = "5", upos1: str = "PROPN") -> str:
    return _dep([f"1 Mary {upos1} 2 nsubj", "2 sat VERB 0 root", f"3 on ADP {head3} case",
                 "4 the DET 5 det", f"5 mat NOUN 2 {rel5}"])


def test_systems_agreeing_by_hand():
    gold = formats.read_text(_dep(GOLD), "conllu", "gold.conllu")
    systems = [formats.read_text(text, "conllu", f"s{k}.conllu") for k, text in enumerate(
        [_system("obl", "2", "NOUN"), _system("obl", "2"), _system("obl", "5", "NOUN")])]
    # a fourth system with another tokenisation does not vote (and is counted as not voting)
    other = formats.read_text(_dep(["1 Mary PROPN 0 root", "2 sat VERB 1 dep"]), "conllu", "o.conllu")
    search = find_suspects(gold, systems + [other], kinds=["systems"], min_agree=2)
    assert search.voted == {"s0.conllu": 1, "s1.conllu": 1, "s2.conllu": 1, "o.conllu": 0}
    (suspect,) = rank_suspects(gold, systems, kinds=["systems"])
    got = [(r.field, r.start, r.gold, r.proposed, r.weight) for r in suspect.reasons]
    # DEPREL obl: 3 of 3; head of "on" 2: 2 of 3; UPOS NOUN: 2 of 3 (default: 2 must agree)
    assert got == [("UPOS", 0, "PROPN", "NOUN", 2 / 3), ("HEAD", 2, "5", "2", 2 / 3),
                   ("DEPREL", 4, "nmod", "obl", 1.0)]
    assert suspect.score == pytest.approx(2 / 3 + 2 / 3 + 1)
    only_all = rank_suspects(gold, systems, kinds=["systems"], min_agree=3)
    assert [(r.field, r.weight) for r in only_all[0].reasons] == [("DEPREL", 1.0)]


# -- variation nuclei and duplicates --------------------------------------------------------

NP_VERSION = "(S (NP (PRP I)) (VP (VBD saw) (NP (DT the) (NN man))) (. .))\n"
FLAT_VERSION = "(S (NP (PRP I)) (VP (VBD saw) (DT the) (NN man)) (. .))\n"


def test_variation_nucleus_and_duplicates_by_hand():
    gold = formats.read_text(NP_VERSION + FLAT_VERSION + NP_VERSION, "ptb", "gold.ptb")
    suspects = rank_suspects(gold)
    by_sentence = {s.sentence: s for s in suspects}
    assert sorted(by_sentence) == [0, 1, 2]
    flat = by_sentence[1]
    kinds = sorted((r.kind, r.field, r.start, r.end, r.gold, round(r.weight, 9)) for r in flat.reasons)
    # "the man" between "saw" and ".": NP twice, no constituent once -> the NIL one weighs 2/3
    assert kinds == [("duplicate", "annotation", 0, 5, "", round(2 / 3, 9)),
                     ("nucleus", "bracket", 2, 4, "NIL", round(2 / 3, 9))]
    assert flat.score == pytest.approx(4 / 3)
    assert suspects[0].sentence == 1
    assert by_sentence[0].score == pytest.approx(2 / 3)


@pytest.mark.skipif(not NLTK.exists(), reason="NLTK WSJ sample not available")
def test_nltk_wsj_sample_nuclei_equal_a_plain_script():
    lines = NLTK.read_text(encoding="utf-8").splitlines()[:700]
    gold = formats.read_text("\n".join(lines) + "\n", "ptb", "wsj.mrg")
    suspects = rank_suspects(gold, kinds=["nucleus"], max_len=4)
    ours = Counter()
    for s in suspects:
        for r in s.reasons:
            ours[(r.field, s.sentence, r.start, r.end, r.gold)] += 1
    # plain: every occurrence of a keyed string (context word each side) whose key has > 1 label
    trees = [plain_tree(line) for line in lines]
    keyed: dict[tuple, list] = defaultdict(list)
    constituent_keys, tag_keys = set(), set()

    def key(words, s, e):
        return (words[s - 1] if s else "<s>", *words[s:e], words[e] if e < len(words) else "</s>")

    for words, _tags, brackets in trees:
        for (_, s, e) in brackets:
            if e - s <= 4:
                constituent_keys.add(key(words, s, e))
        for i in range(len(words)):
            tag_keys.add(key(words, i, i + 1))
    for k, (words, tags, brackets) in enumerate(trees):
        labels = defaultdict(list)
        for (cat, s, e), n in sorted(brackets.items(), key=lambda kv: (kv[0][1], -kv[0][2])):
            labels[(s, e)].extend([cat] * n)
        for size in range(1, 5):
            for s in range(len(words) - size + 1):
                kk = key(words, s, s + size)
                if kk in constituent_keys:
                    keyed[("bracket", kk)].append((k, s, s + size, labels.get((s, s + size))))
        for i in range(len(words)):
            keyed[("pos", key(words, i, i + 1))].append((k, i, i + 1, [tags[i]]))
    plain = Counter()
    for (kind, _), occ in keyed.items():
        if len({tuple(o[3] or ()) for o in occ}) > 1:
            for k, s, e, lab in occ:
                plain[(kind, k, s, e, tuple(lab or ()))] += 1
    # our labels join a chain with "+", top-down; compare as the set of categories on the span
    ours_plain = Counter()
    for (field, k, s, e, label), n in ours.items():
        ours_plain[(field, k, s, e, () if label == "NIL" else tuple(sorted(label.split("+"))))] += n
    plain_sorted = Counter({(a, b, c, d, tuple(sorted(lab))): n for (a, b, c, d, lab), n in plain.items()})
    assert ours_plain == plain_sorted
    assert sum(1 for k in plain if k[0] == "bracket") > 40 and sum(1 for k in plain if k[0] == "pos") > 20


# -- the command line -----------------------------------------------------------------------

def test_cli_json_csv_and_refusals(tmp_path, capsys):
    gold = tmp_path / "gold.ptb"
    gold.write_text(NP_VERSION + FLAT_VERSION, encoding="utf-8")
    system = tmp_path / "sys.ptb"
    system.write_text(NP_VERSION + NP_VERSION, encoding="utf-8")
    assert cli_main(["suspects", "--output", "json", str(gold), str(system)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sentences"] == 2 and data["voted"] == {str(system): 2} and data["unreadable"] == []
    top = data["suspects"][0]
    assert top["sentence"] == 2 and top["rank"] == 1
    assert {(r["kind"], r["field"]) for r in top["reasons"]} == {
        ("systems", "bracket"), ("nucleus", "bracket"), ("duplicate", "annotation")}
    out = tmp_path / "s.csv"
    assert cli_main(["suspects", "--output", "csv", "-o", str(out), str(gold), str(system)]) == 0
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("rank,sentence,sent_id,score,kind")
    assert len(rows) == 1 + sum(len(s["reasons"]) for s in data["suspects"])
    assert cli_main(["suspects", "--kinds", "nuclei", str(gold)]) == 2
    assert "unknown evidence nuclei" in capsys.readouterr().err
    dep = tmp_path / "d.conllu"
    dep.write_text(_dep(GOLD), encoding="utf-8")
    assert cli_main(["suspects", str(gold), str(dep)]) == 1
    assert "is not a constituency file" in capsys.readouterr().err
    assert cli_main(["suspects", str(tmp_path / "none.ptb")]) == 1
    assert cli_main(["suspects", "--min-agree", "3", str(gold), str(system)]) == 2
    assert cli_main(["suspects", str(gold)]) == 0
    assert "2 of 2 gold sentences" in capsys.readouterr().out


EWT = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs")) / "ewt" / "en_ewt-ud-test.r2.12.conllu"


@pytest.mark.slow
@pytest.mark.skipif(not EWT.exists(), reason="EWT r2.12 not in $TCOMPARE_REFS/ewt")
def test_ewt_dependency_nuclei_and_duplicates_equal_a_plain_script(tmp_path):
    gold = formats.read_file(EWT)
    suspects = rank_suspects(gold, kinds=["nucleus", "duplicate"])
    ours = Counter((r.kind, r.field, s.sentence, r.start, r.end, r.gold)
                   for s in suspects for r in s.reasons)
    sentences = []
    for block in EWT.read_text(encoding="utf-8").split("\n\n"):
        if block.strip():
            rows = [l.split("\t") for l in block.split("\n") if l and not l.startswith("#")]
            sentences.append([r for r in rows if r[0].isdigit()])

    def key(words, s, e):
        return (words[s - 1] if s else "<s>", *words[s:e], words[e] if e < len(words) else "</s>")

    arcs = []
    for rows in sentences:
        spans = {}
        for k, r in enumerate(rows):
            h = int(r[6]) - 1
            if h >= 0 and h != k:
                spans[(min(h, k), max(h, k) + 1)] = (">" if h < k else "<") + r[7]
        arcs.append(spans)
    keys = {key([r[1] for r in rows], s, e) for rows, spans in zip(sentences, arcs)
            for (s, e) in spans if e - s <= 6}
    found = defaultdict(list)
    for n, (rows, spans) in enumerate(zip(sentences, arcs)):
        words = [r[1] for r in rows]
        for size in range(2, 7):
            for s in range(len(words) - size + 1):
                kk = key(words, s, s + size)
                if kk in keys:
                    found[("arc", kk)].append((n, s, s + size, spans.get((s, s + size), "NIL")))
        for i in range(len(words)):
            found[("pos", key(words, i, i + 1))].append((n, i, i + 1, rows[i][3]))
    plain = Counter()
    for (kind, _), occ in found.items():
        if len({o[3] for o in occ}) > 1:
            plain.update(("nucleus", kind, *o) for o in occ)
    # duplicates: the same words annotated differently (every column but ID compared)
    by_words = defaultdict(list)
    for n, rows in enumerate(sentences):
        by_words["".join(r[1] for r in rows)].append(n)
    for copies in by_words.values():
        versions = {tuple(tuple(r[1:]) for r in sentences[n]) for n in copies}
        if len(versions) > 1:
            plain.update(("duplicate", "annotation", n, 0, len(sentences[n]), "") for n in copies)
    assert ours == plain
    assert plain[("duplicate", "annotation", 606, 0, 3, "")] == 1     # "Mark E Haedicke"
    # the command line reads CoNLL-U lean and finds the same
    out = tmp_path / "s.json"
    assert cli_main(["suspects", "--output", "json", "-o", str(out), "--kinds", "nucleus,duplicate",
                     str(EWT)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    lean = {(s["sentence"] - 1, r["kind"], r["field"], r["start"] - 1, r["end"], r["gold"])
            for s in data["suspects"] for r in s["reasons"]}
    whole = {(s.sentence, r.kind, r.field, r.start, r.end, r.gold)
             for s in suspects for r in s.reasons}
    assert lean == whole and len(lean) > 50
    assert data["suspects"][0]["sent_id"] == "email-enronsent32_01-0008"


def test_an_unreadable_gold_sentence_is_named_not_examined(tmp_path, capsys):
    gold = tmp_path / "gold.conllu"
    gold.write_text(_dep(GOLD) + "# sent_id = s2\n1\tGo\tgo\n\n" + _dep(GOLD, "s3"), encoding="utf-8")
    system = tmp_path / "sys.conllu"
    system.write_text(_system("obl") + _dep(["1 Go VERB 0 root"], "s2") + _system("obl").replace("s1", "s3"),
                      encoding="utf-8")
    assert cli_main(["suspects", "--output", "json", str(gold), str(system)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unreadable"] == [2] and data["voted"] == {str(system): 2}
    assert [(s["sentence"], s["counts"]["systems"]) for s in data["suspects"]] == [(1, 1), (3, 1)]
    assert cli_main(["suspects", str(gold), str(system)]) == 0
    text = capsys.readouterr().out
    assert "1 unreadable, not examined" in text and "voted on 2 of 3 sentences" in text
