"""TIGER XML as disco-dop's ``TigerXMLCorpusReader`` reads it: each ``<s>`` turned into
export lines (terminals, then the non-root nonterminals, ``#`` + the part of the id after
its last ``_``), read as export, the root labelled with the part of the root's id after its
first ``_`` (``s1_VROOT`` -> ``VROOT``).  Its refusals: a node with two parents, a node
without a parent, an element that is neither ``edge`` nor ``secedge``, XML that is not
well-formed (expat's message)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Any

from tcompare.scoring.discodop.read import DiscodopError, Entry, export_entry
from tcompare.scoring.discodop.tree import FUNC, LEMMA, MORPH, PARENT, TAG, WORD


def tiger_entries(data: str | bytes, functions: str | None,
                  morphology: str | None) -> list[Entry]:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise DiscodopError("xml.etree.ElementTree.ParseError", str(exc)) from None
    entries: dict[Any, Entry] = {}
    for s in root.iter("s"):
        entry = _sentence(s, functions, morphology)
        entries[entry.key] = entry
    return list(entries.values())


def _sentence(xmlblock: Any, functions: str | None, morphology: str | None) -> Entry:
    nodes: dict[Any, list[Any]] = {}
    graph = xmlblock.find("graph")
    if graph is None:
        raise DiscodopError("AttributeError", "'NoneType' object has no attribute 'get'")
    root = graph.get("root")
    for term in graph.find("terminals"):
        fields = nodes.setdefault(term.get("id"), 6 * [None])
        fields[WORD] = term.get("word")
        fields[LEMMA] = term.get("lemma")
        fields[TAG] = term.get("pos")
        fields[MORPH] = term.get("morph")
        fields[PARENT] = "0" if term.get("id") == root else None
        fields[FUNC] = "--"
    for nt in graph.find("nonterminals"):
        if nt.get("id") == root:
            ntid = "0"
        else:
            fields = nodes.setdefault(nt.get("id"), 6 * [None])
            ntid = nt.get("id").split("_")[-1]
            fields[WORD] = "#" + ntid
            fields[TAG] = nt.get("cat")
            fields[LEMMA] = fields[MORPH] = fields[FUNC] = "--"
        for edge in nt:
            idref = edge.get("idref")
            nodes.setdefault(idref, 6 * [None])
            if edge.tag == "edge":
                if nodes[idref][FUNC] not in (None, "--"):
                    raise DiscodopError("ValueError", "%s already has a parent: %r"
                                        % (idref, nodes[idref]))
                nodes[idref][FUNC] = edge.get("label")
                nodes[idref][PARENT] = ntid
            elif edge.tag == "secedge":
                nodes[idref].extend((edge.get("label"), ntid))
            else:
                raise DiscodopError("ValueError", "expected 'edge' or 'secedge' tag.")
    for idref in nodes:
        if nodes[idref][PARENT] is None:
            raise DiscodopError("ValueError", "%s does not have a parent: %r"
                                % (idref, nodes[idref]))
    sid = xmlblock.get("id")
    lines = []
    for a in nodes.values():
        for k, x in enumerate(a):
            if not isinstance(x, str):
                raise DiscodopError("TypeError", f"sequence item {k}: expected str instance, "
                                    f"{type(x).__name__} found")
        lines.append("\t".join(a))
    entry = export_entry(sid, ["#BOS " + str(sid)] + lines + ["#EOS " + str(sid)],
                         functions, morphology)
    entry.tree.label = root.split("_", 1)[1]
    return entry
