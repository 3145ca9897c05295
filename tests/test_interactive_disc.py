"""The interactive report draws a discontinuous pair as the window does (issue 33 item 3):
the tree code carries the grid (`interactive_codes.grid_code`), the page puts the words in
sentence order, routes the branches and cuts a bar where a branch crosses it.  Checked in
headless Chromium (skipped without it): the drawn words, the verdict classes, the cuts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import browser
from tcompare import formats
from tcompare.cli import main as cli_main
from tcompare.export.interactive_codes import grid_code, tree_code
from tcompare.layout.disc_grid import tree_grid

DATA = Path(__file__).resolve().parent / "data" / "discdraw"


def test_the_code_of_a_discontinuous_tree_ends_with_its_grid():
    tree = formats.read_file(str(DATA / "gold.export"))[0].item
    code = tree_code(tree)
    last = code.split(" ")[-1]
    assert last == grid_code(tree) and last.startswith("#")
    cells, positions = last[1:].split("|")
    grid = tree_grid(tree)
    assert cells.split(";") == [f"{grid.rows[n.id]},{grid.slots[n.id]}" for n in tree.nodes()]
    # the leaves' positions, in the code's (tree) order: every position once
    assert sorted(map(int, positions.split(","))) == list(range(len(tree.tokens)))
    continuous = formats.read_text("(S (NP (DT a) (NN b)) (VP (VBZ c)))\n", "ptb")[0].item
    assert "#" not in tree_code(continuous)


@pytest.mark.skipif(not browser.available(), reason="headless Chromium not available")
@pytest.mark.slow
def test_the_page_draws_words_in_sentence_order_with_cut_bars(tmp_path):
    target = tmp_path / "disc.html"
    assert cli_main(["report", "--interactive", str(DATA / "gold.export"), str(DATA / "system.export"),
                     "--profile", "discodop", "-o", str(target)]) == 0
    words = formats.read_file(str(DATA / "gold.export"))[0].item.words
    with browser.Page(target, fragment="#s=1") as page:
        page.wait_for("document.body.dataset.ready")
        svg = page.evaluate("document.querySelector('#detail svg').outerHTML")
        check = page.check()
    assert check.errors == [] and check.requests == []
    drawn = re.findall(r"font-style=\"italic\">([^<]*)</text>", svg)
    assert drawn == words + words            # gold, then system: sentence order
    assert svg.count('class="crossing"') >= 4
    assert 'class="v-missing"' in svg and 'class="v-extra"' in svg and 'class="v-label_only"' in svg
