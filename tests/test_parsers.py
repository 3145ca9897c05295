"""tcompare/parsers/ without any real parser: the stub drives the whole path (gold -> parse
-> system file -> score), and Stanza / benepar adapters read objects shaped like theirs
(fake modules: the real packages and their models are not installed in CI)."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.cli import main as cli_main
from tcompare.parsers import (CONSTITUENCY, DEPENDENCY, PRETOKENISED, RAW, ParserMissing, WordsIn, catalogue,
                              install_command, make_parser, parse_corpus)
from tcompare.parsers.stub import stub_tree

GOLD = """# newdoc id = d1
# sent_id = a
# text = She cannot come.
1\tShe\tshe\tPRON\tPRP\t_\t4\tnsubj\t_\t_
2-3\tcannot\t_\t_\t_\t_\t_\t_\t_\t_
2\tcan\tcan\tAUX\tMD\t_\t4\taux\t_\t_
3\tnot\tnot\tPART\tRB\t_\t4\tadvmod\t_\t_
4\tcome\tcome\tVERB\tVB\t_\t0\troot\t_\tSpaceAfter=No
5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_

# sent_id = b
# text = Dogs bark loudly.
1\tDogs\tdog\tNOUN\tNNS\t_\t2\tnsubj\t_\t_
2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_
3\tloudly\tloudly\tADV\tRB\t_\t2\tadvmod\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""

STUB_A = """# newdoc id = d1
# sent_id = a
# text = She cannot come.
1\tShe\t_\tX\t_\t_\t0\troot\t_\t_
2-3\tcannot\t_\t_\t_\t_\t_\t_\t_\t_
2\tcan\t_\tX\t_\t_\t1\tdep\t_\t_
3\tnot\t_\tX\t_\t_\t2\tdep\t_\t_
4\tcome\t_\tX\t_\t_\t3\tdep\t_\tSpaceAfter=No
5\t.\t_\tX\t_\t_\t4\tdep\t_\t_

"""


@pytest.fixture
def gold_file(tmp_path: Path) -> Path:
    path = tmp_path / "gold.conllu"
    path.write_text(GOLD, encoding="utf-8")
    return path


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    code = cli_main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ------------------------------------------------------------------ the stub, pretokenised

def test_stub_on_gold_tokens_keeps_ids_text_and_multiword_tokens(gold_file):
    run = parse_corpus(make_parser("stub"), formats.read_file(gold_file), PRETOKENISED)
    assert run.text.startswith(STUB_A)
    assert run.sentences == 2 and run.missing == [] and run.notation == "conllu"
    again = formats.read_text(run.text, "conllu")           # the output reads back as CoNLL-U
    assert [len(r.item.words) for r in again] == [5, 4]


def test_crash_on_one_sentence_is_a_named_missing_parse_and_scores_as_one(gold_file, tmp_path, capsys):
    system = tmp_path / "sys.conllu"
    code, _, err = run_cli(["parse", "--with", "stub:fail=Dogs", str(gold_file), "-o", str(system)], capsys)
    assert code == 0
    assert f"{gold_file}: no parse for sentence 2 (b), line 11: StubCrash: the stub was told to fail on 'Dogs'" in err
    text = system.read_text(encoding="utf-8")
    assert text == STUB_A + ("# sent_id = b\n# text = Dogs bark loudly.\n"
                             "# tcompare_no_parse = StubCrash: the stub was told to fail on 'Dogs'\n\n")
    code, out, _ = run_cli(["score", "--profile", "conllu", "--output", "json", str(gold_file), str(system)], capsys)
    summary = json.loads(out)["summary"]
    # by hand: of 9 gold words only "." (head 4) is attached as in the gold; the 4 words of
    # the sentence without a parse stay in the denominator
    assert summary["UAS"] == pytest.approx(100 / 9, abs=1e-12)
    assert summary["tokens"] == 9 and summary["LAS"] == 0.0


def test_empty_answer_is_a_missing_parse(gold_file):
    run = parse_corpus(make_parser("stub:empty=come"), formats.read_file(gold_file), PRETOKENISED)
    assert [(m.index, m.sent_id, m.error) for m in run.missing] == [(1, "a", "the parser returned nothing")]
    assert run.sentences == 2


