"""Family internals (issue 28): one `crosses`, eval.pl's report printing only, one judge,
EVALB's status codes and parameters in one place each."""

import ast
import copy
from pathlib import Path

import pytest

from conftest import anchor
from tcompare.scoring.conllx import report as R

SCORING = Path(__file__).resolve().parent.parent / "tcompare"


def _functions_named(name):
    """(module path, line) of every function definition called `name` under tcompare/."""
    found = []
    for path in sorted(SCORING.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
                found.append((path.relative_to(SCORING).as_posix(), node.lineno))
    return found


def test_crosses_is_defined_once():
    assert [p for p, _ in _functions_named("crosses")] == ["scoring/items.py"]


def _snapshot(ev):
    """Every count of an `EvalPl`, as plain values (Perl hashes in their own order)."""
    state = {}
    for name, value in vars(ev).items():
        if isinstance(value, dict):
            value = {k: (dict(v.items()) if isinstance(v, dict) else v) for k, v in value.items()}
            state[name] = (list(value.items()))
        elif name not in ("o", "H"):
            state[name] = copy.deepcopy(value)
    return state


def _counted(gold, system, score_punct=False):
    sentences = R.LazySentences(gold, system)
    ev = R.EvalPl(R.Options(score_punct=score_punct))
    for sent in sentences:
        ev.add(sent)
    return ev, sentences


@pytest.mark.anchors
@pytest.mark.parametrize("score_punct", [False, True])
def test_the_report_prints_without_changing_a_count(score_punct):
    folder = anchor("conllx", "gold.conll").parent
    gold = (folder / "gold.conll").read_text(encoding="utf-8")
    system = (folder / "system.conll").read_text(encoding="utf-8")
    ev, sentences = _counted(gold, system, score_punct)
    before = _snapshot(ev)
    report = R.EvalPlReport(ev)

    def contexts(frequent):
        return ev.local_contexts_py(sentences, frequent)

    first = report.full(contexts, "gold.conll", "system.conll", ev.sent_num)
    assert _snapshot(ev) == before
    second = report.full(contexts, "gold.conll", "system.conll", ev.sent_num)
    assert second == first
    assert R.EvalPlReport(ev).quiet() == report.quiet()
    # and it is eval.pl's report (the reference starts with the three summary lines)
    reference = (folder / ("evalpl_p_full.txt" if score_punct else "evalpl_full.txt")).read_bytes()
    assert reference.endswith(first.encode("utf-8"))


def test_one_judge_for_every_count_of_the_report():
    """`judge` is called by every counting path of conllx_report; none compares HEAD or
    tests punctuation on its own any more."""
    tree = ast.parse((SCORING / "scoring" / "conllx" / "report.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in ("quick_run", "quick_counts", "add",
                                                               "local_contexts_py"):
            calls = {n.func.id for n in ast.walk(node)
                     if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert "judge" in calls, node.name
            assert "is_uni_punct" not in calls, node.name


def test_quick_run_counts_as_the_full_count():
    gold = "1\ta\t_\tN\tN\t_\t2\tSBJ\t_\t_\n2\tb\t_\tV\tV\t_\t0\tROOT\t_\t_\n3\t.\t_\tP\tP\t_\t2\tP\t_\t_\n\n"
    system = "1\ta\t_\tN\tN\t_\t2\tOBJ\t_\t_\n2\tb\t_\tV\tV\t_\t1\tROOT\t_\t_\n3\t.\t_\tP\tP\t_\t1\tP\t_\t_\n\n"
    for score_punct in (False, True):
        ev, _ = _counted(gold, system, score_punct)
        quick = R.quick_run(gold, system, "s", evalb=True, score_punct=score_punct)
        full = R.run(gold, system, "g", "s", quiet=False, evalb=True, score_punct=score_punct)
        assert quick.stdout.split("\n\n")[0] == full.stdout.split("\n\n")[0]
        assert quick.stdout.endswith(R.EvalPlReport(ev).quiet())


EVALB_FILES = ("evalb/core.py", "evalb/literal.py", "evalb/profile.py", "evalb/spmrl.py", "evalb/report.py")


def test_evalb_status_codes_have_one_definition():
    """Only evalb.report binds the status names; nobody compares a status with a bare number."""
    from tcompare.scoring.evalb import report as evalb_rsl

    assert (evalb_rsl.VALID, evalb_rsl.ERROR, evalb_rsl.SKIP, evalb_rsl.UNPARSED) == (0, 1, 2, 3)
    for name in EVALB_FILES:
        tree = ast.parse((SCORING / "scoring" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and name != "evalb/report.py":
                targets = [t for tgt in node.targets
                           for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt])]
                assert not any(isinstance(t, ast.Name) and t.id in ("VALID", "ERROR", "SKIP", "UNPARSED")
                               for t in targets), f"{name}:{node.lineno}"
            if isinstance(node, ast.Compare):
                names = [n.id if isinstance(n, ast.Name) else getattr(n, "attr", "")
                         for n in [node.left, *node.comparators]]
                numbers = [n for n in node.comparators
                           if isinstance(n, ast.Constant) and isinstance(n.value, int)
                           or isinstance(n, ast.Tuple) and any(isinstance(e, ast.Constant) for e in n.elts)]
                assert not (any("status" in n for n in names) and numbers), f"{name}:{node.lineno}"
    kernel = (SCORING / "scoring" / "evalb" / "_kernel.pyx").read_text(encoding="utf-8")
    assert "= evalb_rsl.ERROR" in kernel and "status == 1" not in kernel and "status == 2" not in kernel


def test_evalb_parameters_are_prepared_not_compiled():
    from tcompare.scoring.evalb import profile as evalb
    from tcompare.scoring.evalb import core as evalb_core
    from tcompare.scoring.evalb.prm import EvalbParams

    assert not hasattr(evalb_core, "Compiled")
    config = evalb.EvalbConfig.from_params(EvalbParams())
    assert isinstance(config.prepared, evalb_core.PreparedParams)
    doc = (SCORING / "scoring" / "evalb" / "literal.py").read_text(encoding="utf-8").split('"""')[1]
    assert "pure-Python" in doc and "literal port" in doc
