"""The window's shell: the main window assembled from parts with declared ports (navigation,
panes, files, status line, actions), start-up, the File menu's dialogs and the sidebar."""
