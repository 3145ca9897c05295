"""``--profile ud-eval`` against the official UD ``eval.py`` (UniversalDependencies/tools,
found under TCOMPARE_REFS/ud-tools with its own venv: tests skip when absent): stdout,
stderr's last line and exit status on the script's own test case, on generated pairs with
empty nodes, multiword tokens and enhanced relations, and on every refusal; the streamed
scorer against the whole-file one; the JSON's enhanced verdicts by hand."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare.cli import score_udeval
from tcompare.formats.lines import ByteSource
from tcompare.scoring import udeval
from tcompare.scoring.udeval import stream

sys.path.insert(0, str(Path(__file__).parent))
from udeval_pairs import EDITS, generated_pair  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
TOOLS = REFS / "ud-tools"
SCRIPT = TOOLS / "eval.py"
PYTHON = TOOLS / "venv" / "bin" / "python"
CASES = TOOLS / "udtools" / "tests" / "test-cases" / "eval"
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
needs_ref = pytest.mark.skipif(not (SCRIPT.exists() and PYTHON.exists()),
                               reason=f"official eval.py (and its venv) absent: {TOOLS}")
needs_ewt = pytest.mark.skipif(not EWT.exists(), reason=f"EWT absent: {EWT}")

FLAGS = ([], ["-v"], ["-c"], ["-v", "-c"], ["--no-enhanced", "-v"], ["--enhancements", "1"],
         ["-c", "--enhancements", "2"], ["-c", "--enhancements", "3"],
         ["-c", "--enhancements", "4"], ["-c", "--enhancements", "5"],
         ["-c", "--enhancements", "6"], ["-c", "--enhancements", "123456"],
         ["-v", "--multiple-roots-okay"], ["-v", "--no-empty-nodes", "1"])

# the official main() without print: its argument parser, evaluate_wrapper and table;
# a death gives the last line of its traceback
DRIVER = r'''
import json, sys, traceback
sys.path.insert(0, sys.argv[1])
from udtools.src.udtools.udeval import evaluate_wrapper, build_evaluation_table
from udtools.src.udtools.argparser import parse_args_scorer
out = []
for argv in json.load(sys.stdin):
    try:
        args = parse_args_scorer(argv)
        ev = evaluate_wrapper(args)
        out.append([build_evaluation_table(ev, args.verbose, args.counts, args.enhanced) + "\n", "", 0])
    except Exception as exc:
        out.append(["", traceback.format_exception_only(exc)[-1], 1])
json.dump(out, sys.stdout)
'''


def official(runs: list[list[str]]) -> list[tuple[str, str, int]]:
    proc = subprocess.run([str(PYTHON), "-c", DRIVER, str(TOOLS)], input=json.dumps(runs),
                          capture_output=True, text=True, check=True, cwd=TOOLS)
    return [tuple(r) for r in json.loads(proc.stdout)]


def ours(argv: list[str]) -> tuple[str, str, int]:
    out, err = io.StringIO(), io.StringIO()
    code = score_udeval.main(argv, "ud-eval", out, err)
    return out.getvalue(), err.getvalue(), code


def assert_all_same(runs: list[list[str]]) -> None:
    for argv, ref in zip(runs, official(runs)):
        assert ours(argv) == ref, argv


# ------------------------------------------------------------------ the script's own test case

@needs_ref
def test_official_test_case_expected_file():
    """udtools' test case: our -v output is its stored eval.txt."""
    out, err, code = ours(["-v", str(CASES / "cs_pud-gold.conllu"),
                           str(CASES / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu")])
    assert (code, err) == (0, "")
    assert out.rstrip("\n") == (CASES / "eval.txt").read_text(encoding="utf-8").rstrip("\n")


@needs_ref
@pytest.mark.slow
def test_official_test_case_every_flag():
    gold, system = str(CASES / "cs_pud-gold.conllu"), str(CASES / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu")
    # (the output flags on their own; every --enhancements switch is run on the generated
    # pairs: the UDPipe output of the test case has no enhanced relations)
    assert_all_same([[*f, gold, system] for f in ([], ["-v"], ["-c"], ["-v", "-c"],
                                                  ["--no-enhanced", "-v"],
                                                  ["-c", "--enhancements", "123456"])])


@needs_ref
@pytest.mark.slow
def test_the_script_itself_same_bytes_and_status(tmp_path):
    """One run of eval.py as a program: stdout and status, and a refusal's last line."""
    gold, system = str(CASES / "cs_pud-gold.conllu"), str(CASES / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu")
    proc = subprocess.run([str(PYTHON), str(SCRIPT), "-c", gold, system], capture_output=True,
                          text=True, cwd=TOOLS)
    assert ours(["-c", gold, system]) == (proc.stdout, "", proc.returncode)
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\ta\t_\t_\t_\t_\t0\troot\t_\t_\n2\tb\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    proc = subprocess.run([str(PYTHON), str(SCRIPT), str(bad), str(bad)], capture_output=True,
                          text=True, cwd=TOOLS)
    out, err, code = ours([str(bad), str(bad)])
    assert (out, code) == (proc.stdout, proc.returncode) == ("", 1)
    assert err == proc.stderr.splitlines(keepends=True)[-1]


# ------------------------------------------------------------------ generated pairs

@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    if not EWT.exists():
        pytest.skip(f"EWT absent: {EWT}")
    text = EWT.read_text(encoding="utf-8")
    blocks = text.strip("\n").split("\n\n")
    base = "\n\n".join(blocks[:160]) + "\n\n"
    folder = tmp_path_factory.mktemp("udeval")
    out = {}
    for name in EDITS:
        g, s = generated_pair(base, name)
        gp, sp = folder / f"{name}.gold.conllu", folder / f"{name}.system.conllu"
        gp.write_text(g, encoding="utf-8")
        sp.write_text(s, encoding="utf-8")
        out[name] = (str(gp), str(sp))
    # line ends as Windows (and old Macs) write them, read as universal newlines
    g, s = generated_pair(base, "everything", 1)
    for name, end in (("crlf", "\r\n"), ("cr", "\r")):
        gp, sp = folder / f"{name}.gold.conllu", folder / f"{name}.system.conllu"
        gp.write_bytes(g.replace("\n", end).encode())
        sp.write_bytes(s.replace("\n", "\r\n" if name == "cr" else end).encode())
        out[name] = (str(gp), str(sp))
    return out


@needs_ref
@needs_ewt
@pytest.mark.slow
def test_generated_pairs_every_flag(generated):
    # every flag set on the pair with everything; the output and switch flags that change
    # the counts on the others
    runs = [[*f, g, s] for name, (g, s) in generated.items()
            for f in (FLAGS if name == "everything" else
                      (["-c"], ["-c", "--enhancements", "12456"], ["-v", "--no-empty-nodes", "1"]))]
    assert_all_same(runs)
    # and the pairs are scored, not all refused
    assert sum(ours(r)[2] == 0 for r in runs) >= len(runs) // 2


@needs_ewt
def test_generated_pairs_exercise_what_they_say(generated):
    g, s = generated["everything"]
    system = Path(s).read_text()
    assert "-" in "".join(line.split("\t")[0] for line in system.splitlines())
    assert any(line.split("\t")[0].count(".") == 1 for line in system.splitlines() if "\t" in line)
    assert ">" in system and ":ref" in system
    out, err, code = ours(["-c", g, s])
    assert code == 0, err
    elas = next(line for line in out.splitlines() if line.startswith("ELAS"))
    correct, gold_n, system_n = (int(x) for x in elas.split("|")[1:4])
    assert 0 < correct < gold_n and system_n > 0


@needs_ewt
@pytest.mark.slow
def test_streamed_equals_whole_files_in_small_pieces(generated, monkeypatch):
    """Pieces of a few kilobytes (many segments, cuts inside multiword spans put off)
    give the counts of the whole-file path, for every generated pair and option set."""
    monkeypatch.setattr(stream, "PIECE", 2048)
    for g, s in generated.values():
        for options in (udeval.Options(), udeval.Options.from_flags("1256", False, True)):
            try:
                whole = udeval.loaded_totals(ByteSource(g), ByteSource(s), options)
            except udeval.UdEvalError:
                continue
            assert stream._score(ByteSource(g), ByteSource(s), options, None) == whole


# ------------------------------------------------------------------ refusals, one by one

def rows(*words: str) -> str:
    """Rows from space-separated columns (ID FORM LEMMA UPOS HEAD DEPREL [DEPS]), then a
    blank line."""
    out = []
    for w in words:
        c = w.split(" ")
        if len(c) == 2:                     # a multiword range: ID FORM
            out.append("\t".join([c[0], c[1], *["_"] * 8]))
            continue
        deps = c[6] if len(c) > 6 else "_"
        out.append("\t".join([c[0], c[1], c[2], c[3], "_", "_", c[4], c[5], deps, "_"]))
    return "\n".join(out) + "\n\n"


GOOD = rows("1 Der der DET 2 det 2:det", "2 Hund Hund NOUN 3 nsubj 3:nsubj|4:nsubj:xsubj",
            "3 will wollen VERB 0 root 0:root", "4 bellen bellen VERB 3 xcomp 3:xcomp")
REFUSED = {
    "multiple_roots": rows("1 a a X 0 root 0:root", "2 b b X 0 root 0:root"),
    "cycle": rows("1 a a X 2 dep 2:dep", "2 b b X 1 dep 1:dep", "3 c c X 0 root 0:root"),
    "head_outside": rows("1 a a X 5 dep", "2 b b X 0 root"),
    "head_negative": rows("1 a a X -1 dep", "2 b b X 0 root"),
    "head_not_a_number": rows("1 a a X x dep", "2 b b X 0 root"),
    "word_id_wrong": rows("1 a a X 0 root", "3 b b X 1 dep"),
    "word_id_not_a_number": rows("1 a a X 0 root", "two b b X 1 dep"),
    "mwt_id_bad": rows("1-x ab", "1 a a X 0 root", "2 b b X 1 dep"),
    "mwt_word_head_not_a_number": rows("1-2 ab", "1 a a X 0 root", "2 b b X y dep"),
    "mwt_unfinished": rows("1-3 abc", "1 a a X 0 root", "2 b b X 1 dep"),
    "deps_without_colon": rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1"),
    "deps_head_not_a_number": rows("1 a a X 0 root 0:root", "2 b b X 1 dep z:dep"),
    "deps_head_outside": rows("1 a a X 0 root 0:root", "2 b b X 1 dep 7:dep"),
    "nine_columns": "1\ta\ta\tX\t_\t_\t0\troot\t_\n\n",
    "comment_inside": "1\ta\ta\tX\t_\t_\t0\troot\t_\t_\n# late\n\n",
    "empty_form": "1\t \ta\tX\t_\t_\t0\troot\t_\t_\n\n",
    "no_final_blank_line": "1\ta\ta\tX\t_\t_\t0\troot\t_\t_\n",
    "double_blank_line": rows("1 a a X 0 root") + "\n" + rows("1 b b X 0 root"),
    "bom": "\ufeff" + rows("1 a a X 0 root"),
}
REFUSED_WITH_FLAGS = {
    "empty_node_line": (["--no-empty-nodes", "1"],
                        rows("1 a a X 0 root 0:root") .replace("\n\n", "\n")
                        + "1.1\te\t_\t_\t_\t_\t_\t_\t1:conj\t_\n\n"),
    "empty_node_reference": (["--no-empty-nodes", "yes"],
                             rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1.1:dep")),
}
ACCEPTED = {
    "multiple_roots_okay": (["--multiple-roots-okay", "-v"],
                            rows("1 a a X 0 root 0:root", "2 b b X 0 root 0:root")),
    "empty_nodes_skipped": (["-v"], rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1.1:dep")),
    "no_empty_nodes_empty_value": (["-v", "--no-empty-nodes", ""],
                                   rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1.1:dep")),
    "two_empty_files": (["-v"], ""),
    "comments_only": (["-c"], "# just a comment\n"),
    "mwt_without_words": (["-c"], rows("2-1 ab", "1 a a X 0 root 0:root")),
    "mwt_word_ids_unchecked": (["-c"], rows("1-2 ab", "5 a a X 0 root 0:root",
                                            "6 b b X 1 dep 1:dep", "3 c c X 1 dep 1:dep")),
    "mwt_of_one_word": (["-c"], rows("1-1 a", "1 a a X 0 root 0:root", "2 b b X 1 dep")),
    "mwt_words_with_spaces": (["-v"], "1-2\ta\u00a0b\t_\t_\t_\t_\t_\t_\t_\t_\n"
                              "1\tA \ta\tX\t_\t_\t0\troot\t0:root\t_\n"
                              "2\tb\tb\tX\t_\t_\t1\tdep\t1:dep\t_\n\n"),
    "negative_enhanced_head_filtered": (["-c", "--enhancements", "145"], rows(
        "1 a a X 0 root 0:root", "2 b b X 1 xcomp 1:xcomp")
        + rows("1 c c X 0 root 0:root", "2 d d X 1 acl -2:nsubj|-1:ref|-3:obj")),
    "negative_enhanced_head": (["-c"], rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1:dep")
                               + rows("1 c c X 0 root 0:root", "2 d d X 1 dep -1:dep|-4:x")),
    "negative_enhanced_head_too_far": (["-c"], rows("1 a a X 0 root 0:root",
                                                    "2 b b X 1 dep -9:dep")),
    "gapping_paths": (["-c", "--enhancements", "1"],
                      rows("1 a a X 0 root 0:root", "2 b b X 1 conj 1:conj>obl:in|1:conj")),
}


@needs_ref
@pytest.mark.slow
def test_refusals_and_edge_cases_like_the_script(tmp_path):
    runs = []
    good = tmp_path / "good.conllu"
    good.write_text(GOOD, encoding="utf-8")
    cases = {name: ([], text) for name, text in REFUSED.items()}
    cases.update(REFUSED_WITH_FLAGS)
    cases.update(ACCEPTED)
    for name, (flags, text) in cases.items():
        path = tmp_path / f"{name}.conllu"
        path.write_text(text, encoding="utf-8")
        runs += [[*flags, str(path), str(path)], [*flags, str(good), str(path)],
                 [*flags, str(path), str(good)]]
    # different characters (the token report names files, tokens and lines)
    other = tmp_path / "other.conllu"
    other.write_text(GOOD.replace("bellen\tbellen", "bellte\tbellen"), encoding="utf-8")
    runs += [[str(good), str(other)], [str(other), str(good)]]
    short = tmp_path / "short.conllu"
    short.write_text(rows("1 Der der DET 0 root"), encoding="utf-8")
    runs += [[str(good), str(short)], [str(short), str(good)]]
    # a bad byte, a missing file
    bad = tmp_path / "bad.conllu"
    bad.write_bytes(GOOD.encode() * 300 + b"1\t\xff\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    runs += [[str(good), str(bad)], [str(bad), str(good)],
             [str(good), str(tmp_path / "missing.conllu")]]
    assert_all_same(runs)
    refused = [r for r in runs if ours(r)[2] == 1]
    assert len(refused) >= 2 * len(REFUSED)


def test_refusal_is_the_last_traceback_line(tmp_path):
    path = tmp_path / "roots.conllu"
    path.write_text(REFUSED["multiple_roots"], encoding="utf-8")
    assert ours([str(path), str(path)]) == (
        "", "udtools.src.udtools.udeval.UDError: There are multiple roots in the sentence "
            "that ends at 3\n", 1)
    path.write_text(REFUSED["deps_head_outside"], encoding="utf-8")
    assert ours([str(path), str(path)]) == ("", "IndexError: list index out of range\n", 1)


# ------------------------------------------------------------------ by hand

def test_enhanced_counts_and_verdicts_by_hand(tmp_path):
    """Gold: b has 1:dep and 3:nsubj:xsubj; system: 1:dep:x (EULAS only), 3:nsubj:xsubj
    (match) and an extra 0:root.  ELAS 1 + 1 (c's arc) of gold 3, system 4."""
    gold = tmp_path / "g.conllu"
    system = tmp_path / "s.conllu"
    gold.write_text(rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1:dep|3:nsubj:xsubj",
                         "3 c c X 1 xcomp 1:xcomp"))
    system.write_text(rows("1 a a X 0 root 0:root", "2 b b X 1 dep 1:dep:x|3:nsubj:xsubj|0:root",
                           "3 c c X 1 obj 1:obj"))
    out, err, code = ours(["-c", str(gold), str(system)])
    lines = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert lines["ELAS"] == "ELAS       |         2 |         4 |         5 |          "
    assert lines["EULAS"] == "EULAS      |         3 |         4 |         5 |          "
    out, err, code = ours(["--output", "json", str(gold), str(system)])
    doc = json.loads(out)
    assert doc["metrics"]["ELAS"]["correct"] == 2 and doc["metrics"]["EULAS"]["gold"] == 4
    seg = doc["segments"][0]
    assert seg["enhanced_gold"] == [[0, -1, "root", "match"], [1, 0, "dep", "unlabelled"],
                                    [1, 2, "nsubj:xsubj", "match"], [2, 0, "xcomp", "wrong"]]
    assert seg["enhanced_system"][-1] == [2, 0, "obj", "wrong"]
    assert [1, -1, "root", "wrong"] in seg["enhanced_system"]


def test_csv_has_every_metric(tmp_path):
    path = tmp_path / "g.conllu"
    path.write_text(GOOD, encoding="utf-8")
    out, err, code = ours(["--output", "csv", str(path), str(path)])
    lines = out.splitlines()
    assert lines[0].startswith("metric,correct,gold,system,aligned")
    assert [line.split(",")[0] for line in lines[1:]] == list(udeval.METRICS)
    assert lines[-1] == "EULAS,5,5,5,,1.0,1.0,1.0,"


def test_a_head_chain_as_deep_as_the_script_can_walk(tmp_path):
    """eval.py (run directly) walks heads recursively: 994 words in a chain are scored,
    995 overflow its stack (checked against the script by hand, docs/ud-eval.md)."""
    for n, code in ((994, 0), (995, 1)):
        path = tmp_path / f"chain{n}.conllu"
        path.write_text("".join(f"{i}\tw{i}\t_\t_\t_\t_\t{i + 1 if i < n else 0}\t"
                                f"{'dep' if i < n else 'root'}\t_\t_\n"
                                for i in range(1, n + 1)) + "\n")
        out, err, got = ours([str(path), str(path)])
        assert got == code
        if code:
            assert err == "RecursionError: maximum recursion depth exceeded in comparison\n"


def test_the_sentence_profile_adds_up_to_the_files(tmp_path):
    """score --profile ud-eval (streamed) and the per-sentence profile's aggregate (what
    table, report and the window use) give the same counts, joined sentences included."""
    from tcompare.scoring import profiles
    from tcompare.scoring.udeval.sentences import metrics_of

    gold = GOOD + rows("1 Er er PRON 2 nsubj 2:nsubj", "2 bellt bellen VERB 0 root 0:root")
    joined = rows("1 Der der DET 2 det 2:det", "2 Hund Hund NOUN 3 nsubj 3:nsubj",
                  "3 will wollen VERB 0 root 0:root", "4 bellen bellen VERB 3 xcomp 3:xcomp",
                  "5 Er er PRON 6 nsubj 6:nsubj:pass", "6 bellt bellen VERB 3 parataxis 3:parataxis")
    g, s = tmp_path / "g.conllu", tmp_path / "s.conllu"
    g.write_text(gold)
    s.write_text(joined)
    totals = udeval.score_files(ByteSource(str(g)), ByteSource(str(s)), udeval.Options())
    profile = profiles.get("ud-eval")
    result = profile.score(gold, joined, {})
    assert metrics_of(result.counts) == totals
    # by hand: Hund's xsubj arc missing; Er's nsubj:pass matches unlabelled only; bellt's
    # root became parataxis
    assert totals["Sentences"][:3] == [0, 2, 1]
    assert totals["ELAS"][:3] == [4, 7, 6] and totals["EULAS"][:3] == [5, 7, 6]
    summary = profile.aggregate([result], {})
    assert summary.metrics["ELAS"] == pytest.approx(100 * 2 * 4 / 13)


@needs_ewt
@pytest.mark.slow
def test_two_halves_at_once_equal_the_whole_files(generated, monkeypatch, tmp_path):
    """Big files are scored in two halves by two processes: the same counts, and a cut
    right before a multiword token (where the word merge goes on over it) or different
    characters make it read the files from the start."""
    monkeypatch.setattr(stream, "PARALLEL_BYTES", 1)
    monkeypatch.setattr(stream, "_WINDOW", 1 << 16)
    seen = []
    real = stream._score_halves

    def spy(*args):
        result = real(*args)
        seen.append(result is not None)
        return result
    monkeypatch.setattr(stream, "_score_halves", spy)
    options = udeval.Options()
    for name, (g, s) in generated.items():
        try:
            whole = udeval.loaded_totals(ByteSource(g), ByteSource(s), options)
        except udeval.UdEvalError:
            continue
        assert udeval.score_files(ByteSource(g), ByteSource(s), options) == whole, name
    assert any(seen)
    # the system's first word after the cut made a multiword token (same characters): the
    # same counts whichever way it is read
    g, s = generated["tokenisation"]
    point = stream.split_point(ByteSource(g), ByteSource(s), options)
    assert point is not None
    data = Path(s).read_bytes()
    head, tail = data[:point[3][0]].decode(), data[point[3][0]:].decode()
    lines = tail.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("1\t"))
    first, second = lines[k].split("\t"), lines[k + 1].split("\t")
    assert second[0] == "2"
    lines.insert(k, "\t".join(["1-2", first[1] + second[1], *["_"] * 8]))
    odd = tmp_path / "odd.conllu"
    odd.write_text(head + "\n".join(lines), encoding="utf-8")
    assert stream.split_point(ByteSource(g), ByteSource(str(odd)), options)[1][2] is True
    whole = udeval.loaded_totals(ByteSource(g), ByteSource(str(odd)), options)
    assert udeval.score_files(ByteSource(g), ByteSource(str(odd)), options) == whole
