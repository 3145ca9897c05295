"""Run by disco-dop's own Python (tests/test_disc_layout_vs_treedraw.py): how many crossings
disco-dop's treedraw (`discodop.tree.DrawTree`) draws for each sentence of the files given.

    PYTHONPATH=$DISCODOP_SRC python tests/treedraw_crossings.py FMT:ENCODING:PATH ...

Prints JSON ``{path: [crossings of sentence 1, ...]}``.  treedraw draws as tcompare does:
a node's bar spans its children's columns (and its own) on the node's row, and a line goes
from each child up to its parent's row; a crossing is a line crossing the bar of a node on
a row strictly between the child's and the parent's (counted here from DrawTree's `coords`
and `edges`, the grid it draws from).
"""

import json
import sys
from collections import defaultdict

from discodop.tree import DrawTree
from discodop.treebank import READERS


def crossings(drawing) -> int:
    coords, edges = drawing.coords, drawing.edges
    children = defaultdict(list)
    for child, parent in edges.items():
        children[parent].append(child)
    bars = []
    for node, kids in children.items():
        cols = [coords[k][1] for k in kids] + [coords[node][1]]
        bars.append((coords[node][0], min(cols), max(cols)))
    found = 0
    for child, parent in edges.items():       # rows grow downwards: the root is row 0
        child_row, col = coords[child]
        parent_row = coords[parent][0]
        found += sum(parent_row < row < child_row and lo < col < hi for row, lo, hi in bars)
    return found


def main(specs):
    out = {}
    for spec in specs:
        fmt, encoding, path = spec.split(":", 2)
        reader = READERS[fmt](path, encoding=encoding)
        out[path] = [crossings(DrawTree(item.tree, item.sent)) for _, item in reader.itertrees()]
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
