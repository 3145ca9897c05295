"""Texts made below the GUI, as the interface shows them: the scorer's per-sentence messages,
the error analyser's class names and repair steps, the running total's figure keys.

Scoring and analysis write them in English (the CLI prints them so, and they are data:
JSON, CSV); the window translates them here, from their known shapes (a pattern per
message, its numbers and names carried over).  A text of no known shape is shown as it is.
In English every function returns its input unchanged, but for the messages that name a
command-line option (`WINDOW_WORDING`): the window names its own control instead.
"""

from __future__ import annotations

import re

from tcompare.gui.language.i18n import N_, current, tr
from tcompare.gui.language.terms import known_term

CONTEXT = "scorer_text"

# (pattern of the whole message part, its text in the interface with the groups by name)
MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), t) for p, t in (
    (r"Length unmatch \((?P<gold>\d+)\|(?P<system>\d+)\)",
     N_("scorer_text", "Length unmatch: gold {gold} words, system {system}")),
    (r"Words unmatch \((?P<gold>.*)\|(?P<system>.*)\)",
     N_("scorer_text", "Words unmatch: gold “{gold}”, system “{system}”")),
    (r"Bracketing unbalance \(too many close bracket\)",
     N_("scorer_text", "Brackets unbalanced (too many closing brackets)")),
    (r"Bracketing is unbalanced \(too many open bracket\)",
     N_("scorer_text", "Brackets unbalanced (too many opening brackets)")),
    (r"Reading sentence", N_("scorer_text", "The sentence cannot be read")),
    (r"Number of lines unmatch \(too many lines in gold file\)",
     N_("scorer_text", "Number of lines differs (too many lines in the gold file)")),
    (r"Number of lines unmatch \(too many lines in test file\)",
     N_("scorer_text", "Number of lines differs (too many lines in the system file)")),
    (r"skipped: the system tree has no words after deletion",
     N_("scorer_text", "skipped: the system tree has no words after deletion")),
    (r"no parse: counted with no brackets \(-X\)",
     N_("scorer_text", "no parse: counted with no brackets (-X)")),
    (r"no parse \((?P<where>.*)\)", N_("scorer_text", "no parse ({where})")),
    (r"no parse output", N_("scorer_text", "no parse output")),
    (r"gold has (?P<gold>\d+) words, system has (?P<system>\d+)",
     N_("scorer_text", "gold has {gold} words, system has {system}")),
    (r"gold has (?P<gold>\d+) words, system (?P<system>\d+) \(after cleaning\)",
     N_("scorer_text", "gold has {gold} words, system {system} (after cleaning)")),
    (r"missing: no system sentence pairs with gold sentence (?P<n>\d+) \((?P<where>.*)\); "
     r"counted as no parse",
     N_("scorer_text", "missing: no system sentence pairs with gold sentence {n} ({where}); counted as "
                 "no parse")),
    (r"extra: system sentence (?P<n>\d+) \((?P<where>.*)\) pairs with no gold sentence; its "
     r"items count as wrong",
     N_("scorer_text", "extra: system sentence {n} ({where}) pairs with no gold sentence; its items "
                 "count as wrong")),
    (r"joined: scored with gold sentence (?P<n>\d+)",
     N_("scorer_text", "joined: scored with gold sentence {n}")),
    (r"split: scored with gold sentence (?P<n>\d+)",
     N_("scorer_text", "split: scored with gold sentence {n}")),
    (r"gold sentence (?P<n>\d+) \((?P<where>.*)\) has no tree and no system partner",
     N_("scorer_text", "gold sentence {n} ({where}) has no tree and no system partner")),
    (r"system sentence (?P<n>\d+) \((?P<where>.*)\) is empty and pairs with no gold sentence",
     N_("scorer_text", "system sentence {n} ({where}) is empty and pairs with no gold sentence")),
    (r"no phenomenon listed in the gold or recognised in the parse",
     N_("scorer_text", "no phenomenon listed in the gold or recognised in the parse")),
    (r"no gold tree", N_("scorer_text", "no gold tree")),
    (r"no system tree", N_("scorer_text", "no system tree")),
    (r"no repair within (?P<n>\d+) steps", N_("scorer_text", "no repair within {n} steps")),
    (r"search stopped: (?P<n>\d+) steps", N_("scorer_text", "search stopped: {n} steps")),
    (r"repair search failed: (?P<why>.*)", N_("scorer_text", "repair search failed: {why}")),
))

