"""The undo commands on the Qt-free gold document: `ReplaceGoldCommand` pushed on a bare
`QUndoStack` acting on a real `Workspace` (no window, no editor).

Each push / undo / redo goes through `Workspace.replace_gold`: the gold item, the row's
result and the running totals follow, the Workspace announces it (``gold_replaced``), and
undoing the first edit of a sentence makes it clean again, so saving writes the original
bytes.
"""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtGui import QUndoStack

from tcompare import formats
from tcompare.editing import tree_edits
from tcompare.editing.labels import label_parser
from tcompare.gui.editor.commands import ReplaceGoldCommand
from tcompare.paths import resource
from tcompare.scoring.pairing import pair_records
from tcompare.workspace.gold_file import GoldFile
from tcompare.workspace.loading import LoadRequest
from tcompare.workspace.totals import load

pytest.importorskip("tcompare.formats.ptb")

ROW = 2        # sentence 3: gold (ADJP (RB very) (JJ happy)), the system says ADVP


@pytest.fixture
def workspace(tmp_path):
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    shutil.copy(resource("demo", "ptb", "gold.mrg"), gold)
    shutil.copy(resource("demo", "ptb", "system.mrg"), system)
    return load(LoadRequest(str(gold), [str(system)]))


def fresh_metrics(ws):
    """The totals of every row scored from scratch (what `tcompare score` would say)."""
    results = pair_records(ws.gold, ws.systems[0], ws.profile, ws.config)
    return ws.profile.aggregate(results, ws.config).metrics


def relabelled(ws, old: str, new: str):
    tree = ws.gold[ROW].item
    node = next(n for n in tree.nodes() if n.label.raw == old)
    return tree_edits.relabel(tree, node.id, new, label_parser(ws.notation))


def test_push_undo_redo_change_the_gold_its_result_and_the_totals(qapp, workspace):
    ws = workspace
    original_bytes = open(ws.gold.path, "rb").read()
    before = ws.gold[ROW].item
    totals_before = ws.summary(0).metrics
    recall_before = ws.result(0, ROW).scores["recall"]
    assert totals_before == fresh_metrics(ws) and recall_before < 100.0
    replaced, changed = [], []
    ws.gold_replaced.connect(replaced.append)
    ws.rows_changed.connect(lambda first, count: changed.append((first, count)))

    after = relabelled(ws, "ADJP", "ADVP")
    stack = QUndoStack()
    stack.push(ReplaceGoldCommand(ws, ROW, before, after, "Relabel", ws.gold[ROW].edited))
    assert ws.gold[ROW].item is after and ws.gold[ROW].edited
    assert ws.result(0, ROW).scores["recall"] == 100.0
    totals_edited = ws.summary(0).metrics
    assert totals_edited != totals_before and totals_edited == fresh_metrics(ws)
    assert replaced == [ROW] and changed == [(ROW, 1)]     # that row alone, announced once
    assert stack.text(0) == "Relabel (sentence 3)"

    stack.undo()
    assert ws.gold[ROW].item is before and not ws.gold[ROW].edited    # clean again
    assert ws.result(0, ROW).scores["recall"] == recall_before
    assert ws.summary(0).metrics == totals_before == fresh_metrics(ws)
    assert formats.corpus_bytes(ws.gold) == original_bytes
    assert replaced == [ROW, ROW]

    stack.redo()
    assert ws.gold[ROW].item is after and ws.gold[ROW].edited
    assert ws.result(0, ROW).scores["recall"] == 100.0
    assert ws.summary(0).metrics == totals_edited == fresh_metrics(ws)
    assert replaced == [ROW, ROW, ROW]


def test_undoing_the_first_edit_saves_the_original_bytes(qapp, workspace, tmp_path):
    ws = workspace
    original_bytes = open(ws.gold.path, "rb").read()
    gold_file = GoldFile(ws.gold, ws.gold_fingerprint)
    first = relabelled(ws, "ADJP", "ADVP")
    stack = QUndoStack()
    stack.push(ReplaceGoldCommand(ws, ROW, ws.gold[ROW].item, first, "Relabel", ws.gold[ROW].edited))
    second = relabelled(ws, "ADVP", "UCP")
    stack.push(ReplaceGoldCommand(ws, ROW, first, second, "Relabel", ws.gold[ROW].edited))

    stack.undo()                     # the second edit: the sentence still carries the first
    assert ws.gold[ROW].item is first and ws.gold[ROW].edited
    gold_file.save()
    saved = open(ws.gold.path, "rb").read()
    assert saved != original_bytes and b"(ADVP (RB very) (JJ happy))" in saved
    assert saved.count(b"\n") == original_bytes.count(b"\n")

    stack.undo()                     # the first edit: as read, written from its source
    assert not ws.gold[ROW].edited
    gold_file.save()
    assert open(ws.gold.path, "rb").read() == original_bytes
    assert (tmp_path / "gold.mrg.orig").read_bytes() == original_bytes
    assert ws.summary(0).metrics == fresh_metrics(ws)
