"""Words that come from below the GUI (verdicts, statuses, metric and count names, option
names, the legend's texts) as the interface shows them: ``term(key)``.

The scorer's keys stay the data (the CLI prints them in English); the window translates the
ones listed in `TERMS` and shows any other key as it is (with "_" as a space).  Metric names
from the papers (LAS, UAS, F1, B+C, Tot4, SC, LC...) are not listed: they keep their names.
"""

from __future__ import annotations

import re

from tcompare.gui.language.i18n import N_, current, tr

# the keys and phrases the window translates (`make translations` extracts them)
TERMS: tuple[str, ...] = (
    N_("terms", "all"),
    N_("terms", "valid"),
    N_("terms", "error"),
    N_("terms", "skip"),
    N_("terms", "no parse"),
    N_("terms", "missing"),
    N_("terms", "extra"),
    N_("terms", "flagged"),
    N_("terms", "reviewed"),
    N_("terms", "match"),
    N_("terms", "label only"),
    N_("terms", "crossing"),
    N_("terms", "wrong pos"),
    N_("terms", "wrong head"),
    N_("terms", "wrong label"),
    N_("terms", "wrong both"),
    N_("terms", "ignored"),
    N_("terms", "matched"),
    N_("terms", "right span, wrong label"),
    N_("terms", "missing from system (gold only)"),
    N_("terms", "extra in system"),
    N_("terms", "crossing a gold bracket"),
    N_("terms", "wrong POS tag"),
    N_("terms", "wrong head and label"),
    N_("terms", "not scored (deleted label, punctuation)"),
    N_("terms", "no verdict"),
    N_("terms", "gold"),
    N_("terms", "system"),
    N_("terms", "gold/system"),
    N_("terms", "node"),
    N_("terms", "word"),
    N_("terms", "empty node"),
    N_("terms", "bracket"),
    N_("terms", "arc"),
    N_("terms", "tag"),
    N_("terms", "role"),
    N_("terms", "event"),
    N_("terms", "len"),
    N_("terms", "status"),
    N_("terms", "mark"),
    N_("terms", "first words"),
    N_("terms", "message"),
    N_("terms", "tag acc"),
    N_("terms", "precision"),
    N_("terms", "recall"),
    N_("terms", "fmeasure"),
    N_("terms", "f1"),
    N_("terms", "tagging accuracy"),
    N_("terms", "complete match"),
    N_("terms", "no crossing"),
    N_("terms", "two or less crossing"),
    N_("terms", "average crossing"),
    N_("terms", "gold brackets"),
    N_("terms", "test brackets"),
    N_("terms", "matched brackets"),
    N_("terms", "correct tags"),
    N_("terms", "error sentences"),
    N_("terms", "skip sentences"),
    N_("terms", "valid sentences"),
    N_("terms", "sentences"),
    N_("terms", "words"),
    N_("terms", "tokens"),
    N_("terms", "nonscoring"),
    N_("terms", "length"),
    N_("terms", "errors"),
    N_("terms", "errors made"),
    N_("terms", "correct"),
    N_("terms", "aligned"),
    N_("terms", "aligned accuracy"),
    N_("terms", "head correct"),
    N_("terms", "label correct"),
    N_("terms", "both correct"),
    N_("terms", "root correct"),
    N_("terms", "root gold"),
    N_("terms", "root system"),
    N_("terms", "pos correct"),
    N_("terms", "pos gold"),
    N_("terms", "recognised"),
    N_("terms", "short"),
    N_("terms", "other correct"),
    N_("terms", "other gold"),
    N_("terms", "other system"),
    N_("terms", "sentence precision"),
    N_("terms", "sentence recall"),
    N_("terms", "token ratio"),
    N_("terms", "nocross"),
    N_("terms", "macro"),
    N_("terms", "micro"),
    N_("terms", "class {n}"),
    N_("terms", "cycle"),
    N_("terms", "self loop"),
    N_("terms", "several roots"),
    N_("terms", "non projective"),
    N_("terms", "gold non projective"),
    N_("terms", "p undefined"),
    N_("terms", "r undefined"),
    N_("terms", "pos"),
    N_("terms", "flags"),
    N_("terms", "root"),
    N_("terms", "adjunct"),
    N_("terms", "complex sentence"),
    N_("terms", "coordination"),
    N_("terms", "inversion"),
    N_("terms", "monotransitive"),
    N_("terms", "passive"),
    N_("terms", "preposition"),
    N_("terms", "proper noun"),
    N_("terms", "prm"),
    # Kummerfeld et al. (2012)'s error classes (tcompare.analysis.errors; the analyser's names)
    N_("terms", "PP Attachment"),
    N_("terms", "Clause Attachment"),
    N_("terms", "Modifier Attachment"),
    N_("terms", "NP Attachment"),
    N_("terms", "VP Attachment"),
    N_("terms", "Co-ordination"),
    N_("terms", "Unary"),
    N_("terms", "XoverX Unary"),
    N_("terms", "Single Word Phrase"),
    N_("terms", "NP Internal Structure"),
    N_("terms", "Different label"),
    N_("terms", "Noun boundary error"),
    N_("terms", "Split Verb Compound"),
    N_("terms", "Verb taking wrong arguments"),
    N_("terms", "other"),
    N_("terms", "undefined"),
    N_("terms", "serial verb construction"),
    N_("terms", "verb that takes verbal complement"),
    N_("terms", "count unparsed"),
    N_("terms", "events"),
    N_("terms", "exclude deriv"),
    N_("terms", "exclude punct"),
    N_("terms", "grammar"),
    N_("terms", "labeled"),
    N_("terms", "max error"),
    N_("terms", "notation"),
    N_("terms", "rules"),
    N_("terms", "score punct"),
    N_("terms", "simplify"),
    N_("terms", "task"),
    N_("terms", "variant"),
    N_("terms", "weighting"),
    N_("terms", "auto"),
    N_("terms", "exhaustive"),
    N_("terms", "parsing"),
    N_("terms", "phenomenon"),
    N_("terms", "sentence"),
    N_("terms", "singleton"),
    N_("terms", "all sentences"),
    N_("terms", "has wrong head"),
    N_("terms", "has wrong label"),
    N_("terms", "has cycle / several roots"),
    N_("terms", "-X: an empty parse counts as a parse with no brackets"),
    N_("terms", "-d: do not score tokens whose gold DEPREL is DERIV"),
    N_("terms", "-p: also score punctuation tokens"),
    N_("terms", "-p: do not score punctuation tokens"),
    N_("terms", "1 labeled, 0 unlabeled bracketing (overrides LABELED)"),
    N_("terms", "EVALB parameter file (default: bundled COLLINS.prm)"),
    N_("terms", "disco-dop parameter file (default: discodop eval's settings without one)"),
    N_("terms", "EVALB parameter file (default: bundled spmrl.prm)"),
    N_("terms", "auto, psg (TCT SynC-GR labels) or ccg (CCG categories)"),
    N_("terms", "do not score punctuation tokens (eval.pl's Unicode rule)"),
    N_("terms", "equal weight per sentence (the paper's) or per phenomenon"),
    N_("terms", "gold event bank for Task 2-1 event recognition (Micro_R, Macro_R)"),
    N_("terms", "jp-evalb.py's -evalb mode"),
    N_("terms", "map fine treebank POS tags (Nhaa, VC31) to coarse SIGHAN tags (Nh, VC) before comparing tags"),
    N_("terms", "notation of the parses (selects the patterns of the rule file); empty: guessed from the first parse"),
    N_("terms", "parameter file (jp-evalb.py's .prm argument)"),
    N_("terms", "parsing (Task 4-1) or srl (Task 4-2)"),
    N_("terms", "rule file (default: the shipped rules for the parses' notation)"),
    N_("terms", "singleton (AP/AN lists) or exhaustive (one list A)"),
    N_("terms", "stop after this many errors (overrides MAX_ERROR)"),
    N_("terms", "CIPS-SIGHAN-ParsEval-2010: POS-A, B+C, B+C+H, S_S/C_S/Total F1, event recognition"),
    N_("terms", "CIPS-SIGHAN-ParsEval-2012: SC, LC, ULC, NoCross, 6 constituent classes, Tot4 (PSG and CCG)"),
    N_("terms", "CoNLL 2007 shared task (eval07.pl v1.4): punctuation scored by default"),
    N_("terms", "CoNLL 2018 UD shared task (conll18_ud_eval.py v1.2): words aligned on characters; Tokens, Sentences, Words, UPOS, XPOS, UFeats, AllTags, Lemmas, UAS, LAS, CLAS, MLAS, BLEX"),
    N_("terms", "CoNLL-X shared task (eval.pl v1.9): LAS, UAS, LA; punctuation not scored"),
    N_("terms", "Cross-framework evaluation by phenomena (seed 004): recognised phenomena vs a gold list"),
    N_("terms", "EVALB_SPMRL (SPMRL 2013/2014 shared tasks), byte-compatible with evalb_spmrl"),
    N_("terms", "PARSEVAL as computed by EVALB (Sekine & Collins), byte-compatible with evalb 2013"),
    N_("terms", "SIGHAN-2012 Traditional Chinese parsing (Sinica): Task 4-1 parsing, Task 4-2 SRL"),
    N_("terms", "alignment-based PARSEVAL (Jo, Park & Park 2024): jp-evalb.py's figures"),
    N_("terms", "Official UD evaluation (eval.py of UniversalDependencies/tools, IWPT 2020/2021): the CoNLL 2018 metrics plus ELAS and EULAS on enhanced dependencies"),
    N_("terms", "punctuation"),
    N_("terms", "whole span"),
    N_("terms", "single words"),
    N_("terms", "max words"),
    N_("terms", "keep"),
    N_("terms", "drop"),
    N_("terms", "drop-root"),
    N_("terms", "corpus f1"),
    N_("terms", "corpus precision"),
    N_("terms", "corpus recall"),
    N_("terms", "sentence f1"),
    N_("terms", "unlabeled span F1 of unsupervised parsing (variants: compound-pcfg, prpn, strict; corpus and sentence-level F1)"),
    N_("terms", "whose evaluation: compound-pcfg, prpn or strict"),
    N_("terms", "keep or drop punctuation words (variant: as the variant does)"),
    N_("terms", "keep, drop or drop-root the whole-sentence span"),
    N_("terms", "keep or drop one-word spans"),
    N_("terms", "skip gold sentences longer than this (0: the variant's)"),
    N_("terms", "eval.pl-style report on CoNLL-U words (same words both sides; DEPREL subtypes compared): LAS, UAS, LA, plus CLAS; the CoNLL 2018 scorer is conll18"),
)


def term(key: str) -> str:
    """`key` ("tagging_accuracy", "missing", "valid"...) in the interface's language; an
    identifier not in `TERMS` word by word ("UAS_correct", "class1_gold"), names kept; any
    other text as it is."""
    raw = str(key)
    for text in (raw, raw.replace("_", " ")):
        if text in _KNOWN:
            return tr("terms", text)
    if " " in raw or current() == "en":
        return raw.replace("_", " ") if " " not in raw else raw
    return " ".join(_word(w) for w in raw.split("_"))


def known_term(key: str) -> str:
    """`key` translated when it is in `TERMS`, else (and in English) exactly as it is."""
    raw = str(key)
    if current() == "en":
        return raw
    for text in (raw, raw.replace("_", " ")):
        if text in _KNOWN:
            return tr("terms", text)
    return raw


_KNOWN = frozenset(TERMS)


def _word(word: str) -> str:
    m = re.fullmatch(r"class(\d+)", word)
    if m:
        return tr("terms", "class {n}").format(n=m.group(1))
    if word in _KNOWN:
        return tr("terms", word)
    return word.upper() if word.islower() and len(word) <= 4 else word    # clas, lc: CLAS, LC
