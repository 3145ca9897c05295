"""One number everywhere (issue 27): for every profile, on aligned and misaligned pairs, the
window's Workspace (its `--totals`) and `score --output json` give the same rows and the same
totals, and the JSON keeps its contract (docs/json-schema.md): one entry per aligned pair,
1-based sentence numbers, every gold sentence in exactly one entry.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.workspace import totals
from tcompare.workspace.loading import LoadRequest

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"
ANCHORS = ROOT.parent / "shared" / "anchors"


def score_json(profile: str, gold: Path, system: Path, *extra: str) -> tuple[int, dict | None, str]:
    proc = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", profile,
                           str(gold), str(system), "--output", "json", *extra],
                          capture_output=True, text=True, timeout=120)
    data = json.loads(proc.stdout) if proc.returncode == 0 else None
    return proc.returncode, data, proc.stderr


def window(profile: str, gold: Path, system: Path, options: dict | None = None):
    return totals.load(LoadRequest(str(gold), [str(system)], profile=profile,
                                   options=options or {}))


# -- the pairs: demo files, and misaligned copies made from them ----------------------------------

def lines_of(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def blocks_of(path: Path) -> list[str]:
    return [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def ptb_join(a: str, b: str) -> str:
    """Two one-line trees as one sentence under a new root."""
    return f"(S {a.strip()} {b.strip()})"


def misspell(line: str) -> str:
    """The first word of a bracketed line with one letter changed."""
    import re

    m = re.search(r"\(([^\s()]+) ([A-Za-z]{2,})\)", line)
    assert m, line
    word = m.group(2)
    return line[:m.start(2)] + word[0] + ("x" if word[1] != "x" else "y") + word[2:] + line[m.end(2):]


def ptb_cases(tmp: Path) -> list[tuple[str, Path, Path]]:
    gold = DEMO / "ptb" / "gold.mrg"
    g, s = lines_of(gold), lines_of(DEMO / "ptb" / "system.mrg")
    assert len(g) == len(s) >= 4
    cases = {
        "aligned": s,
        "dropped": s[:1] + s[2:],
        "joined": s[:1] + [ptb_join(s[1], s[2])] + s[3:],
        "misspelt": s[:1] + [misspell(s[1])] + s[2:],
        "extra": s[:2] + [s[0]] + s[2:],
        "no parse": s[:1] + ["()"] + s[2:],
    }
    return [(name, gold, write_lines(tmp / f"ptb-{name.replace(' ', '_')}.mrg", lines))
            for name, lines in cases.items()]


def conllu_block(sent_id: str, rows: list[str]) -> str:
    """A CoNLL-U sentence from rows written with single spaces between the columns."""
    return "\n".join([f"# sent_id = {sent_id}", *("\t".join(r.split(" ")) for r in rows)])


# the demo's two English sentences as a parser that segments on its own might cut them
FIRST = ["1 She she PRON PRP _ 4 nsubj _ _", "2-3 cannot _ _ _ _ _ _ _ _",
         "2 can can AUX MD _ 4 aux _ _", "3 not not PART RB _ 4 advmod _ _",
         "4 come come VERB VB _ 0 root _ SpaceAfter=No", "5 . . PUNCT . _ 4 punct _ _"]
SECOND = ["like like VERB VBP _ 0 root", "tea tea NOUN NN _ 1 obj", "and and CCONJ CC _ 4 cc",
          "she she PRON PRP _ 1 conj", "coffee coffee NOUN NN _ 4 orphan",
          ". . PUNCT . _ 1 punct"]


def second_rows(offset: int, root: int) -> list[str]:
    """SECOND's words numbered from ``offset + 1``, its root hung on `root` (0: its own)."""
    rows = []
    for k, row in enumerate(SECOND, 1):
        form, lemma, upos, xpos, feats, head, rel = row.split(" ")
        h = int(head)
        h = (root if root else 0) if h == 0 else h + offset
        rel = "parataxis" if head == "0" and root else rel
        misc = "SpaceAfter=No" if form == "coffee" else "_"
        rows.append(f"{k + offset} {form} {lemma} {upos} {xpos} {feats} {h} {rel} _ {misc}")
    return rows


