"""The gold editor's actions: one table, so the menus, the shortcuts and Help › Keyboard
cannot disagree."""

# (key, menu text, shortcuts, group) -- one table so the menu, the shortcuts and
# Help › Keyboard cannot disagree
from tcompare.gui.language.i18n import N_

# texts and groups marked for translation (tr'd where shown: editor.py, keyboard_help.py)
EDIT_ACTIONS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("undo", N_("edit_actions", "&Undo"), ("Ctrl+Z",), N_("edit_actions", "Edit")),
    ("redo", N_("edit_actions", "&Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), N_("edit_actions", "Edit")),
    ("history", N_("edit_actions", "Edit &history…"), ("Ctrl+Shift+H",), N_("edit_actions", "Edit")),
    ("relabel", N_("edit_actions", "Re&label (node label / word POS / relation)…"), ("F2",), N_("edit_actions", "Edit")),
    ("set_pos", N_("edit_actions", "Change &POS of the word…"), ("P",), N_("edit_actions", "Edit")),
    ("insert", N_("edit_actions", "&Insert bracket over the selection…"), ("B", "Ins"), N_("edit_actions", "Edit")),
    ("delete", N_("edit_actions", "&Delete bracket (children move up)"), ("Del",), N_("edit_actions", "Edit")),
    ("extend_right", N_("edit_actions", "Extend bracket by one word to the right"), ("E",), N_("edit_actions", "Edit")),
    ("extend_left", N_("edit_actions", "Extend bracket by one word to the left"), ("Shift+E",), N_("edit_actions", "Edit")),
    ("shrink_right", N_("edit_actions", "Shrink bracket by one word on the right"), ("R",), N_("edit_actions", "Edit")),
    ("shrink_left", N_("edit_actions", "Shrink bracket by one word on the left"), ("Shift+R",), N_("edit_actions", "Edit")),
    ("attach_left", N_("edit_actions", "&Move the phrase into the phrase on its left"), ("M",), N_("edit_actions", "Edit")),
    ("attach_right", N_("edit_actions", "Move the phrase into the phrase on its right"), ("Shift+M",), N_("edit_actions", "Edit")),
    ("lift", N_("edit_actions", "Move the phrase &up, out of its parent"), ("U",), N_("edit_actions", "Edit")),
    ("set_head", N_("edit_actions", "Make the selection the &head child"), ("H",), N_("edit_actions", "Edit")),
    ("take_system", N_("edit_actions", "&Take the system's bracket / tag / arc"), ("Y",), N_("edit_actions", "Edit")),
    ("reattach", N_("edit_actions", "Re-&attach the word to a head…"), ("A",), N_("edit_actions", "Edit")),
    ("set_xpos", N_("edit_actions", "Change &XPOS of the word…"), ("Shift+P",), N_("edit_actions", "Words")),
    ("set_feats", N_("edit_actions", "Change &features of the word…"), ("F",), N_("edit_actions", "Words")),
    ("set_lemma", N_("edit_actions", "Change &lemma of the word…"), ("L",), N_("edit_actions", "Words")),
    ("set_misc", N_("edit_actions", "Change &MISC of the word…"), ("I",), N_("edit_actions", "Words")),
    ("set_deps", N_("edit_actions", "Change enhanced &dependencies (DEPS) of the word…"), ("D",), N_("edit_actions", "Words")),
    ("split_token", N_("edit_actions", "&Split the word in two…"), ("K",), N_("edit_actions", "Words")),
    ("merge_tokens", N_("edit_actions", "&Join the word with the next"), ("J",), N_("edit_actions", "Words")),
    ("make_multiword", N_("edit_actions", "Make a multiword &token of the words…"), ("W",), N_("edit_actions", "Words")),
    ("dissolve_multiword", N_("edit_actions", "Dissolve the multiword t&oken"), ("Shift+W",), N_("edit_actions", "Words")),
    ("insert_empty", N_("edit_actions", "Insert an &empty node after the word…"), ("Shift+I",), N_("edit_actions", "Words")),
    ("delete_empty", N_("edit_actions", "Delete an empty node…"), ("Shift+D",), N_("edit_actions", "Words")),
    ("split_sentence", N_("edit_actions", "Split the sente&nce before the word"), ("Ctrl+K",), N_("edit_actions", "Words")),
    ("merge_sentences", N_("edit_actions", "Join the sentence with the ne&xt"), ("Ctrl+J",), N_("edit_actions", "Words")),
    ("select_parent", N_("edit_actions", "Select parent (head word)"), ("Ctrl+Up",), N_("edit_actions", "Select")),
    ("select_child", N_("edit_actions", "Select first child (first dependent)"), ("Ctrl+Down",), N_("edit_actions", "Select")),
    ("select_previous", N_("edit_actions", "Select previous sister / word"), ("Ctrl+Left",), N_("edit_actions", "Select")),
    ("select_next", N_("edit_actions", "Select next sister / word"), ("Ctrl+Right",), N_("edit_actions", "Select")),
    ("grow_run", N_("edit_actions", "Take the next sister into the selection"), ("Ctrl+Shift+Right",), N_("edit_actions", "Select")),
    ("shrink_run", N_("edit_actions", "Leave the last sister out of the selection"), ("Ctrl+Shift+Left",), N_("edit_actions", "Select")),
    ("switch_side", N_("edit_actions", "Select on the other side (gold / system)"), ("S",), N_("edit_actions", "Select")),
    ("flag", N_("edit_actions", "&Flag sentence for later"), ("Ctrl+Shift+F",), N_("edit_actions", "Review")),
    ("reviewed", N_("edit_actions", "Mark sentence &reviewed"), ("Ctrl+Shift+R",), N_("edit_actions", "Review")),
    ("note", N_("edit_actions", "Sentence &note…"), ("Ctrl+Shift+N",), N_("edit_actions", "Review")),
    ("next_flagged", N_("edit_actions", "Next flagged sentence"), ("Ctrl+Shift+J",), N_("edit_actions", "Review")),
    ("save", N_("edit_actions", "&Save gold"), ("Ctrl+S",), N_("edit_actions", "File")),
    ("save_as", N_("edit_actions", "Save gold &as… (copy, other notation)"), ("Ctrl+Shift+S",), N_("edit_actions", "File")),
    ("keyboard", N_("edit_actions", "&Keyboard…"), ("F1",), N_("edit_actions", "Help")),
)
