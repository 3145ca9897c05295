"""Word-level edits of a CoNLL-U sentence (issue 30 item 3), the one place to import them from.

Every function is pure: it returns a new `DepSentence` (or two) and leaves its input alone,
so an undo command stores the sentence before and after; an edit the validator would reject
raises `EditRefused` with a message for the user.  Words are addressed as in `dep_edits`: by
0-based position among the syntactic words, or by a CoNLL-U ID string (``"24.1"`` for an
empty node, ``"6-7"`` for a multiword token).

* columns: `set_field` (FORM LEMMA UPOS XPOS FEATS DEPS MISC), `set_feature` — word_fields
* tokens: `split_token`, `merge_tokens`, `make_multiword`, `dissolve_multiword` — word_tokens
* sentences: `split_sentence`, `merge_sentences` — word_sentences
* empty nodes: `insert_empty_node`, `delete_empty_node` — word_empty
* the feature editor's offer: `feature_inventory` — word_inventory
"""

from tcompare.editing.tree_edits import EditRefused
from tcompare.editing.word_empty import delete_empty_node, insert_empty_node
from tcompare.editing.word_fields import (FIELDS, UPOS_TAGS, format_feats, parse_feats,
                                          set_feature, set_field)
from tcompare.editing.word_inventory import ANY_UPOS, Inventory, feature_inventory
from tcompare.editing.word_rows import WordRef, surface
from tcompare.editing.word_sentences import merge_sentences, split_sentence
from tcompare.editing.word_tokens import (dissolve_multiword, make_multiword, merge_tokens,
                                          split_token)

__all__ = ["ANY_UPOS", "FIELDS", "UPOS_TAGS", "EditRefused", "Inventory", "WordRef",
           "delete_empty_node", "dissolve_multiword", "feature_inventory", "format_feats",
           "insert_empty_node", "make_multiword", "merge_sentences", "merge_tokens",
           "parse_feats", "set_feature", "set_field", "split_sentence", "split_token",
           "surface"]