def conllu_cases(tmp: Path) -> list[tuple[str, Path, Path]]:
    gold = DEMO / "conll" / "demo.gold.conllu"
    s = blocks_of(DEMO / "conll" / "demo.system.conllu")
    relabel = [b.replace("sent_id = ", "sent_id = parser-") for b in s]
    # "I" moved to the end of the first sentence: equal sentence counts, a boundary moved
    chinese = blocks_of(gold)[2]       # (the demo system's has two roots: conll18 refuses it)
    moved = [conllu_block("p-1", FIRST + ["6 I I PRON PRP _ 4 dep _ _"]),
             conllu_block("p-2", second_rows(0, 0)), chinese]
    joined = [conllu_block("p-1", FIRST + ["6 I I PRON PRP _ 7 nsubj _ _"] + second_rows(6, 4)),
              chinese]
    cases = {"aligned": s, "own sent_ids": relabel, "dropped": s[:1] + s[2:],
             "moved boundary": moved, "joined": joined}
    out = []
    for name, blocks in cases.items():
        path = tmp / f"conllu-{name.replace(' ', '_')}.conllu"
        path.write_text("\n\n".join(blocks) + "\n\n", encoding="utf-8")
        out.append((name, gold, path))
    return out


def one_per_line_cases(tmp: Path, folder: str, gold_name: str, sys_name: str,
                       suffix: str) -> list[tuple[str, Path, Path]]:
    gold = DEMO / folder / gold_name
    s = lines_of(DEMO / folder / sys_name)
    cases = {"aligned": s, "dropped": s[:1] + s[2:]}
    return [(name, gold, write_lines(tmp / f"{folder}-{name}.{suffix}", lines))
            for name, lines in cases.items()]


def gold_count(path: Path) -> int:
    return len(formats.read_file(str(path)))


def check_contract(data: dict, n_gold: int) -> None:
    """docs/json-schema.md's rules."""
    seen: list[int] = []
    for entry, pair in zip(data["sentences"], data["alignment"]):
        p = entry["pair"]
        assert p["gold"] == pair["gold"] and p["system"] == pair["system"], (entry, pair)
        assert p["kind"] == pair["kind"]
        assert all(k >= 1 for k in p["gold"] + p["system"])
        seen.extend(p["gold"])
    assert len(data["sentences"]) == len(data["alignment"])
    assert sorted(seen) == list(range(1, n_gold + 1)), "every gold sentence in exactly one entry"


def check_same(profile: str, gold: Path, system: Path, options: dict | None = None,
               extra: tuple[str, ...] = ()) -> dict | None:
    code, data, err = score_json(profile, gold, system, *extra)
    ws = window(profile, gold, system, options)
    shown = totals.totals_json(ws)
    if code != 0:                      # score refuses: the window refuses, no total
        assert shown["summary"] is None, (err, shown)
        assert shown["refusal"].split(":")[0] in err or shown["refusal"] in err, (err, shown)
        return None
    assert data is not None
    check_contract(data, gold_count(gold))
    assert shown["summary"] == data["summary"], (profile, system.name)
    # the same rows: the entry of each pair stands on its first gold sentence's row
    for entry in data["sentences"]:
        gold_numbers = entry["pair"]["gold"]
        if not gold_numbers:
            continue
        row = ws.result(0, gold_numbers[0] - 1)
        assert row is not None
        assert row.status.value == entry["status"], (entry, row)
        assert row.counts == {k: v for k, v in entry["counts"].items()} or \
            dict(row.counts) == entry["counts"], (entry["pair"], row.counts, entry["counts"])
    return data


@pytest.mark.issue(27)
@pytest.mark.parametrize("profile", ["evalb", "jp-evalb"])
def test_ptb_profiles_window_equals_json(tmp_path, profile):
    for _name, gold, system in ptb_cases(tmp_path):
        check_same(profile, gold, system)


