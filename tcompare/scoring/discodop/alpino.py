"""Alpino XML as disco-dop's ``AlpinoCorpusReader`` reads it (``alpinotree``): one file a
sentence, keyed ``folder/name`` (the file's last folder and name without ``.xml``); ``cat``
nodes become phrases (label in capitals), ``word`` nodes preterminals over ``begin..end``
(tag ``pt`` or ``pos``), index-only nodes (traces) are left out, as are phrases left with
no children; ``rel`` is the function, ``postag``/``frame`` the morphology."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Any

from tcompare.scoring.discodop.read import (
    DiscodopError, Entry, apply_morphology, handle_functions,
)
from tcompare.scoring.discodop.tree import FUNC, LEMMA, MORPH, PARENT, TAG, WORD, Node


def alpino_entries(files: list[tuple[str, bytes]], functions: str | None,
                   morphology: str | None) -> list[Entry]:
    entries: dict[str, Entry] = {}
    for key, data in files:
        try:
            xmlblock = ElementTree.fromstring(data)
        except ElementTree.ParseError as exc:
            raise DiscodopError("xml.etree.ElementTree.ParseError", str(exc)) from None
        entries[key] = _sentence(key, xmlblock, functions, morphology)
    return list(entries.values())


def _sentence(key: str, xmlblock: Any, functions: str | None,
              morphology: str | None) -> Entry:
    sentence = xmlblock.find("sentence")
    if sentence is None or sentence.text is None:
        raise DiscodopError("AttributeError", "'NoneType' object has no attribute 'text'"
                            if sentence is None else
                            "'NoneType' object has no attribute 'split'")
    sent: list[Any] = sentence.text.split(" ")

    def getsubtree(node: Any, parentid: Any) -> Node | None:
        source: list[Any] = [""] * 6
        nodeid = int(node.get("id")) + 500
        source[WORD] = node.get("word") or ("#%s" % nodeid)
        source[LEMMA] = node.get("lemma") or node.get("root")
        source[MORPH] = node.get("postag") or node.get("frame")
        source[FUNC] = node.get("rel")
        keys = node.keys()
        if "cat" in keys:
            source[TAG] = node.get("cat")
            result = Node(node.get("cat").upper(), [])
            for child in node:
                subtree = getsubtree(child, nodeid)
                if subtree is not None and subtree.children and (
                        "word" in child.keys() or "cat" in child.keys()):
                    subtree.source[PARENT] = nodeid
                    result.children.append(subtree)
            if not result.children:
                return None
        elif "word" in keys:
            source[TAG] = node.get("pt") or node.get("pos")
            result = Node(source[TAG], list(range(int(node.get("begin")),
                                                  int(node.get("end")))))
            if morphology is not None and source[MORPH] is not None:
                apply_morphology(morphology, result, source)
        else:
            return None
        source[:] = [a.replace(" ", "_") if a else a for a in source]
        result.source = source
        return result

    top = xmlblock.find("node")
    tree = getsubtree(top, 0) if top is not None else None
    if tree is None:
        raise DiscodopError("AttributeError", "'NoneType' object has no attribute 'subtrees'")
    handle_functions(functions, tree, morphology)
    return Entry(key, tree, sent)
