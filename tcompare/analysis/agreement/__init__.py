"""Agreement between annotators (issue 29, item 1): N files of the same sentences, none gold.

The API a view uses::

    from tcompare.analysis.agreement import compare_annotators, Options
    report = compare_annotators([corpus_a, corpus_b, corpus_c], names=["A", "B", "C"])
    report.pairs            # per annotator pair: F1 / exact match / POS, or UAS / LAS / label
    report.fields["label"]  # Fleiss' kappa, Krippendorff's alpha, Cohen per pair, per label
    report.tree_alpha       # Krippendorff's alpha with tree distances (Skjaerholt 2014)
    report.rows             # per sentence: its number and line in each file
    report.disagreements_in(row)   # the units annotators differ on, with node / word refs
    report.unpaired, report.excluded   # what was not compared, and why

Modules: `compare` (pairing and coding through the scorer), `coefficients` (kappas, alpha),
`tree_alpha`, `bootstrap`, `report` (the tables), `render` (text, JSON, CSV, LaTeX, markdown).
"""

from tcompare.analysis.agreement.compare import (
    AgreementError, Options, TREE_ALPHA_AUTO_LIMIT, compare_annotators)
from tcompare.analysis.agreement.report import (
    AgreementReport, Disagreement, Excluded, PairFigures, Row, Unpaired)

__all__ = ["AgreementError", "AgreementReport", "Disagreement", "Excluded", "Options",
           "PairFigures", "Row", "TREE_ALPHA_AUTO_LIMIT", "Unpaired", "compare_annotators"]