@pytest.mark.issue(27)
@pytest.mark.parametrize("profile", ["conll18", "conllu"])
def test_conllu_profiles_window_equals_json(tmp_path, profile):
    for _name, gold, system in conllu_cases(tmp_path):
        check_same(profile, gold, system)


@pytest.mark.issue(27)
@pytest.mark.parametrize("profile", ["conllx", "conll07"])
def test_evalpl_profiles_window_equals_json(tmp_path, profile):
    """eval.pl pairs line by line: aligned files agree everywhere; where it stops (a
    sentence dropped), `score`, the window and the report all refuse with its message."""
    gold = DEMO / "conll" / "demo.gold.conll"
    s = blocks_of(DEMO / "conll" / "demo.system.conll")
    dropped = tmp_path / "dropped.conll"
    dropped.write_text("\n\n".join(s[:1] + s[2:]) + "\n\n", encoding="utf-8")
    assert check_same(profile, gold, DEMO / "conll" / "demo.system.conll") is not None
    assert check_same(profile, gold, dropped) is None


@pytest.mark.issue(27)
@pytest.mark.parametrize("folder, gold, system, suffix, profile", [
    ("tct", "gold.tct", "system.tct", "tct", "parseval2010"),
    ("sinica", "gold.sinica", "system.sinica", "sinica", "sighan2012"),
    ("tct2012", "gold.psg", "system.psg", "psg", "parseval2012"),
])
def test_chinese_profiles_window_equals_json(tmp_path, folder, gold, system, suffix, profile):
    for _name, g, s in one_per_line_cases(tmp_path, folder, gold, system, suffix):
        check_same(profile, g, s)


@pytest.mark.issue(27)
def test_joined_pair_keeps_every_gold_sentence(tmp_path):
    """The reported case: system trees 2 and 3 joined; under evalb every gold sentence is in
    one entry (gold 6 was in none), the summary is the text report's, and what EVALB left
    out is counted apart."""
    name, gold, system = ptb_cases(tmp_path)[2]
    assert name == "joined"
    data = check_same("evalb", gold, system)
    assert data is not None
    report = subprocess.run([sys.executable, "-m", "tcompare", "score", str(gold), str(system)],
                            capture_output=True, text=True).stdout
    n = int(report.split("Number of sentence")[1].split("=")[1].split()[0])
    assert data["summary"]["sentences"] == n
    assert data["summary"]["unscored_gold_items"] > 0
    assert data["summary"]["recall_with_unscored"] < data["summary"]["recall"]


@pytest.mark.issue(27)
def test_changed_text_never_scores_better_than_no_parse(tmp_path):
    """§11: under a profile that reproduces no program, a sentence whose text differs
    counts like a missing parse."""
    g = lines_of(DEMO / "sinica" / "gold.sinica")
    s = lines_of(DEMO / "sinica" / "system.sinica")
    gold = write_lines(tmp_path / "g.sinica", g)
    import re

    changed = re.sub(r":([^|():]+)\)", lambda m: ":" + m.group(1)[::-1] + "X)", s[1], count=2)
    assert changed != s[1]
    mangled = write_lines(tmp_path / "changed.sinica", s[:1] + [changed] + s[2:])
    unparsed = write_lines(tmp_path / "unparsed.sinica", s[:1] + ["S()"] + s[2:])
    a = check_same("sighan2012", gold, mangled)
    b = check_same("sighan2012", gold, unparsed)
    assert a is not None and b is not None
    recall = [k for k in a["summary"] if k.endswith(("_R", "_F1"))]
    assert recall
    for key in recall:
        assert a["summary"][key] <= b["summary"][key] + 1e-9, key


@pytest.mark.issue(27)
def test_window_refuses_where_score_refuses(tmp_path):
    """conll18 on files of different characters: score exits 1 with the official line, the
    window's total is null with the same message."""
    blocks = blocks_of(DEMO / "conll" / "demo.system.conllu")
    other = blocks[0].replace("\t", "\tX", 1)           # a word's form changed
    path = tmp_path / "other.conllu"
    path.write_text("\n\n".join([blocks[0].split("\n", 1)[0] + "\n" + other.split("\n", 1)[1]]
                                + blocks[1:]) + "\n\n", encoding="utf-8")
    assert check_same("conll18", DEMO / "conll" / "demo.gold.conllu", path) is None


