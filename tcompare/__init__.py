"""tcompare: compare parse trees (constituency, CCG, dependency) against a gold treebank.

Layers (arrows = imports): gui -> (analysis, layout, export, scoring, formats, model);
cli -> (scoring, analysis, export, formats, model); scoring -> model; formats -> model.
`model` imports nothing of ours; only `gui` imports Qt.
"""

__version__ = "0.1.0"
