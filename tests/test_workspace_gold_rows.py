"""Workspace.replace_gold_rows: an edit that changes how many gold sentences there are (a
sentence split in two, two merged) pairs every system with the gold again and scores it
exactly as `tcompare score` scores the saved files; undo gives back the file's bytes."""

from __future__ import annotations

import json

import pytest

from tcompare import formats
from tcompare.cli import main as cli_main
from tcompare.workspace import LoadRequest, Workspace
from tcompare.workspace.gold_rows import new_records
from tcompare.scoring.base import zeroed
from tcompare.workspace.totals import totals_json

GOLD = """# sent_id = s1
# text = The dog barks.
1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_
2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_
3\tbarks\tbark\tVERB\tVBZ\t_\t0\troot\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

# sent_id = s2
# text = It rains. Cats sleep.
1\tIt\tit\tPRON\tPRP\t_\t2\texpl\t_\t_
2\trains\train\tVERB\tVBZ\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_
4\tCats\tcat\tNOUN\tNNS\t_\t5\tnsubj\t_\t_
5\tsleep\tsleep\tVERB\tVBP\t_\t2\tparataxis\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t.\t_\t5\tpunct\t_\t_

# sent_id = s3
# text = Birds fly.
1\tBirds\tbird\tNOUN\tNNS\t_\t2\tnsubj\t_\t_
2\tfly\tfly\tVERB\tVBP\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""

SYSTEM = GOLD.replace("2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj", "2\tdog\tdog\tNOUN\tNN\t_\t3\tobj") \
    .replace("5\tsleep\tsleep\tVERB\tVBP\t_\t2\tparataxis", "5\tsleep\tsleep\tVERB\tVBP\t_\t2\tconj") \
    .replace("1\tBirds\tbird\tNOUN\tNNS\t_\t2\tnsubj", "1\tBirds\tbird\tNOUN\tNNS\t_\t3\tnsubj")

# sentence s2 split before "Cats" (what `split_sentence` makes of it)
S2A = """# sent_id = s2-a
# text = It rains.
1\tIt\tit\tPRON\tPRP\t_\t2\texpl\t_\t_
2\trains\train\tVERB\tVBZ\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""
S2B = """# sent_id = s2-b
# text = Cats sleep.
1\tCats\tcat\tNOUN\tNNS\t_\t2\tnsubj\t_\t_
2\tsleep\tsleep\tVERB\tVBP\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""


def loaded(tmp_path, profile: str) -> Workspace:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    (tmp_path / "sys.conllu").write_text(SYSTEM, encoding="utf-8")
    ws = Workspace()
    loader = ws.start(LoadRequest(str(tmp_path / "gold.conllu"), [str(tmp_path / "sys.conllu")],
                                  profile=profile))
    ws.finish(loader, loader.run(lambda m: ws.apply(loader, m)))
    assert ws.complete and ws.row_count == 3
    return ws


def score_json(capsys, gold, system, profile: str) -> dict:
    """`tcompare score --output json`'s figures (ud-eval: eval.py's own shape, F1 in %)."""
    capsys.readouterr()
    code = cli_main(["score", "--profile", profile, "--output", "json", str(gold), str(system)])
    out, err = capsys.readouterr()
    assert code == 0, err
    if profile == "ud-eval":
        return {name: round(100 * m["f1"], 9) for name, m in json.loads(out)["metrics"].items()}
    return json.loads(out)["summary"]


def shown(ws: Workspace) -> dict:
    """The window's totals as `score_json` gives them."""
    if ws.profile.name == "ud-eval":
        return {name: round(v, 9) for name, v in zeroed(ws.summary(0).metrics).items()}
    return json.loads(json.dumps(totals_json(ws)["summary"]))


def item(text: str):
    return formats.read_text(text, "conllu")[0].item


