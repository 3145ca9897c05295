"""The HTML report of LLM output (`tcompare report GOLD ANSWERS... --llm -o R.html`).

One self-contained page (no script, no network: ``default-src 'none'``) printed from the
JSON `workspace.llm_output.system_json` makes: per system the validity and faithfulness
counts, the figures of both policies side by side with the policy named on every row, the
repairs made, and each invalid or unfaithful sentence with its changed words marked
(dropped struck through, added underlined, changed ``gold → system``, moved in italics).
"""

from __future__ import annotations

from html import escape
from typing import Any

from tcompare.atomic_file import atomic_write_text

STYLE = """
body{font-family:sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border:1px solid #bbb;padding:.2em .6em;text-align:right}
th:first-child,td:first-child,td.l,th.l{text-align:left}
td{white-space:nowrap}td.l{white-space:normal}
.w{display:inline-block;margin:0 .15em;padding:0 .15em}
.dropped{text-decoration:line-through;color:#b00020;background:#fde7ea}
.added{text-decoration:underline;color:#0b6b0b;background:#e6f4e6}
.changed{background:#fff1c2;border-bottom:2px dashed #a66b00}
.reordered{font-style:italic;background:#e3ecfb;border-bottom:2px dotted #1d4ed8}
.policy{font-weight:bold}
small{color:#555}
"""


def _pct(value: Any) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def words_html(words: list[dict[str, str]]) -> str:
    """A sentence's words with the system's changes marked (each mark also says it in a title)."""
    parts = []
    for w in words:
        kind = w["kind"]
        if kind == "same":
            parts.append(f"<span class='w'>{escape(w['gold'])}</span>")
        elif kind == "changed":
            parts.append(f"<span class='w changed' title='changed'>{escape(w['gold'])} → "
                         f"{escape(w['system'])}</span>")
        elif kind == "added":
            parts.append(f"<span class='w added' title='added'>+{escape(w['system'])}</span>")
        elif kind == "dropped":
            parts.append(f"<span class='w dropped' title='dropped'>{escape(w['gold'])}</span>")
        else:
            parts.append(f"<span class='w reordered' title='moved'>{escape(w['gold'])}</span>")
    return "".join(parts)


def _system(data: dict[str, Any], keys: list[str]) -> str:
    v, f, rates = data["validity"], data["faithfulness"], data["rates"]
    out = [f"<h2>{escape(data['system'])}</h2>",
           f"<p><small>{data['answers']} answers read as {escape(data['read_as'])}; "
           f"{data['chatter_lines']} lines of chatter left out</small></p>",
           "<table><tr><th>validity</th><th>sentences</th></tr>"]
    for key in ("valid", "invalid", "empty", "unparsable", "unbalanced", "several_roots",
                "cycle", "bad_head", "missing"):
        out.append(f"<tr><td>{key.replace('_', ' ')}</td><td>{v[key]}</td></tr>")
    out.append("</table><table><tr><th>faithfulness</th><th>words</th><th>sentences</th></tr>")
    out.append(f"<tr><td>faithful</td><td></td><td>{f['faithful']}</td></tr>"
               f"<tr><td>unfaithful</td><td></td><td>{f['unfaithful']}</td></tr>")
    for key in ("added", "dropped", "changed", "reordered"):
        out.append(f"<tr><td>words {key}</td><td>{f[key]}</td><td>{f[key + '_sentences']}</td></tr>")
    out.append("</table><table><tr><th>policy</th>" + "".join(f"<th>{escape(k)}</th>" for k in keys)
               + "</tr>")
    for policy, block in data["policies"].items():
        out.append(f"<tr><td class='policy'>{policy}</td>"
                   + "".join(f"<td>{_pct(block['summary'].get(k))}</td>" for k in keys) + "</tr>")
    out.append("</table><p>rates: " + "; ".join(
        f"{k.replace('_', ' ')} {_pct(x)}%" for k, x in rates.items()) + "</p>")
    if data["repairs"]:
        out.append("<p>repairs (repaired policy): " + escape(", ".join(
            f"{k} {n}" for k, n in data["repairs"].items())) + "</p>")
    shown = [s for s in data.get("sentences", []) if not (s["valid"] and s["faithful"])
             or s["strict"]["status"] in ("error", "skip")]
    if shown:
        main = keys[0] if keys else ""
        out.append(f"<h3>Invalid, unfaithful or unscored sentences ({len(shown)})</h3><table>"
                   f"<tr><th>sent</th><th class='l'>why</th><th class='l'>words (gold order)</th>"
                   f"<th>strict {escape(main)}</th><th>repaired {escape(main)}</th></tr>")
        for s in shown:
            why = ", ".join([r.replace("_", " ") for r in s["invalid"]] + [f"{k} {n}" for k, n in s["unfaithful"].items()]) or (
                "no answer" if not s["answer"] else f"not scored: {s['strict']['message']}")
            words = words_html(s["words"]) if "words" in s else ""
            repairs = "<br>".join(f"<small>{escape(r)}</small>" for r in s["repairs"])
            if words and repairs:
                repairs = "<br>" + repairs
            out.append(f"<tr><td>{s['index']}</td><td class='l'>{escape(why)}</td>"
                       f"<td class='l'>{words}{repairs}</td>"
                       f"<td>strict {_pct(s['strict']['scores'].get(main))}</td>"
                       f"<td>repaired {_pct(s['repaired']['scores'].get(main))}</td></tr>")
        out.append("</table>")
    return "\n".join(out)


def render_llm_report(data: dict[str, Any]) -> str:
    keys = list(data["headline"])
    body = "\n".join(_system(s, keys) for s in data["systems"])
    return ("<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
            "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">"
            f"<title>LLM output against {escape(data['gold'])}</title><style>{STYLE}</style></head>"
            f"<body><h1>LLM output against {escape(data['gold'])}</h1>"
            f"<p>Profile {escape(data['profile'])}. Two policies, side by side: <b>strict</b> "
            "(an invalid or unfaithful parse counts as no parse: recall 0) and <b>repaired</b> "
            "(brackets balanced, chatter removed, roots joined, cycles broken, words aligned back "
            "to the input; each repair listed).</p>\n"
            f"{body}\n</body></html>\n")


def write_llm_report(path: str, data: dict[str, Any]) -> None:
    atomic_write_text(path, render_llm_report(data))
