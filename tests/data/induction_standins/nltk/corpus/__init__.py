"""Stand-in for nltk.corpus.ptb: the trees of the files named in $INDUCTION_PTB_FILES
(``fileid=path`` pairs separated by os.pathsep), one bracketed tree per line."""

import os

from nltk import Tree


class _Ptb:
    def _files(self):
        spec = os.environ.get("INDUCTION_PTB_FILES", "")
        return dict(part.split("=", 1) for part in spec.split(os.pathsep) if part)

    def fileids(self):
        return sorted(self._files())

    def parsed_sents(self, fileid):
        with open(self._files()[fileid], encoding="utf-8") as f:
            return [Tree.fromstring(line) for line in f if line.strip()]


ptb = _Ptb()