def test_json_summary(gold_file, tmp_path, capsys):
    code, out, _ = run_cli(["parse", "--with", "stub", "--json", "-q", str(gold_file), "-o",
                            str(tmp_path / "s.conllu")], capsys)
    data = json.loads(out)
    assert code == 0 and data["gold_sentences"] == 2 and data["system_sentences"] == 2
    assert data["missing"] == [] and data["mode"] == "pretokenised" and data["parser"] == "stub"


def test_cancel_between_batches(tmp_path):
    blocks = [f"# sent_id = s{n}\n1\tw{n}\t_\t_\t_\t_\t0\troot\t_\t_\n\n" for n in range(200)]
    gold = formats.read_text("".join(blocks), "conllu")
    calls = []
    run = parse_corpus(make_parser("stub"), gold, PRETOKENISED, progress=lambda d, t: calls.append((d, t)),
                       should_stop=lambda: len(calls) >= 1)
    assert run.cancelled and calls == [(64, 200)] and run.sentences == 64


# ------------------------------------------------------------------ raw text

def test_raw_mode_parser_segments_and_names_its_sentences(gold_file):
    run = parse_corpus(make_parser("stub"), formats.read_file(gold_file), RAW)
    text = run.text
    assert text.startswith("# newdoc id = d1\n# sent_id = doc1-s1\n# text = She cannot come.\n"
                           "1\tShe\t_\tX\t_\t_\t0\troot\t_\t_\n2\tcannot\t")
    assert "# sent_id = doc1-s2\n# text = Dogs bark loudly.\n" in text
    assert run.sentences == 2


def test_raw_mode_crash_in_a_document_falls_back_to_sentences(gold_file):
    run = parse_corpus(make_parser("stub:fail=Dogs"), formats.read_file(gold_file), RAW)
    assert [(m.index, m.sent_id) for m in run.missing] == [(2, "b")]
    assert "# sent_id = doc1-s1\n" in run.text and "# tcompare_no_parse = StubCrash" in run.text


def test_raw_stub_output_scores_like_the_official_conll18(gold_file, tmp_path, capsys):
    import real_data

    real_data.needs_conll18()
    system = tmp_path / "sys.conllu"
    assert run_cli(["parse", "--raw", "-q", "--with", "stub", str(gold_file), "-o", str(system)], capsys)[0] == 0
    official = real_data.official_figures(gold_file, system)
    assert real_data.differences(real_data.tcompare_json(gold_file, system), official) == []
    # "cannot" is one token in both, but one word here and two in the gold
    assert official["Tokens"]["f1"] == 1.0 and official["Words"]["f1"] < 1.0


# ------------------------------------------------------------------ constituency

def test_stub_tree_on_ptb_gold_scores_by_hand(tmp_path, capsys):
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT The) (NN dog)) (VP (VBD barked)))\n(S (NP (PRP It)) (VP (VBD ran)))\n",
                    encoding="utf-8")
    system = tmp_path / "sys.mrg"
    code, _, _ = run_cli(["parse", "-q", "--with", "stub:constituency", str(gold), "-o", str(system)], capsys)
    assert code == 0
    assert system.read_text(encoding="utf-8") == ("(S (X The) (X (X dog) (X (X barked))))\n"
                                                  "(S (X It) (X (X ran)))\n")
    code, out, _ = run_cli(["score", "--profile", "evalb", "--output", "json", str(gold), str(system)], capsys)
    summary = json.loads(out)["summary"]
    # by hand: gold S NP VP + S NP VP = 6 brackets, system 3 + 2 = 5, matching: the two S
    assert (summary["matched_brackets"], summary["gold_brackets"], summary["test_brackets"]) == (2, 6, 5)
    assert summary["recall"] == pytest.approx(100 * 2 / 6) and summary["precision"] == pytest.approx(100 * 2 / 5)


def test_stub_tree_shape():
    assert stub_tree(["a"]).root.label.raw == "S"
    assert len(stub_tree(["a", "b", "c"]).nodes()) == 3
    assert stub_tree([]).root is None


def test_kind_mismatch_is_a_clear_message(tmp_path, capsys):
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT The) (NN dog)) (VP (VBD barked)))\n", encoding="utf-8")
    code, _, err = run_cli(["parse", "--with", "stub", str(gold), "-o", str(tmp_path / "s")], capsys)
    assert code == 1
    assert "stub gives dependency parses but" in err and "choose a constituency parser" in err
    assert not (tmp_path / "s").exists()


