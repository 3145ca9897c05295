"""The gold editor's edits: each computes the new gold item with a pure function of
`tcompare.editing` and pushes it as one `ReplaceGoldCommand` on the undo stack.

The edits read the open document through `GoldSource` (the Workspace), the sentence shown
through `ShownSentence`, the selection through `Selecting`, and ask through `Questions`;
the command changes the gold through `Workspace.replace_gold`, whose event redraws.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtGui import QUndoStack

from tcompare import formats
from tcompare.editing import dep_edits, tree_edits
from tcompare.editing.labels import known_labels, label_parser
from tcompare.editing.selection import (Selection, at_path, element, parent_and_position,
                                        path_of, select_child)
from tcompare.editing.tree_edits import EditRefused
from tcompare.gui.editor.commands import ReplaceGoldCommand
from tcompare.gui.editor.ports import GoldItem, GoldSource, Questions, Selecting, ShownSentence
from tcompare.gui.editor.selection import bracket_item, head_position
from tcompare.gui.language.i18n import N_, tr
from tcompare.model.corpus import SentenceRecord
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Token, Tree
from tcompare.scoring.base import Verdict


def is_dependency(notation: str) -> bool:
    """Whether `notation` holds dependency sentences (arcs, not brackets)."""
    try:
        return formats.get(notation).kind == "dependency"
    except (KeyError, ModuleNotFoundError):
        return False


class EditOperations:
    """The edit commands of the Edit menu (each True when it pushed an edit)."""

    def __init__(self, document: GoldSource, sentence: ShownSentence, cursor: Selecting,
                 questions: Questions, stack: QUndoStack):
        self.document, self.sentence, self.cursor = document, sentence, cursor
        self.questions, self.stack = questions, stack

    @property
    def selection(self) -> Selection:
        return self.cursor.selection

    def tell(self, text: str, msecs: int = 8000) -> None:
        self.questions.tell(text, msecs)

    def is_dependency(self) -> bool:
        return is_dependency(self.document.notation)

    def _parser(self):
        return label_parser(self.document.notation)

    def known_labels(self, kind: str) -> list[str]:
        """Labels (``phrase``) or tags (``pos``) to offer while typing one."""
        gold = self.document.gold
        if gold is None:
            return []
        items = [i for i in self.sentence.items() if i is not None]
        with self.document.lock:
            return known_labels(gold, kind, items)

    # -- the pipeline -------------------------------------------------------------------------
    def current(self, gold_only: bool = False) -> str | tuple[int, SentenceRecord, GoldItem]:
        """(position, gold record, gold item) of the sentence shown, or a refusal message.
        `gold_only`: refuse when the selection is on the (read-only) system side."""
        doc = self.document
        if gold_only and self.selection.side != "gold":
            return tr("editor", "the system side is read-only: select a gold node (S switches side)")
        if doc.gold is None:
            return tr("editor", "open a gold file first")
        if doc.busy:
            return tr("editor", "wait until scoring has finished, then edit")
        position = self.sentence.position()
        if position is None or position >= len(doc.gold):
            return tr("editor", "this row has no gold sentence to edit")
        record = doc.gold[position]
        with doc.lock:
            item, error = record.item, record.error
        if error is not None or item is None:
            return tr("editor", "the gold sentence could not be read ({error}); fix it in a text "
                      "editor").format(error=error)
        return position, record, item

    def edit(self, text: str, make: Callable[[Any], tuple[GoldItem, Selection | None]]) -> bool:
        """Compute the new gold item with `make` (may raise EditRefused) and push it.  `make`
        takes the gold item shown: a Tree or a DepSentence, whichever kind it edits."""
        current = self.current()
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        position, record, before = current
        if self.selection.side != "gold" and not text.startswith("Take system"):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=tr(
                "editor", "the system side is read-only: select a gold node (S switches side)")))
            return False
        try:
            after, selection = make(before)
        except EditRefused as exc:
            self.tell(tr("editor", "refused: {why}").format(why=exc))
            return False
        self.cursor.select_after_redraw(selection)
        shown = tr("edit_operations", text)
        self.stack.push(ReplaceGoldCommand(self.document, position, before, after, shown,
                                           record.edited))
        self.tell(tr("editor", "{edit}: sentence {n} rescored").format(edit=shown, n=position + 1), 4000)
        return True

    def tree_edit(self, text: str, make: Callable[[Tree], tuple[Tree, Selection | None]]) -> bool:
        if self.is_dependency():
            self.tell(tr("editor", "{edit} is for constituency trees").format(
                edit=tr("edit_operations", text).lower()))
            return False
        return self.edit(text, make)

    # -- the edits ----------------------------------------------------------------------------
    def _element(self, tree: Tree):
        elem = element(tree, self.selection)
        if elem is None:
            raise EditRefused(tr("edit_operations", "select a node or word first"))
        return elem

    def relabel(self) -> bool:
        if self.is_dependency():
            return self.set_relation()
        current = self.current(gold_only=True)
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        tree = current[2]
        elem = element(tree, self.selection)
        if isinstance(elem, Token):
            return self.set_pos()
        if elem is None:
            self.tell(tr("edit_operations", "select a node first"))
            return False
        raw = self.questions.ask_text(tr("edit_operations", "Relabel"), tr("edit_operations", "New label:"), elem.label.raw,
                            choices=self.known_labels("phrase"))
        if raw is None:
            return False
        sel = self.selection
        return self.edit(N_("edit_operations", "Relabel"), lambda t: (tree_edits.relabel(t, sel.ref, raw, self._parser()), sel))

    def set_pos(self) -> bool:
        current = self.current(gold_only=True)
        if isinstance(current, str) or self.is_dependency():
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current if isinstance(current, str) else
                                         tr("edit_operations", "F2 changes the relation of a dependency word")))
            return False
        tree = current[2]
        sel = self.selection
        elem = element(tree, sel)
        if isinstance(elem, Node) and elem.end - elem.start == 1:
            sel = Selection(sel.side, "token", elem.start)   # a unary node: its one word
        elif not isinstance(elem, Token):
            self.tell(tr("edit_operations", "select a word to change its POS (Ctrl+Down goes down to it)"))
            return False
        pos = self.questions.ask_text(tr("edit_operations", "Change POS"), tr("edit_operations", "POS of “{word}”:").format(
                                word=tree.tokens[sel.ref].form),
                            tree.tokens[sel.ref].pos, choices=self.known_labels("pos"))
        if pos is None:
            return False
        return self.tree_edit(N_("edit_operations", "Change POS"), lambda t: (tree_edits.set_pos(t, sel.ref, pos), sel))

    def insert_bracket(self) -> bool:
        current = self.current(gold_only=True)
        if isinstance(current, str) or self.is_dependency():
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current if isinstance(current, str) else
                                         tr("edit_operations", "brackets are for constituency trees")))
            return False
        raw = self.questions.ask_text(tr("edit_operations", "Insert bracket"), tr("edit_operations", "Label of the new bracket:"), "",
                            choices=self.known_labels("phrase"))
        if raw is None:
            return False
        raw = raw.strip()
        sel = self.selection

        def make(tree: Tree):
            if not raw or any(ch.isspace() for ch in raw):
                raise EditRefused(tr("edit_operations", "a label cannot be empty or contain spaces"))
            elem = self._element(tree)
            parent, pos = parent_and_position(tree, elem)
            if parent is None:
                raise EditRefused(tr("edit_operations", "select the sisters the new bracket covers, not the root"))
            new = tree_edits.insert_bracket(tree, parent.id, pos, pos + sel.run, raw, self._parser())
            return new, Selection("gold", "node", new.node(parent.id).children[pos].id)
        return self.tree_edit(N_("edit_operations", "Insert bracket"), make)

    def delete_bracket(self) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            if isinstance(elem, Token):
                raise EditRefused(tr("edit_operations", "a word cannot be deleted; select a bracket"))
            parent, _ = parent_and_position(tree, elem)
            new = tree_edits.delete_bracket(tree, sel.ref)
            return new, Selection("gold", "node", parent.id if parent is not None else 0)
        return self.tree_edit(N_("edit_operations", "Delete bracket"), make)

    def _node_path_edit(self, text: str, fn, shift: int) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            if isinstance(elem, Token):
                raise EditRefused(tr("edit_operations", "select a bracket, not a word"))
            path = path_of(tree, elem)
            new = fn(tree, sel.ref)
            if path:
                path[-1] += shift
            moved = at_path(new, path)
            return new, select_child(moved, "gold") if moved is not None else None
        return self.tree_edit(text, make)

    def extend(self, side: str) -> bool:
        text = {"left": N_("edit_operations", "Extend left"), "right": N_("edit_operations", "Extend right")}[side]
        return self._node_path_edit(text, lambda t, ref: tree_edits.extend_bracket(t, ref, side),
                                    -1 if side == "left" else 0)

    def shrink(self, side: str) -> bool:
        text = {"left": N_("edit_operations", "Shrink left"), "right": N_("edit_operations", "Shrink right")}[side]
        return self._node_path_edit(text, lambda t, ref: tree_edits.shrink_bracket(t, ref, side),
                                    1 if side == "left" else 0)

    def move_phrase(self, how: str) -> bool:
        """``left`` / ``right``: into the sister phrase on that side; ``up``: out of its
        parent.  The moved phrase stays selected."""
        def make(tree: Tree):
            elem = self._element(tree)
            if isinstance(elem, Token):
                raise EditRefused(tr("edit_operations", "select a phrase, not a word (E / R move one word)"))
            path = path_of(tree, elem)
            parent, pos = parent_and_position(tree, elem)
            if how == "up":
                new = tree_edits.lift(tree, elem.id)
                was_last = parent is not None and pos == len(parent.children) - 1
                target = path[:-2] + [path[-2] + (1 if was_last else 0)]
            else:
                new = tree_edits.attach_to_sister(tree, elem.id, how)
                sister = at_path(new, path[:-1] + [path[-1] - 1 if how == "left" else path[-1]])
                last = len(sister.children) - 1 if sister is not None and how == "left" else 0
                target = path[:-1] + [path[-1] - 1 if how == "left" else path[-1], last]
            moved = at_path(new, target)
            return new, select_child(moved, "gold") if moved is not None else None
        text = {"left": N_("edit_operations", "Move into the phrase on the left"), "right":
                N_("edit_operations", "Move into the phrase on the right"),
                "up": N_("edit_operations", "Move up")}[how]
        return self.tree_edit(text, make)

    def set_head(self) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            parent, pos = parent_and_position(tree, elem)
            if parent is None:
                raise EditRefused(tr("edit_operations", "the root has no parent to be the head of"))
            new = tree_edits.set_head(tree, parent.id, tuple(range(pos, pos + sel.run + 1)))
            moved = at_path(new, path_of(tree, elem))
            return new, select_child(moved, "gold") if moved is not None else sel
        return self.tree_edit(N_("edit_operations", "Set head"), make)

    def take_system(self) -> bool:
        if self.is_dependency():
            return self.take_system_arc()
        sel = self.selection
        result = self.sentence.result()
        current = self.current()
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        _, sys_item = self.sentence.items()
        if not isinstance(sys_item, Tree):
            self.tell(tr("edit_operations", "there is no system tree for this sentence"))
            return False
        parser = self._parser()

        def make(tree: Tree):
            if sel.kind == "token":
                if len(tree.tokens) != len(sys_item.tokens):
                    raise EditRefused(tr("edit_operations", "gold and system have different words"))
                pos = sys_item.tokens[sel.ref].pos
                if tree.tokens[sel.ref].pos == pos:
                    raise EditRefused(tr("edit_operations", "the gold word already has the system's tag"))
                return tree_edits.set_pos(tree, sel.ref, pos), Selection("gold", "token", sel.ref)
            if sel.side == "system":
                new = tree_edits.take_system_bracket(tree, sys_item, system_node=sel.ref,
                                                     parse_label=parser)
                snode = sys_item.node(sel.ref)
                found = [n for n in new.nodes() if (n.start, n.end) == (snode.start, snode.end)
                         and n.label.raw == snode.label.raw]
                return new, Selection("gold", "node", found[-1].id) if found else None
            item = bracket_item(result, "gold", sel.ref)
            if item is None or item.verdict is Verdict.MATCH:
                raise EditRefused(tr("edit_operations", "this gold bracket agrees with the system (or is "
                                     "not scored); select a system bracket to take it"))
            if item.verdict is Verdict.LABEL_ONLY and item.partner >= 0:
                new = tree_edits.take_system_bracket(tree, sys_item, system_node=item.partner,
                                                     parse_label=parser)
                return new, sel
            parent, _ = parent_and_position(tree, self._element(tree))
            new = tree_edits.take_system_bracket(tree, sys_item, gold_node=sel.ref)
            return new, Selection("gold", "node", parent.id if parent is not None else 0)
        return self.tree_edit(N_("edit_operations", "Take system"), make)

    def _dep_word(self) -> int | None:
        if not self.is_dependency():
            self.tell(tr("edit_operations", "re-attaching is for dependency sentences"))
            return None
        return self.selection.ref

    def reattach(self, head: int | None = None) -> bool:
        """Attach the selected word to word `head` (0-based, -1 = root); asks when None."""
        word = self._dep_word()
        if word is None:
            return False
        current = self.current()
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        sentence: DepSentence = current[2]
        if not 0 <= word < len(sentence.words):
            self.tell(tr("edit_operations", "select a word first"))
            return False
        if head is None:
            number = self.questions.ask_int(tr("edit_operations", "Re-attach"), tr("edit_operations", "New head of "
                                  "“{word}” (word number, 0 = root):").format(word=sentence.words[word].form),
                                  head_position(sentence, word) + 1, 0, len(sentence.words))
            if number is None:
                return False
            head = number - 1
        return self.edit(N_("edit_operations", "Re-attach"), lambda s: (dep_edits.reattach(s, word, head),
                                                  Selection("gold", "token", word)))

    def set_relation(self) -> bool:
        word = self._dep_word()
        current = self.current()
        if word is None or isinstance(current, str):
            if isinstance(current, str):
                self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        sentence: DepSentence = current[2]
        if not 0 <= word < len(sentence.words):
            return False
        relation = self.questions.ask_text(tr("edit_operations", "Relation"), tr("edit_operations", "Relation of "
                                 "“{word}”:").format(word=sentence.words[word].form),
                                 sentence.words[word].deprel)
        if relation is None:
            return False
        return self.edit(N_("edit_operations", "Change relation"), lambda s: (dep_edits.set_relation(s, word, relation),
                                                        Selection("gold", "token", word)))

    def take_system_arc(self) -> bool:
        word = self.selection.ref
        current = self.current()
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        _, sys_item = self.sentence.items()
        if not isinstance(sys_item, DepSentence) or len(sys_item.words) != len(current[2].words):
            self.tell(tr("edit_operations", "refused: the system sentence has other words"))
            return False

        def make(s: DepSentence):
            if not 0 <= word < len(s.words):
                raise EditRefused(tr("edit_operations", "select a word first"))
            sys_word = sys_item.words[word]
            head = head_position(sys_item, word)
            new = s
            if head_position(s, word) != head:
                new = dep_edits.reattach(new, word, head)
            if new.words[word].deprel != sys_word.deprel:
                new = dep_edits.set_relation(new, word, sys_word.deprel)
            if new is s:
                raise EditRefused(tr("edit_operations", "the gold arc already equals the system's"))
            return new, Selection("gold", "token", word)
        return self.edit(N_("edit_operations", "Take system arc"), make)
