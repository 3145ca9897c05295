"""The interactive report as ONE self-contained HTML file: `write_interactive(...)` / `render`.

`tcompare report --interactive` and the window's File › Export interactive report… write
it.  The page is the sentence browser of `interactive.js` (beside this module) over data
blocks of `interactive_data`: the summary table, every sentence in a table with filters
(status, figure range, label, words), the running figures of the rows shown, a sentence's
pair drawn as SVG when it is opened, keyboard navigation, ``#s=N`` links, English and
Chinese, Simplified or Traditional (``#lang=zh`` / ``#lang=zh_TW`` or the button;
``lang`` sets the default).

Self-contained: the script and the style sheet are inline; the Content-Security-Policy is
``default-src 'none'`` with the one script allowed by its SHA-256, so the browser refuses
any request and any other script.  Data travel as ``<script type="application/json">``
blocks (data, never run), one per system and one for the gold trees, so the page parses
only what the first view needs and the rest when it is used; the drawing blocks come after
the script, so the table shows while the browser still reads them.  The same figures as the
static report are embedded as ``id="tcompare-data"`` (`report_html.data_json`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib import resources
from pathlib import Path
from typing import Any, Iterator, Sequence

from tcompare.atomic_file import atomic_write
from tcompare.export.interactive_data import InteractiveData, SystemRows, build_interactive
from tcompare.export.report_html import data_json
from tcompare.export.svg import CONSTITUENCY_LEGEND, DEPENDENCY_LEGEND
from tcompare.export.interactive_codes import CODES
from tcompare.export.limits import MAX_DEPTH, MAX_WORDS

LANGUAGES = ("en", "zh", "zh_TW")     # English, Simplified and Traditional Chinese


def _resource(name: str) -> str:
    return resources.files("tcompare.export").joinpath(name).read_text(encoding="utf-8")


def _block(element_id: str, payload: Any) -> str:
    # "<" only occurs inside JSON strings: as \u003c no "</script" or "<!--" can end or
    # bend the element (the HTML parser's script states), whatever the corpus holds
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f"<script type='application/json' id='{element_id}'>{text}</script>"


def _rows(s: SystemRows) -> dict[str, Any]:
    return {"st": s.status, "f": s.figure, "c": s.counted, "d": s.differs, "cnt": s.counts, "g": s.gold_of,
            "s": s.system_of, "len": s.lengths, "msg": {str(k): v for k, v in s.messages.items()},
            "el": s.error_labels}


def meta(data: InteractiveData, lang: str) -> dict[str, Any]:
    report = data.report
    embedded = json.loads(data_json(report).replace("<\\/", "</"))
    legend = DEPENDENCY_LEGEND if report.kind == "dependency" else CONSTITUENCY_LEGEND
    return {"lang": lang, "profile": report.profile, "kind": report.kind, "main": report.main,
            "key": report.sentence_key, "gold": report.gold_path, "notation": report.notation,
            "headline": list(report.headline) or list(report.systems[0].summary.metrics)[:6],
            "systems": [{"name": s["name"], "path": s["path"], "sentences": s["sentences"],
                         "summary": s["summary"], "notes": s["notes"]} for s in embedded["systems"]],
            "lines": [list(x) for x in data.lines], "looks": data.looks,
            "legend": [CODES[v] for v in legend],
            # a pair past these is listed, not drawn (as `export` refuses it: export.limits)
            "maxWords": MAX_WORDS, "maxDepth": MAX_DEPTH}


def render(data: InteractiveData, lang: str = "en") -> str:
    return b"".join(render_chunks(data, lang)).decode("utf-8")


def render_chunks(data: InteractiveData, lang: str = "en") -> Iterator[bytes]:
    """The page, UTF-8, part by part: a data block is made when it is written, so the big
    ones never all exist as text at once."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGUAGES)}")
    script = _resource("interactive.js")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    names = ", ".join(s.name for s in data.systems)
    notes = "".join(f"<p class='note'>{html.escape(s.name)}: {html.escape(n)}</p>"
                    for s in data.report.systems for n in s.notes)
    head = ["<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>",
           "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
           f"script-src 'sha256-{digest}'; style-src 'unsafe-inline'; img-src data:\">",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           f"<title>tcompare interactive report: {html.escape(names)}</title>",
           f"<style>{_resource('interactive.css')}</style></head><body>",
           "<header><h1 id='h1'>tcompare interactive report</h1><p id='intro'></p>"
           "<span id='right'><label><span data-t='goto'>Go to sentence</span> <input id='goto' "
           "type='text' inputmode='numeric' size='7'></label> <button id='lang' type='button'>简体中文"
           "</button></span>"
           "<details><summary id='summary-h'>Summary</summary><div id='summary'></div>"
           f"{notes}</details></header>",
           "<noscript><p>This report needs JavaScript to browse its sentences.</p></noscript>",
           "<div id='filters'><label><span data-t='systemSel'>System</span><select id='sys'></select></label>"
           "<label><span data-t='status'>Status</span><select id='status'></select></label>"
           "<label><span data-t='range'>figure from</span><input id='fmin' type='number' min='0' "
           "max='100' step='any'><span data-t='to'>to</span><input id='fmax' type='number' min='0' "
           "max='100' step='any'></label>"
           "<label><span data-t='label'>Label</span><select id='label'></select></label>"
           "<label><span data-t='search'>Search words</span><input id='search' type='search'></label>"
           "<button id='clear' type='button'>clear filters</button></div>",
           "<div id='running'></div>",
           "<main><div id='table'><div id='head'></div><div id='rows' tabindex='0'><div id='spacer'></div>"
           "<div id='rowsin'></div><p id='empty'></p></div></div><div id='detail' aria-live='polite'></div></main>",
           "<div id='legend'></div><div id='keys'></div>",
           _block("tcompare-data", json.loads(data_json(data.report).replace("<\\/", "</"))),
           _block("tc-meta", meta(data, lang))]
    yield "\n".join(head).encode("utf-8")
    for k, s in enumerate(data.systems):
        yield ("\n" + _block(f"tc-rows-{k}", _rows(s))).encode("utf-8")
    yield ("\n" + _block("tc-gold", data.gold_trees)).encode("utf-8")
    # the script runs here: the table shows while the drawing blocks below are still read
    yield f"\n<script>{script}</script>".encode("utf-8")
    for k, s in enumerate(data.systems):
        yield ("\n" + _block(f"tc-draw-{k}", {"t": s.trees, "gv": s.gold_verdicts,
                                              "sv": s.system_verdicts})).encode("utf-8")
    yield b"\n</body></html>\n"


def write_interactive(path: str | Path, gold_path: str, system_paths: Sequence[str],
                      profile: str | None = None, options: dict[str, Any] | None = None,
                      lang: str = "en", **kwargs: Any) -> InteractiveData:
    """Build the data (`interactive_data.build_interactive`) and write the page to `path`."""
    data = build_interactive(gold_path, system_paths, profile, options, **kwargs)
    atomic_write(path, render_chunks(data, lang))    # WriteError (an OSError) if not
    return data