# ------------------------------------------------------------------ names, models, usage

def test_unknown_parser_and_gold_as_output_are_usage_errors(gold_file, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli_main(["parse", "--with", "nosuch", str(gold_file), "-o", "x"])
    assert exit_.value.code == 2 and "no parser called 'nosuch'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["parse", "--with", "stub", str(gold_file), "-o", str(gold_file)])
    assert "would be overwritten" in capsys.readouterr().err


def test_missing_package_names_the_install_command(gold_file, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "stanza", None)          # import stanza -> ImportError
    code, _, err = run_cli(["parse", "--with", "stanza:en", str(gold_file), "-o", str(tmp_path / "s")], capsys)
    assert code == 1
    assert "Stanza is not installed; install it with: pip install 'tcompare[stanza]'" in err


def test_listing_loads_no_parser():
    code = ("import sys, tcompare.parsers as p; names=[e.name for e in p.catalogue()];"
            "print('stub' in names, any(m in sys.modules for m in ('spacy','stanza','benepar','torch')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"]


def test_catalogue_says_how_to_install_what_is_missing(monkeypatch):
    from tcompare.parsers import installed

    monkeypatch.setattr(installed, "has_module", lambda name: False)
    entries = {e.name: e for e in catalogue()}
    assert entries["stub"].installed and entries["stub:constituency"].kind == CONSTITUENCY
    assert entries["stanza:en"].install == ("pip install 'tcompare[stanza]' && "
                                            "python -c \"import stanza; stanza.download('en')\"")
    assert entries["benepar:benepar_en3"].install.endswith("benepar.download('benepar_en3')\"")
    assert entries["spacy:ja_ginza"].install == "pip install 'tcompare[ginza]'"
    assert install_command("spacy:en_core_web_sm") == ("pip install 'tcompare[spacy]' && "
                                                       "python -m spacy download en_core_web_sm")


def test_words_in_text():
    assert WordsIn(("can", "not", "!"), (False, False, True)).text == "cannot!"


# ------------------------------------------------------------------ Stanza, read from objects shaped like its own

def _stanza_word(i, text, head, deprel, upos="X"):
    return types.SimpleNamespace(id=i, text=text, lemma=text.lower(), upos=upos, xpos=None, feats=None,
                                 head=head, deprel=deprel)


def _fake_stanza(sentences_for, constituency="(ROOT (S (NP (PRP I)) (VP (VBD ran))))", fail=False):
    module = types.ModuleType("stanza")
    made = []

    class Pipeline:
        def __init__(self, **kwargs):
            if fail:
                raise FileNotFoundError("Resources file not found")
            made.append(kwargs)

        def __call__(self, data):
            return types.SimpleNamespace(sentences=sentences_for(data))

    module.Pipeline = Pipeline
    module.made = made
    return module


def test_stanza_raw_multiword_tokens_become_ranges(monkeypatch, gold_file):
    def sentences(_text):
        w = [_stanza_word(1, "She", 2, "nsubj"), _stanza_word(2, "ca", 0, "root"), _stanza_word(3, "n't", 2, "advmod")]
        tokens = [types.SimpleNamespace(id=(1,), text="She", words=[w[0]], spaces_after=" "),
                  types.SimpleNamespace(id=(2, 3), text="can't", words=w[1:], spaces_after="")]
        return [types.SimpleNamespace(tokens=tokens, words=w)]

    fake = _fake_stanza(sentences)
    monkeypatch.setitem(sys.modules, "stanza", fake)
    item = make_parser("stanza:en").parse_text("She can't")[0]
    assert [r.columns[:8] for r in item.rows] == [
        ("1", "She", "she", "X", "_", "_", "2", "nsubj"),
        ("2-3", "can't", "_", "_", "_", "_", "_", "_"),
        ("2", "ca", "ca", "X", "_", "_", "0", "root"),
        ("3", "n't", "n't", "X", "_", "_", "2", "advmod")]
    assert item.rows[1].pdeprel == "SpaceAfter=No"
    assert fake.made[0]["download_method"] is None and fake.made[0]["tokenize_pretokenized"] is False


def test_stanza_pretokenised_and_constituency(monkeypatch, gold_file):
    def sentences(data):
        return [types.SimpleNamespace(
            tokens=[types.SimpleNamespace(id=(k,), text=w, words=[_stanza_word(k, w, 0 if k == 1 else 1, "dep")],
                                          spaces_after=" ") for k, w in enumerate(words, start=1)],
            constituency="(ROOT (S (NP (PRP I)) (VP (VBD ran))))") for words in data]

    monkeypatch.setitem(sys.modules, "stanza", _fake_stanza(sentences))
    run = parse_corpus(make_parser("stanza:en"), formats.read_file(gold_file), PRETOKENISED)
    assert run.missing == [] and run.sentences == 2
    assert "4\tcome\tcome\tX\t_\t_\t1\tdep\t_\tSpaceAfter=No\n" in run.text     # the gold's spaces
    tree = make_parser("stanza:en,constituency")
    assert tree.kind == CONSTITUENCY
    out = list(tree.parse_words([WordsIn(("I", "ran"), (True, False))]))
    assert out[0].words == ["I", "ran"] and [n.label.raw for n in out[0].nodes()] == ["ROOT", "S", "NP", "VP"]


def test_stanza_model_not_downloaded(monkeypatch):
    monkeypatch.setitem(sys.modules, "stanza", _fake_stanza(lambda d: [], fail=True))
    with pytest.raises(ParserMissing) as err:
        make_parser("stanza:fr").load()
    assert err.value.install == "python -c \"import stanza; stanza.download('fr')\""


# ------------------------------------------------------------------ benepar

def test_benepar_reads_nltk_trees_and_names_a_missing_model(monkeypatch, tmp_path, capsys):
    nltk = pytest.importorskip("nltk")
    module = types.ModuleType("benepar")
    module.InputSentence = lambda words: types.SimpleNamespace(words=words)

    class Parser:
        def __init__(self, model):
            if model != "benepar_en3":
                raise LookupError("Resource benepar_xx not found")

        def parse_sents(self, inputs):
            for s in inputs:
                yield nltk.Tree("TOP", [nltk.Tree("S", [nltk.Tree("NN", [w]) for w in s.words])])

    module.Parser = Parser
    monkeypatch.setitem(sys.modules, "benepar", module)
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT The) (NN dog)) (VP (VBD barked)))\n", encoding="utf-8")
    system = tmp_path / "sys.mrg"
    assert run_cli(["parse", "-q", "--with", "benepar:benepar_en3", str(gold), "-o", str(system)], capsys)[0] == 0
    assert system.read_text(encoding="utf-8") == "(TOP (S (NN The) (NN dog) (NN barked)))\n"
    code, _, err = run_cli(["parse", "--with", "benepar:benepar_xx", str(gold), "-o", str(system)], capsys)
    assert code == 1 and "python -c \"import benepar; benepar.download('benepar_xx')\"" in err
    assert make_parser("benepar:benepar_en3").kind == CONSTITUENCY and make_parser("stub").kind == DEPENDENCY


