"""Several files as one corpus (an Alpino treebank is a folder of one-sentence files;
disco-dop's readers take glob patterns), in disco-dop's file order."""

import shutil
from pathlib import Path

from tcompare.formats import format_corpus
from tcompare.formats.many_files import expand, read_many, read_pattern

DATA = Path(__file__).parent / "data" / "disc"


def test_a_folder_of_alpino_files_in_numeric_order(tmp_path):
    for k in (1, 2, 3, 4):
        shutil.copy(DATA / f"alpino-{k}.xml", tmp_path / f"{k * 5}.xml")     # 5 10 15 20
    names = [Path(p).name for p in expand(str(tmp_path))]
    assert names == ["5.xml", "10.xml", "15.xml", "20.xml"]           # not 10 15 20 5
    corpus = read_pattern(str(tmp_path / "*.xml"))
    assert corpus.notation == "alpino" and len(corpus) == 4 and corpus.errors() == []
    assert [r.index for r in corpus] == [1, 2, 3, 4] and [r.line for r in corpus] == [2, 2, 2, 2]
    assert corpus[1].item.words == read_pattern(str(tmp_path / "10.xml"))[0].item.words
    assert format_corpus(corpus) == "".join(
        (DATA / f"alpino-{k}.xml").read_text(encoding="utf-8") for k in (1, 2, 3, 4))


def test_errors_name_their_own_file_and_line(tmp_path):
    good = (DATA / "alpino-1.xml").read_text(encoding="utf-8")
    (tmp_path / "a_1.xml").write_text(good, encoding="utf-8")
    (tmp_path / "a_2.xml").write_text(good.replace("</sentence>", "</sentenc>"), encoding="utf-8")
    (tmp_path / "a_3.xml").write_text(good, encoding="utf-8")
    corpus = read_pattern(str(tmp_path / "a_*.xml"))
    errors = corpus.errors()
    assert len(errors) == 1 and errors[0].path.endswith("a_2.xml") and errors[0].line == 37
    assert corpus[0].item is not None and corpus[2].item is not None


def test_export_and_tiger_files_one_after_another(tmp_path):
    exports = [DATA / "tueba-sample.export", DATA / "corpus-sample.export"]
    corpus = read_many([str(p) for p in exports])
    assert len(corpus) == 14 and corpus.errors() == []
    assert format_corpus(corpus) == "".join(p.read_bytes().decode("utf-8") for p in exports)
    tigers = [DATA / "tiger-sample.xml", DATA / "simple-sentence.xml"]
    corpus = read_many([str(p) for p in tigers])
    assert len(corpus) == 2 and corpus.errors() == [] and corpus[1].item.words[0] == "This"
    assert format_corpus(corpus) == "".join(p.read_text(encoding="utf-8") for p in tigers)


def test_convert_an_alpino_folder_to_export(tmp_path, capsys):
    from tcompare.cli.convert import main

    folder = tmp_path / "treebank"
    folder.mkdir()
    for k in (1, 2):
        shutil.copy(DATA / f"alpino-{k}.xml", folder / f"{k}.xml")
    assert main([str(folder / "*.xml"), "--to", "export", "-o", str(tmp_path / "out.export")]) == 0
    text = (tmp_path / "out.export").read_text(encoding="utf-8")
    assert text.count("#BOS ") == 2 and "\tSMAIN\t" in text
    assert main([str(folder / "*.xml"), "--to", "discbracket"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith("(TOP ")
