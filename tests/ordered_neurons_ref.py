"""Run Shen et al.'s own evaluation code (yikangshen/Ordered-Neurons) on two PTB files and
print its mean sentence F1 -- for tests/test_induction.py.

usage: python ordered_neurons_ref.py STANDINS ON_DIR GOLD SYSTEM

The script cannot run whole without a trained model, so its pieces are run as published:
``data_ptb.Corpus.tokenize`` (the trees as lists: PTB word tags only, unary chains
collapsed) on both files, ``get_brackets`` and the sentence-F1 statements of
``test_phrase_grammar.test`` (taken from its source with `ast`, executed unchanged), and the
script's ``numpy.array(f1_list).reshape((-1, 1)).mean(axis=0)``.  Its torch / nltk imports
are served by the stand-ins in STANDINS (nltk's PTB reader reads the two files).
"""

import ast
import os
import sys
from collections import defaultdict


def main():
    standins, on_dir, gold, system = sys.argv[1:5]
    sys.path[:0] = [standins, on_dir]
    os.environ["INDUCTION_PTB_FILES"] = os.pathsep.join(
        [f"WSJ/23/WSJ_2300.MRG={gold}", f"WSJ/23/WSJ_2301.MRG={system}"])
    import numpy
    import data_ptb

    class Stub:
        dictionary = defaultdict(int)

        def filter_words(self, tree):
            return data_ptb.Corpus.filter_words(self, tree)

    stub = Stub()
    gold_trees = data_ptb.Corpus.tokenize(stub, ["WSJ/23/WSJ_2300.MRG"])[2]
    system_trees = data_ptb.Corpus.tokenize(stub, ["WSJ/23/WSJ_2301.MRG"])[2]

    source = open(os.path.join(on_dir, "test_phrase_grammar.py"), encoding="utf-8").read()
    module = ast.parse(source)
    namespace = {"nltk": sys.modules["nltk"]}
    get_brackets = next(n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == "get_brackets")
    exec(compile(ast.Module([get_brackets], []), "test_phrase_grammar.py", "exec"), namespace)
    test = next(n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == "test")
    loop_body = None
    for node in ast.walk(test):
        if isinstance(node, ast.For) and any(
                isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "overlap" for s in node.body):
            loop_body = node.body
    names = [getattr(s.targets[0], "id", "") if isinstance(s, ast.Assign) else "" for s in loop_body]
    start, end = names.index("overlap"), names.index("f1")
    f1_code = compile(ast.Module(loop_body[start:end + 1], []), "test_phrase_grammar.py", "exec")

    f1_list = []
    for gold_tree, system_tree in zip(gold_trees, system_trees):
        scope = dict(namespace)
        scope["model_out"], _ = namespace["get_brackets"](system_tree)
        scope["std_out"], _ = namespace["get_brackets"](gold_tree)
        exec(f1_code, scope)
        f1_list.append(scope["f1"])
    mean = numpy.array(f1_list).reshape((-1, 1)).mean(axis=0)
    print(repr(float(mean[0])), len(f1_list))


main()
