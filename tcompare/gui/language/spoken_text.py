"""The spoken selection (`layout.spoken`) in the interface's language: the `say` the window
passes to ``describe_node`` / ``describe_word`` / ``describe_arc``.

`layout.spoken` builds its sentences from the templates listed here (English, the data) and
from the legend's verdict names and the side names, which `terms.term` translates.
"""

from __future__ import annotations

from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.terms import term

CONTEXT = "spoken"
# every template layout/spoken.py passes to `say` (the test of spoken_text checks the list)
TEMPLATES = (
    N_("spoken", ", "),
    N_("spoken", "word {n}"),
    N_("spoken", "words {first} to {last}"),
    N_("spoken", "word {n} {form}"),
    N_("spoken", "unlabelled node"),
    N_("spoken", "crosses a bracket of the other side"),
    N_("spoken", "root"),
    N_("spoken", "{label}, from {head} to {dependent}"),
    N_("spoken", "from {head}"),
    N_("spoken", ": {side} says {what}"),
    N_("spoken", "not scored"),
)


def say(text: str) -> str:
    """`text` (a template of `TEMPLATES`, a verdict's legend or a side) as the window speaks it."""
    return tr(CONTEXT, text) if text in TEMPLATES else term(text)
