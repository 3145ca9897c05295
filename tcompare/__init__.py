"""tcompare: compare parse trees (constituency, CCG, dependency) against a gold treebank.

Floors, each importing only those below it (pyproject's import-linter contracts): gui | cli
> workspace > analysis, layout, export, editing > scoring > query > formats > model; only
`gui` imports Qt; `tcompare.entry` sends a command line to `cli` or `gui`.
"""

__version__ = "0.1.0"