@pytest.mark.issue(27)
def test_totals_command_line(tmp_path):
    """`tcompare GOLD SYS --totals FILE` (no window) writes what `score --output json` says."""
    name, gold, system = ptb_cases(tmp_path)[1]
    out = tmp_path / "totals.json"
    proc = subprocess.run([sys.executable, "-m", "tcompare", str(gold), str(system),
                           "--profile", "jp-evalb", "--totals", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    written = json.loads(out.read_text())
    _, data, _ = score_json("jp-evalb", gold, system)
    assert written == {"profile": "jp-evalb", "summary": data["summary"]}


def wsj_pair(tmp: Path, n: int = 40) -> tuple[Path, Path] | None:
    base = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
    if not (base / "23.gold").is_file():
        return None
    g = (base / "23.gold").read_text(encoding="utf-8").splitlines()[:n]
    s = (base / "23.sys_berkeley").read_text(encoding="utf-8").splitlines()[:n]
    gold = write_lines(tmp / "wsj.gold", g)
    def inner(line: str) -> str:       # the tree under the root bracket ("(TOP " or "( ")
        body = line.strip()
        return body[body.index(" ") + 1:-1].strip()
    sys_lines = s[:5] + s[6:20] + [f"(TOP (S {inner(s[20])} {inner(s[21])}))"] + s[22:]
    return gold, write_lines(tmp / "wsj.sys", sys_lines)


@pytest.mark.issue(27)
@pytest.mark.parametrize("profile", ["evalb", "jp-evalb"])
def test_wsj_dropped_and_joined(tmp_path, profile):
    pair = wsj_pair(tmp_path)
    if pair is None:
        pytest.skip("WSJ anchor absent")
    data = check_same(profile, *pair)
    assert data is not None


@pytest.mark.issue(27)
def test_generated_conll18_cases_equal_the_official_scorer(tmp_path):
    """The window's total on the generated dependency pairs (own sent_ids, a dropped
    sentence, a moved boundary, a join) equals conll18_ud_eval.py's figures."""
    import real_data

    real_data.needs_conll18()
    for name, gold, system in conllu_cases(tmp_path):
        official = real_data.official_figures(gold, system)
        shown = totals.totals_json(window("conll18", gold, system))
        if "error" in official:
            assert shown["summary"] is None and shown["refusal"], name
            continue
        assert real_data.differences({"summary": shown["summary"]}, official) == [], name


def csv_gold_numbers(text: str) -> list[int]:
    """The gold sentence numbers of a `--output csv` table's rows (its first block)."""
    import csv
    import io

    block = text.split("\n\n", 1)[0]
    rows = list(csv.DictReader(io.StringIO(block)))
    column = "gold" if rows and "gold" in rows[0] else "gold_sentences"
    return [int(k) for row in rows for k in row[column].split()]


@pytest.mark.issue(27)
@pytest.mark.parametrize("profile", ["evalb", "jp-evalb", "conll18", "conllu", "sighan2012"])
def test_csv_names_every_gold_sentence_once(tmp_path, profile):
    """CSV keeps the JSON's contract: one row per aligned pair naming its 1-based gold
    sentences, every gold sentence in exactly one row."""
    if profile in ("evalb", "jp-evalb"):
        cases = ptb_cases(tmp_path)
    elif profile == "sighan2012":
        cases = one_per_line_cases(tmp_path, "sinica", "gold.sinica", "system.sinica", "sinica")
    else:
        cases = conllu_cases(tmp_path)
    for name, gold, system in cases:
        proc = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", profile,
                               str(gold), str(system), "--output", "csv"],
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:          # refused: nothing written, as the JSON
            assert not proc.stdout, name
            continue
        assert sorted(csv_gold_numbers(proc.stdout)) == list(range(1, gold_count(gold) + 1)), name
