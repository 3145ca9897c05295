"""The gold editor's actions: one table, so the menus, the shortcuts and Help › Keyboard
cannot disagree."""

# (key, menu text, shortcuts, group) -- one table so the menu, the shortcuts and
# Help › Keyboard cannot disagree
EDIT_ACTIONS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("undo", "&Undo", ("Ctrl+Z",), "Edit"),
    ("redo", "&Redo", ("Ctrl+Shift+Z", "Ctrl+Y"), "Edit"),
    ("history", "Edit &history…", ("Ctrl+Shift+H",), "Edit"),
    ("relabel", "Re&label (node label / word POS / relation)…", ("F2",), "Edit"),
    ("set_pos", "Change &POS of the word…", ("P",), "Edit"),
    ("insert", "&Insert bracket over the selection…", ("B", "Ins"), "Edit"),
    ("delete", "&Delete bracket (children move up)", ("Del",), "Edit"),
    ("extend_right", "Extend bracket by one word to the right", ("E",), "Edit"),
    ("extend_left", "Extend bracket by one word to the left", ("Shift+E",), "Edit"),
    ("shrink_right", "Shrink bracket by one word on the right", ("R",), "Edit"),
    ("shrink_left", "Shrink bracket by one word on the left", ("Shift+R",), "Edit"),
    ("attach_left", "&Move the phrase into the phrase on its left", ("M",), "Edit"),
    ("attach_right", "Move the phrase into the phrase on its right", ("Shift+M",), "Edit"),
    ("lift", "Move the phrase &up, out of its parent", ("U",), "Edit"),
    ("set_head", "Make the selection the &head child", ("H",), "Edit"),
    ("take_system", "&Take the system's bracket / tag / arc", ("Y",), "Edit"),
    ("reattach", "Re-&attach the word to a head…", ("A",), "Edit"),
    ("select_parent", "Select parent (head word)", ("Ctrl+Up",), "Select"),
    ("select_child", "Select first child (first dependent)", ("Ctrl+Down",), "Select"),
    ("select_previous", "Select previous sister / word", ("Ctrl+Left",), "Select"),
    ("select_next", "Select next sister / word", ("Ctrl+Right",), "Select"),
    ("grow_run", "Take the next sister into the selection", ("Ctrl+Shift+Right",), "Select"),
    ("shrink_run", "Leave the last sister out of the selection", ("Ctrl+Shift+Left",), "Select"),
    ("switch_side", "Select on the other side (gold / system)", ("S",), "Select"),
    ("flag", "&Flag sentence for later", ("Ctrl+Shift+F",), "Review"),
    ("reviewed", "Mark sentence &reviewed", ("Ctrl+Shift+R",), "Review"),
    ("note", "Sentence &note…", ("Ctrl+Shift+N",), "Review"),
    ("next_flagged", "Next flagged sentence", ("Ctrl+Shift+J",), "Review"),
    ("save", "&Save gold", ("Ctrl+S",), "File"),
    ("save_as", "Save gold &as… (copy, other notation)", ("Ctrl+Shift+S",), "File"),
    ("keyboard", "&Keyboard…", ("F1",), "Help"),
)