# messages that name a command-line option: the window names its own control instead, in
# every language (English included)
WINDOW_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), t) for p, t in (
    (r"profile (?P<profile>\S+) scores sentence by sentence: use --profile (?P<aligned>\S+)",
     N_("scorer_text", "profile {profile} scores sentence by sentence: choose {aligned} in the Profile "
                 "box (it aligns the sentences)")),
    (r"profile (?P<profile>\S+) scores sentence by sentence: the Profile box \(--profile\) "
     r"(?P<aligned>\S+) aligns them",
     N_("scorer_text", "profile {profile} scores sentence by sentence: choose {aligned} in the "
                       "Profile box (it aligns the sentences)")),
    (r"`tcompare score --profile (?P<profile>\S+)` aligns the whole files",
     N_("scorer_text", "profile {profile} aligns the whole files")),
    (r"profile (?P<profile>\S+) compares word by word: use --profile (?P<aligned>\S+) \(aligns "
     r"words on characters\)",
     N_("scorer_text", "profile {profile} compares word by word: choose {aligned} in the Profile box "
                 "(it aligns words on characters)")),
))
# the other parts of those messages (pairing.py)
MESSAGES += tuple((re.compile(p), t) for p, t in (
    (r"(?P<kind>joined|split): gold sentence\(s\) (?P<gold>[\d, ]+) and system sentence\(s\) "
     r"(?P<system>[\d, ]+) hold the same characters \(several gold sentences are one system "
     r"sentence\)",
     N_("scorer_text", "joined: gold sentences {gold} and system sentence {system} hold the same "
                 "characters (several gold sentences are one system sentence)")),
    (r"(?P<kind>joined|split): gold sentence\(s\) (?P<gold>[\d, ]+) and system sentence\(s\) "
     r"(?P<system>[\d, ]+) hold the same characters \(one gold sentence is several system "
     r"sentences\)",
     N_("scorer_text", "split: gold sentence {gold} and system sentences {system} hold the same "
                 "characters (one gold sentence is several system sentences)")),
    (r"different text: gold (?P<gold>'.*') vs system (?P<system>'.*') \(first difference at "
     r"character (?P<k>\d+); gold has (?P<n>\d+) characters, system (?P<m>\d+)\)(?P<rest>.*)",
     N_("scorer_text", "different text: gold {gold}, system {system} (first difference at character "
                       "{k}; gold has {n} characters, system {m}){rest}")),
    (r"missing: gold sentence (?P<n>\d+) \((?P<where>[^()]*)\): (?P<why>.+)",
     N_("scorer_text", "missing: gold sentence {n} ({where}): {why}")),
    (r"its gold items count as missing", N_("scorer_text", "its gold items count as missing")),
    (r"missing: gold sentence (?P<list>\d+ \([^()]*\)(?:, \d+ \([^()]*\))+): (?P<why>.+)",
     N_("scorer_text", "missing: gold sentences {list}: {why}")),
    (r"the system sentence cannot be read \(system: (?P<error>.*)\)",
     N_("scorer_text", "the system sentence cannot be read (system: {error})")),
    (r"(?P<kind>joined|split): gold sentence\(s\) (?P<gold>[\d, ]+) and system sentence\(s\) "
     r"(?P<system>[\d, ]+) hold the same characters \(the sentence boundaries differ\)",
     N_("scorer_text", "gold sentences {gold} and system sentences {system} hold the same "
                       "characters (the sentence boundaries differ)")),
    (r"different word segmentation: gold has (?P<gold>\d+) words, system (?P<system>\d+)",
     N_("scorer_text", "different word segmentation: gold has {gold} words, system {system}")),
    (r"from word (?P<k>\d+): gold (?P<gold>.*) vs system (?P<system>.*)",
     N_("scorer_text", "from word {k}: gold {gold}, system {system}")),
))

# the repair search's step kinds (tcompare.analysis.errors.search)
REPAIR_KINDS = {
    "move": N_("scorer_text", "move"),
    "relabel": N_("scorer_text", "relabel"),
    "add": N_("scorer_text", "add"),
    "remove": N_("scorer_text", "remove"),
}