def test_list_prints_each_parser_and_the_commands(capsys, monkeypatch):
    from tcompare.parsers import installed

    monkeypatch.setattr(installed, "has_module", lambda name: False)
    code, out, _ = run_cli(["parse", "--list"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:2] == ["stub", "dependency"]
    assert any(line.split()[:2] == ["stanza:en", "dependency"] for line in lines)
    assert any(line.strip() == ("install: pip install 'tcompare[stanza]' && "
                                "python -c \"import stanza; stanza.download('en')\"") for line in lines)


def test_spacy_without_a_pipeline_name_needs_exactly_one(monkeypatch):
    from tcompare.parsers import installed, models

    monkeypatch.setattr(installed, "has_module", lambda name: True)
    monkeypatch.setattr(models, "spacy_pipelines", lambda: {"a_one": {}, "b_two": {}})
    with pytest.raises(ValueError, match="say which spaCy pipeline: spacy:a_one, spacy:b_two"):
        make_parser("spacy")
    monkeypatch.setattr(models, "spacy_pipelines", lambda: {"a_one": {}})
    assert make_parser("spacy").name == "spacy:a_one"
    assert make_parser("ginza").name == "spacy:ja_ginza"


def test_an_unreadable_gold_sentence_is_named_and_kept_in_place(tmp_path, capsys):
    gold = tmp_path / "gold.conllu"
    broken = GOLD.replace("2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_", "2\tbark\tbark")   # 3 columns
    gold.write_text(broken, encoding="utf-8")
    system = tmp_path / "s.conllu"
    code, _, err = run_cli(["parse", "--with", "stub", str(gold), "-o", str(system)], capsys)
    assert code == 0
    line = next(m for m in err.splitlines() if "no parse for sentence 2" in m)
    assert f"{gold}: no parse for sentence 2 (b), line 11: {gold}:14:12: 3 columns, a CONLLU row needs 10" in line
    blocks = system.read_text(encoding="utf-8").strip("\n").split("\n\n")
    assert len(blocks) == 2 and blocks[1].startswith("# sent_id = b\n# text = Dogs bark loudly.\n# tcompare_no_parse")


def test_raw_mode_parses_an_unreadable_gold_sentence_from_its_text(tmp_path):
    broken = GOLD.replace("2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_", "2\tbark\tbark")
    run = parse_corpus(make_parser("stub"), formats.read_text(broken, "conllu"), RAW)
    assert run.missing == [] and "# text = Dogs bark loudly.\n1\tDogs" in run.text


def test_raw_constituency_parse_scores_as_jp_evalb_py(tmp_path, capsys):
    """On raw text the stub cuts "Mr." and "U.S." where the gold does not: other words, other
    sentences, which the aligned profile scores as the reference jp-evalb.py does."""
    from test_jpevalb import assert_same_as_reference

    gold = tmp_path / "gold.mrg"
    gold.write_text("(TOP (S (NP (NNP Mr.) (NNP Smith)) (VP (VBD left) (NP (NNP U.S.))) (. .)))\n"
                    "(TOP (S (NP (PRP It)) (VP (VBD rained)) (. .)))\n", encoding="utf-8")
    system = tmp_path / "sys.mrg"
    assert run_cli(["parse", "-q", "--raw", "--with", "stub:constituency", str(gold), "-o", str(system)], capsys)[0] == 0
    assert system.read_text(encoding="utf-8").count("\n") == 5          # 2 gold sentences, 5 of the stub's
    ours = assert_same_as_reference(tmp_path, gold, system)
    assert "Bracketing Recall" in ours


def test_raw_documents_are_cut_when_huge(monkeypatch):
    from tcompare.parsers import gold_input

    monkeypatch.setattr(gold_input, "RAW_MAX_CHARS", 40)
    blocks = "# newdoc id = one\n" + "".join(
        f"# sent_id = s{n}\n# text = word{n} and more words\n1\tw\t_\t_\t_\t_\t0\troot\t_\t_\n\n" for n in range(5))
    docs = gold_input.documents(gold_input.gold_sentences(formats.read_text(blocks, "conllu")))
    assert [[s.sent_id for s in d] for d in docs] == [["s0"], ["s1"], ["s2"], ["s3"], ["s4"]]
    monkeypatch.setattr(gold_input, "RAW_MAX_CHARS", 100)
    docs = gold_input.documents(gold_input.gold_sentences(formats.read_text(blocks, "conllu")))
    assert [len(d) for d in docs] == [4, 1]


def test_columns_never_break_the_file():
    from tcompare.parsers.items import column, relation

    assert [column(v) for v in ("", " ", "a\tb", " x ", "a\nb\r", "Case=Nom")] == [
        "_", "_", "a b", "x", "a b", "Case=Nom"]
    assert (relation("ROOT", 3), relation("", 3), relation("nsubj", 0)) == ("root", "dep", "root")


def test_conllx_gold_gives_ten_columns_without_comments(tmp_path, capsys):
    from conftest import RESOURCES

    gold = RESOURCES / "demo" / "conll" / "demo.gold.conll"
    system = tmp_path / "sys.conll"
    assert run_cli(["parse", "-q", "--with", "stub:fail=hearing", str(gold), "-o", str(system)], capsys)[0] == 0
    text = system.read_text(encoding="utf-8")
    assert not any(line.startswith("#") for line in text.splitlines())
    assert text.startswith("1\tA\t_\t_\t_\t_\t_\t_\t_\t_\n")         # no parse: no head, no relation
    assert run_cli(["score", str(gold), str(system)], capsys)[1].startswith(
        "  Labeled   attachment score: 0 / 18 * 100 = 0.00 %\n"
        "  Unlabeled attachment score: 3 / 18 * 100 = 16.67 %\n")       # eval.pl prints the same
