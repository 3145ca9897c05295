"""Error classes of repair steps: English (EMNLP 2012) and Chinese (ACL 2013).

A step's ``info`` (see `search`) describes it; the rules below name it.  They follow the
published analyser rule for rule, including its literal tests, so the counts agree with it:

* a test "X in field" is a list-membership test when the field is a list of labels and a
  substring test when it is one label (``'NP' in 'WHNP'`` holds): `_has`;
* siblings of an *add* step are nodes, so label tests on them never hold (`search.Sibling`);
* the English phrase list is the analyser's (it spells ``WHAVP``, so ``WHADVP`` counts as a
  word label in the NP-internal test).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

ENGLISH_PHRASES = (
    'S', 'SBAR', 'SBARQ', 'SINV', 'SQ', 'ADJP', 'ADVP', 'CONJP', 'FRAG', 'INTJ', 'LST', 'NAC',
    'NP', 'NX', 'PP', 'PRN', 'PRT', 'QP', 'RRC', 'UCP', 'VP', 'WHADJP', 'WHAVP', 'WHNP', 'WHPP',
    'X')
CHINESE_PHRASES = (
    'ADJP', 'ADVP', 'CLP', 'CP', 'DNP', 'DP', 'DVP', 'FRAG', 'IP', 'LCP', 'LST', 'NP', 'PP', 'PRN',
    'QP', 'UCP', 'VP', 'VCD', 'VCP', 'VNV', 'VPT', 'VRD', 'VSB')

ENGLISH_CLASSES = (
    "PP Attachment", "Clause Attachment", "Modifier Attachment", "NP Attachment",
    "VP Attachment", "Co-ordination", "Unary", "XoverX Unary", "Single Word Phrase",
    "NP Internal Structure", "Different label")

# Chinese punctuation (as "PU" + word) that the Chinese rules read as a conjunction
CHINESE_CONJUNCTION_PU = frozenset({"PU、", "PU。", "PU，", "PU＆", "PU．"})
_CHINESE_NP_TAGS = ('CC', 'NN', 'JJ', 'CD', 'OD', 'ETC', 'NT', 'NR', 'DEG')
_VERB_COMPOUNDS = ("VRD", "VPT", "VCP", "VCD", "VSB", "VNV")


def _has(info: dict[str, Any], fields: Iterable[str], values: Iterable[str]) -> bool:
    for name in fields:
        value = info.get(name)
        if value is None:
            continue
        if any(v in value for v in values):
            return True
    return False


def _first(seq: Sequence[Any]) -> Any:
    return seq[0] if seq else None


def _last(seq: Sequence[Any]) -> Any:
    return seq[-1] if seq else None


# ---------------------------------------------------------------- English ----------------
def english(info: dict[str, Any]) -> str:
    kind = info["type"]
    if kind == "move":
        if (_last(info["start left siblings"]) == 'CC' or _first(info["start right siblings"]) == 'CC'
                or _last(info["end left siblings"]) == 'CC'
                or _first(info["end right siblings"]) == 'CC'
                or info["movers"] and 'CC' in (info["movers"][0], info["movers"][-1])):
            return "Co-ordination"
        for values, name in ((('PP',), "PP Attachment"), (('NP',), "NP Attachment"),
                             (('VP',), "VP Attachment"),
                             (('S', 'SINV', 'SBAR'), "Clause Attachment"),
                             (('RB', 'ADVP', 'ADJP'), "Modifier Attachment")):
            if any(v in info["movers"] for v in values):
                return name
        if _has(info, ['old_parent'], ['NP', 'QP']) and _has(info, ['new_parent'], ['NP', 'QP']):
            return "NP Internal Structure"
    if info.get("over_word"):
        return "Single Word Phrase"
    if kind == "relabel":
        return "Different label"
    subtrees = info.get("subtrees")
    if kind == "add" and len(subtrees) == 1:
        return "XoverX Unary" if subtrees[0] == info["label"] else "Unary"
    if kind == "remove":
        if len(info["family"]) == 1:
            return "XoverX Unary" if info["parent"] == info["label"] else "Unary"
        if len(subtrees) == 1:
            return "Unary"
    if _has(info, ['label'], ['UCP']):
        return "Co-ordination"
    if info.get("right siblings") and info["right siblings"][0] == 'CC':
        return "Co-ordination"
    if subtrees is not None:
        rest = subtrees[1:]
        if 'PP' in rest:
            return "PP Attachment"
        if 'S' in rest or 'SBAR' in rest or 'SINV' in rest:
            return "Clause Attachment"
    if _has(info, ['parent'], ['NP']) and subtrees is not None:
        if not any(label in ENGLISH_PHRASES for label in subtrees):
            return "NP Internal Structure"
    if _has(info, ['label'], ['ADVP', 'ADJP']):
        return "Modifier Attachment"
    if subtrees is not None and ('ADVP' in subtrees[1:] or 'ADJP' in subtrees[1:]):
        return "Modifier Attachment"
    if "label" in info and subtrees is not None and all(s == info["label"] for s in subtrees):
        return "NP Internal Structure" if info["label"] == 'NP' else "Co-ordination"
    return "UNSET " + kind


# ---------------------------------------------------------------- Chinese ----------------
def _as_conjunction(label: Any) -> Any:
    return 'CC' if label in CHINESE_CONJUNCTION_PU else label


def _series(movers: list[str], left: list[str], right: list[str]) -> list[list[str]]:
    """Label triples around the movers (two neighbours for one mover, one for several)."""
    out = []
    if len(movers) == 1:
        if len(left) > 1:
            out.append(left[-2:] + movers)
        if len(right) > 1:
            out.append(movers + right[:2])
    elif len(movers) > 1:
        if left:
            out.append(left[-1:] + movers)
        if right:
            out.append(movers + right[:1])
    return out


def _coordination_signs(series: list[list[str]], parent: str) -> tuple[bool, bool, bool]:
    """(a conjunction between, same label either side, the first label is the parent's)."""
    conj = same = parent_like = False
    for s in series:
        if _as_conjunction(s[1]) == 'CC':
            conj = True
        if s[0] == s[2]:
            same = True
        if s[0] == parent:
            parent_like = True
    return conj, same, parent_like


def chinese(info: dict[str, Any], gold_tags: Sequence[str]) -> str:
    """The Chinese class; ``gold_tags`` are the gold POS tags of the sentence in order."""
    kind = info["type"]
    prefix = ""
    if "auto preterminal span" in info:
        start, end = info["auto preterminal span"]
        auto = info["auto preterminals"]
        all_np = True
        cur = 0
        for i in range(start, end):
            tag = gold_tags[i]
            if tag != auto[cur]:
                cur += 1            # (the analyser only advances on a mismatch)
            if tag not in _CHINESE_NP_TAGS and 'PU' not in tag:
                all_np = False
        if all_np:
            prefix = "NP Internal - "

    if info.get("over_word"):
        name = prefix + "Single Word Phrase - " + kind
        seen_self = False
        all_phrasal = all_plain = True
        for label in info["family"]:
            if "label" in info and label == info["label"] and not seen_self:
                seen_self = True
                continue
            if label in CHINESE_PHRASES:
                all_plain = False
            else:
                all_phrasal = False
        if (all_plain and kind == "remove") or (all_phrasal and kind == "add"):
            name += " - for guidelines"
        return name

    if kind == "relabel":
        return prefix + "Different label"

    movers = info.get("movers")
    if kind == "move":
        start = _coordination_signs(_series(movers, info["start left siblings"],
                                            info["start right siblings"]), info["old_parent"])
        end = _coordination_signs(_series(movers, info["end left siblings"],
                                          info["end right siblings"]), info["new_parent"])
        if start[0] and start[1] and end[0] and end[1]:
            return prefix + "Co-ordination - Wrong pair"
        if all(start):
            return prefix + "Co-ordination - Incorrectly present"
        if all(end):
            return prefix + "Co-ordination - Incorrectly missing"
        if 'PP' in movers:
            return prefix + "PP Attachment"
        if any(v in movers for v in ('ADV', 'ADVP', 'ADJP')):
            return prefix + "Modifier Attachment"
        if _has(info, ["added label"], _VERB_COMPOUNDS):
            return prefix + "Split Verb Compound"
        end_siblings = list(info["end right siblings"]) + list(info["end left siblings"])
        phrasal_mover = any(label in CHINESE_PHRASES for label in movers)
        if phrasal_mover and not info.get("adding node already present"):
            if any(label in ('VP', 'VV') for label in end_siblings):
                return prefix + "Verb taking wrong arguments"
        if end_siblings and all(label in _CHINESE_NP_TAGS for label in end_siblings):
            return prefix + "Noun boundary error"
        for values, name in ((('NP',), "Modifier Attachment"), (('VP',), "VP Attachment"),
                             (('VV',), "Verb taking wrong arguments"),
                             (('CP', 'IP'), "Clause Attachment")):
            if any(v in movers for v in values):
                return prefix + name

    subtrees = info.get("subtrees")
    if kind == "add":
        if len(subtrees) == 1:
            return f"Unary - {info['label']} over {subtrees[0]}"
        if len(subtrees) == 3 and any(_as_conjunction(lab) == 'CC' for lab in subtrees):
            return prefix + "Co-ordination"

    if kind == "remove":
        if len(info["family"]) == 1:
            return f"Unary - {info['parent']} over {info['label']}"
        if len(subtrees) == 1:
            return f"Unary - {info['label']} over {subtrees[0]}"
        if len(info["right siblings"]) == 1:
            if "POS confusion" in info:
                auto, gold = info["POS confusion"]
                if auto != gold:
                    return prefix + f"Sense Confusion, causing mis-attachment - {auto} and {gold}"
            elif 'VV' in subtrees:
                return prefix + "Verb taking wrong arguments"
            else:
                return prefix + f"{info['right siblings'][0]} Attachment"

    if _has(info, ['label'], ['UCP']):
        return prefix + "Co-ordination - UCP related"
    right = info.get("right siblings")
    if right and _as_conjunction(right[0]) == 'CC':
        return prefix + "Co-ordination"
    if subtrees is not None and 'PP' in subtrees[1:]:
        return prefix + "PP Attachment"
    if subtrees is not None and any(label in ('CP', 'IP') for label in subtrees[1:]):
        return prefix + "Clause Attachment"
    if _has(info, ['label'], ['ADVP', 'ADJP']):
        return prefix + "Modifier Attachment"
    if subtrees is not None and ('ADVP' in subtrees[1:] or 'ADJP' in subtrees[1:]):
        return prefix + "Modifier Attachment"
    if info.get("end left siblings") and info["end left siblings"][-1] in ('ADJP', 'ADVP'):
        return prefix + "Modifier Attachment"
    if "label" in info and subtrees is not None and all(s == info["label"] for s in subtrees):
        return prefix + "Modifier Attachment"

    if kind == "move":
        if "POS confusion" in info:
            auto, gold = info["POS confusion"]
            if auto != gold:
                return prefix + f"Sense Confusion, causing mis-attachment - {auto} and {gold}"
        fields = ('end left siblings', 'new_parent', 'movers', 'old_family', 'old_parent',
                  'new_family', 'start left siblings', 'end right siblings',
                  'start right siblings')
        all_noun = True
        for name in fields:
            values = info[name] if isinstance(info[name], list) else [info[name]]
            if any(v not in _CHINESE_NP_TAGS and v != 'NP' and 'PU' not in v for v in values):
                all_noun = False
        if all_noun:
            return prefix + "Noun boundary error"

    if kind == "remove":
        labels = (list(subtrees) + [info['parent']] + list(info['family']) + [info['label']]
                  + list(info['right siblings']))
        if all(label in ('NP', 'QP') for label in labels):
            return "NP Internal - other"

    if kind == "add":
        if subtrees[0] in ('ADVP', 'ADJP', 'PP') and info['right siblings']:
            return f"Scope error - {subtrees[0]}"

    return prefix + "UNSET " + kind