# parts of Kummerfeld et al.'s class names (tcompare.analysis.errors.classes) not in terms
CLASS_PARTS = {
    "NP Internal": N_("scorer_text", "NP Internal"),
    "Wrong pair": N_("scorer_text", "Wrong pair"),
    "Incorrectly present": N_("scorer_text", "Incorrectly present"),
    "Incorrectly missing": N_("scorer_text", "Incorrectly missing"),
    "UCP related": N_("scorer_text", "UCP related"),
    "Sense Confusion, causing mis-attachment": N_("scorer_text", "Sense Confusion, causing mis-attachment"),
    "Scope error": N_("scorer_text", "Scope error"),
}
CLASS_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), t) for p, t in (
    (r"UNSET (?P<kind>\w+)", N_("scorer_text", "unclassified ({kind})")),
    (r"(?P<label>\S+) Attachment", N_("scorer_text", "{label} Attachment")),
    (r"(?P<upper>\S+) over (?P<lower>\S+)", N_("scorer_text", "{upper} over {lower}")),
    (r"(?P<a>\S+) and (?P<b>\S+)", N_("scorer_text", "{a} and {b}")),
))
CLASS_SEPARATOR = " - "
MESSAGE_SEPARATOR = "; "


def scorer_message(message: str) -> str:
    """A scorer's (or the analyser's) message in the interface's language; its parts joined
    by "; " (outside brackets) each translated on its own, a part's ``why`` (the reason it
    quotes) in turn.  A part that names a command-line option names the window's control
    instead, in English too."""
    if not message:
        return message
    english = current() == "en"
    return MESSAGE_SEPARATOR.join(_message_part(part, english) for part in _parts(message))


def _parts(message: str) -> list[str]:
    """`message` cut at each "; " that is not inside brackets or quotes ("(first difference
    at character 2; gold has 40 characters, ...)" is one part)."""
    parts, depth, start, quoted = [], 0, 0, False
    for k, ch in enumerate(message):
        if ch == "'":               # a quoted sentence ('...') may hold brackets of its own
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif depth == 0 and message.startswith(MESSAGE_SEPARATOR, k):
            parts.append(message[start:k])
            start = k + len(MESSAGE_SEPARATOR)
    parts.append(message[start:])
    return parts


def _message_part(part: str, english: bool) -> str:
    text = part.rstrip("\n")
    for pattern, shown in WINDOW_WORDING + (() if english else MESSAGES):
        m = pattern.fullmatch(text)
        if m:
            values = {k: scorer_message(v) if k == "why" else v for k, v in m.groupdict().items()}
            return tr(CONTEXT, shown).format(**values)
    return part


def repair_kind(kind: str) -> str:
    """``move``, ``relabel``, ``add``, ``remove`` as the interface says them."""
    shown = REPAIR_KINDS.get(kind)
    return tr(CONTEXT, shown) if shown is not None and current() != "en" else kind


def error_class(name: str) -> str:
    """An error class name ("Single Word Phrase - relabel", "UNSET remove", "Unary - NP over
    NN") part by part in the interface's language; a label or tag in it stays as it is."""
    if current() == "en":
        return name
    return CLASS_SEPARATOR.join(_class_part(part) for part in name.split(CLASS_SEPARATOR))


def _class_part(part: str) -> str:
    if part in REPAIR_KINDS:
        return repair_kind(part)
    if part in CLASS_PARTS:
        return tr(CONTEXT, CLASS_PARTS[part])
    known = known_term(part)
    if known != part:
        return known
    for pattern, shown in CLASS_PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            values = {k: repair_kind(v) if k == "kind" else v for k, v in m.groupdict().items()}
            return tr(CONTEXT, shown).format(**values)
    return part


def figure_name(key: str) -> str:
    """A figure of the running total ("fmeasure", "micro_P", "BC_F1"): translated when it is
    a known term, else its known words ("micro", "macro") translated and the metric names
    from the papers kept ("micro_P" -> "微平均 P"; "S_S_F1" stays)."""
    shown = known_term(key)
    if shown != key or current() == "en":
        return shown
    parts = key.split("_")
    translated = [known_term(p) if p.islower() else p for p in parts]
    return " ".join(translated) if translated != parts else key
