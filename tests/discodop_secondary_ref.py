"""Run by disco-dop's own Python (not tcompare's): per-sentence secondary figures of
``discodop eval`` as JSON, for tests/test_secondary_discodop.py.

usage: python discodop_secondary_ref.py GOLD PARSES PARAM FMT [FUNCTIONS]

Goes through disco-dop's Evaluator exactly as ``discodop eval --la --ted`` does and prints,
for each sentence, the leaf-ancestor score (the Decimal as a string), the tree distance and
its Dice denominator, and the function-tag multisets; then the corpus figures and the
summary text eval.py prints.
"""

import io
import json
import os
import sys
from contextlib import redirect_stdout

sys.path.insert(0, os.getcwd())     # run with cwd = disco-dop's source folder
from discodop.eval import Evaluator, readparam  # noqa: E402
from discodop.treebank import READERS  # noqa: E402


def functions_json(counter):
    return sorted([label, [i for i in range(bits.bit_length()) if bits >> i & 1], func, n]
                  for ((label, bits), func), n in counter.items())


def main():
    gold_file, parses_file, prm, fmt = sys.argv[1:5]
    functions = sys.argv[5] if len(sys.argv) > 5 else "remove"
    param = readparam(prm)
    param["LA"] = param["TED"] = 1
    gold = READERS[fmt](gold_file, functions=functions)
    parses = READERS[fmt](parses_file, functions=functions)
    gtrees, gsents = gold.trees(), gold.sents()
    ctrees, csents = parses.trees(), parses.sents()
    evaluator = Evaluator(param, max(len(str(k)) for k in ctrees))
    sentences = []
    for n, ctree in ctrees.items():
        pair = evaluator.add(n, gtrees[n], gsents[n], ctree, csents[n])
        sentences.append({
            "key": str(n), "la": str(pair.lascore),
            "ted": None if pair.ted != pair.ted else int(pair.ted),
            "denom": None if pair.denom != pair.denom else int(pair.denom),
            "goldfun": functions_json(pair.goldfun), "candfun": functions_json(pair.candfun)})
    out = io.StringIO()
    with redirect_stdout(out):
        print(evaluator.summary())
    acc = evaluator.acc
    json.dump({"sentences": sentences, "summary": out.getvalue(),
               "lascores": [str(x) for x in acc.lascores],
               "dicenoms": str(acc.dicenoms), "dicedenoms": str(acc.dicedenoms)}, sys.stdout)


main()
