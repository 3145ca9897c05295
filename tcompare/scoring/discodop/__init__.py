"""disco-dop's evaluator (``discodop eval``, github andreasvc/disco-dop ``discodop/eval.py``)
reproduced: discontinuous constituents scored as a label and a SET of word positions.

* `evaluate_texts` -- gold and parses as texts, the parameter file's text, `Options`; the
  lines the reference prints, or `DiscodopError` where it dies (its traceback's last line);
* `read_param`, `read_corpus` -- the parameter file and the corpora as the reference reads them.

The family:
* `read` -- its export reader (keys, words, labels, functions) and `read_corpus`;
  `brackets` -- bracket and discbracket; `tiger`, `alpino` -- its XML readers;
* `prm` -- ``readparam``; `tree` -- the small mutable trees the evaluation works on;
* `pair` -- one pair (``transform``, bracketings, function tags, rules);
* `accumulate` -- the sums over pairs; `numbers` -- its Decimal arithmetic;
* `report` -- the printing; `run` -- the main loop; `extras` -- ``--la``, ``--ted``;
  `heads` -- ``--headrules``; `verdicts` -- per-constituent verdicts and JSON;
  `profile` -- the per-sentence `Profile` on model Trees (the window, table, report).
"""

from __future__ import annotations

from tcompare.scoring.discodop import extras, heads, read, run, verdicts
from tcompare.scoring.discodop.prm import read_param
from tcompare.scoring.discodop.corpora import read_corpus
from tcompare.scoring.discodop.read import DiscodopError, Entry
from tcompare.scoring.discodop.run import Options, evaluate, evaluate_texts

__all__ = ["extras", "heads", "read", "run", "verdicts", "DiscodopError", "Entry", "Options", "evaluate", "evaluate_texts", "read_corpus",
           "read_param"]
