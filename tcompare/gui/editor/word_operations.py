"""Word-level edits of a gold CoNLL-U sentence (issue 30 item 3): a word's columns (UPOS,
XPOS, FEATS in the feature editor, LEMMA, MISC, DEPS), a token split in two or two merged,
a multiword token made or dissolved, a sentence split in two or merged with the next.

Each edit is computed by a pure function of `editing.word_edits` and pushed as one undo
command: a `ReplaceGoldCommand` for an edit inside the sentence, a `ReplaceRowsCommand` when
the number of gold sentences changes (the Workspace pairs and scores the systems again).
The journal, saving and recovery take both as they take every edit.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tcompare.editing import word_edits
from tcompare.editing.selection import Selection
from tcompare.editing.tree_edits import EditRefused
from tcompare.gui.editor.commands import ReplaceRowsCommand
from tcompare.gui.editor.operations import EditOperations
from tcompare.gui.language.i18n import N_, tr
from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence
from tcompare.workspace.gold_rows import new_records

# the column each field edit asks for, its dialog title (marked for translation)
FIELD_TITLES = {"UPOS": N_("edit_operations", "Change UPOS"),
                "XPOS": N_("edit_operations", "Change XPOS"),
                "LEMMA": N_("edit_operations", "Change lemma"),
                "MISC": N_("edit_operations", "Change MISC"),
                "DEPS": N_("edit_operations", "Change enhanced dependencies (DEPS)"),
                "FEATS": N_("edit_operations", "Change features")}
COLUMN = {"UPOS": "cpostag", "XPOS": "postag", "LEMMA": "lemma", "MISC": "pdeprel",
          "DEPS": "phead", "FEATS": "feats"}
_SENT_ID = re.compile(r"^#\s*sent_id\s*=\s*(\S+)", re.MULTILINE)


class TreebankOffer:
    """What the treebank uses, offered while typing: features per UPOS (most frequent first)
    and XPOS tags, counted once per gold corpus (every sentence parsed once, then let go)."""

    def __init__(self) -> None:
        self._of: Corpus | None = None
        self.inventory: dict[str, dict[str, list[str]]] = {}
        self.xpos: list[str] = []

    def of(self, corpus: Corpus, lock: Any) -> "TreebankOffer":
        if self._of is not corpus:
            with lock:
                items = []
                for record in corpus.records:
                    item = record.item
                    if isinstance(item, DepSentence):
                        items.append(item)
                    record.release()
                self.inventory = word_edits.feature_inventory(items)
                counts = Counter(w.postag for s in items for w in s.words if w.postag != "_")
            self.xpos = [tag for tag, _ in counts.most_common()]
            self._of = corpus
        return self


def sent_ids(corpus: Corpus) -> set[str]:
    """Every ``# sent_id`` of the gold file (read off the sources; edited sentences from their
    comments), so a split gives its halves ids the file does not have."""
    ids: set[str] = set()
    for record in corpus.records:
        if record.edited and isinstance(record.item, DepSentence):
            ids.update(m.group(1) for c in record.item.comments if (m := _SENT_ID.match(c)))
        else:
            ids.update(_SENT_ID.findall(record.source))
    return ids


class WordOperations:
    """The word-level edits of the Edit menu (each True when it pushed an edit)."""

    def __init__(self, edits: EditOperations):
        self.edits = edits
        self.offer = TreebankOffer()

    # -- helpers ------------------------------------------------------------------------------
    def _sentence(self) -> tuple[int, DepSentence, int] | None:
        """(row, gold sentence, selected word) or None (said why)."""
        e = self.edits
        if e.document.notation != "conllu":     # (CoNLL-X columns are not UD's)
            e.tell(tr("word_operations", "word edits are for dependency (CoNLL-U) sentences"))
            return None
        current = e.current(gold_only=True)
        if isinstance(current, str):
            e.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return None
        row, _record, sentence = current
        word = e.selection.ref
        shown, _system = e.sentence.items()
        if isinstance(sentence, DepSentence) and isinstance(shown, DepSentence) and \
                shown is not sentence and word >= len(sentence.words):
            # sentences scored as one pair are drawn joined: this word is of a later one
            e.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "the word belongs to a later gold sentence scored with this "
                "one: go to sentence {n} to edit it").format(n=self._owner(row, word) + 1)))
            return None
        if not isinstance(sentence, DepSentence) or not 0 <= word < len(sentence.words):
            e.tell(tr("edit_operations", "select a word first"))
            return None
        return row, sentence, word

    def _owner(self, row: int, word: int) -> int:
        """The gold row holding word `word` of the sentences from `row` drawn joined."""
        gold = self.edits.document.gold
        assert gold is not None
        with self.edits.document.lock:
            while row < len(gold) and isinstance(gold[row].item, DepSentence) and \
                    word >= len(gold[row].item.words):
                word -= len(gold[row].item.words)
                row += 1
        return row

    def _offer(self) -> TreebankOffer:
        gold = self.edits.document.gold
        assert gold is not None
        return self.offer.of(gold, self.edits.document.lock)

    def _push(self, text: str, make) -> bool:
        return self.edits.edit(text, make)

    # -- a word's columns ---------------------------------------------------------------------
    def edit_field(self, field: str) -> bool:
        """Ask for a new value of `field` (UPOS, XPOS, LEMMA, MISC, DEPS) of the selected word;
        FEATS opens the feature editor."""
        if field == "FEATS":
            return self.edit_features()
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        token = sentence.words[word]
        current = getattr(token, COLUMN[field])
        choices: list[str] = []
        if field == "UPOS":
            choices = list(word_edits.UPOS_TAGS)
        elif field == "XPOS":
            choices = self._offer().xpos
        title = tr("edit_operations", FIELD_TITLES[field])
        value = self.edits.questions.ask_text(title, tr("word_operations", "{field} of “{word}”:").format(
            field=field, word=token.form), current, choices=choices)
        if value is None:
            return False
        value = value.strip()
        return self._push(FIELD_TITLES[field], lambda s: (
            word_edits.set_field(s, word, field, value), Selection("gold", "token", word)))

    def edit_features(self) -> bool:
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        token = sentence.words[word]

        def check(feats: str) -> str:
            return str(word_edits.format_feats(word_edits.parse_feats(feats)))
        value = self.edits.questions.ask_features(token.form, token.cpostag, token.feats,
                                                  self._offer().inventory, word_edits.ANY_UPOS,
                                                  check)
        if value is None:
            return False
        return self._push(FIELD_TITLES["FEATS"], lambda s: (
            word_edits.set_field(s, word, "FEATS", value), Selection("gold", "token", word)))

    # -- tokens -------------------------------------------------------------------------------
    def split_token(self) -> bool:
        """The word as two: its two forms typed with a space between them (a plain split:
        they spell the word, the first gets SpaceAfter=No), or with a "+" (the word's form
        becomes a multiword token over the two, whose forms are free: won't -> wo+n't)."""
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        form = sentence.words[word].form
        answer = self.edits.questions.ask_text(
            tr("word_operations", "Split word"),
            tr("word_operations", "Type “{word}” as two words, a space between them (a “+” "
               "between them makes a multiword token):").format(word=form), form)
        if answer is None:
            return False
        multiword = "+" in answer and len(answer.split()) == 1
        parts = answer.strip().split("+") if multiword else answer.split()
        if len(parts) != 2 or not all(parts):
            self.edits.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "type exactly two words with a space between them")))
            return False
        forms = (parts[0], parts[1])
        return self._push(N_("edit_operations", "Split word"), lambda s: (
            word_edits.split_token(s, word, forms=forms, multiword=multiword),
            Selection("gold", "token", word)))

    def merge_tokens(self) -> bool:
        found = self._sentence()
        if found is None:
            return False
        _row, _sentence, word = found
        return self._push(N_("edit_operations", "Merge with the next word"), lambda s: (
            word_edits.merge_tokens(s, word), Selection("gold", "token", word)))

    def make_multiword(self) -> bool:
        """The selected words (the word and the next, or the run Ctrl+Shift+Right took)
        made one multiword token; its form asked (their forms joined by default)."""
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        last = min(word + max(self.edits.selection.run, 1), len(sentence.words) - 1)
        if last <= word:
            self.edits.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "a multiword token needs the next word too")))
            return False
        joined = "".join(w.form for w in sentence.words[word:last + 1])
        form = self.edits.questions.ask_text(
            tr("word_operations", "Make multiword token"),
            tr("word_operations", "Form of the multiword token over words {first}–{last}:").format(
                first=word + 1, last=last + 1), joined)
        if form is None:
            return False
        form = form.strip()
        return self._push(N_("edit_operations", "Make multiword token"), lambda s: (
            word_edits.make_multiword(s, word, last, form), Selection("gold", "token", word)))

    def dissolve_multiword(self) -> bool:
        found = self._sentence()
        if found is None:
            return False
        _row, _sentence, word = found
        return self._push(N_("edit_operations", "Dissolve multiword token"), lambda s: (
            word_edits.dissolve_multiword(s, word), Selection("gold", "token", word)))

    # -- empty nodes (enhanced UD) ---------------------------------------------------------
    def insert_empty_node(self) -> bool:
        """A new empty node after the selected word: its form and its DEPS asked."""
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        q = self.edits.questions
        title = tr("word_operations", "Insert empty node")
        form = q.ask_text(title, tr("word_operations", "Form of the empty node after “{word}”:").format(
            word=sentence.words[word].form), sentence.words[word].form)
        if form is None:
            return False
        deps = q.ask_text(title, tr("word_operations", "Its enhanced dependencies (DEPS), "
                                    "HEAD:relation|…:"), f"{sentence.words[word].id}:dep")
        if deps is None:
            return False
        form, deps = form.strip() or "_", deps.strip()
        return self._push(N_("edit_operations", "Insert empty node"), lambda s: (
            word_edits.insert_empty_node(s, word, deps, form=form), Selection("gold", "token", word)))

    def delete_empty_node(self) -> bool:
        """Delete one of the sentence's empty nodes (asked by ID; the one after the selected
        word first)."""
        found = self._sentence()
        if found is None:
            return False
        _row, sentence, word = found
        empty = [f"{r.id} {r.form}" for r in sentence.rows if r.kind == "empty"]
        if not empty:
            self.edits.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "this sentence has no empty node")))
            return False
        after = sentence.words[word].id + "."
        empty.sort(key=lambda e: not e.startswith(after))
        answer = self.edits.questions.ask_text(
            tr("word_operations", "Delete empty node"), tr("word_operations", "Empty node to delete:"),
            empty[0], choices=empty)
        if answer is None or not answer.split():
            return False
        node = answer.split()[0]
        return self._push(N_("edit_operations", "Delete empty node"), lambda s: (
            word_edits.delete_empty_node(s, node), Selection("gold", "token", word)))

    # -- sentences ----------------------------------------------------------------------------
    def split_sentence(self) -> bool:
        """Cut the sentence shown before the selected word: two gold sentences."""
        found = self._sentence()
        if found is None:
            return False
        row, sentence, word = found
        gold = self.edits.document.gold
        assert gold is not None
        try:
            with self.edits.document.lock:
                taken = sent_ids(gold)
            first, second = word_edits.split_sentence(sentence, word, taken)
        except EditRefused as exc:
            self.edits.tell(tr("editor", "refused: {why}").format(why=exc))
            return False
        records = new_records([first, second], gold[row].line)
        self.edits.cursor.select_after_redraw(Selection("gold", "token", 0))
        return self._push_rows(N_("word_operations", "Split sentence"), row, 1, records)

    def merge_sentences(self) -> bool:
        """The sentence shown and the next made one."""
        found = self._sentence()
        if found is None:
            return False
        row, sentence, word = found
        gold = self.edits.document.gold
        assert gold is not None
        if row + 1 >= len(gold):
            self.edits.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "this is the last sentence of the file")))
            return False
        with self.edits.document.lock:
            following, error = gold[row + 1].item, gold[row + 1].error
        if error is not None or not isinstance(following, DepSentence):
            self.edits.tell(tr("editor", "refused: {why}").format(why=tr(
                "word_operations", "the next sentence could not be read ({error})").format(error=error)))
            return False
        with self.edits.document.lock:
            taken = sent_ids(gold)          # the file's other ids: X-a + X-b gives X if free
        taken -= {m.group(1) for s in (sentence, following) for c in s.comments
                  if (m := _SENT_ID.match(c))}
        try:
            merged = word_edits.merge_sentences(sentence, following, taken)
        except EditRefused as exc:
            self.edits.tell(tr("editor", "refused: {why}").format(why=exc))
            return False
        self.edits.cursor.select_after_redraw(Selection("gold", "token", word))
        return self._push_rows(N_("word_operations", "Merge with the next sentence"), row, 2,
                               new_records([merged], gold[row].line))

    def _push_rows(self, text: str, row: int, count: int, records) -> bool:
        shown = tr("word_operations", text)
        self.edits.stack.push(ReplaceRowsCommand(self.edits.document, row, count, records, shown))
        self.edits.tell(tr("word_operations", "{edit}: the systems are paired and scored again").format(
            edit=shown), 4000)
        return True
