"""Stand-in for the few nltk pieces the induction scripts' scoring paths use: a `Tree` that
is a list of its children with ``label()``, ``leaves()``, ``pos()``, and ``Tree.fromstring``
for bracketed trees (the PTB corpus reader's job, see `nltk.corpus.ptb`)."""

import re


class Tree(list):
    def __init__(self, label="", children=()):
        super().__init__(children)
        self._label = label

    def label(self):
        return self._label

    def leaves(self):
        out = []
        for child in self:
            out.extend(child.leaves() if isinstance(child, Tree) else [child])
        return out

    def pos(self):
        out = []
        for child in self:
            if isinstance(child, Tree):
                if len(child) == 1 and not isinstance(child[0], Tree):
                    out.append((child[0], child.label()))
                else:
                    out.extend(child.pos())
        return out

    @classmethod
    def fromstring(cls, text):
        tokens = re.findall(r"\(|\)|[^\s()]+", text)
        stack = [cls("", [])]
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok == "(":
                label = tokens[i + 1] if tokens[i + 1] not in "()" else ""
                stack.append(cls(label, []))
                i += 2 if label else 1
            elif tok == ")":
                node = stack.pop()
                stack[-1].append(node)
                i += 1
            else:
                stack[-1].append(tok)
                i += 1
        top = stack[0][0]
        return top