@pytest.mark.parametrize("profile", ["conllu", "conll18", "ud-eval"])
def test_a_split_rescores_as_score_does_on_the_saved_file_and_undo_gives_the_bytes_back(
        tmp_path, capsys, profile):
    ws = loaded(tmp_path, profile)
    log: list = []
    for name in ("rows_resized", "summary_changed", "gold_replaced"):
        getattr(ws, name).connect(lambda *a, n=name: log.append((n, *a)))
    before = shown(ws)
    removed = ws.replace_gold_rows(1, 1, new_records([item(S2A), item(S2B)], ws.gold[1].line))
    assert log == [("rows_resized", 1, 1, 2), ("summary_changed",), ("gold_replaced", 1)]
    assert ws.words_set_from == 1
    assert len(ws.gold) == 4 and [r.index for r in ws.gold] == [1, 2, 3, 4]
    assert [ws.row_info(r).text for r in range(4)][1:3] == ["It rains.", "Cats sleep."]
    saved = tmp_path / "saved.conllu"
    saved.write_bytes(formats.corpus_bytes(ws.gold))
    assert saved.read_text(encoding="utf-8") == GOLD.replace(GOLD[GOLD.index("# sent_id = s2"):
                                                                  GOLD.index("# sent_id = s3")],
                                                             S2A + S2B)
    after = shown(ws)
    assert after == score_json(capsys, saved, tmp_path / "sys.conllu", profile)
    assert after != before
    # undo: the record taken out goes back; the file's bytes and the first totals return
    ws.replace_gold_rows(1, 2, removed)
    assert formats.corpus_bytes(ws.gold) == GOLD.encode("utf-8") and ws.row_count == 3
    assert shown(ws) == before


@pytest.mark.parametrize("profile", ["conllu", "conll18", "ud-eval"])
def test_a_merge_rescores_as_score_does(tmp_path, capsys, profile):
    ws = loaded(tmp_path, profile)
    s1, s2 = ws.gold[0].item, ws.gold[1].item
    merged = formats.read_text("".join(
        formats.get("conllu").format_item(s, "\n") for s in (s1, s2)), "conllu")
    from tcompare.model.deps import joined_sentences
    one = joined_sentences([merged[0].item, merged[1].item])
    one.words[5].head, one.words[5].deprel = "3", "parataxis"     # one root
    one.comments = ["# sent_id = s1", "# text = The dog barks. It rains. Cats sleep."]
    ws.replace_gold_rows(0, 2, new_records([one], 1))
    saved = tmp_path / "saved.conllu"
    saved.write_bytes(formats.corpus_bytes(ws.gold))
    assert shown(ws) == score_json(capsys, saved, tmp_path / "sys.conllu", profile)


def test_the_journal_of_a_reshaped_file_rebuilds_the_same_sentences(tmp_path):
    """Split sentence 2, then merge sentence 1 with the first half: the journal holds, per
    sentence of the file on disk, what stands in its place (both sentences for the first,
    nothing for the second); a recovery from it rebuilds the same file."""
    from tcompare.editing import journal as journal_mod
    from tcompare.editing.word_edits import merge_sentences, split_sentence
    from tcompare.workspace.gold_file import GoldFile
    from tcompare.workspace.recovery import build_offer

    ws = loaded(tmp_path, "conllu")
    gold_file = GoldFile(ws.gold)
    a, b = split_sentence(ws.gold[1].item, 3)
    ws.replace_gold_rows(1, 1, new_records([a, b], ws.gold[1].line))
    x = merge_sentences(ws.gold[0].item, ws.gold[1].item)
    ws.replace_gold_rows(0, 2, new_records([x], 1))
    assert gold_file.reshaped() and gold_file.unsaved_rows() == [0, 1]
    fmt = formats.get("conllu").format_item
    assert gold_file.journal_edits() == {1: fmt(x, "\n") + fmt(b, "\n"), 2: ""}
    gold_file.journal_dirty = True
    assert gold_file.autosave(True)
    fresh = formats.read_file(ws.gold.path)
    offer = build_offer(fresh, journal_mod.Journal(gold_file.journal.gold_path, "conllu",
                                                   gold_file.journal.base_hash,
                                                   dict(gold_file.journal.edits),
                                                   path=tmp_path / "x.recovery"), [])
    assert [(s.row, s.reshapes, len(s.items)) for s in offer.sentences] == [(0, True, 2), (1, True, 0)]
    for sentence in reversed(offer.sentences):
        fresh.records[sentence.row:sentence.row + 1] = new_records(list(sentence.items), 1)
    assert formats.corpus_bytes(fresh) == formats.corpus_bytes(ws.gold)
    gold_file.save()
    assert not gold_file.reshaped() and gold_file.unsaved_rows() == []
    assert formats.read_file(ws.gold.path).records[0].source == fmt(x, "\n")
